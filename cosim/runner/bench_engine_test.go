package runner

import (
	"context"
	tmface "occamy/testbench/blocks/tm"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"occamy/cosim"
	"occamy/hw/tm"
	"occamy/rtl/port"
)

// The engine's own cost in lock-step, without Verilator: a stand-in model
// that returns the golden outputs recorded for each cycle (so the run
// matches, every output compared every cycle) after spinning for a set
// time, the cost of a Verilated model of that speed. Against the stand-in
// alone (bare, Cycle per cycle), the co-simulation shows what the engine
// and the golden side on the other goroutine add per cycle.
//
//	go test ./cosim/runner -run '^$' -bench EngineLockStep -benchtime 3x

// tmRecord records n cycles of occamy_tm's random-load scenario (policy
// occamy, the defaults) and the golden outputs of each, and returns options
// replaying them.
func tmRecord(tb testing.TB, n int) (Options, []uint32) { return tmRecordAt(tb, n, nil) }

// tmRecordAt is tmRecord with the TM's parameters (P, Q, B, K, ...) set
// as in params, the others at their defaults.
func tmRecordAt(tb testing.TB, n int, params map[string]int) (Options, []uint32) {
	k := slices.Index(tmface.Scenarios(), "random-load")
	require.GreaterOrEqual(tb, k, 0, "no random-load scenario")
	pol := slices.Index(tmface.Policies, tm.PolicyOccamy)
	require.GreaterOrEqual(tb, pol, 0)
	opt := Options{Block: "tm", VerilogDir: "../..", Stimulus: StimRandom, Seed: 1,
		Params: map[string]int{"TRAFFIC": k + 1, "POLICY": pol}}
	for name, v := range params {
		opt.Params[name] = v
	}
	s, err := prepare(opt)
	require.NoError(tb, err)
	sd, err := s.newSide()
	require.NoError(tb, err)
	w, ow := s.canon.InWords, s.canon.OutWords
	rec, gold := make([]uint32, n*w), make([]uint32, n*ow)
	for c := 0; c < n; c++ {
		in := rec[c*w : (c+1)*w]
		sd.src.Next(uint64(c), in)
		sd.g.step(in, gold[c*ow:(c+1)*ow])
	}
	opt.Replay = rec
	return opt, gold
}

// standIn is a verilator.Model standing in for a Verilated model whose cycle
// costs spin iterations of a dependent multiply-add chain (spinIters:
// CPU work, so that a thread that waits for a core does not count it as
// done): Cycle and Run give the recorded outputs of the next cycle.
// The other methods are not used by the engine's lock-step and batched
// paths (the embedded nil Model panics if they are).
type standIn struct {
	cosim.Model
	l    *port.Layout
	gold []uint32
	c    int
	spin int
}

func (m *standIn) Layout() *port.Layout { return m.l }

func (m *standIn) step(out []uint32) {
	spinWork(m.spin)
	ow := m.l.OutWords
	k := m.c % (len(m.gold) / ow)
	copy(out, m.gold[k*ow:(k+1)*ow])
	m.c++
}

// spinSink keeps spinWork's chain alive.
var spinSink uint64

// spinWork runs n steps of a dependent multiply-add chain.
func spinWork(n int) {
	x := spinSink
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	spinSink = x
}

// spinIters is how many spinWork steps take d on this machine (the best of
// five timings of 10^6 steps).
func spinIters(d time.Duration) int {
	if d <= 0 {
		return 0
	}
	best := time.Duration(1<<63 - 1)
	for r := 0; r < 5; r++ {
		t0 := time.Now()
		spinWork(1e6)
		best = min(best, time.Since(t0))
	}
	return int(float64(d) / float64(best) * 1e6)
}

func (m *standIn) Cycle(in, out []uint32) error { m.step(out); return nil }

func (m *standIn) Run(n int, in, out []uint32) error {
	ow := m.l.OutWords
	for k := 0; k < n; k++ {
		m.step(out[k*ow : (k+1)*ow])
	}
	return nil
}

// How standInRate runs the stand-in.
const (
	standAlone  = iota // Cycle per cycle, no golden model, no comparison
	standCosim         // co-simulated in lock-step, the golden side on its own goroutine
	standSerial        // co-simulated in lock-step on one goroutine (Options.Serial)
)

// standInRate runs n cycles of the stand-in in the given way and returns
// the time taken.
func standInRate(tb testing.TB, opt Options, gold []uint32, n int, spin int, how int) time.Duration {
	d, _ := standInCPU(tb, opt, gold, n, spin, how)
	return d
}

// standInCPU is standInRate that also returns the CPU time of the thread
// that steps the stand-in (the engine's consumer; the golden goroutine of
// standCosim runs on another thread): on a machine whose second core is
// shared with other jobs, that is what the engine costs the model's side,
// where the wall time also counts waiting for a core.
func standInCPU(tb testing.TB, opt Options, gold []uint32, n int, spin int, how int) (wall, cpu time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := threadCPU()
	wall = standInRun(tb, opt, gold, n, spin, how)
	return wall, threadCPU() - cpu0
}

