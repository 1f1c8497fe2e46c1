package tm

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// traced reads every signal the TM traces (its own and its scopes'), in
// order, after Eval: what a VCD of the cycle would hold.
func traced(m *TM) []uint64 {
	var out []uint64
	read := func(ss []rtl.Signal) {
		for _, s := range ss {
			dst := make([]uint64, (s.Width+63)/64)
			s.Read(dst)
			out = append(out, dst...)
		}
	}
	read(m.Signals())
	for _, sc := range m.Scopes() {
		read(sc.Signals)
	}
	return out
}

// TestQuietSkipExact: a TM that skips quiet cycles' Eval (quiet.go) and
// one that evaluates every cycle, driven alike with bursts and idle gaps
// long enough to skip, show the same outputs, events, probe, traced
// signals, State and counters in every cycle, under every policy, free
// mode, scheduler and read latency; the runs do skip (counted), and they
// are not idle.
func TestQuietSkipExact(t *testing.T) {
	for _, pol := range AllPolicies {
		for _, fm := range []FreeMode{FreeCell, FreeChain} {
			for _, sch := range []SchedMode{SchedSP, SchedDRR} {
				for _, lat := range []int{1, 2} {
					t.Run(fmt.Sprintf("%v/%v/%v/lat%d", pol, fm, sch, lat), func(t *testing.T) {
						c := stateConfig(pol, fm, sch)
						c.CP.ReadLatency, c.CD.ReadLatency, c.PD.ReadLatency = lat, lat, lat
						a, err := New(c)
						require.NoError(t, err)
						b, err := New(c)
						require.NoError(t, err)
						b.idle.off = true
						r := rand.New(rand.NewPCG(uint64(pol)*31+uint64(lat), 5))
						skipped, sent := 0, uint64(0)
						for cy := 0; cy < 6000; cy++ {
							if (cy/300)%2 == 0 { // 300 cycles of traffic, 300 without
								drive(r, a, b)
							}
							a.Eval()
							b.Eval()
							if a.idle.n >= quietSkipAfter {
								skipped++
							}
							require.Equal(t, *b.Outputs(), *a.Outputs(), "cycle %d: outputs", cy)
							require.Equal(t, b.Events(), a.Events(), "cycle %d: events", cy)
							require.Equal(t, b.Probe(), a.Probe(), "cycle %d: probe", cy)
							require.Equal(t, traced(b), traced(a), "cycle %d: traced signals", cy)
							a.Commit()
							b.Commit()
							require.NoError(t, a.Err(), "cycle %d", cy)
							require.NoError(t, b.Err(), "cycle %d", cy)
							if d := stateDiff(b.State(), a.State()); d != "" {
								t.Fatalf("cycle %d: State differs: %s", cy, d)
							}
							require.True(t, reflect.DeepEqual(b.Stats(), a.Stats()), "cycle %d: stats", cy)
						}
						for _, q := range a.Stats().Queues {
							sent += q.Transmitted.Cells
						}
						require.Greater(t, skipped, 1000, "quiet cycles skipped")
						require.Greater(t, sent, uint64(500), "cells transmitted")
					})
				}
			}
		}
	}
}

// TestQuietSkipCatches shows TestQuietSkipExact's comparison failing on
// a broken detector: a TM that skips Eval while packets are in it (the
// force hook) shows other outputs or signals than one that does not.
func TestQuietSkipCatches(t *testing.T) {
	c := stateConfig(PolicyDT, FreeCell, SchedSP)
	a, err := New(c)
	require.NoError(t, err)
	b, err := New(c)
	require.NoError(t, err)
	b.idle.off = true
	r := rand.New(rand.NewPCG(1, 5))
	differs := -1
	for cy := 0; cy < 200 && differs < 0; cy++ {
		drive(r, a, b)
		a.idle.force = cy >= 50 // the queues are busy by then
		a.Eval()
		b.Eval()
		if !reflect.DeepEqual(*a.Outputs(), *b.Outputs()) || !reflect.DeepEqual(traced(a), traced(b)) {
			differs = cy
		}
		a.Commit()
		b.Commit()
	}
	require.GreaterOrEqual(t, differs, 50, "a skip in a busy cycle was not caught")
}
