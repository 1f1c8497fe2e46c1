package throughput

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
)

// res is a Resources at the model's defaults for k (PD 1 read, cell
// pointers 2k reads / k writes, latencies 1, lanes of 4, R = 8), changed
// by the options.
func res(k int, chain bool, opts ...func(*Resources)) Resources {
	r := Resources{K: k, Chain: chain, PDReads: 1, PDLatency: 1, CPReads: 2 * k, CPWrites: k, CPLatency: 1, LaneDepth: 4, R: 8}
	for _, o := range opts {
		o(&r)
	}
	return r
}

func fixedCells(n int) []CellProb { return []CellProb{{Cells: n, P: 1}} }

// TestBoundTerms pins every term against hand arithmetic (packets per
// clock; a missing term does not limit), and the binding term, on
// configurations chosen so that each term binds somewhere. n is the
// packet length in cells.
func TestBoundTerms(t *testing.T) {
	cases := []struct {
		name  string
		n     int
		r     Resources
		terms map[string]float64
		binds string
	}{
		{"k=4 cell 6 cells: the writes bind", 6, res(4, false), map[string]float64{
			TermPDIssue: 1, TermPDPort: 1 - 1.0/48, TermCPWrite: (4 - 6.0/48) / 6, TermCPRead: (8 - 2.0/48) / 2,
			TermLanes: 4.0 / 6, TermLaneDepth: 16.0 / (4*2 + 2)}, TermCPWrite},
		{"k=1 cell 6 cells: the writes bind", 6, res(1, false), map[string]float64{
			TermPDIssue: 1, TermPDPort: 1 - 1.0/48, TermCPWrite: (1 - 6.0/48) / 6, TermCPRead: (2 - 5.0/48) / 5,
			TermLanes: 1.0 / 6, TermLaneDepth: 4.0 / (2 + 5)}, TermCPWrite},
		{"k=1 chain 6 cells: the PD port binds (the writes tie)", 6, res(1, true), map[string]float64{
			TermPDIssue: 1, TermPDPort: 1 - 1.0/48, TermCPWrite: 1 - 1.0/48, TermLanes: 1, TermLaneDepth: 4.0 / 2}, TermPDPort},
		{"k=4 chain 36 cells", 36, res(4, true), map[string]float64{
			TermPDIssue: 1, TermPDPort: 1 - 1.0/288, TermCPWrite: (4 - 4.0/288) / 4, TermLanes: 1, TermLaneDepth: 16.0 / 8}, TermPDPort},
		{"one cell, no congested port", 1, res(1, false, func(r *Resources) { r.R = 0 }), map[string]float64{
			TermPDIssue: 1, TermPDPort: 1, TermCPWrite: 1, TermLanes: 1, TermLaneDepth: 4.0 / 2}, TermPDIssue},
		{"Lpd=4: one PD read in flight binds", 8, res(8, true, func(r *Resources) { r.PDLatency = 4 }), map[string]float64{
			TermPDIssue: 0.25, TermPDPort: 1 - 1.0/64, TermCPWrite: (8 - 8.0/64) / 8, TermLanes: 1, TermLaneDepth: 32.0 / (8 * 5)}, TermPDIssue},
		{"lanes of 1: the depth binds", 6, res(1, true, func(r *Resources) { r.LaneDepth = 1 }), map[string]float64{
			TermPDIssue: 1, TermPDPort: 1 - 1.0/48, TermCPWrite: 1 - 1.0/48, TermLanes: 1, TermLaneDepth: 0.5}, TermLaneDepth},
		{"Lcp=4, 8 writes: the lanes' chases bind", 6, res(4, false, func(r *Resources) { r.CPLatency, r.CPWrites = 4, 8 }), map[string]float64{
			TermPDIssue: 1, TermPDPort: 1 - 1.0/48, TermCPWrite: (8 - 6.0/48) / 6, TermCPRead: (8 - 2.0/48) / 2,
			TermLanes: 4.0 / (4 + 2*4), TermLaneDepth: 16.0 / (4*2 + 2*4)}, TermLanes},
		{"one read port, 4 writes: the link reads bind", 64, res(1, false, func(r *Resources) { r.CPReads, r.CPWrites = 1, 4 }), map[string]float64{
			TermPDIssue: 1, TermPDPort: 1 - 1.0/512, TermCPWrite: (4 - 64.0/512) / 64, TermCPRead: (1 - 63.0/512) / 63,
			TermLanes: 1.0 / 64, TermLaneDepth: 4.0 / (2 + 63)}, TermCPRead},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := BoundOf(fixedCells(tc.n), tc.r)
			got := map[string]float64{}
			for _, term := range b.Terms {
				got[term.Name] = term.PktsPerClock
				assert.InDelta(t, term.Budget/term.Use, term.PktsPerClock, 1e-12, "%s: budget/use", term.Name)
			}
			require.Len(t, got, len(tc.terms), "terms: got %v", got)
			least := 2.0
			for name, want := range tc.terms {
				assert.InDelta(t, want, got[name], 1e-12, "term %s", name)
				least = min(least, want)
			}
			assert.Equal(t, tc.binds, b.Binding)
			assert.InDelta(t, least, b.PktsPerClock, 1e-12, "the bound is the least term")
			assert.InDelta(t, float64(tc.n)*least, b.CellsPerClock, 1e-9, "cells per clock")
			assert.InDelta(t, 1/least, b.CyclesPerPkt, 1e-9, "cycles per packet")
			assert.Contains(t, b.Formula, tc.binds+":")
		})
	}
}

