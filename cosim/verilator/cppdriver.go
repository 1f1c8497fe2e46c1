package verilator

import (
	"context"
	"fmt"
	"occamy/rtl/port"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// CppBatch is the number of cycles of inputs the C++ benchmark driver
// (csrc/occ_bench.cpp) replays.
const CppBatch = 4096

// CppInputs returns the input words the C++ benchmark driver feeds its
// model, CppBatch cycles of them in l's layout: an LCG over every word,
// with the reset held inactive. Replaying them gives a Go run the same
// stimulus, so speeds compare the same work.
func CppInputs(l *port.Layout) []uint32 {
	in := make([]uint32, CppBatch*l.InWords+1)
	x := uint64(1)
	for i := range in {
		x = x*6364136223846793005 + 1442695040888963407
		in[i] = uint32(x >> 32)
	}
	if ri := l.Input(l.Reset); ri >= 0 {
		inactive := uint32(1)
		if l.ResetHigh {
			inactive = 0
		}
		for c := 0; c < CppBatch; c++ {
			in[c*l.InWords+l.InOff[ri]] = inactive
		}
	}
	return in[:CppBatch*l.InWords]
}

// CppRun is what one run of the C++ benchmark driver measured.
type CppRun struct {
	Cycles   uint64
	Seconds  float64 // the loop alone, timed by the driver
	Rate     float64 // cycles per second
	Checksum uint32  // XOR of every output word
}

var cppOut = regexp.MustCompile(`cycles=(\d+) seconds=([0-9.]+) rate=(\d+) checksum=([0-9a-f]{8})`)

// BuildCppDriver compiles the pure C++ loop of csrc/occ_bench.cpp (set
// inputs, clock low, eval, read outputs, clock high, eval; no cgo) against
// the objects of a built library, once per cache entry, and returns the
// program's path. It is the reference speed of the Verilated model.
func BuildCppDriver(ctx context.Context, lib *Library) (string, error) {
	exe := filepath.Join(lib.Dir, "occ_bench")
	if _, err := os.Stat(exe); err == nil {
		return exe, nil
	}
	tc, err := findToolchain(ctx, "")
	if err != nil {
		return "", err
	}
	obj := filepath.Join(lib.Dir, "obj")
	tmp := fmt.Sprintf("%s.%d.tmp", exe, os.Getpid())
	trace := "0"
	if lib.Trace {
		trace = "1"
	}
	args := append([]string{lib.Opt, "-std=gnu++17", "-faligned-new"}, strings.Fields(cppFlags(filepath.Join(obj, "occ_hooks.h")))...)
	args = append(args, "-I"+obj, "-I"+tc.root+"/include", "-I"+tc.root+"/include/vltstd",
		"-DVM_TRACE="+trace, "-DVM_COVERAGE=0", "-DVM_SC=0",
		"-o", tmp, filepath.Join(obj, "occ_bench.cpp"), filepath.Join(obj, "occ_wrap.o"), filepath.Join(obj, "Vocc__ALL.a"))
	for _, o := range runtimeObjs {
		args = append(args, filepath.Join(lib.Runtime, o))
	}
	args = append(args, "-pthread", "-latomic")
	if out, err := runTool(ctx, obj, tc.cxx, args...); err != nil {
		os.Remove(tmp)
		return "", &BuildError{Stage: "link", Top: lib.Top + " C++ driver", Output: out, Err: err}
	}
	return exe, os.Rename(tmp, exe)
}

// RunCppDriver runs the C++ driver for the given number of cycles.
func RunCppDriver(ctx context.Context, exe string, cycles int) (CppRun, error) {
	out, err := exec.CommandContext(ctx, exe, strconv.Itoa(cycles)).CombinedOutput()
	if err != nil {
		return CppRun{}, fmt.Errorf("cosim: %s: %v: %s", exe, err, out)
	}
	m := cppOut.FindStringSubmatch(string(out))
	if m == nil {
		return CppRun{}, fmt.Errorf("cosim: %s printed %q", exe, out)
	}
	var r CppRun
	r.Cycles, _ = strconv.ParseUint(m[1], 10, 64)
	r.Seconds, _ = strconv.ParseFloat(m[2], 64)
	r.Rate, _ = strconv.ParseFloat(m[3], 64)
	sum, _ := strconv.ParseUint(m[4], 16, 32)
	r.Checksum = uint32(sum)
	return r, nil
}
