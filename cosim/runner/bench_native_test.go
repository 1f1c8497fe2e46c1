package runner

import (
	"math/bits"
	tmface "occamy/testbench/blocks/tm"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
)

// The Go TM alone (hw/tm, no port words, no adapter, no coverage) on the
// same traffic as BenchmarkTMSpeed: the replay's ingress slots decoded once
// into each cycle's offers, from its first cycle out of reset on, stepped
// on a TM built from the run's parameters. It is the TM a Go user of
// hw/tm steps; BenchmarkTMGolden adds what the co-simulation's golden side
// does around it each cycle.

// tmNative is the replay of opt as the Go TM's own inputs.
type tmNative struct {
	cfg    tm.Config
	offers [][]tm.Arrival // per cycle out of reset
}

// newTMNative decodes opt.Replay (a TM replay that resets once, at its
// start) into tmNative.
func newTMNative(tb testing.TB, opt Options) *tmNative {
	s, err := prepare(opt)
	require.NoError(tb, err)
	cfg, err := tmface.Config(s.p)
	require.NoError(tb, err)
	l := &s.canon
	slots, err := tmface.NewSlots(l, tmface.NewShape(cfg, s.p["SW"]))
	require.NoError(tb, err)
	nat := &tmNative{cfg: cfg}
	live := false
	for c := 0; c < len(opt.Replay)/l.InWords; c++ {
		in := opt.Replay[c*l.InWords : (c+1)*l.InWords]
		if in[s.rstIdx]&1 == 0 {
			require.False(tb, live, "cycle %d: the replay resets again", c)
			continue
		}
		live = true
		n, packed := slots.Valid(in)
		require.True(tb, packed, "cycle %d", c)
		var a []tm.Arrival
		for i := 0; i < n; i++ {
			q, cells := slots.Slot(in, i)
			a = append(a, tm.Arrival{Queue: q, Cells: cells})
		}
		nat.offers = append(nat.offers, a)
	}
	return nat
}

// run steps a new TM over the first n cycles out of reset (wrapping into a
// new TM, as the replay does into a reset) and returns the time and the
// cells sent on the egress ports (eg_valid_o's bits).
func (nat *tmNative) run(tb testing.TB, n int) (time.Duration, uint64) {
	m, err := tm.New(nat.cfg)
	require.NoError(tb, err)
	var sent uint64
	start := time.Now()
	for i, c := 0, 0; i < n; i, c = i+1, c+1 {
		if c == len(nat.offers) {
			m, err = tm.New(nat.cfg)
			require.NoError(tb, err)
			c = 0
		}
		for _, a := range nat.offers[c] {
			m.Offer(a)
		}
		if err := m.Step(); err != nil {
			tb.Fatal(err)
		}
		sent += uint64(bits.OnesCount32(m.Outputs().EgValid))
	}
	return time.Since(start), sent
}

// nativeTMRate is the Go TM alone over n cycles of opt's replay.
func nativeTMRate(tb testing.TB, opt Options, n int) time.Duration {
	d, _ := newTMNative(tb, opt).run(tb, n)
	return d
}

// TestTMNativeSameWork: the Go TM alone on the decoded replay transmits
// the cells whose eg_valid_o the golden side recorded on the port words,
// so BenchmarkTMSpeed's native side does the co-simulated TM's work.
func TestTMNativeSameWork(t *testing.T) {
	const n = 1 << 12
	opt, gold := tmRecord(t, n)
	nat := newTMNative(t, opt)
	s, err := prepare(opt)
	require.NoError(t, err)
	l := &s.canon
	ev := l.Output("eg_valid_o")
	var want uint64
	for c := 0; c < n; c++ {
		want += uint64(bits.OnesCount32(l.Out(gold[c*l.OutWords:(c+1)*l.OutWords], ev)[0]))
	}
	require.NotZero(t, want, "the recording transmits nothing")
	_, got := nat.run(t, len(nat.offers))
	require.Equal(t, want, got, "cells transmitted in %d cycles out of reset", len(nat.offers))
}

// BenchmarkTMNative is the Go TM alone on BenchmarkTMGolden's traffic (ns/op
// is one cycle).
func BenchmarkTMNative(b *testing.B) {
	opt, _ := tmRecord(b, 1<<18)
	nat := newTMNative(b, opt)
	b.ReportAllocs()
	b.ResetTimer()
	d, _ := nat.run(b, b.N)
	b.ReportMetric(float64(b.N)/d.Seconds(), "cycles/s")
}
