package throughput

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPacketCycles pins the closed form against hand-counted schedules
// (docs/tm.md's latency tables): issue at t, unlink at t+Lpd, rounds every
// Lcp, next issue the cycle after the last step.
func TestPacketCycles(t *testing.T) {
	cases := []struct {
		n, k     int
		chain    bool
		lpd, lcp int
		w        int
		want     int
	}{
		// per cell: Lpd + (⌈n/k⌉-1)·Lcp + 1
		{n: 1, k: 1, lpd: 1, lcp: 1, w: 1, want: 2},
		{n: 6, k: 1, lpd: 1, lcp: 1, w: 1, want: 7},
		{n: 6, k: 4, lpd: 1, lcp: 1, w: 4, want: 3},
		{n: 6, k: 8, lpd: 1, lcp: 1, w: 8, want: 2},
		{n: 64, k: 4, lpd: 1, lcp: 1, w: 4, want: 17},
		{n: 6, k: 2, lpd: 2, lcp: 3, w: 2, want: 2 + 2*3 + 1},
		// chain: Lpd + ⌈min(n,k)/W⌉
		{n: 6, k: 4, chain: true, lpd: 1, lcp: 1, w: 4, want: 2},
		{n: 64, k: 8, chain: true, lpd: 1, lcp: 1, w: 8, want: 2},
		{n: 64, k: 8, chain: true, lpd: 1, lcp: 1, w: 3, want: 1 + 3},
		{n: 2, k: 8, chain: true, lpd: 3, lcp: 1, w: 1, want: 3 + 2},
	}
	for _, c := range cases {
		got := PacketCycles(c.n, c.k, c.chain, c.lpd, c.lcp, c.w)
		assert.Equal(t, c.want, got, "n=%d k=%d chain=%v Lpd=%d Lcp=%d W=%d: cycles per packet", c.n, c.k, c.chain, c.lpd, c.lcp, c.w)
	}
}

// TestBoundExpectation: for a mix the bound is 1/E[cycles], not E[1/cycles].
func TestBoundExpectation(t *testing.T) {
	d := []CellProb{{Cells: 1, P: 0.5}, {Cells: 6, P: 0.5}}
	b := BoundFor(d, 1, false, 1, 1, 1)
	wantCyc := 0.5*2 + 0.5*7
	assert.InDelta(t, wantCyc, b.CyclesPerPkt, 1e-12, "E[cycles]")
	assert.InDelta(t, 1/wantCyc, b.PktsPerClock, 1e-12, "pkts per clock")
	assert.InDelta(t, 3.5/wantCyc, b.CellsPerClock, 1e-12, "cells per clock")
	assert.Contains(t, b.Formula, "k=1")
	z := BoundFor(nil, 4, true, 1, 1, 4)
	assert.Equal(t, 0.0, z.PktsPerClock)
	assert.False(t, math.IsNaN(z.CellsPerClock))
}
