package runner

import (
	"syscall"
	"testing"
	"time"
)

// benchSide runs a block's stimulus (or replay) and golden model alone,
// one cycle per op, and reports cycles per second of wall and of CPU time.
func benchSide(b *testing.B, opt Options) {
	s, err := prepare(opt)
	if err != nil {
		b.Fatal(err)
	}
	sd, err := s.newSide()
	if err != nil {
		b.Fatal(err)
	}
	in, out := make([]uint32, s.canon.InWords), make([]uint32, s.canon.OutWords)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		sd.src.Next(uint64(i), in)
		sd.g.step(in, out)
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cycles/s")
	if cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "cycles/cpu-s")
	}
}

// cpuTime is the process's user+system CPU time: on a shared machine it
// measures the benchmark's own work, where wall time also counts waiting
// for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkStimulusAndGolden measures, per block, the Go side of a
// co-simulation: the random stimulus and the golden model.
func BenchmarkStimulusAndGolden(b *testing.B) {
	for _, blk := range []string{"threshold", "selector", "arbiter", "selarb", "tm"} {
		b.Run(blk, func(b *testing.B) { benchSide(b, Options{Block: blk, Stimulus: StimRandom, VerilogDir: "../.."}) })
	}
}
