package synth

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// depthTarget is issue 29's aim: every register-to-register path of
// occamy_tm within 8 LUT6 levels.
const depthTarget = 8

// depthOverToday are the TM sub-modules still deeper than depthTarget at
// the registry's small set, with their levels when this ratchet was set
// (occamy synth --block tm --small, Yosys 0.23, 2026-12-05). They may not
// grow; when one is pipelined, lower or delete its row. Every other
// sub-module, and the top's own logic, must stay within depthTarget
// (tm_sched among them: 53 levels before its DRR was pipelined, 5 after;
// tm_hd_choice: 12 before its maximum finder was pipelined, 5 after).
var depthOverToday = map[string]int{
	// 21 with the slot chain and a maximum finder; 11 since each slot
	// decides on its own (8 to in_ok_o, then the sums of the admitted
	// cells): reaching 8 needs a register after the decision.
	"tm_admission": 11,
}

// TestTMDepthRatchetSmall is a RATCHET, not issue 29's final depth guard:
// it synthesises each TM sub-block at the small set (15 s of wall time at
// two Yosys processes on a 2-core machine at load 4, 2 min at load 11;
// skipped with -short or without Yosys) and fails when a sub-module's longest path exceeds 8 LUT6 levels,
// except the sub-modules of depthOverToday, which fail only when they grow
// past their levels of today. The final guard is this test with
// depthOverToday empty.
func TestTMDepthRatchetSmall(t *testing.T) {
	y := needYosys(t)
	if testing.Short() {
		t.Skip("-short: the TM's synthesis at the small set takes 15 s of wall time or more")
	}
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
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
