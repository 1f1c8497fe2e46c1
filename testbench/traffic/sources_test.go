package traffic

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testEnv = Env{P: 8, Q: 8, R: 1, CellBytes: 64}

func intp(v int) *int { return &v }

// run ticks src for n cycles from 0 and returns the packets, with per-queue
// cell totals.
func run(t *testing.T, src Source, n uint64) (pkts []Packet, cycles []uint64, cellsPerQ map[int]int) {
	t.Helper()
	cellsPerQ = map[int]int{}
	var buf []Packet
	for c := uint64(0); c < n; c++ {
		buf = src.Tick(c, buf[:0])
		for _, p := range buf {
			pkts = append(pkts, p)
			cycles = append(cycles, c)
			cellsPerQ[p.Queue] += p.Cells
		}
	}
	return
}

func build(t *testing.T, s Spec, env Env, seed uint64) Source {
	t.Helper()
	src, err := s.Build(env, seed, 0, "test")
	require.NoError(t, err)
	return src
}

// TestConstantCredit checks every prefix of a constant flow against the
// credit reference: after cycle c (active since start), the cells emitted
// never exceed the credit earned, and the credit not yet spent is less than
// the next packet. Exhaustive over small rates, R and packet sizes.
func TestConstantCredit(t *testing.T) {
	for _, r := range []int{1, 2, 3} {
		for _, rate := range []float64{0.25, 0.5, 1, 1.5, 3} {
			for _, bytes := range []int{1, 64, 65, 200} {
				env := Env{P: 1, Q: 1, R: r, CellBytes: 64}
				step := creditStep(rate, r)
				src := build(t, Spec{Kind: KindConstant, Queue: intp(0), Rate: rate, Start: 5,
					Size: &SizeSpec{Dist: DistFixed, Bytes: bytes}}, env, 1)
				cellsPer := env.cellsOf(bytes)
				sent := uint64(0)
				var buf []Packet
				for c := uint64(0); c < 400; c++ {
					buf = src.Tick(c, buf[:0])
					for _, p := range buf {
						require.Equal(t, cellsPer, p.Cells, "R=%d rate=%v bytes=%d cycle %d: packet cells", r, rate, bytes, c)
						sent += uint64(p.Cells)
					}
					earned := uint64(0)
					if c >= 5 {
						earned = (c - 4) * step
					}
					require.LessOrEqual(t, sent<<32, earned, "R=%d rate=%v bytes=%d cycle %d: cells sent beyond credit", r, rate, bytes, c)
					require.Less(t, earned-sent<<32, uint64(cellsPer)<<32, "R=%d rate=%v bytes=%d cycle %d: packet held back with full credit", r, rate, bytes, c)
				}
			}
		}
	}
}

// TestRatesMatchLoad checks that each source's long-run offered cells match
// its configured rate within 1% over many cycles.
func TestRatesMatchLoad(t *testing.T) {
	const n = 400_000
	bimodal := &SizeSpec{Dist: DistBimodal, Small: 64, Large: 1500, LargeFrac: 0.3}
	uniform := &SizeSpec{Dist: DistUniform, Min: 64, Max: 1500}
	emp := &SizeSpec{Dist: DistEmpirical, Sizes: []WeightedSize{{64, 5}, {576, 2}, {1500, 3}}}
	cases := []struct {
		name string
		spec Spec
		env  Env
		want float64 // cells per cycle, all queues
	}{
		{"constant fixed", Spec{Kind: KindConstant, Queue: intp(3), Rate: 0.7}, testEnv, 0.7},
		{"constant bimodal R=2", Spec{Kind: KindConstant, Queue: intp(3), Rate: 1.5, Size: bimodal}, Env{P: 8, Q: 8, R: 2, CellBytes: 64}, 0.75},
		{"random uniform", Spec{Kind: KindRandom, Load: 0.9, Size: uniform}, testEnv, 0.9 * 8},
		{"random bimodal 2 ports", Spec{Kind: KindRandom, Load: 0.5, Ports: []int{1, 4}, Size: bimodal}, testEnv, 1.0},
		{"random empirical R=4", Spec{Kind: KindRandom, Load: 0.8, Size: emp}, Env{P: 8, Q: 8, R: 4, CellBytes: 64}, 0.8 * 8 / 4},
		{"random overload", Spec{Kind: KindRandom, Load: 2.5, Ports: []int{0}}, testEnv, 2.5},
		{"onoff repeated", Spec{Kind: KindOnOff, Queue: intp(1), Rate: 2, BurstBytes: 64 * 1000, OffCycles: 500}, testEnv, 1000.0 / 1000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, per := run(t, build(t, tc.spec, tc.env, 7), n)
			total := 0
			for _, c := range per {
				total += c
			}
			got := float64(total) / n
			assert.InEpsilon(t, tc.want, got, 0.01, "%s: cells per cycle over %d cycles, want %v, got %v", tc.name, n, tc.want, got)
		})
	}
}

