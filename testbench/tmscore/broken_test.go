package tmscore

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hw "occamy/hw/tm"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/design"
)

// nth acts on a cycle's outputs the n-th time cond holds of its inputs
// and outputs, counted over a run.
func nth(n int, cond func(l *port.Layout, in, out []uint32) bool, act func(l *port.Layout, w []uint32)) func(uint64, *port.Layout, []uint32, []uint32) {
	k := 0
	return func(c uint64, l *port.Layout, in, out []uint32) {
		if cond(l, in, out) {
			k++
			if k == n {
				act(l, out)
			}
		}
	}
}

func egLane0(l *port.Layout, in, out []uint32) bool { return portOf(l, out, "eg_valid_o")[0]&1 != 0 }
func hdOn(l *port.Layout, in, out []uint32) bool    { return portOf(l, out, "hd_valid_o")[0] != 0 }

// refusedSlot0 returns a cond: this cycle's in_ok_o refuses the packet
// slot 0 offered hw/tm.AdmitLag cycles before (in_ok_o answers those
// offers). Reading this cycle's in_valid_i instead flipped an answer to
// whatever slot 0 held a cycle before, often no offer: the break then
// showed nothing (the 300th such cycle, once the thresholds were
// registered).
func refusedSlot0() func(l *port.Layout, in, out []uint32) bool {
	var offered [hw.AdmitLag + 1]bool // slot 0's in_valid_i, by cycle mod AdmitLag+1
	k := 0
	return func(l *port.Layout, in, out []uint32) bool {
		offered[k] = portOf(l, in, "in_valid_i")[0]&1 != 0
		k = (k + 1) % len(offered)
		return offered[k] && portOf(l, out, "in_ok_o")[0]&1 == 0 // offered[k]: AdmitLag cycles before
	}
}

// tagW is occamy_tm's egress tag width in smallTM: SW + LW.
const tagW = 12 + 3

