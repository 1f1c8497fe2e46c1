package cosim

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// cppFlags are added to every compile of a build, runtime included: -fPIC
// for the shared library, the user hooks that keep Verilator's $stop,
// $finish and fatal errors from ending the Go process, and printf capture.
func cppFlags(hooks string) string {
	return strings.Join([]string{
		"-fPIC", "-DVL_USER_STOP", "-DVL_USER_FINISH", "-DVL_USER_FATAL",
		"-DVL_PRINTF=occ_vl_printf", "-DVL_VPRINTF=occ_vl_vprintf", "-include", hooks,
	}, " ")
}

// linkFlags end the command that links the shared library.
var linkFlags = []string{"-Wl,--version-script=occ.map", "-Wl,--no-undefined", "-pthread", "-latomic"}

// recipe is the fixed part of every compile and link command, hashed into
// every cache key so that changing it rebuilds everything.
func recipe() string {
	return cppFlags("HOOKS") + "\n" + versionScript + strings.Join(linkFlags, " ")
}

// runtimeObjs are the Verilator runtime objects a model links with.
var runtimeObjs = []string{"verilated.o", "verilated_vcd_c.o", "verilated_threads.o"}

// ensureRuntime builds the runtime objects once per toolchain and
// optimisation level, in their own cache entry, and returns its directory.
func ensureRuntime(ctx context.Context, tc *toolchain, opt, root string, jobs int) (string, error) {
	h := sha256.New()
	for _, v := range []string{cacheFormat, recipe(), csrcFile("runtime.mk"), csrcFile("occ_hooks.h"), tc.version, tc.root, tc.cxx, tc.cxxVersion, opt} {
		fmt.Fprintf(h, "%d:%s\n", len(v), v)
	}
	key := hex.EncodeToString(h.Sum(nil))
	name := "runtime-" + key[:24]
	final := filepath.Join(root, name)
	if checkManifest(final, runtimeObjs) == nil {
		return final, nil
	}
	lock, err := lockKey(ctx, root, name)
	if err != nil {
		return "", err
	}
	defer lock.unlock()
	if checkManifest(final, runtimeObjs) == nil {
		return final, nil
	}
	tmp, err := workDir(root, "runtime-", false)
	if err != nil {
		return "", err
	}
	defer tmp.remove()
	work := filepath.Join(tmp.path, "rt")
	if err := os.Mkdir(work, 0o755); err != nil {
		return "", fmt.Errorf("cosim: %w", err)
	}
	hooks := filepath.Join(work, "occ_hooks.h")
	mk := strings.ReplaceAll(csrcFile("runtime.mk"), "{{VERILATOR_ROOT}}", tc.root)
	if err := writeFiles(work, map[string]string{"occ_hooks.h": csrcFile("occ_hooks.h"), "Vocc_rt.mk": mk}); err != nil {
		return "", err
	}
	args := append([]string{"-f", "Vocc_rt.mk", fmt.Sprintf("-j%d", jobs), "CXX=" + tc.cxx,
		"OPT_GLOBAL=" + opt, "OPT_FAST=" + opt, "USER_CPPFLAGS=" + cppFlags(hooks)}, runtimeObjs...)
	if out, err := runTool(ctx, work, tc.make, args...); err != nil {
		return "", &BuildError{Stage: "compile", Top: "Verilator runtime", Output: out, Err: err}
	}
	if err := writeManifest(work, runtimeObjs); err != nil {
		return "", fmt.Errorf("cosim: %w", err)
	}
	if err := replaceEntry(work, final, filepath.Join(root, "tmp")); err != nil {
		return "", err
	}
	return final, nil
}

func writeFiles(dir string, files map[string]string) error {
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			return fmt.Errorf("cosim: %w", err)
		}
	}
	return nil
}

// versionScript exports only the wrapper's occ_* entry points, so two
// libraries loaded in one process never bind to each other's Verilator
// runtime.
const versionScript = "{\n  global: occ_*;\n  local: *;\n};\n"

// compileModel verilates the top into work/obj, compiles it and the wrapper
// (profile-guided by the training inputs train when there are any), and
// links the shared library into work.
func compileModel(ctx context.Context, tc *toolchain, s *Spec, lib *Library, srcs, incs []string, work string, train []uint32) error {
	obj := filepath.Join(work, "obj")
	if err := os.MkdirAll(obj, 0o755); err != nil {
		return fmt.Errorf("cosim: %w", err)
	}
	args := []string{"--cc", "--prefix", "Vocc", "-Mdir", obj}
	if s.Trace {
		args = append(args, "--trace")
	}
	if !s.NoAssert {
		args = append(args, "--assert")
	}
	if lib.RegInputs {
		wrapped, err := writeRegIn(obj, s, &lib.Layout, srcs, incs)
		if err != nil {
			return err
		}
		args = append(args, wrapped...)
	} else {
		args = append(args, s.frontArgs(srcs, incs)...)
	}
	var log strings.Builder
	out, err := runTool(ctx, work, tc.verilator, args...)
	log.WriteString(out)
	if err != nil {
		return &BuildError{Stage: "verilate", Top: s.Top, Output: out, Err: err}
	}
	ports, err := portsHeader(s.Top, &lib.Layout, s.Trace, lib.RegInputs)
	if err != nil {
		return err
	}
	if err := writeFiles(obj, map[string]string{
		"occ_hooks.h":   csrcFile("occ_hooks.h"),
		"occ_ports.h":   ports,
		"occ_wrap.cpp":  csrcFile("occ_wrap.cpp"),
		"occ_bench.cpp": csrcFile("occ_bench.cpp"),
		"occ_train.cpp": csrcFile("occ_train.cpp"),
		"occ.map":       versionScript,
	}); err != nil {
		return err
	}
	if train != nil {
		err = trainModel(ctx, tc, s, lib, obj, train, &log)
	} else {
		err = makeModel(ctx, tc, s, obj, "", &log)
	}
	if err != nil {
		return err
	}
	link := []string{"-shared", "-o", filepath.Join(work, libName(s.Top, lib.Key)), "occ_wrap.o", "Vocc__ALL.a"}
	for _, o := range runtimeObjs {
		link = append(link, filepath.Join(lib.Runtime, o))
	}
	link = append(link, linkFlags...)
	out, err = runTool(ctx, obj, tc.cxx, link...)
	log.WriteString(out)
	if err != nil {
		return &BuildError{Stage: "link", Top: s.Top, Output: out, Err: err}
	}
	return os.WriteFile(filepath.Join(work, "build.log"), []byte(log.String()), 0o644)
}