// TestBoundMix: for a mix every term is the budget over the expected use
// per packet (1/E[cycles], not E[1/cycles]), and the congested port's
// share is taken at the mix's mean length.
func TestBoundMix(t *testing.T) {
	d := []CellProb{{Cells: 1, P: 0.5}, {Cells: 6, P: 0.5}}
	b := BoundOf(d, res(1, false))
	deq := 1 / (8 * 3.5)
	want := map[string]float64{
		TermPDIssue: 1, TermPDPort: 1 - deq, TermCPWrite: (1 - deq*3.5) / 3.5, TermCPRead: (2 - deq*2.5) / 2.5,
		TermLanes: 1 / 3.5, TermLaneDepth: 4 / (0.5*2 + 0.5*(2+5)),
	}
	for name, w := range want {
		term, ok := b.Term(name)
		require.True(t, ok, name)
		assert.InDelta(t, w, term.PktsPerClock, 1e-12, name)
	}
	assert.Equal(t, TermCPWrite, b.Binding)
	assert.InDelta(t, (1-0.125)/3.5, b.PktsPerClock, 1e-12)
	// The harmonic mean, not the mean of the fixed sizes' bounds.
	one, six := BoundOf(fixedCells(1), res(1, false)), BoundOf(fixedCells(6), res(1, false))
	assert.Less(t, b.PktsPerClock, (one.PktsPerClock+six.PktsPerClock)/2)

	// Chain: one write and one lane entry per sub-list, no reads.
	c := BoundOf([]CellProb{{Cells: 2, P: 0.25}, {Cells: 36, P: 0.75}}, res(4, true))
	_, reads := c.Term(TermCPRead)
	assert.False(t, reads, "chain freeing reads no link")
	w, _ := c.Term(TermCPWrite)
	assert.InDelta(t, 0.25*2+0.75*4, w.Use, 1e-12, "E[min(n,k)]")

	z := BoundOf(nil, res(4, true))
	assert.Equal(t, 0.0, z.PktsPerClock)
	_, err := json.Marshal(z)
	require.NoError(t, err, "an empty mix marshals (no Inf)")
}

// TestResourcesOf reads the configuration's budgets.
func TestResourcesOf(t *testing.T) {
	c := tm.DefaultConfig()
	c.FreeMode = tm.FreeChain
	c.PD.ReadLatency, c.CP.ReadLatency, c.CP.ReadPorts = 3, 2, 5
	assert.Equal(t, Resources{K: 4, Chain: true, PDReads: 1, PDLatency: 3, CPReads: 5, CPWrites: 4, CPLatency: 2, LaneDepth: tm.HDLaneDepth, R: 8}, ResourcesOf(c))
}
