package scenario

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// run prepares and executes a scenario, failing the test on error.
func run(t *testing.T, o Options) *Result {
	t.Helper()
	p, err := Prepare(o)
	require.NoError(t, err, "prepare %+v", o)
	r, err := Execute(p, nil)
	require.NoError(t, err, "execute %s %s", o.Scenario, o.Policy)
	return r
}

func get(t *testing.T, r *Result, name string) float64 {
	t.Helper()
	v, ok := r.Metrics.Get(name)
	require.True(t, ok, "%s %s: metric %s missing", r.Scenario, r.Policy, name)
	return v
}

func u64(v uint64) *uint64 { return &v }

// TestDeterminism checks that the same seed gives the same result, byte
// for byte, and another seed another result where randomness is involved.
func TestDeterminism(t *testing.T) {
	for _, o := range []Options{
		{Scenario: "random-load", Policy: "occamy", Cycles: u64(30000)},
		{Scenario: "burst-absorption", Policy: "dt", Params: map[string]float64{"search": 0}},
	} {
		a, err := json.Marshal(run(t, o))
		require.NoError(t, err)
		b, err := json.Marshal(run(t, o))
		require.NoError(t, err)
		assert.Equal(t, string(a), string(b), "%s: two runs with seed 1", o.Scenario)
	}
	o := Options{Scenario: "random-load", Policy: "occamy", Cycles: u64(30000)}
	a := run(t, o)
	o.Seed = u64(2)
	b := run(t, o)
	assert.NotEqual(t, a.Totals, b.Totals, "random-load: seeds 1 and 2 give the same totals")
}

// TestDTTwoQueue checks the healthy and anomalous cases of Fig. 3 and the
// DT steady state the scenario starts from.
func TestDTTwoQueue(t *testing.T) {
	cases := []struct {
		bm        string
		alpha     float64
		burstRate float64
		anomalous bool
	}{
		{"dt", 8, 8, true},
		{"dt", 8, 1.5, false},   // below 2+1/α
		{"dt", 8, 2, false},     // still below 2+1/8
		{"dt", 8, 3, true},      // above
		{"dt", 1, 2.5, false},   // below 2+1/1
		{"dt", 1, 8, true},      // above, but α=1 reserves half the buffer: mild
		{"occamy", 8, 8, false}, // expulsion keeps up
		{"pushout", 8, 8, false},
	}
	for _, tc := range cases {
		r := run(t, Options{Scenario: "dt-two-queue", Policy: tc.bm, Alpha: tc.alpha, Params: map[string]float64{"burst_rate": tc.burstRate}})
		name := func(m string) string {
			return r.Policy + " α=" + fmtNum(tc.alpha) + " burst_rate=" + fmtNum(tc.burstRate) + ": " + m
		}
		steady, theory := get(t, r, "q1_steady_cells"), get(t, r, "q1_steady_theory_cells")
		if tc.bm != "pushout" {
			assert.InEpsilon(t, theory, steady, 0.01, name("q1 before the burst vs αB/(1+α)"))
		}
		share := get(t, r, "q2_share_at_first_drop")
		if tc.anomalous {
			assert.Equal(t, 1.0, get(t, r, "anomalous"), name("anomalous"))
			assert.Less(t, share, 0.9, name("q2 share at its first drop"))
			if tc.alpha == 8 && tc.burstRate == 8 {
				assert.Less(t, share, 0.3, name("q2 share at its first drop"))
			}
		} else {
			assert.Equal(t, 0.0, get(t, r, "anomalous"), name("anomalous"))
			assert.Greater(t, share, 0.95, name("q2 share at its first drop"))
		}
		assert.GreaterOrEqual(t, get(t, r, "q2_first_drop_after_cycles"), 0.0, name("q2 is dropped at some point"))
	}
}

