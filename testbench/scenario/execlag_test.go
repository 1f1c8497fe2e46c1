package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
)

// TestExecutorLagSplit pins the measured account of the executor's
// pipeline in dt-two-queue under Occamy at α=8 (docs/tm.md, "The
// thresholds see a head drop at its unlink"): a head drop's cells leave
// the queue's length at the unlink and reach the free count only when
// stage G frees them, a cycle or more later; the thresholds' free count
// credits them from the unlink, so no grant is taken only because the
// thresholds lack the executor's cells in flight (1132 such grants with
// the pipeline before the credit, 374 before the pipeline). Counted per
// cycle from Probe, Outputs and Events: grants (head-drop PD reads) and
// unlinks one for one, every unlinked cell freed, the grants whose bitmap
// bit was set only because the threshold lacked the executor's cells in
// flight, the back-to-back grant streaks, and the split of the loss. A
// change in when the executor frees (or in when the thresholds see it)
// moves these counts: update the docs' table with them.
func TestExecutorLagSplit(t *testing.T) {
	p, err := Prepare(Options{Scenario: "dt-two-queue", Policy: "occamy", Alpha: 8})
	require.NoError(t, err)
	m, mix, cfg := eventTM(t, p)
	type cyc struct {
		qlen      [2]uint32 // queues 0 and 8 after the cycle
		thr, free int       // class 0's threshold used in the cycle (thr_q); free count after it
		inflight  int       // executor's cells unlinked, not yet freed, after the cycle
	}
	watch := [2]int{0, 8}
	var prev [2 + tm.ThrLag]cyc // the cycles before, the last first
	var issued, unlinks, unlCells, freed, admDrops, lagOnly, inflightSum, streaks, run int
	inflight := 0
	for c := uint64(0); c < p.Cycles; c++ {
		for _, pk := range mix.Tick(c) {
			m.Offer(tm.Arrival{Queue: pk.Queue, Cells: pk.Cells})
		}
		require.NoError(t, m.Step(), "cycle %d", c)
		pr, out := m.Probe(), m.Outputs()
		for _, e := range m.Events() {
			if e.Kind == tm.EvAdmDrop {
				admDrops++
			}
		}
		if out.HDValid {
			unlinks++
			unlCells += out.HDCells
			assert.Equal(t, 6, out.HDCells, "cycle %d: cells of the unlinked packet", c)
		}
		freed += pr.HDPipe.Freed
		inflight += out.HDCells*b2i(out.HDValid) - pr.HDPipe.Freed
		inflightSum += inflight
		if pr.HDPipe.Issued {
			issued++
			run++
			// The bitmap used now was computed last cycle from its
			// start-of-cycle lengths and its thresholds, those of the
			// free count tm.ThrLag cycles before that (thr_q).
			if c >= uint64(len(prev)) {
				i := map[int]int{0: 0, 8: 1}[pr.GntIdx]
				f := &prev[1+tm.ThrLag]
				q, credited := int(prev[1].qlen[i]), (f.free+f.inflight)<<cfg.AlphaExp[0]
				if q > prev[0].thr && q <= credited {
					lagOnly++
				}
			}
		} else if run > 0 {
			streaks, run = streaks+1, 0
		}
		cur := cyc{thr: int(pr.Thr[0]), free: pr.Free, inflight: inflight}
		for i, q := range watch {
			cur.qlen[i] = pr.Qlen[q]
		}
		copy(prev[1:], prev[:len(prev)-1])
		prev[0] = cur
	}
	st := m.Stats()
	assert.Contains(t, []int{unlinks, unlinks + 1}, issued, "grants taken: one per unlink, perhaps one in flight at the end")
	assert.Equal(t, unlCells, freed, "every unlinked cell freed")
	assert.Equal(t, uint64(admDrops), st.Total.AdmDropped.Pkts, "admission drops: events against the counters")
	// With the thresholds registered (tm.ThrLag) a head drop's credit
	// reaches the selector a cycle later, so a queue stays in the bitmap
	// a cycle longer: more head drops in longer streaks, fewer admission
	// drops, the loss the same (before the register: 550, 3232, 3782,
	// 36 884 cells in flight, 1212 streaks; with it alone: 493, 3288,
	// 3781, 42 898, 823). With the grant registered too (flatcut) the
	// head drop's PD-port slots move against the dequeue's (a cycle after
	// each grant is the dequeue's): fewer head drops in shorter streaks,
	// more admission drops, the loss within one packet. With the dequeue's
	// frees registered too (tm.DeqFreeLag) the thresholds see a dequeued
	// cell a cycle later: fewer admission drops, more head drops in longer
	// streaks, the loss within one packet (with the grant register: 733,
	// 3049, 3782, 38 453, 1161). With the enqueue taking from a register
	// too (tm.EnqTakeLag) each packet links a cycle later when the engine
	// was idle: more admission drops, fewer head drops in fewer streaks,
	// the same loss (with the dequeue's free register: 506, 3277, 3783,
	// 40 167, 1320; the 30 sims move the same, docs/experiments.md).
	// With admission's effects a register too (AdmitSettle 2, merged
	// after): 985, 2797, 3782, 33 796, 938 (measured on the merge; the
	// split of the two not measured). With the enqueue's round a register
	// too (tm.EnqGoLag) every round pops and links a cycle later: fewer
	// admission drops, more head drops in fewer streaks, the loss within
	// one packet (measured, the mechanism not traced; the 30 sims move
	// the same way, docs/experiments.md). With u_arb's grant registered
	// too (agv_q, arbreg: a head drop's grant is u_arb's of a cycle before
	// or more, checked against the bitmap of the cycle it is used in): 6
	// fewer admission drops, 7 more head drops in 2 more streaks, the loss
	// within one packet (measured; a version that dropped the held grant
	// whenever its queue left the bitmap moved them to 1019 / 2763, and
	// one that replaced it when another queue was over and held a PD left
	// them at 500 / 3281). The executor's frees registered (hdf_q, hw/tm
	// HDFreeLag) moved none of these (admission's free count only, the
	// thresholds' unchanged); the grant dropped unused kept and loaded
	// first (agsave): 3 fewer admission drops, 2 more head drops in one
	// more streak, the loss one packet less (measured).
	assert.Equal(t, 491, admDrops, "admission drops (494 before agsave; 500 before u_arb's grant register; 985 before the enqueue's round register; 553 before admission's effects register; 506 with the dequeue's free register; 733 with the grant register; 493 with the thresholds register alone; 549 before the pipeline, 182 pipelined without the credit)")
	assert.Equal(t, 3290, unlinks, "head drops (3288 before agsave; 3281 before u_arb's grant register; 2797 before the enqueue's round register; 3230 before admission's effects register; 3277 with the dequeue's free register; 3049 with the grant register; 3288 with the thresholds register alone; 3233 before, 3599 without the credit)")
	assert.Equal(t, 3781, admDrops+unlinks, "the loss (3782 before agsave; 3781 before u_arb's grant register; 3782 before the enqueue's round register; 3783 with the dequeue's free register; 3782 with the grant register; 3781 with the thresholds register alone; 3782 before, 3781 without the credit)")
	assert.Zero(t, lagOnly, "grants over α·free but not over α·(free + the executor's cells in flight) (374 before, 1132 without the credit)")
	assert.Equal(t, 42937, inflightSum, "executor's cells in flight summed over cycles (42 918 before agsave; 42 844 before u_arb's grant register; 33 796 before the enqueue's round register; 38 596 before admission's effects register; 40 167 with the dequeue's free register; 38 453 with the grant register; 42 898 with the thresholds register alone; 38 892 before admission's three stages; 20 245 before, 50 563 without the credit)")
	assert.Equal(t, 886, streaks, "back-to-back grant streaks (885 before agsave; 883 before u_arb's grant register; 938 before the enqueue's round register; 1080 before admission's effects register; 1320 with the dequeue's free register; 1161 with the grant register; 823 with the thresholds register alone; 1343 before admission's three stages; 1363 before, 1183 without the credit)")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
