package verilator

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"occamy/cosim"
	"occamy/rtl/infile"
	"occamy/rtl/port"
)

// prepared is a checked spec with its toolchain, cache and elaboration.
type prepared struct {
	s          Spec
	tc         *toolchain
	root       string
	tmp        *tmpDir // elaboration scratch
	srcs, incs []string
	el         *cosim.Elaboration
}

func prepare(ctx context.Context, spec Spec) (*prepared, error) {
	s, err := spec.check()
	if err != nil {
		return nil, err
	}
	p := &prepared{s: s}
	if p.tc, err = findToolchain(ctx, s.Verilator); err != nil {
		return nil, err
	}
	if p.root, err = cacheRoot(s.CacheDir); err != nil {
		return nil, err
	}
	if p.srcs, err = absFiles(s.Sources, false); err != nil {
		return nil, err
	}
	if p.incs, err = absFiles(s.IncludeDirs, true); err != nil {
		return nil, err
	}
	if p.tmp, err = workDir(p.root, safeName(s.Top)+"-", true); err != nil {
		return nil, err
	}
	if p.el, err = elaborate(ctx, p.tc, &p.s, p.srcs, p.incs, p.tmp.path); err != nil {
		p.tmp.remove()
		return nil, err
	}
	return p, nil
}

// Build elaborates the spec's top, checks the cache, and on a miss verilates
// and compiles it into a shared library in the cache. It runs Verilator's
// XML elaboration every time (tens of milliseconds) because the cache key
// covers the contents of every file the elaboration read.
//
// An entry is used only once validated (loadEntry: the .so's size and
// SHA-256 as recorded at build time). A miss or a damaged entry is built
// under the key's lock (lockKey), so concurrent builds of one key compile
// once; the fresh build replaces a damaged entry.
func Build(ctx context.Context, spec Spec) (*Library, error) {
	p, err := prepare(ctx, spec)
	if err != nil {
		return nil, err
	}
	defer p.tmp.remove()
	s, tc, el := &p.s, p.tc, p.el
	layout, err := s.layoutFor(el.Ports)
	if err != nil {
		return nil, err
	}
	lib := &Library{
		Top: s.Top, Ports: el.Ports, Layout: layout, Trace: s.Trace, Assert: !s.NoAssert,
		Opt: s.Opt, Files: el.Files, Verilator: tc.version, Compiler: tc.cxxVersion,
		RegInputs: s.RegInputs && !s.Trace && layout.Clock != "",
	}
	for _, k := range sortedKeys(s.Params) {
		lib.Params = append(lib.Params, k+"="+s.Params[k])
	}
	var train []uint32
	if s.Train != nil && !s.Trace {
		if train, err = s.Train.trainWords(&layout); err != nil {
			return nil, err
		}
		lib.PGO = wordsHash(train)
	}
	if lib.Key, err = buildKey(tc, s, lib, p.srcs, p.incs); err != nil {
		return nil, err
	}
	name := entryName(s.Top, lib.Key)
	entry := filepath.Join(p.root, name)
	if got, err := loadEntry(entry, lib.Key); err == nil {
		got.Cached, got.Warnings = true, el.Warnings
		return got, nil
	}
	lock, err := lockKey(ctx, p.root, name)
	if err != nil {
		return nil, err
	}
	defer lock.unlock()
	// Another process may have built it while this one waited.
	if got, err := loadEntry(entry, lib.Key); err == nil {
		got.Cached, got.Warnings = true, el.Warnings
		return got, nil
	}
	err = s.Progress.Run(buildStep(s, train != nil), func() error {
		var err error
		if lib.Runtime, err = ensureRuntime(ctx, tc, s.Opt, p.root, s.Jobs); err != nil {
			return err
		}
		bd, err := workDir(p.root, safeName(s.Top)+"-", false)
		if err != nil {
			return err
		}
		defer bd.remove()
		work := filepath.Join(bd.path, "entry")
		objs := newObjStore(p.root)
		if err := compileModel(ctx, tc, s, lib, p.srcs, p.incs, p.root, work, train, &objs); err != nil {
			return err
		}
		if err := lib.writeEntry(work); err != nil {
			return fmt.Errorf("cosim: %w", err)
		}
		return replaceEntry(work, entry, filepath.Join(p.root, "tmp"))
	})
	if err != nil {
		return nil, err
	}
	got, err := loadEntry(entry, lib.Key)
	if err != nil {
		return nil, fmt.Errorf("cosim: reading the cache entry just built: %w", err)
	}
	got.Warnings = el.Warnings
	return got, nil
}

