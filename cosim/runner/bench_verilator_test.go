//go:build verilator

package runner

import (
	"context"
	"occamy/rtl/pack"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"occamy/cosim/verilator"
	"occamy/hw/arbiter"
	"occamy/hw/selector"
)

// The speed benchmarks run the benchmark top of docs/verilator.md, sel_arb_top
// (the project's hd_selector feeding its rr_arbiter, N=64, QW=16), on the
// C++ driver's own inputs (verilator.CppInputs: an LCG, reset inactive), with
// registers starting at zero on both sides, so all four measure the same
// work: the Verilated model in a pure C++ loop, the co-simulation batched
// and lock-step, and the Go golden model alone.

// speedSetup builds the benchmark top and its C++ driver and returns the
// options of a co-simulation replaying the driver's inputs.
func speedSetup(tb testing.TB) (Options, string) {
	needVerilator(tb)
	opt := Options{Block: "selarb", CacheDir: testCache(), VerilogDir: "../..", ZeroInit: true, fromStart: true}
	s, err := prepare(opt)
	require.NoError(tb, err)
	opt.Replay = verilator.CppInputs(&s.canon)
	lib, err := verilator.Build(context.Background(), verilator.SpecOf(s.buildDesign()))
	require.NoError(tb, err)
	exe, err := verilator.BuildCppDriver(context.Background(), lib)
	require.NoError(tb, err)
	return opt, exe
}

// cosimRate runs a co-simulation of n cycles and returns its simulation
// time.
func cosimRate(tb testing.TB, opt Options, n int, batch bool) time.Duration {
	opt.Cycles, opt.Batch = n, batch
	res, err := Run(context.Background(), opt)
	require.NoError(tb, err)
	requireMatch(tb, res)
	require.Equal(tb, uint64(n), res.Cycles)
	return res.Elapsed.Duration
}

// perCallRate is cosimRate in lock-step with a call per cycle and the
// comparison in Go (compareInWrapper off), as lock-step ran before the
// wrapper compared.
func perCallRate(tb testing.TB, opt Options, n int) time.Duration {
	compareInWrapper = false
	defer func() { compareInWrapper = true }()
	return cosimRate(tb, opt, n, false)
}

// goldenRate runs the golden model alone over the same stimulus.
func goldenRate(tb testing.TB, opt Options, n int) time.Duration {
	s, err := prepare(opt)
	require.NoError(tb, err)
	sd, err := s.newSide()
	require.NoError(tb, err)
	in, out := make([]uint32, s.canon.InWords), make([]uint32, s.canon.OutWords)
	start := time.Now()
	for c := 0; c < n; c++ {
		sd.src.Next(uint64(c), in)
		sd.g.step(in, out)
	}
	return time.Since(start)
}

// nativeRate runs the golden models alone on their own Go inputs: the
// same stimulus decoded once into per-queue lengths and thresholds, the
// selector's QlenI and ThrI pointed at each cycle's slices (which costs
// nothing, docs/blocks.md), no word packing on either side.
func nativeRate(tb testing.TB, opt Options, n int) time.Duration {
	s, err := prepare(opt)
	require.NoError(tb, err)
	l := &s.canon
	cycles := len(opt.Replay) / l.InWords
	qlen, thr := make([][]uint32, cycles), make([][]uint32, cycles)
	rst, ack := make([]bool, cycles), make([]bool, cycles)
	for c := 0; c < cycles; c++ {
		in := opt.Replay[c*l.InWords : (c+1)*l.InWords]
		qlen[c], thr[c] = make([]uint32, 64), make([]uint32, 64)
		pack.Unpack(qlen[c], l.In(in, l.Input("qlen_i")), 64, 16)
		pack.Unpack(thr[c], l.In(in, l.Input("thr_i")), 64, 16)
		rst[c], ack[c] = l.In(in, l.Input("rst_ni"))[0]&1 != 0, l.In(in, l.Input("ack_i"))[0]&1 != 0
	}
	sel, err := selector.New(selector.Params{N: 64, QW: 16})
	require.NoError(tb, err)
	arb, err := arbiter.New(arbiter.Params{N: 64})
	require.NoError(tb, err)
	var sum uint64
	start := time.Now()
	for i := 0; i < n; i++ {
		c := i % cycles
		sel.QlenI, sel.ThrI, sel.RstNI = qlen[c], thr[c], rst[c]
		sel.Eval()
		arb.RstNI, arb.ReqI, arb.AckI = rst[c], sel.OverO, ack[c]
		arb.Eval()
		sum += uint64(arb.GntIdxO)
		sel.Commit()
		arb.Commit()
	}
	d := time.Since(start)
	sink = sum
	return d
}

// sink keeps the native loop's result alive.
var sink uint64

// bareRate runs the Verilated model alone through the bridge, no golden
// model and no comparison: Model.Cycle per cycle, or Model.Run per chunk.
func bareRate(tb testing.TB, opt Options, n int, batch bool) time.Duration {
	return bareRateOf(tb, opt, n, batch, true)
}

