package runner

import (
	"testing"
)

// benchSide runs a block's stimulus and golden model alone.
func benchSide(b *testing.B, block string, stim string) {
	s, err := prepare(Options{Block: block, Stimulus: stim, VerilogDir: "../.."})
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
	for i := 0; i < b.N; i++ {
		sd.src.Next(uint64(i), in)
		sd.g.step(in, out)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cycles/s")
}

// BenchmarkStimulusAndGolden measures, per block, the Go side of a
// co-simulation: the random stimulus and the golden model.
func BenchmarkStimulusAndGolden(b *testing.B) {
	for _, blk := range []string{"threshold", "selector", "arbiter", "selarb", "tm"} {
		b.Run(blk, func(b *testing.B) { benchSide(b, blk, StimRandom) })
	}
}