// buildStep is what a build the cache does not hold reports (Spec.Progress).
func buildStep(s *Spec, trained bool) string {
	what := "verilating " + s.Top
	if s.Trace {
		what += " with waves"
	}
	if trained {
		what += ", profile-guided (compiled twice around a training run)"
	}
	return what + " (first time for these sources and parameters; cached afterwards)"
}

// absFiles makes paths absolute and checks that each exists (as a directory
// when dirs is set, as a file otherwise).
func absFiles(paths []string, dirs bool) ([]string, error) {
	var out []string
	for _, p := range paths {
		a, err := filepath.Abs(p)
		if err != nil {
			return nil, fmt.Errorf("cosim: %s: %w", p, err)
		}
		st, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("cosim: cannot read %s: %w", p, err)
		}
		if st.IsDir() != dirs {
			if dirs {
				return nil, fmt.Errorf("cosim: include path %s is not a directory", p)
			}
			return nil, fmt.Errorf("cosim: source %s is a directory, want a Verilog file", p)
		}
		if !dirs {
			if err := infile.Check(a); err != nil {
				return nil, fmt.Errorf("cosim: source %w", err)
			}
			if st.Size() > cosim.MaxSourceBytes {
				return nil, fmt.Errorf("cosim: source %s is %d bytes, allowed at most %s", p, st.Size(), infile.Size(cosim.MaxSourceBytes))
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// layoutFor picks the clock and reset (defaults clk_i, rst_ni when present)
// and builds the layout.
func (s *Spec) layoutFor(ports []port.Port) (port.Layout, error) {
	has := func(name string) bool {
		for _, p := range ports {
			if p.Name == name && p.Dir == port.In {
				return true
			}
		}
		return false
	}
	clock, reset := s.Clock, s.Reset
	if clock == "" && !s.NoClock && has(port.DefaultClock) {
		clock = port.DefaultClock
	}
	if reset == "" && has(port.DefaultReset) {
		reset = port.DefaultReset
	}
	l, err := port.NewLayout(ports, clock, reset, s.ResetHigh)
	if err != nil {
		return port.Layout{}, fmt.Errorf("%w (top %s)", err, s.Top)
	}
	return l, nil
}

// buildKey hashes everything that decides the library's contents: the
// wrapper sources, the tools' versions, the options, the top, its
// parameters, the layout and the contents of every file Verilator read.
func buildKey(tc *toolchain, s *Spec, lib *Library, srcs, incs []string) (string, error) {
	h := sha256.New()
	field := func(name, v string) { fmt.Fprintf(h, "%s=%d:%s\n", name, len(v), v) }
	field("abi", fmt.Sprint(abiVersion))
	field("cache", cacheFormat)
	for _, f := range []string{"occ_wrap.cpp", "occ_hooks.h", "runtime.mk"} {
		field("csrc/"+f, csrcFile(f))
	}
	field("recipe", recipe())
	field("verilator", tc.version)
	field("root", tc.root)
	field("cxx", tc.cxx)
	field("cxxversion", tc.cxxVersion)
	field("opt", s.Opt)
	field("trace", fmt.Sprint(s.Trace))
	field("regin", fmt.Sprint(lib.RegInputs))
	field("assert", fmt.Sprint(!s.NoAssert))
	if lib.PGO != "" { // only then, so the keys of other builds stay as they were
		field("pgo", lib.PGO)
		field("pgoflags", pgoGenerate+"\x00"+pgoUse)
		field("csrc/occ_train.cpp", csrcFile("occ_train.cpp"))
	}
	field("front", strings.Join(s.frontArgs(srcs, incs), "\x00"))
	field("meta", lib.meta())
	hdr, err := portsHeader(lib.Top, &lib.Layout, s.Trace, lib.RegInputs)
	if err != nil {
		return "", err
	}
	field("occ_ports.h", hdr)
	for _, f := range lib.Files {
		fh, err := os.Open(f)
		if err != nil {
			return "", fmt.Errorf("cosim: hashing %s: %w", f, err)
		}
		fsum := sha256.New()
		_, err = io.Copy(fsum, fh)
		fh.Close()
		if err != nil {
			return "", fmt.Errorf("cosim: hashing %s: %w", f, err)
		}
		field("file:"+f, hex.EncodeToString(fsum.Sum(nil)))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
