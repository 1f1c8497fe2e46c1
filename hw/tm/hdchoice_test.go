package tm

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/arbiter"
	"occamy/rtl"
)

// TestHDChoicePorts drives tm_hd_choice's Go twin alone (N=4), with u_arb
// (hw/arbiter, pointer at 0 unless set) between its two phases as
// occamy_tm wires it, one row per case of its contract: what gnt_*,
// arb_req_o and arb_ack_o must be for the inputs. Built without setN, its
// finder has no pipeline (Stale() = 0): the same-cycle contract; the
// stale one is TestPushoutPortsChoice's and the co-simulation's.
// gnt_idx_o carries no guard (issue 29, pdidx): without a grant it still
// names u_arb's index (occamy) or the finder's valid root (occamy-lqd,
// pushout-ports), so the no-grant rows pin that queue, not 0.
func TestHDChoicePorts(t *testing.T) {
	qlen := []uint32{5, 9, 9, 2}
	thr := []uint32{4, 8, 10, 1} // queue 2 is no longer over (9 <= 10)
	cases := []struct {
		name               string
		pol                Policy
		recheck, neg, take bool
		over, cand         rtl.Bitmap
		ptr                uint16
		req                rtl.Bitmap
		valid              bool
		idx                uint16
		ack, considered    bool
	}{
		{"dt never chooses", polDT, false, true, true, bitsOf(0, 1), bitsOf(0, 1), 0, rtl.Bitmap{}, false, 0, false, false},
		{"abm never chooses", polABM, false, true, true, bitsOf(0, 1), bitsOf(0, 1), 0, rtl.Bitmap{}, false, 0, false, false},
		{"ideal pushout never chooses", polPushout, false, true, true, bitsOf(0, 1), bitsOf(0, 1), 0, rtl.Bitmap{}, false, 0, false, false},
		{"occamy: u_arb over over&cand, taken", polOccamy, false, false, true, bitsOf(1, 2, 3), bitsOf(0, 2, 3), 0, bitsOf(2, 3), true, 2, true, true},
		{"occamy: from the pointer", polOccamy, false, false, true, bitsOf(1, 2, 3), bitsOf(0, 2, 3), 3, bitsOf(2, 3), true, 3, true, true},
		{"occamy: not taken, shown, not acknowledged", polOccamy, false, false, false, bitsOf(2), bitsOf(2), 0, bitsOf(2), true, 2, false, true},
		{"occamy: no queue over, no request", polOccamy, false, false, true, rtl.Bitmap{}, bitsOf(0, 1), 0, rtl.Bitmap{}, false, 0, false, false},
		{"occamy: over but no candidate: acknowledge without a grant", polOccamy, false, false, true, bitsOf(1), bitsOf(0), 0, rtl.Bitmap{}, false, 0, true, true},
		{"occamy recheck: stale grant dropped, not acknowledged", polOccamy, true, false, true, bitsOf(2), bitsOf(2), 0, bitsOf(2), false, 2, false, true},
		{"occamy recheck: still over", polOccamy, true, false, true, bitsOf(1), bitsOf(1), 0, bitsOf(1), true, 1, true, true},
		{"lqd: longest of over&cand, lowest index on ties", polLQD, false, false, true, bitsOf(0, 1, 2), bitsOf(0, 1, 2, 3), 0, rtl.Bitmap{}, true, 1, false, true},
		{"lqd: the longest of over_i is not a candidate: no grant, no second choice", polLQD, false, false, true, bitsOf(0, 1, 2), bitsOf(0, 2), 0, rtl.Bitmap{}, false, 1, false, true},
		{"lqd recheck: stale longest dropped", polLQD, true, false, true, bitsOf(0, 2), bitsOf(0, 2), 0, rtl.Bitmap{}, false, 2, false, true},
		{"lqd: nothing over", polLQD, false, false, true, rtl.Bitmap{}, bitsOf(0, 1), 0, rtl.Bitmap{}, false, 0, false, false},
		{"pushout-ports: longest queue, a candidate, while free < 0", polPushoutPort, false, true, true, rtl.Bitmap{}, bitsOf(1, 3), 0, rtl.Bitmap{}, true, 1, false, true},
		{"pushout-ports: longest queue not a candidate: no grant", polPushoutPort, false, true, true, rtl.Bitmap{}, bitsOf(0, 3), 0, rtl.Bitmap{}, false, 1, false, true},
		{"pushout-ports: not while free >= 0", polPushoutPort, false, false, true, bitsOf(1), bitsOf(0, 1), 0, rtl.Bitmap{}, false, 1, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			arb, err := arbiter.New(arbiter.Params{N: 4})
			require.NoError(t, err)
			arb.RstNI = true
			arb.SetState(arbiter.State{PtrQ: tc.ptr})
			c := &HDChoice{PolicyI: tc.pol, RecheckI: tc.recheck, OverI: tc.over, CandI: tc.cand, QlenI: qlen, ThrI: thr,
				FreeNegI: tc.neg, TakeI: tc.take}
			c.EvalReq()
			assert.Equal(t, tc.req, c.ArbReqO, "arb_req_o")
			arb.ReqI, arb.AckI = c.ArbReqO, false
			arb.Eval()
			c.ArbValidI, c.ArbIdxI = arb.GntValidO, arb.GntIdxO
			c.EvalGnt()
			assert.Equal(t, tc.valid, c.GntValidO, "gnt_valid_o")
			assert.Equal(t, tc.idx, c.GntIdxO, "gnt_idx_o")
			assert.Equal(t, tc.ack, c.ArbAckO, "arb_ack_o")
			assert.Equal(t, tc.considered, c.ConsideredO.Any(), "candidates considered")
			if tc.valid {
				assert.True(t, tc.cand.Test(int(tc.idx)), "a grant names a candidate")
			}
			arb.AckI = c.ArbAckO
			arb.Eval()
			arb.Commit()
			want := tc.ptr
			if c.ArbAckO && arb.GntValidO {
				want = (arb.GntIdxO + 1) % 4
			}
			assert.Equal(t, want, arb.State().PtrQ, "u_arb's pointer moves only on an acknowledged grant")
		})
	}
}