// threadCPU is the calling thread's user+system CPU time.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func standInRun(tb testing.TB, opt Options, gold []uint32, n int, spin int, how int) time.Duration {
	opt.Serial = how == standSerial
	s, err := prepare(opt)
	require.NoError(tb, err)
	m := &standIn{l: &s.canon, gold: gold, spin: spin}
	if how == standAlone {
		l := m.l
		in, out := opt.Replay, make([]uint32, l.OutWords)
		cycles := len(in) / l.InWords
		var md cosim.Model = m
		start := time.Now()
		for i := 0; i < n; i++ {
			c := i % cycles
			if err := md.Cycle(in[c*l.InWords:(c+1)*l.InWords], out); err != nil {
				tb.Fatal(err)
			}
		}
		return time.Since(start)
	}
	s.cycles = uint64(n)
	pm, err := newPortMap(&s.canon, m.Layout())
	require.NoError(tb, err)
	sd, err := s.newSide()
	require.NoError(tb, err)
	res := &Result{}
	e := &engine{s: s, m: m, pm: pm, sd: sd, res: res}
	require.NoError(tb, e.run(context.Background()))
	require.Nil(tb, res.Mismatch, "the stand-in gives the golden outputs")
	require.Equal(tb, uint64(n), res.Cycles)
	require.Greater(tb, res.Compared, uint64(n-32), "every cycle from the first reset edge on compared")
	return res.Elapsed.Duration
}

// BenchmarkEngineLockStep: the stand-in at 0 (the engine and the golden
// side alone) and at 1 µs per cycle (a 1 M cycles/s model), alone and
// co-simulated in lock-step, interleaved, best of the iterations.
func BenchmarkEngineLockStep(b *testing.B) {
	const n = 1 << 18
	opt, gold := tmRecord(b, n)
	best, cpu := bestOf{}, bestOf{}
	us := spinIters(time.Microsecond)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, sp := range []struct {
			k    string
			spin int
		}{{"0", 0}, {"1us", us}} {
			for _, h := range []struct {
				k   string
				how int
			}{{"bare-", standAlone}, {"lockstep-", standCosim}} {
				w, c := standInCPU(b, opt, gold, n, sp.spin, h.how)
				best.keep(h.k+sp.k, w)
				cpu.keep(h.k+sp.k, c)
			}
		}
	}
	for _, k := range []string{"0", "1us"} {
		b.ReportMetric(best.rate("bare-"+k, n), "bare-"+k+"-cycles/s")
		b.ReportMetric(best.rate("lockstep-"+k, n), "lockstep-"+k+"-cycles/s")
		b.ReportMetric(100*best.rate("lockstep-"+k, n)/best.rate("bare-"+k, n), "lockstep/bare-"+k+"-%")
	}
	// The model thread's CPU time per cycle: the stand-in's own cost
	// (bare) and with the engine around it (lock-step).
	b.ReportMetric(float64(cpu["bare-1us"].Nanoseconds())/n, "bare-1us-thread-cpu-ns/cycle")
	b.ReportMetric(float64(cpu["lockstep-1us"].Nanoseconds())/n, "lockstep-1us-thread-cpu-ns/cycle")
	b.ReportMetric(100*cpu.rate("lockstep-1us", n)/cpu.rate("bare-1us", n), "lockstep/bare-1us-thread-cpu-%")
}

// bestOf keeps the shortest time of each side over a benchmark's
// iterations.
type bestOf map[string]time.Duration

func (b bestOf) keep(k string, d time.Duration) {
	if v, ok := b[k]; !ok || d < v {
		b[k] = d
	}
}

// rate is side k's cycles per second over n cycles, at its best time.
func (b bestOf) rate(k string, n int) float64 { return float64(n) / b[k].Seconds() }

// BenchmarkEngineSerial is the lock-step engine and the golden side on one
// goroutine with the stand-in at 0 per cycle (ns/op is one cycle): less
// BenchmarkEngineStandIn and the golden side alone (BenchmarkTMGolden),
// what the engine itself costs per cycle. For instruction counts
// (valgrind), where two goroutines would be timed as one.
func BenchmarkEngineSerial(b *testing.B) { benchStandIn(b, standSerial) }

// BenchmarkEngineStandIn is the stand-in alone at 0 per cycle.
func BenchmarkEngineStandIn(b *testing.B) { benchStandIn(b, standAlone) }

// BenchmarkTMGolden is the golden side of occamy_tm alone, through its
// port words, on the recorded inputs of BenchmarkTMSpeed (ns/op is one
// cycle; the replay wraps after 2^18 cycles into a reset of the busy TM).
func BenchmarkTMGolden(b *testing.B) {
	opt, _ := tmRecord(b, 1<<18)
	benchSide(b, opt)
}

// benchStandIn runs b.N cycles of the stand-in, in runs of at most the
// 2^17 recorded (the replay would wrap into a reset that the recording did
// not see) and at least 64.
func benchStandIn(b *testing.B, how int) {
	const n = 1 << 17
	opt, gold := tmRecord(b, n)
	b.ReportAllocs()
	b.ResetTimer()
	for done := 0; done < b.N; done += n {
		standInRate(b, opt, gold, max(min(b.N-done, n), 64), 0, how)
	}
}