// bareRateOf is bareRate with the build's registered inputs on or off
// (verilator.Spec.RegInputs; the runner builds the project's blocks with them).
func bareRateOf(tb testing.TB, opt Options, n int, batch, regIn bool) time.Duration {
	s, err := prepare(opt)
	require.NoError(tb, err)
	spec := verilator.SpecOf(s.buildDesign())
	spec.RegInputs = regIn
	lib, err := verilator.Build(context.Background(), spec)
	require.NoError(tb, err)
	m, err := verilator.Open(lib)
	require.NoError(tb, err)
	defer m.Close()
	l := m.Layout()
	in := opt.Replay
	cycles := len(in) / l.InWords
	// Batched, the model runs the engine's chunks (a wrap of the replay
	// splits one) into one reused output buffer that stays in the caches:
	// the fastest way found to drive it alone (docs/perf.md).
	chunk := chunkLen(l.InWords, l.OutWords)
	out := make([]uint32, chunk*l.OutWords)
	start := time.Now()
	if batch {
		for done := 0; done < n; {
			c := done % cycles
			k := min(chunk, n-done, cycles-c)
			require.NoError(tb, m.Run(k, in[c*l.InWords:(c+k)*l.InWords], out[:k*l.OutWords]))
			done += k
		}
	} else {
		for i := 0; i < n; i++ {
			c := i % cycles
			if err := m.Cycle(in[c*l.InWords:(c+1)*l.InWords], out[:l.OutWords]); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return time.Since(start)
}

func cppRate(tb testing.TB, exe string, n int) time.Duration {
	r, err := verilator.RunCppDriver(context.Background(), exe, n)
	require.NoError(tb, err)
	return time.Duration(r.Seconds * float64(time.Second))
}

// BenchmarkSpeedRatios measures the four in the same run, interleaved,
// 2^21 cycles each per iteration, and reports each one's cycles per second
// (best iteration) and the ratios the project's targets are about:
// batched co-simulation over the C++ loop (target at least 80%), lock-step
// cycles per second (target at least 5 M), the golden model over the C++
// loop (target at least 2x). "golden" is the Go models on Go inputs;
// "golden-words" adds decoding the port words and encoding the outputs,
// which is what the co-simulation's golden side runs. "bare" is the
// Verilated model through the bridge with no golden model and no
// comparison (Model.Run per 4096 cycles, Model.Cycle per cycle): what the
// co-simulation costs over the RTL alone.
//
//	go test -tags verilator ./cosim/runner -run '^$' -bench SpeedRatios -benchtime 5x
func BenchmarkSpeedRatios(b *testing.B) {
	opt, exe := speedSetup(b)
	const n = 1 << 21
	best := bestOf{}
	keep := best.keep
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		keep("cpp", cppRate(b, exe, n))
		keep("batched", cosimRate(b, opt, n, true))
		keep("lockstep", cosimRate(b, opt, n, false))
		keep("golden", goldenRate(b, opt, n))
		keep("native", nativeRate(b, opt, n))
		keep("bare-batched", bareRate(b, opt, n, true))
		keep("bare-lockstep", bareRate(b, opt, n, false))
	}
	rate := func(k string) float64 { return best.rate(k, n) }
	b.ReportMetric(rate("cpp"), "cpp-cycles/s")
	b.ReportMetric(rate("batched"), "batched-cycles/s")
	b.ReportMetric(rate("lockstep"), "lockstep-cycles/s")
	b.ReportMetric(rate("golden"), "golden-words-cycles/s")
	b.ReportMetric(rate("native"), "golden-cycles/s")
	b.ReportMetric(100*rate("batched")/rate("cpp"), "batched/cpp-%")
	b.ReportMetric(rate("native")/rate("cpp"), "golden/cpp-x")
	b.ReportMetric(rate("golden")/rate("cpp"), "golden-words/cpp-x")
	b.ReportMetric(rate("bare-batched"), "bare-batched-cycles/s")
	b.ReportMetric(rate("bare-lockstep"), "bare-lockstep-cycles/s")
	b.ReportMetric(100*rate("lockstep")/rate("bare-lockstep"), "lockstep/bare-%")
}

// Per-cycle benchmarks of each (ns/op is one cycle).

func BenchmarkCppLoop(b *testing.B) {
	_, exe := speedSetup(b)
	b.ResetTimer()
	d := cppRate(b, exe, max(b.N, 1))
	b.ReportMetric(float64(d.Nanoseconds())/float64(max(b.N, 1)), "ns/cycle")
}

func BenchmarkCosimBatched(b *testing.B) {
	opt, _ := speedSetup(b)
	b.ReportAllocs()
	b.ResetTimer()
	d := cosimRate(b, opt, max(b.N, 1), true)
	b.ReportMetric(float64(d.Nanoseconds())/float64(max(b.N, 1)), "ns/cycle")
}

func BenchmarkCosimLockStep(b *testing.B) {
	opt, _ := speedSetup(b)
	b.ReportAllocs()
	b.ResetTimer()
	d := cosimRate(b, opt, max(b.N, 1), false)
	b.ReportMetric(float64(d.Nanoseconds())/float64(max(b.N, 1)), "ns/cycle")
}

func BenchmarkGoldenAlone(b *testing.B) {
	opt, _ := speedSetup(b)
	b.ReportAllocs()
	b.ResetTimer()
	d := nativeRate(b, opt, max(b.N, 1))
	b.ReportMetric(float64(d.Nanoseconds())/float64(max(b.N, 1)), "ns/cycle")
}

func BenchmarkGoldenWords(b *testing.B) {
	opt, _ := speedSetup(b)
	b.ReportAllocs()
	b.ResetTimer()
	d := goldenRate(b, opt, max(b.N, 1))
	b.ReportMetric(float64(d.Nanoseconds())/float64(max(b.N, 1)), "ns/cycle")
}