// TestBurstAbsorption checks the scenario's metrics against each other and
// the qualitative claim: Occamy absorbs a larger burst than DT at α=8.
func TestBurstAbsorption(t *testing.T) {
	res := map[string]*Result{}
	for _, bm := range []string{"dt", "occamy"} {
		r := run(t, Options{Scenario: "burst-absorption", Policy: bm, Alpha: 8})
		res[bm] = r
		best, before := get(t, r, "max_lossless_burst_cells"), get(t, r, "burst_cells_before_first_drop")
		assert.Positive(t, best, "%s: max lossless burst", bm)
		assert.LessOrEqual(t, best, float64(r.Config.B), "%s: max lossless burst within B", bm)
		assert.LessOrEqual(t, best, before+float64(6*r.Config.B/100), "%s: the search cannot beat the cells before the first drop by much", bm)
		assert.InEpsilon(t, get(t, r, "bg_steady_theory_cells"), get(t, r, "bg_cells_at_burst"), 0.01, "%s: background at its DT steady state", bm)
		offered, dropped := get(t, r, "burst_pkts_offered"), get(t, r, "burst_pkts_dropped")
		assert.Equal(t, dropped, get(t, r, "burst_pkts_adm_dropped")+get(t, r, "burst_pkts_head_dropped"), "%s: drops add up", bm)
		assert.LessOrEqual(t, dropped, offered, "%s: drops at most the offered", bm)
		assert.Positive(t, dropped, "%s: half a buffer of burst at α=8 loses packets", bm)
	}
	dt, oc := get(t, res["dt"], "max_lossless_burst_cells"), get(t, res["occamy"], "max_lossless_burst_cells")
	assert.Greater(t, oc, 2*dt, "occamy vs dt at α=8: largest lossless burst")
	assert.Greater(t, get(t, res["occamy"], "max_lossless_burst_cells"), 0.9*get(t, res["occamy"], "fair_share_cells"), "occamy absorbs about its fair share")
	assert.Less(t, get(t, res["dt"], "burst_pkts_head_dropped"), 1.0, "dt never head-drops")
}

// TestIncastScenarios checks buffer-choking and incast: DT loses more of
// the incast than Occamy, nothing is lost without the background, and the
// background sits at its DT steady state when the incast starts.
func TestIncastScenarios(t *testing.T) {
	for _, name := range []string{"buffer-choking", "incast"} {
		dt := run(t, Options{Scenario: name, Policy: "dt"})
		oc := run(t, Options{Scenario: name, Policy: "occamy"})
		assert.Greater(t, get(t, dt, "incast_pkts_dropped"), 1.5*get(t, oc, "incast_pkts_dropped"), "%s: dt vs occamy incast drops", name)
		assert.Greater(t, get(t, oc, "incast_max_len_cells"), 2*get(t, dt, "incast_max_len_cells"), "%s: dt vs occamy incast queue", name)
		assert.Zero(t, get(t, dt, "lp_pkts_head_dropped"), "%s: dt head drops", name)
		assert.Positive(t, get(t, oc, "lp_pkts_head_dropped"), "%s: occamy expels low-priority packets", name)
		assert.InEpsilon(t, get(t, dt, "lp_steady_theory_cells"), get(t, dt, "lp_cells_at_incast"), 0.05, "%s: background at its DT steady state", name)
		base := run(t, Options{Scenario: name, Policy: "dt", Alpha: 1, Params: map[string]float64{"background": 0}})
		assert.Zero(t, get(t, base, "incast_pkts_dropped"), "%s: incast alone at α=1", name)
		assert.Equal(t, get(t, base, "incast_deserved_cells"), get(t, dt, "incast_deserved_cells"), "%s: the paper's setting deserves the same buffer with and without background", name)
	}
	// Buffer choking: the low-priority queues share the incast's port, so
	// under DT they do not shrink while the incast is queued.
	r := run(t, Options{Scenario: "buffer-choking", Policy: "dt"})
	assert.Equal(t, 0, r.Queues[0].Port, "incast port")
	for q := 1; q <= 7; q++ {
		assert.Equal(t, 0, r.Queues[q].Port)
		assert.True(t, r.Queues[q].Active(), "buffer-choking: low-priority queue %d active", q)
	}
	r = run(t, Options{Scenario: "incast", Policy: "dt"})
	for q := 9; q <= 15; q++ {
		assert.True(t, r.Queues[q].Active(), "incast: low-priority queue %d (port 1) active", q)
	}
}