// TestRandomSpreadsOverClasses checks that a random source uses every listed
// class and port about equally and nothing else.
func TestRandomSpreadsOverClasses(t *testing.T) {
	src := build(t, Spec{Kind: KindRandom, Load: 1, Ports: []int{2, 5}, Classes: []int{1, 3, 7}}, testEnv, 3)
	pkts, _, _ := run(t, src, 200_000)
	count := map[int]int{}
	for _, p := range pkts {
		count[p.Queue]++
	}
	require.Len(t, count, 6, "queues used: %v", count)
	for _, port := range []int{2, 5} {
		for _, cl := range []int{1, 3, 7} {
			q := port*8 + cl
			assert.InEpsilon(t, float64(len(pkts))/6, float64(count[q]), 0.03, "queue %d: packets", q)
		}
	}
}

// TestOnOffBursts checks burst sizes, the peak rate and the off gap.
func TestOnOffBursts(t *testing.T) {
	// 10 packets of 4 cells (256 B each) then a cut packet of 1 cell (10*256+64 B).
	src := build(t, Spec{Kind: KindOnOff, Queue: intp(9), Rate: 1, BurstBytes: 10*256 + 64, OffCycles: 100, Count: 2, Start: 10,
		Size: &SizeSpec{Dist: DistFixed, Bytes: 256}}, testEnv, 1)
	pkts, cycles, per := run(t, src, 1000)
	require.Len(t, pkts, 22)
	assert.Equal(t, 2*41, per[9], "cells over two bursts")
	want := []uint64{13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 50}
	for i, w := range want {
		assert.Equal(t, w, cycles[i], "burst 1 packet %d: cycle", i)
		assert.Equal(t, w+141, cycles[11+i], "burst 2 packet %d: cycle (burst 1 ends at 50, off 100 cycles)", i)
	}
	assert.Equal(t, 1, pkts[10].Cells, "cut last packet: cells")
}

// TestIncastRound checks that every sender sends its share and the round's
// bytes add up, at senders × sender_rate.
func TestIncastRound(t *testing.T) {
	src := build(t, Spec{Kind: KindIncast, Port: intp(2), Class: intp(0), Senders: 5, BurstBytes: 5*6400 + 3,
		Start: 100}, testEnv, 1)
	pkts, cycles, per := run(t, src, 1000)
	assert.Equal(t, 503, per[16], "cells of one round")
	assert.Len(t, per, 1, "queues used")
	assert.Equal(t, uint64(100), cycles[0], "first packet cycle")
	assert.Equal(t, uint64(200), cycles[len(cycles)-1], "last packet cycle (3 senders carry one extra cell)")
	assert.Len(t, pkts, 503)
	// Repeated rounds with a period and jitter.
	src = build(t, Spec{Kind: KindIncast, Queue: intp(0), Senders: 40, BurstBytes: 40 * 64 * 10, Period: 1000, Count: 3, Jitter: 50}, testEnv, 1)
	_, cycles, per = run(t, src, 5000)
	assert.Equal(t, 3*400, per[0], "cells of three rounds")
	assert.Less(t, cycles[len(cycles)-1], uint64(2000+60), "last round ends within jitter + share")
}

// TestDeterminism checks that the same seed gives the same packets and a
// different seed different ones.
func TestDeterminism(t *testing.T) {
	specs := []Spec{
		{Kind: KindRandom, Load: 0.9, Size: &SizeSpec{Dist: DistBimodal, Small: 64, Large: 1500, LargeFrac: 0.2}},
		{Kind: KindIncast, Queue: intp(5), Senders: 8, BurstBytes: 100000, Jitter: 20, Size: &SizeSpec{Dist: DistUniform, Min: 64, Max: 1500}},
		{Kind: KindConstant, Queue: intp(1), Rate: 0.3, Size: &SizeSpec{Dist: DistEmpirical, Sizes: []WeightedSize{{100, 1}, {900, 2}}}},
	}
	sig := func(seed uint64) string {
		m, err := BuildAll(specs, testEnv, seed, "sources")
		require.NoError(t, err)
		h := uint64(14695981039346656037)
		for c := uint64(0); c < 20000; c++ {
			for _, p := range m.Tick(c) {
				h = (h ^ (c<<32 | uint64(p.Queue)<<16 | uint64(p.Cells))) * 1099511628211
			}
		}
		return fmt.Sprintf("%x", h)
	}
	assert.Equal(t, sig(11), sig(11), "same seed, same packets")
	assert.NotEqual(t, sig(11), sig(12), "different seeds, different packets")
}

