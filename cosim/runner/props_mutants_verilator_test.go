//go:build verilator

package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
	"occamy/testbench/design"
)

// legalMutants change the reference in ways the properties allow: what
// Occamy needs of the block still holds (each with the reason). Every
// other mutant of a block with properties must violate one.
var legalMutants = map[string]string{
	"arb-reset-ptr": "another pointer after reset: a rotation may start anywhere",
	"mf-tie-high":   "ties to the highest index: any maximal candidate is allowed (caught with --lowest-tie)",
}

// TestPropertiesCatchMutants: --check properties, run on each mutant of
// the blocks with properties (the self-check's deliberately broken
// copies), reports a violation unless the mutant is legal; the legal tie
// mutant is caught when the reference's tie rule is asked for.
func TestPropertiesCatchMutants(t *testing.T) {
	needVerilator(t)
	for _, name := range []string{"arbiter", "selector", "threshold", "maxfind"} {
		b, err := blocks.Lookup(name)
		require.NoError(t, err)
		for _, m := range b.Checks.Mutants {
			t.Run(m.ID, func(t *testing.T) {
				file := mutant(t, t.TempDir(), m.File, m.Anchor, m.Replace)
				f := &design.File{Check: design.CheckProperties}
				// At the defaults and at the small set: some mutants
				// matter only at one (the group encoder needs several
				// groups of 8; a pointer past N shows when N is not a
				// power of two, through the design's own assertion).
				var caught *Result
				for _, p := range []map[string]int{nil, b.Small} {
					res := run(t, Options{Block: name, RTL: []string{file}, Top: b.Module, Params: p, Cycles: 20000, Design: f})
					if res.Mismatch != nil && caught == nil {
						caught = res
					}
				}
				if why, ok := legalMutants[m.ID]; ok {
					assert.Nil(t, caught, "%s is legal (%s)", m.ID, why)
				} else {
					require.NotNil(t, caught, "%s (%s) violates no property", m.ID, m.Desc)
					t.Log(caught.Verdict())
				}
				if m.ID == "mf-tie-high" {
					f.LowestTie = true
					res := run(t, Options{Block: name, RTL: []string{file}, Top: b.Module, Cycles: 20000, Design: f})
					require.NotNil(t, res.Mismatch, "with --lowest-tie")
					assert.Equal(t, "lowest_tie", res.Mismatch.Signal)
				}
			})
		}
	}
}