// TestHDChoiceEvalTwice: both phases are combinational: evaluating them
// again with the same inputs gives the same outputs.
func TestHDChoiceEvalTwice(t *testing.T) {
	for _, pol := range AllPolicies {
		c := &HDChoice{PolicyI: pol, OverI: bitsOf(1, 2), CandI: bitsOf(0, 2), QlenI: []uint32{1, 2, 3, 4}, ThrI: []uint32{0, 0, 0, 0},
			FreeNegI: true, TakeI: true, ArbValidI: true, ArbIdxI: 2}
		c.EvalReq()
		c.EvalGnt()
		a := *c
		c.EvalReq()
		c.EvalGnt()
		assert.Equal(t, fmt.Sprint(a), fmt.Sprint(*c), "%v", pol)
	}
}

// TestHDChoiceHoldMatchesShift steps two tm_hd_choice twins (N=64, a
// finder six stages deep) with the same random inputs: one that holds the
// finder's pipeline under the policies without a finder (Commit), and one
// that shifts it under every policy. The policy changes with a
// reconfiguring reset (setN), as occamy_tm and the sub-block face change
// it; both must show the same outputs every cycle and the same pipeline
// after every edge. Without a reset the held pipeline is what the last
// finder policy left (tm_hd_choice's use_mf holds its tree the same way),
// where the shifting twin's would be empty: the last part shows it.
func TestHDChoiceHoldMatchesShift(t *testing.T) {
	const n = 64
	qlen, thr := make([]uint32, n), make([]uint32, n)
	hold := &HDChoice{QlenI: qlen, ThrI: thr}
	full := &HDChoice{QlenI: qlen, ThrI: thr, full: true}
	r := rand.New(rand.NewPCG(5, 24))
	random := func() rtl.Bitmap {
		var b rtl.Bitmap
		b[0] = r.Uint64() & r.Uint64()
		return b
	}
	pols := []Policy{polLQD, polDT, polOccamy, polPushoutPort, polABM, polLQD, polPushout, polOccamy, polPushoutPort}
	held := 0
	for _, pol := range pols {
		for _, c := range []*HDChoice{hold, full} {
			c.PolicyI, c.RecheckI = pol, pol == polLQD
			c.setN(n) // the reconfiguring reset
		}
		for cy := 0; cy < 2000; cy++ {
			over, cand := random(), random()
			for i := range qlen {
				qlen[i], thr[i] = uint32(r.IntN(64)), uint32(r.IntN(64))
			}
			neg, take, av, ai := r.IntN(2) == 0, r.IntN(2) == 0, r.IntN(2) == 0, uint16(r.IntN(n))
			for _, c := range []*HDChoice{hold, full} {
				c.OverI, c.CandI, c.FreeNegI, c.TakeI = over, cand, neg, take
				c.EvalReq()
				c.ArbValidI, c.ArbIdxI = av, ai
				c.EvalGnt()
			}
			msg := fmt.Sprintf("%s, cycle %d", pol, cy)
			require.Equal(t, full.GntValidO, hold.GntValidO, "%s: gnt_valid_o", msg)
			require.Equal(t, full.GntIdxO, hold.GntIdxO, "%s: gnt_idx_o", msg)
			require.Equal(t, full.ArbAckO, hold.ArbAckO, "%s: arb_ack_o", msg)
			require.Equal(t, full.ArbReqO, hold.ArbReqO, "%s: arb_req_o", msg)
			require.Equal(t, full.StaleDropO, hold.StaleDropO, "%s: stale drop", msg)
			hold.Commit()
			full.Commit()
			require.Equal(t, full.pipeline(), hold.pipeline(), "%s: the finder's pipeline after the edge", msg)
			if pol != polLQD && pol != polPushoutPort {
				held++
			}
		}
	}
	assert.Greater(t, held, 5000, "the hold was exercised")
	// occamy-lqd, then occamy without a reset: the held pipeline keeps its
	// results (as the Verilog's tree), the shifting one empties.
	for _, c := range []*HDChoice{hold, full} {
		c.PolicyI = polLQD
		c.setN(n)
		c.OverI = rtl.Bitmap{1}
		for cy := 0; cy < 8; cy++ {
			c.EvalReq()
			c.EvalGnt()
			c.Commit()
		}
		c.PolicyI = polOccamy
		for cy := 0; cy < 8; cy++ {
			c.EvalReq()
			c.EvalGnt()
			c.Commit()
		}
	}
	assert.False(t, hold.pipeEmpty(), "held: occamy-lqd's results stay in the pipeline")
	assert.True(t, full.pipeEmpty(), "shifting: the pipeline emptied")
}