// TestSizeMeans checks each distribution's mean cells against the draws.
func TestSizeMeans(t *testing.T) {
	for _, s := range []*SizeSpec{
		{Dist: DistFixed, Bytes: 1500},
		{Dist: DistUniform, Min: 1, Max: 1000},
		{Dist: DistBimodal, Small: 64, Large: 9000, LargeFrac: 0.1},
		{Dist: DistEmpirical, Sizes: []WeightedSize{{64, 0.5}, {200, 0.25}, {1500, 0.25}}},
	} {
		require.NoError(t, s.check("size", nil))
		d := newSizeDist(s, testEnv)
		src := build(t, Spec{Kind: KindConstant, Queue: intp(0), Rate: 1}, testEnv, 1).(*Constant)
		sum := 0
		const n = 200_000
		for i := 0; i < n; i++ {
			sum += testEnv.cellsOf(d.draw(src.rng))
		}
		assert.InEpsilon(t, d.meanCell, float64(sum)/n, 0.01, "%s: mean cells", s.Dist)
	}
}

// TestTickAllocatesNothing checks the per-cycle path of a mix of every kind.
func TestTickAllocatesNothing(t *testing.T) {
	m, err := BuildAll([]Spec{
		{Kind: KindRandom, Load: 0.9, Size: &SizeSpec{Dist: DistBimodal, Small: 64, Large: 1500, LargeFrac: 0.2}},
		{Kind: KindIncast, Queue: intp(5), Senders: 8, BurstBytes: 1 << 30, Jitter: 20},
		{Kind: KindOnOff, Queue: intp(6), Rate: 3, BurstBytes: 5000, OffCycles: 10},
		{Kind: KindConstant, Queue: intp(1), Rate: 0.3},
	}, testEnv, 1, "sources")
	require.NoError(t, err)
	c := uint64(0)
	for ; c < 1000; c++ {
		m.Tick(c)
	}
	allocs := testing.AllocsPerRun(1000, func() { m.Tick(c); c++ })
	assert.Zero(t, allocs, "allocations per Tick")
}

func TestCreditStep(t *testing.T) {
	assert.Equal(t, one, creditStep(1, 1))
	assert.Equal(t, one/4, creditStep(1, 4))
	assert.Equal(t, uint64(math.Round(0.3*float64(one))), creditStep(0.3, 1))
}

func BenchmarkMixTick(b *testing.B) {
	m, err := BuildAll([]Spec{
		{Kind: KindRandom, Load: 0.9, Size: &SizeSpec{Dist: DistBimodal, Small: 64, Large: 1500, LargeFrac: 0.2}},
		{Kind: KindConstant, Queue: intp(1), Rate: 0.3},
	}, testEnv, 1, "sources")
	require.NoError(b, err)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m.Tick(uint64(i))
	}
}

// TestSourcesIndependent checks that a source's packets depend only on the
// seed and its own position: adding a source after it changes nothing, and
// two identical random sources at different positions draw differently.
func TestSourcesIndependent(t *testing.T) {
	a := Spec{Kind: KindRandom, Load: 0.5, Ports: []int{0}, Size: &SizeSpec{Dist: DistUniform, Min: 1, Max: 2000}}
	b := Spec{Kind: KindIncast, Queue: intp(9), Senders: 4, BurstBytes: 50000, Jitter: 30}
	packets := func(specs []Spec, queue int) []Packet {
		m, err := BuildAll(specs, testEnv, 5, "sources")
		require.NoError(t, err)
		var out []Packet
		for c := uint64(0); c < 5000; c++ {
			for _, p := range m.Tick(c) {
				if p.Queue/8 == queue {
					out = append(out, Packet{Queue: int(c), Cells: p.Cells})
				}
			}
		}
		return out
	}
	assert.Equal(t, packets([]Spec{a}, 0), packets([]Spec{a, b}, 0), "source 0 with and without a source after it")
	twin := a
	twin.Ports = []int{1}
	assert.NotEqual(t, packets([]Spec{a, twin}, 0), packets([]Spec{a, twin}, 1), "identical sources at positions 0 and 1 (cycles and sizes)")
}
