//go:build verilator

package verilator

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
	"occamy/rtl/port"
)

// benchBatch is the number of cycles per Run call in the batched benchmark
// and the length of the input buffer every benchmark replays.
const benchBatch = 4096

// selArbSpec is the benchmark top: the project's hd_selector feeding its
// rr_arbiter at N=64, QW=16. It needs verilog/hd_selector.sv and
// verilog/rr_arbiter.sv.
func selArbSpec(tb testing.TB, opt string) Spec {
	srcs := []string{"../../verilog/hd_selector.sv", "../../verilog/rr_arbiter.sv", "../../verilog/sel_arb_top.sv"}
	for _, s := range srcs {
		if _, err := os.Stat(s); err != nil {
			tb.Skipf("benchmark source %s missing: %v", s, err)
		}
	}
	return Spec{Sources: srcs, Top: "sel_arb_top", Params: map[string]string{"N": "64", "QW": "16"}, Opt: opt}
}

// benchInputs fills cycles*InWords words the way csrc/occ_bench.cpp does:
// an LCG, with the reset held inactive.
func benchInputs(l *port.Layout, cycles int) []uint32 {
	in := make([]uint32, cycles*l.InWords+1)
	x := uint64(1)
	for i := range in {
		x = x*6364136223846793005 + 1442695040888963407
		in[i] = uint32(x >> 32)
	}
	if ri := l.Input(l.Reset); ri >= 0 {
		for c := 0; c < cycles; c++ {
			in[c*l.InWords+l.InOff[ri]] = uint32(1 - b2u(l.ResetHigh))
		}
	}
	return in[:cycles*l.InWords]
}

func benchLockStep(b *testing.B, opt string) {
	m := open(b, selArbSpec(b, opt))
	l := m.Layout()
	in := benchInputs(l, benchBatch)
	out := make([]uint32, l.OutWords)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := i % benchBatch
		if err := m.Cycle(in[c*l.InWords:(c+1)*l.InWords], out); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cycles/s")
}