// TestBrokenDesigns: each check fails on a deliberately broken design,
// hw/tm's golden adapter with one thing wrong, and names itself.
func TestBrokenDesigns(t *testing.T) {
	occamy := smallTM(map[string]int{"POLICY": 1})
	for _, x := range []struct {
		name   string
		params map[string]int
		br     breaker
		want   []string // checks that must fail
		only   bool     // and no other
		seed   int64    // the run's seed, 1 when 0
		first  string   // the first violation's words, when set
	}{
		{name: "a cell's tag index flipped (data)", params: occamy, want: []string{"data"},
			br: breaker{out: nth(500, egLane0, func(l *port.Layout, w []uint32) {
				portOf(l, w, "eg_tag_o")[0] ^= 1
			})}},
		{name: "a foreign tag (data)", params: occamy, want: []string{"data"},
			br: breaker{out: nth(700, egLane0, func(l *port.Layout, w []uint32) {
				pack.Put(portOf(l, w, "eg_tag_o"), 0, tagW, 0x7ff8)
			})}},
		{name: "a cell reported on the wrong queue (data)", params: occamy, want: []string{"data"}, only: true,
			br: breaker{out: nth(900, egLane0, func(l *port.Layout, w []uint32) {
				portOf(l, w, "eg_qid_o")[0] ^= 1
			})}},
		// Not only order: the queue's later head drops are then matched to
		// the packets before theirs, so conservation fails too where their
		// sizes differ (they did not at this event before the executor's
		// stage A was registered).
		{name: "one head-drop event not reported (order)", params: occamy, want: []string{"order"},
			br: breaker{out: nth(40, hdOn, func(l *port.Layout, w []uint32) {
				portOf(l, w, "hd_valid_o")[0] = 0
			})}},
		{name: "a head drop reports one cell more (conservation)", params: occamy, want: []string{"conservation"},
			br: breaker{out: nth(40, hdOn, func(l *port.Layout, w []uint32) {
				portOf(l, w, "hd_cells_o")[0]++
			})}},
		// Not only conservation: the map's thresholds are T(B − Σ qlen_o)
		// (threshold_free: unqueued), so the broken cycle's are 2 cells
		// low, and since the thresholds are a register (hw/tm.ThrLag) the
		// admission answered at 3002 reads them: queue 2's 1 cell at its
		// threshold fails policy too.
		{name: "qlen_o[1] two cells high for a cycle (conservation)", params: occamy, want: []string{"conservation"},
			br: breaker{out: func(c uint64, l *port.Layout, _, w []uint32) {
				if c == 3000 {
					q := portOf(l, w, "qlen_o")
					pack.Put(q, 1, 7, pack.Get(q, 1, 7)+2)
				}
			}}},
		{name: "a refused packet reported admitted (conservation, policy)", params: occamy, want: []string{"conservation", "policy"},
			br: breaker{out: nth(300, refusedSlot0(), func(l *port.Layout, w []uint32) { portOf(l, w, "in_ok_o")[0] |= 1 })}},
		{name: "the design's α one exponent higher than the map's (policy)", params: occamy, want: []string{"policy"},
			br: breaker{in: func(c uint64, l *port.Layout, w []uint32) {
				a := portOf(l, w, "cfg_alpha_i")
				pack.Put(a, 0, 3, pack.Get(a, 0, 3)+1)
			}}},
		{name: "the longest queue expelled where the map says round robin (policy)", params: occamy, want: []string{"policy"}, only: true,
			first: "round robin starves it", br: breaker{in: func(c uint64, l *port.Layout, w []uint32) { portOf(l, w, "cfg_policy_i")[0] = 2 }}},
		// The same at the shape where counting unlinked packets failed the
		// golden (R=1 K=1 chain, seed 1, cycle 1402: fair.go): the check
		// counts only linked packets and still sees the starvation, queue 1
		// over and a candidate of u_choice while queue 0 is expelled.
		{name: "the longest queue expelled at R=1 K=1 chain (policy)", want: []string{"policy"}, only: true, seed: 8,
			params: smallTM(map[string]int{"POLICY": 1, "R": 1, "K": 1, "CHAIN": 1}), first: "round robin starves it",
			br: breaker{in: func(c uint64, l *port.Layout, w []uint32) { portOf(l, w, "cfg_policy_i")[0] = 2 }}},
		{name: "a head drop under dt (policy)", params: smallTM(map[string]int{"POLICY": 0}), want: []string{"policy"}, only: true,
			br: breaker{in: func(c uint64, l *port.Layout, w []uint32) { portOf(l, w, "cfg_policy_i")[0] = 1 }}},
		{name: "port 1 stops sending (liveness, conservation)", params: occamy, want: []string{"liveness", "conservation"},
			br: breaker{out: func(c uint64, l *port.Layout, _, w []uint32) {
				if c > 5000 {
					portOf(l, w, "eg_valid_o")[0] &^= 2
				}
			}}},
	} {
		t.Run(x.name, func(t *testing.T) {
			seed := x.seed
			if seed == 0 {
				seed = 1
			}
			r := runGold(t, x.params, 20000, seed, x.br)
			require.Equal(t, Fail, r.Verdict, "%s: %s", x.name, r.Summary())
			got := r.Violated()
			for _, w := range x.want {
				assert.Contains(t, got, w, "%s: %s", x.name, r.Summary())
			}
			if x.only {
				assert.Equal(t, x.want, got, "%s: first %v", x.name, r.First)
			}
			require.NotNil(t, r.First)
			assert.Contains(t, r.First.String(), x.first, x.name)
			t.Logf("%s: %v; first: %s", x.name, got, r.First)
		})
	}
}

// TestOutcomeFar: a design that is transaction-correct but never expels
// (occamy_tm run as dt while the map says occamy: its admissions are
// occamy's, it simply never head-drops) is not called a pass: the outcome
// beside hw/tm's is FAR, with the distance.
func TestOutcomeFar(t *testing.T) {
	r := runGold(t, smallTM(map[string]int{"POLICY": 1}), 20000, 1, breaker{m: func(f *design.File) {
		f.TM.Config.Policy.Values["occamy"] = 0 // the design's input value for dt
	}})
	require.Equal(t, Far, r.Verdict, r.Summary())
	assert.Greater(t, r.Outcome.Distance, r.Outcome.Tolerance)
	assert.Zero(t, r.Outcome.Design.HeadDropped)
	assert.NotZero(t, r.Outcome.Golden.HeadDropped)
	assert.Contains(t, r.Summary(), "head-dropped")
}

var _ = tmface.Policies
