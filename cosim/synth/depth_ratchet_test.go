package synth

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// depthTarget is issue 29's aim: every register-to-register path of
// occamy_tm within 8 LUT6 levels.
const depthTarget = DepthTarget

// depthOverToday are the TM sub-modules still deeper than depthTarget at
// the registry's small set, with their levels when this ratchet was set.
// It is empty: since tm_admission's three stages (21 levels with the slot
// chain, 11 with each slot on its own, 7 pipelined; occamy synth --block
// tm --small, Yosys 0.23) every sub-module and the top's own logic are
// within depthTarget (tm_sched among them: 53 levels before its DRR was
// pipelined, 5 after; tm_hd_choice: 12 before its maximum finder was
// pipelined, 5 after). A row may come back only with a reason.
var depthOverToday = map[string]int{}

// TestTMDepthRatchetSmall is issue 29's depth guard at the small set: it
// synthesises each TM sub-block at the small set (15 s of wall time at
// two Yosys processes on a 2-core machine at load 4, 2 min at load 11;
// skipped with -short or without Yosys) and fails when a sub-module's longest path exceeds 8 LUT6 levels,
// except the sub-modules of depthOverToday (none), which fail only when
// they grow past their levels of today.
func TestTMDepthRatchetSmall(t *testing.T) {
	y, j := smallTMJob(t, "the TM's synthesis at the small set takes 15 s of wall time or more")
	res, err := (&Runner{Yosys: y, VerilogDir: verilogDir, Jobs: 2}).RunTM(context.Background(), j)
	require.NoError(t, err)
	parts := append([]TMPart{res.Own}, res.Parts...)
	require.Greater(t, len(parts), 10, "a weak check: few sub-modules synthesised")
	seen := map[string]bool{}
	for _, p := range parts {
		name := p.Module
		if p.Path == "" {
			name = "occamy_tm (own logic)"
		}
		allowed := depthTarget
		if over, ok := depthOverToday[p.Module]; ok {
			allowed = over
			seen[p.Module] = true
		}
		assert.LessOrEqual(t, p.Levels.Length, allowed,
			"%s (%s): %d LUT6 levels (%s -> %s), allowed %d at the small set", p.Path, name, p.Levels.Length, p.Levels.From, p.Levels.To, allowed)
		if over, ok := depthOverToday[p.Module]; ok && p.Levels.Length < over {
			t.Logf("%s: %d levels, under its ratchet of %d: lower depthOverToday", p.Module, p.Levels.Length, over)
		}
	}
	for m := range depthOverToday {
		assert.True(t, seen[m], "depthOverToday names %s, which the TM no longer instantiates", m)
	}
}

// flatToday is the whole TM's longest path at the small set, synthesised
// flat (RunTMFlat), when this ratchet was set: 12 levels, from u_pdl's
// one_q through the scheduler's issued port into u_egress and the PD
// memory's read address (occamy_tm.sv's PD read mux), a path across
// sub-blocks that the per-sub-block runs above do not see. Since the
// scheduler's grant is registered (flatcut) no path runs from the
// scheduler to the PD read address; the longest is still 12, another
// crossing: u_enq.n_q to the top's fly_q (the enqueue's pops, the free
// list, the head drop's lanes and their frees). Since the dequeue's frees
// are a register (tm_dequeue's fa_q.., hw/tm DeqFreeLag) no path runs from
// u_deq's job FIFO into u_fl, u_hd or cp_mem: 11 levels, u_hd.cnt_q to
// fly_q (census: u_deq.fh_q to cp_raddr, u_adm.s2_ok_q to u_pdl.cnt_q, 11
// too; `occamy synth --block tm --flat --small`). Since the executor's
// lanes read one bit per free-list bank (ne_f_o, not the count after
// stage F: flcut) nothing from u_deq is over 8: 10 levels, u_hd.cnt_q to
// fly_q (census: u_adm.s2_ok_q to cp_raddr, u_pdl, u_fl, 10 too). Since
// the enqueue takes from a register too (tm_enqueue's nx_q, hw/tm
// EnqTakeLag) no path from u_adm or u_enq is over 8: 10 levels, u_enq.rot_q
// to free_q (census: u_fl.cnt_q to cp_raddr, qlen_q to u_pdl.fpd_q).
// Since the enqueue's round is a register too (tm_enqueue's stage X, hw/tm
// EnqGoLag) no path runs from u_fl's counts through the round's go into
// u_fl, u_hd, cp_raddr or u_pdl: 8 levels, u_sched.def_q to itself, no
// endpoint over 8 (census: u_deq.fh_q to cp_raddr 8). 7 at stop 49
// (cpdown, usereg), left at 8. Since the executor's frees are a register
// before the free count and u_arb's grant register loads on the take
// (stop 50: hdfree, agsave, agtake): 6 levels, u_sched.def_q to
// u_sched.add_q, no endpoint over 6 (census: u_deq.fa_q to u_hd.rp_q 6;
// 1 782 endpoints, 4 362 LUT6). Issue 29's target is depthTarget for these
// paths too; the ratchet fails when the flat depth grows past today's, and
// logs when it falls.
const flatToday = 6

// TestTMFlatDepthSmall synthesises the TM at the small set flat (one Yosys
// run, about 40 s of wall time alone) and checks its longest path against
// flatToday; it is never below the deepest sub-block's (a path inside a
// sub-block is a path of the whole).
func TestTMFlatDepthSmall(t *testing.T) {
	y, j := smallTMJob(t, "the TM's flat synthesis at the small set takes 40 s of wall time or more")
	f, err := (&Runner{Yosys: y, VerilogDir: verilogDir}).RunTMFlat(context.Background(), j, depthTarget)
	require.NoError(t, err)
	require.Greater(t, f.Cost.LUTs, 1000, "a weak check: the flat TM mapped to few LUTs")
	// The census reads the netlist ltp measured and counts levels as it
	// does: its deepest endpoint is ltp's longest path.
	assert.Equal(t, f.Levels.Length, f.Census.Max,
		"the flat TM at the small set: the census's deepest endpoint (%s -> %s) against ltp's path (%s -> %s)",
		f.Census.MaxFrom, f.Census.MaxTo, f.Levels.From, f.Levels.To)
	require.Greater(t, f.Census.Endpoints, 1000, "a weak check: the census found few endpoints")
	assert.LessOrEqual(t, f.Levels.Length, flatToday,
		"the flat TM at the small set: %d LUT6 levels (%s -> %s), more than today's %d (issue 29's target %d)",
		f.Levels.Length, f.Levels.From, f.Levels.To, flatToday, depthTarget)
	if f.Levels.Length < flatToday {
		t.Logf("the flat TM: %d levels (%s -> %s), under its ratchet of %d: lower flatToday", f.Levels.Length, f.Levels.From, f.Levels.To, flatToday)
	}
	if f.Levels.Length > depthTarget {
		t.Logf("the flat TM: %d levels (%s -> %s), issue 29's target is %d", f.Levels.Length, f.Levels.From, f.Levels.To, depthTarget)
	}
}

// smallTMJob is Yosys and the TM's job at the small set, or a skip: no
// Yosys, or -short (why: how long the test's synthesis takes).
func smallTMJob(t *testing.T, why string) (string, TMJob) {
	t.Helper()
	y := needYosys(t)
	if testing.Short() {
		t.Skip("-short: " + why)
	}
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	return y, j
}