func benchBatched(b *testing.B, opt string) {
	m := open(b, selArbSpec(b, opt))
	l := m.Layout()
	in := benchInputs(l, benchBatch)
	out := make([]uint32, benchBatch*l.OutWords)
	b.ReportAllocs()
	b.ResetTimer()
	for done := 0; done < b.N; done += benchBatch {
		n := min(benchBatch, b.N-done)
		if err := m.Run(n, in[:n*l.InWords], out[:n*l.OutWords]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cycles/s")
}

// BenchmarkLockStep is one cgo call (Model.Cycle) per cycle: the cost of
// comparing against a Go model every cycle.
func BenchmarkLockStep(b *testing.B) { benchLockStep(b, "") }

// BenchmarkBatched is Model.Run over 4096 cycles per call.
func BenchmarkBatched(b *testing.B) { benchBatched(b, "") }

// BenchmarkLockStepO3 and BenchmarkBatchedO3 repeat the two at -O3.
func BenchmarkLockStepO3(b *testing.B) { benchLockStep(b, "-O3") }
func BenchmarkBatchedO3(b *testing.B)  { benchBatched(b, "-O3") }

// BenchmarkBatchedOs is the batched run at Verilator's default -Os.
func BenchmarkBatchedOs(b *testing.B) { benchBatched(b, "-Os") }

// BenchmarkCppLoop runs the generated pure C++ driver (csrc/occ_bench.cpp)
// over b.N cycles of the same model and inputs, and reports its own timing
// of the loop as ns/op: the speed of the Verilated model without Go.
func BenchmarkCppLoop(b *testing.B)   { benchCpp(b, "") }
func BenchmarkCppLoopO3(b *testing.B) { benchCpp(b, "-O3") }
func BenchmarkCppLoopOs(b *testing.B) { benchCpp(b, "-Os") }

func benchCpp(b *testing.B, opt string) {
	lib := build(b, selArbSpec(b, opt))
	exe, err := buildDriver(lib)
	require.NoError(b, err)
	b.ResetTimer()
	rate, _ := runDriver(b, exe, b.N)
	b.ReportMetric(1e9/rate, "ns/op")
	b.ReportMetric(rate, "cycles/s")
}

var driverOut = regexp.MustCompile(`cycles=(\d+) seconds=([0-9.]+) rate=(\d+) checksum=([0-9a-f]{8})`)

func runDriver(tb testing.TB, exe string, cycles int) (rate float64, checksum uint32) {
	out, err := exec.Command(exe, strconv.Itoa(cycles)).CombinedOutput()
	require.NoError(tb, err, "%s", out)
	mm := driverOut.FindStringSubmatch(string(out))
	require.NotNil(tb, mm, "driver output %q", out)
	rate, err = strconv.ParseFloat(mm[3], 64)
	require.NoError(tb, err)
	sum, err := strconv.ParseUint(mm[4], 16, 32)
	require.NoError(tb, err)
	return rate, uint32(sum)
}

// buildDriver compiles csrc/occ_bench.cpp against a library's objects (kept
// in its cache entry) and returns the program's path.
func buildDriver(lib *Library) (string, error) {
	exe := filepath.Join(lib.Dir, "occ_bench")
	if _, err := os.Stat(exe); err == nil {
		return exe, nil
	}
	tc, err := findToolchain(context.Background(), "")
	if err != nil {
		return "", err
	}
	obj := filepath.Join(lib.Dir, "obj")
	tmp := fmt.Sprintf("%s.%d.tmp", exe, os.Getpid())
	args := []string{lib.Opt, "-std=gnu++17", "-faligned-new", "-fPIC",
		"-DVL_USER_STOP", "-DVL_USER_FINISH", "-DVL_USER_FATAL", "-DVL_PRINTF=occ_vl_printf", "-DVL_VPRINTF=occ_vl_vprintf",
		"-include", filepath.Join(obj, "occ_hooks.h"),
		"-I" + obj, "-I" + tc.root + "/include", "-I" + tc.root + "/include/vltstd",
		"-DVM_TRACE=" + strconv.Itoa(int(b2u(lib.Trace))), "-DVM_COVERAGE=0", "-DVM_SC=0",
		"-o", tmp, filepath.Join(obj, "occ_bench.cpp"), filepath.Join(obj, "occ_wrap.o"), filepath.Join(obj, "Vocc__ALL.a")}
	for _, o := range runtimeObjs {
		args = append(args, filepath.Join(lib.Runtime, o))
	}
	args = append(args, "-pthread", "-latomic")
	if out, err := runTool(context.Background(), obj, tc.cxx, args...); err != nil {
		return "", fmt.Errorf("building the C++ driver: %v\n%s", err, out)
	}
	return exe, os.Rename(tmp, exe)
}

// TestCppDriverMatchesRun checks that the C++ driver and Model.Run compute
// the same outputs from the same inputs (the XOR of every output word), so
// the speed comparison compares the same work.
func TestCppDriverMatchesRun(t *testing.T) {
	lib := build(t, selArbSpec(t, ""))
	exe, err := buildDriver(lib)
	require.NoError(t, err)
	const cycles = 3*benchBatch + 100
	_, want := runDriver(t, exe, cycles)

	m, err := Open(lib)
	require.NoError(t, err)
	defer m.Close()
	l := m.Layout()
	in := benchInputs(l, benchBatch)
	out := make([]uint32, benchBatch*l.OutWords)
	var sum uint32
	for done := 0; done < cycles; done += benchBatch {
		n := min(benchBatch, cycles-done)
		require.NoError(t, m.Run(n, in[:n*l.InWords], out[:n*l.OutWords]))
		for _, w := range out[:n*l.OutWords] {
			sum ^= w
		}
	}
	require.Equal(t, want, sum, "checksum of %d cycles: C++ driver %08x, Model.Run %08x", cycles, want, sum)
}

// BenchmarkCallOverhead is the price of one call across the bridge: "empty"
// is a cgo call of the wrapper's occ_cycles (it only reads a counter),
// "cycle" a Model.Cycle of the 5-requester mini_arb (registered inputs),
// whose two evals cost little beside the call.
//
//	go test -tags verilator ./cosim -run '^$' -bench CallOverhead -benchtime 2000000x
func BenchmarkCallOverhead(b *testing.B) {
	spec := Spec{Sources: []string{"testdata/mini_arb.sv"}, Top: "mini_arb", Params: map[string]string{"N": "5"}, RegInputs: true}
	m := open(b, spec)
	b.Run("empty", func(b *testing.B) {
		vm := m.(*vmodel)
		for i := 0; i < b.N; i++ {
			_ = vm.after(0)
		}
	})
	b.Run("cycle", func(b *testing.B) {
		l := m.Layout()
		in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
		for i := 0; i < b.N; i++ {
			if err := m.Cycle(in, out); err != nil {
				b.Fatal(err)
			}
		}
	})
}
