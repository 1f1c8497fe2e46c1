package tm

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user+system CPU time: on a shared machine it
// measures the model's own work, where wall time also counts waiting for a
// core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadPattern precomputes a cyclic arrival schedule at the given load (a
// fraction of the egress capacity P/R cells per cycle), packets of 1..8
// cells to uniformly random queues, so the benchmark loop draws no random
// numbers. pat[c] is the arrival of cycle c, Cells 0 for none.
func loadPattern(c Config, load float64, cycles int, seed uint64) []Arrival {
	r := rand.New(rand.NewPCG(seed, 7))
	const maxCells = 8
	perCycle := load * float64(c.P) / float64(c.R) / ((1 + maxCells) / 2.0) // packets per cycle
	pat := make([]Arrival, cycles)
	for i := range pat {
		if r.Float64() < perCycle {
			pat[i] = Arrival{Queue: r.IntN(c.N()), Cells: 1 + r.IntN(maxCells)}
		}
	}
	return pat
}

// BenchmarkTM90 steps the whole TM at the defaults under 90% load; one
// benchmark op is one cycle.
func BenchmarkTM90(b *testing.B) {
	for _, pol := range AllPolicies {
		b.Run(pol.String(), func(b *testing.B) { benchLoad(b, pol, 0.9) })
	}
}

// BenchmarkTMIdle is the floor: the defaults with no traffic.
func BenchmarkTMIdle(b *testing.B) { benchLoad(b, PolicyOccamy, 0) }

// BenchmarkTMDRR90 is BenchmarkTM90's occamy with the DRR scheduler,
// whose pipelined visits run every cycle (docs/tm.md, "Measured speed").
func BenchmarkTMDRR90(b *testing.B) {
	c := DefaultConfig()
	c.Sched = SchedDRR
	benchConfig(b, c, 0.9)
}

func benchLoad(b *testing.B, pol Policy, load float64) {
	c := DefaultConfig()
	c.Policy = pol
	benchConfig(b, c, load)
}

func benchConfig(b *testing.B, c Config, load float64) {
	{
		{
			m, err := New(c)
			if err != nil {
				b.Fatal(err)
			}
			pat := loadPattern(c, load, 1<<16, 1)
			step := func(i int) {
				if a := pat[i&(len(pat)-1)]; a.Cells > 0 {
					m.Offer(a)
				}
				if err := m.Step(); err != nil {
					b.Fatal(err)
				}
			}
			for i := 0; i < 1<<16; i++ { // reach steady state
				step(i)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				step(i)
			}
			cpu := cpuTime() - cpu0
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mcycles/s")
			if cpu > 0 {
				b.ReportMetric(float64(b.N)/cpu.Seconds()/1e6, "Mcycles/cpu-s")
			}
		}
	}
}