// TestRandomLoad checks offered load and throughput against the load.
func TestRandomLoad(t *testing.T) {
	for _, load := range []float64{0.3, 0.9} {
		r := run(t, Options{Scenario: "random-load", Policy: "occamy", Params: map[string]float64{"load": load}})
		assert.InEpsilon(t, load, get(t, r, "offered_load"), 0.02, "load %v: offered", load)
		assert.InEpsilon(t, get(t, r, "offered_load"), get(t, r, "throughput"), 0.02, "load %v: throughput", load)
		assert.Zero(t, get(t, r, "drop_frac"), "load %v: drops", load)
	}
	r := run(t, Options{Scenario: "random-load", Policy: "dt", Cycles: u64(60000), Params: map[string]float64{"load": 1.5}})
	assert.Positive(t, get(t, r, "drop_frac"), "overload: drops")
	assert.InEpsilon(t, 1.0, get(t, r, "throughput"), 0.05, "overload: every port busy")
}

// TestConservation checks per-queue bookkeeping of every scenario over its
// whole run: each arrived packet is admitted or dropped at admission, and
// each admitted one is transmitted, head-dropped, still queued, or in
// flight in its port's transmit window (at most TxWindow cells a port).
func TestConservation(t *testing.T) {
	for _, name := range Names() {
		o := Options{Scenario: name, Policy: "occamy", Params: map[string]float64{}}
		if name == "custom" {
			o.Sources = append(o.Sources, mustFlag(t, "kind=onoff,queue=2,rate=3,burst_bytes=100000,off_cycles=500"))
		}
		if name == "burst-absorption" {
			o.Params["search"] = 0
		}
		r := run(t, o)
		for _, q := range append(r.Queues, r.Totals) {
			assert.Equal(t, q.Arrived, add(q.Admitted, q.AdmDropped), "%s queue %d: arrived = admitted + adm-dropped", name, q.Queue)
			done := add(add(q.Transmitted, q.HeadDropped), q.Len)
			require.GreaterOrEqual(t, q.Admitted.Cells, done.Cells, "%s queue %d: admitted ≥ transmitted + head-dropped + len", name, q.Queue)
			assert.LessOrEqual(t, q.Admitted.Cells-done.Cells, uint64(r.Config.P*r.Config.TxWindow), "%s queue %d: cells in flight", name, q.Queue)
		}
	}
}

// TestCheckEveryCycle runs every scenario briefly, on a 2048-cell buffer,
// with the TM's per-cycle invariant checks on.
func TestCheckEveryCycle(t *testing.T) {
	for _, name := range Names() {
		o := Options{Scenario: name, Policy: "occamy", Check: true, Cycles: u64(4000), Params: map[string]float64{},
			TM: []TMSet{{Field: "B", Value: 2048}}}
		if name == "custom" {
			o.Sources = append(o.Sources, mustFlag(t, "kind=onoff,queue=2,rate=3,burst_bytes=100000,off_cycles=500"))
		}
		if name == "burst-absorption" {
			o.Params["burst_start"] = 1000
			o.Params["search"] = 0
		}
		p, err := Prepare(o)
		require.NoError(t, err)
		require.True(t, p.Config.Check, "%s: Check set", name)
		_, err = Execute(p, nil)
		require.NoError(t, err, "%s with invariant checks", name)
	}
}

func add(a, b Count) Count { return Count{Pkts: a.Pkts + b.Pkts, Cells: a.Cells + b.Cells} }
