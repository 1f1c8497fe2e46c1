package scenario

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/testbench/traffic"
)

// lagged is hw/tm behind an ingress register of lag cycles: a Model that
// answers each offer lag cycles after it (a TM whose tm.AdmitLag is lag),
// saying it answers claim cycles after (its AdmitLag method).
type lagged struct {
	*tm.TM
	pend       [][]tm.Arrival // the offers on their way to hw/tm, oldest first
	lag, claim int
}

func (l *lagged) Offer(a tm.Arrival) { l.pend[l.lag] = append(l.pend[l.lag], a) }
func (l *lagged) Qlen() []uint32     { return l.TM.Probe().Qlen }
func (l *lagged) Close() error       { return nil }
func (l *lagged) AdmitLag() int      { return l.claim }

func (l *lagged) Step() error {
	for _, a := range l.pend[0] {
		l.TM.Offer(a)
	}
	first := l.pend[0][:0]
	copy(l.pend, l.pend[1:])
	l.pend[l.lag] = first
	return l.TM.Step()
}

type laggedBackend struct{ lag, claim int }

func (b laggedBackend) NewModel(r RunSpec) (Model, error) {
	m, err := tm.New(r.Config)
	if err != nil {
		return nil, err
	}
	return &lagged{TM: m, pend: make([][]tm.Arrival, b.lag+1), lag: b.lag, claim: b.claim}, nil
}

// TestDrainAdmitLag runs every scenario on a TM answering its offers a
// cycle late: the run's drain (AdmitLag cycles with no offer) leaves every
// offer the sources made admitted or dropped in the counters, and the
// cycles reported are those offered. The same TM claiming lag 0 (no
// drain) must break that in some scenario whose last cycle offers.
func TestDrainAdmitLag(t *testing.T) {
	broken := 0
	// The wrapper's lag adds to hw/tm's own (tm.AdmitLag).
	for _, claim := range []int{tm.AdmitLag + 1, tm.AdmitLag} {
		for _, name := range Names() {
			o := Options{Scenario: name, Policy: "occamy", Cycles: u64(3000), Params: map[string]float64{}}
			if name == "custom" {
				o.Sources = append(o.Sources, mustFlag(t, "kind=random,load=0.9"))
			}
			if name == "burst-absorption" {
				o.Params["search"] = 0
			}
			p, err := Prepare(o)
			require.NoError(t, err)
			p.Backend = laggedBackend{lag: 1, claim: claim}
			r, err := Execute(p, nil)
			require.NoError(t, err, "%s", name)
			assert.Equal(t, *o.Cycles, r.Cycles, "%s: cycles reported", name)
			mix, err := traffic.BuildAll(p.Sources, Env(&p.Config), p.Seed, "sources")
			require.NoError(t, err)
			var offered uint64
			for c := uint64(0); c < *o.Cycles; c++ {
				offered += uint64(len(mix.Tick(c)))
			}
			ok := offered == r.Totals.Arrived.Pkts
			for _, q := range append(r.Queues, r.Totals) {
				ok = ok && q.Arrived == add(q.Admitted, q.AdmDropped)
			}
			what := fmt.Sprintf("%s, lag 1 + %d claiming %d: %d offered, %d arrived", name, tm.AdmitLag, claim, offered, r.Totals.Arrived.Pkts)
			if claim == tm.AdmitLag+1 {
				assert.True(t, ok, "%s: every offer admitted or dropped", what)
			} else if !ok {
				broken++
				t.Logf("without the drain: %s", what)
			}
		}
	}
	assert.Positive(t, broken, "no scenario lost an offer without the drain: the check cannot fail")
}
