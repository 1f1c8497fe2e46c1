package tmscore

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
	"occamy/testbench/blocks"
	"occamy/testbench/design"
)

// bound is the words of the conservation check's bound (checkBuffer).
const bound = "cells admitted and not yet left"

// TestConservationCellByCell: the cells in the design, counted cell by cell
// (a cell that left is no longer in it), stay within B + wait +
// egress_cells on hw/tm's golden adapter under pushout-ports, the policy
// that fills the wait, over seeds 1..40 and both free modes. Counted whole
// until their last cell left, the packets leaving added their cells
// already sent, held nowhere: that count reached 79 at seed 12 (per cell,
// cycle 4100) and 80 at seed 31 (chain, cycle 3506), over the 78 of the
// small set (docs/scoreboard.md, "Conservation cell by cell").
func TestConservationCellByCell(t *testing.T) {
	for _, chain := range []int{0, 1} {
		for seed := 1; seed <= 40; seed++ {
			name := fmt.Sprintf("pushout-ports chain=%d seed=%d", chain, seed)
			r := runGold(t, smallTM(map[string]int{"POLICY": 3, "CHAIN": chain, "CLASSES": 7 + seed}), 20000, int64(seed), breaker{})
			require.Equal(t, Pass, r.Verdict, "%s: %s; first: %v", name, r.Summary(), r.First)
		}
	}
}

// TestConservationBoundBroken: the bound fails on a design holding more
// than its map declares: egress buffers for TXWIN = 12 where the map's
// egress_cells is TXWIN = 4's, P·(4 − 1 + MAXPKT) = 18 (an egress
// overfill: no other check sees it), and a Pushout admitting 36 cells
// beyond B where the map's wait is 12 (an over-admission: the policy check
// sees it too).
func TestConservationBoundBroken(t *testing.T) {
	for _, x := range []struct {
		name   string
		extra  map[string]int
		m      func(f *design.File)
		chain  int
		seed   int64
		cycle  uint64 // the bound's first violation
		others []string
	}{
		{name: "egress TXWIN 12, map 4, per cell", extra: map[string]int{"TXWIN": 12}, chain: 0, seed: 1, cycle: 78, // 68 before the executor's frees register (hw/tm HDFreeLag); 55 before the enqueue's round register (hw/tm EnqGoLag); 141 with the enqueue cut alone, before the egress's registered booking (hw/tm EgressBookLag); 56 on main before the enqueue's next-packet register (hw/tm EnqTakeLag); // 88 before admission's effects register (hw/tm AdmitSettle 2), 138 before the dequeue's free register (hw/tm DeqFreeLag), 82 before the grant register (flatcut)
			m: func(f *design.File) { f.TM.Shape.EgressCells = 18 }},
		{name: "egress TXWIN 12, map 4, chain", extra: map[string]int{"TXWIN": 12}, chain: 1, seed: 1, cycle: 85, // 55 before the enqueue's round register (hw/tm EnqGoLag); 95 with the egress cut alone, 55 with the enqueue cut alone; 88 on main before the enqueue's next-packet register (hw/tm EnqTakeLag); // 86 before admission's effects register, 88 before the dequeue's free register, 56 before the grant register (flatcut)
			m: func(f *design.File) { f.TM.Shape.EgressCells = 18 }},
		// wait 36, chain 1, seed 2: with the dequeue's frees a register
		// (hw/tm DeqFreeLag) no run at wait 24 holds more than B + 12 +
		// egress_cells at once (seeds 1..30, both free modes: the policy
		// check alone sees it); at wait 36 seed 2 does in both modes (134
		// chain, 136 per cell). Before: wait 24, chain, seed 2, first at 135.
		// With admission's effects a register too (AdmitSettle 2) the same
		// run's first violation is still at 134. With the enqueue's round
		// register (EnqGoLag) the bound still fails at 135 (15 cells over
		// at 138; a scratch trace of checkBuffer), but after the policy
		// check's 10th violation: the kept list (MaxKept) holds none of
		// the bound's, so the cycle is read from the check's count.
		{name: "wait 36, map 12", extra: map[string]int{"PUSHOUT_WAIT": 36}, chain: 1, seed: 2, cycle: 135, // 134 on main before the enqueue's next-packet register (hw/tm EnqTakeLag);
			m: func(f *design.File) { f.TM.Shape.Wait = 12 }, others: []string{"policy"}},
	} {
		t.Run(x.name, func(t *testing.T) {
			p := smallTM(map[string]int{"POLICY": 3, "CHAIN": x.chain, "CLASSES": 7 + int(x.seed)})
			for k, v := range x.extra {
				p[k] = v
			}
			// The first cycle the conservation check failed, from its
			// count: the board keeps only the first MaxKept violations
			// in full, and at wait 36 the policy check's fill them
			// before the bound's (10 by cycle 135 since EnqGoLag).
			var at uint64
			failed := false
			each := func(c uint64, _ *port.Layout, _ []uint32, _ blocks.Golden, b *Board) {
				if !failed && b.tal.FailedAt(chkConserve) {
					at, failed = c, true
				}
			}
			r := runGold(t, p, 20000, x.seed, breaker{m: x.m, each: each})
			require.Equal(t, Fail, r.Verdict, "%s: %s", x.name, r.Summary())
			assert.ElementsMatch(t, append([]string{"conservation"}, x.others...), r.Violated(), "%s: first %v", x.name, r.First)
			require.True(t, failed, "%s: the conservation check never failed", x.name)
			assert.Equal(t, x.cycle, at, "%s: the conservation check's first violation", x.name)
			got := fmt.Sprintf("cycle %d: the conservation check's first violation (not kept: %d violations kept)", at, len(r.Violations))
			for _, v := range r.Violations {
				if v.Check == "conservation" && strings.Contains(v.What, bound) {
					got = v.String()
					assert.Equal(t, x.cycle, v.Cycle, "%s: the bound's first violation: %s", x.name, got)
					break
				}
			}
			t.Logf("%s: %s", x.name, got)
		})
	}
}
