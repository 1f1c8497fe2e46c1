package runner

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"occamy/testbench/blocks"
)

// TestPropertiesVerdictStoppedByDesign: a property run that the design's
// own check ($error) ended before any property failed is VIOLATED, naming
// the check, never HOLDS (it exits 1 as a violation does).
func TestPropertiesVerdictStoppedByDesign(t *testing.T) {
	r := &Result{
		Properties: &Properties{Props: []blocks.PropCount{{PropName: blocks.PropName{Name: "no_double_pop"}, Checked: 100}, {PropName: blocks.PropName{Name: "count_conserved"}, Checked: 206}}},
		Mismatch:   &Mismatch{Cycle: 207, Signal: "$error", Go: "-", RTL: "free_list: bank 1 pops cell 5, which is not free"}}
	r.Block, r.Top, r.Sim, r.Mode, r.Cycles, r.Compared = "freelist", "free_list", "verilator", "lock-step", 208, 206
	v := r.Verdict()
	assert.True(t, strings.HasPrefix(v, "VIOLATED freelist [defaults] (project RTL free_list, verilator lock-step): the design's own check stopped the run at cycle 207: $error free_list: bank 1 pops cell 5"), v)
	r.Mismatch = nil
	assert.True(t, strings.HasPrefix(r.Verdict(), "HOLDS freelist "), r.Verdict())
}