// TestHDChoiceHeldFinderMatchesScan steps two pushout-ports choices
// (N=64) with the same inputs: one told the queues whose qlen_i changed
// (ChgKnownI, QlenChgI, as the top tells it), whose finder updates its
// last result from those, and one that visits every queue each cycle.
// The lengths move a few queues a cycle, up and down, often to the
// longest's length (ties) or below it, sometimes all to zero; a reset
// (setN) every 3000 cycles clears them, unmarked, as a reset would. Both
// must show the same outputs every cycle and the same pipeline after
// every edge. It fails without the tie rule (cycle 7), without the full
// visit when the longest shrinks (cycle 108) or when a reset keeps the
// last result (cycle 3000).
func TestHDChoiceHeldFinderMatchesScan(t *testing.T) {
	const n = 64
	qa, qb, thr := make([]uint32, n), make([]uint32, n), make([]uint32, n)
	held := &HDChoice{PolicyI: polPushoutPort, QlenI: qa, ThrI: thr, ChgKnownI: true}
	scan := &HDChoice{PolicyI: polPushoutPort, QlenI: qb, ThrI: thr}
	r := rand.New(rand.NewPCG(24, 5))
	rescans := 0
	for cy := 0; cy < 20000; cy++ {
		if cy%3000 == 0 { // a reset: the lengths start again, none marked
			held.setN(n)
			scan.setN(n)
			for i := range qa {
				qa[i], qb[i] = 0, 0
			}
			held.QlenChgI = rtl.Bitmap{}
		}
		longest := uint32(0)
		for _, l := range qa {
			longest = max(longest, l)
		}
		for k := r.IntN(4); k > 0; k-- {
			i := r.IntN(n)
			v := qa[i]
			switch r.IntN(5) {
			case 0:
				v = longest // a tie with the longest
			case 1:
				v = uint32(r.IntN(int(longest) + 1)) // at or below it
			case 2:
				v += uint32(r.IntN(3))
			default:
				v -= min(v, uint32(r.IntN(3)))
			}
			if qa[i] != v {
				qa[i], qb[i] = v, v
				held.QlenChgI.Set(i)
			}
		}
		if r.IntN(500) == 0 {
			for i := range qa {
				if qa[i] != 0 {
					qa[i], qb[i] = 0, 0
					held.QlenChgI.Set(i)
				}
			}
		}
		if held.heldOK && held.heldIdx >= 0 && held.QlenChgI.Bit(held.heldIdx) != 0 && qa[held.heldIdx] < held.heldLen {
			rescans++
		}
		cand, neg := rtl.Bitmap{r.Uint64()}, r.IntN(4) != 0
		for _, c := range []*HDChoice{held, scan} {
			c.CandI, c.FreeNegI, c.TakeI = cand, neg, true
			c.EvalReq()
			c.EvalGnt()
		}
		msg := fmt.Sprintf("cycle %d", cy)
		require.Equal(t, scan.nxt, held.nxt, "%s: the finder's leaves' result", msg)
		require.Equal(t, scan.GntValidO, held.GntValidO, "%s: gnt_valid_o", msg)
		require.Equal(t, scan.GntIdxO, held.GntIdxO, "%s: gnt_idx_o", msg)
		require.Equal(t, scan.StaleDropO, held.StaleDropO, "%s: stale drop", msg)
		require.Zero(t, held.QlenChgI, "%s: QlenChgI consumed", msg)
		held.Commit()
		scan.Commit()
		require.Equal(t, scan.pipeline(), held.pipeline(), "%s: the finder's pipeline after the edge", msg)
	}
	assert.Greater(t, rescans, 100, "the longest shrank, a full visit")
}
