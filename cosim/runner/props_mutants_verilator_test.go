//go:build verilator

package runner

import (
	"os"
	"strings"
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
	"arb-reset-ptr":  "another pointer after reset: a rotation may start anywhere",
	"mf-tie-high":    "ties to the highest index: any maximal candidate is allowed (caught with --lowest-tie)",
	"sram-idle-data": "an idle read port's data is a don't-care: what a read returns is judged, not the 0 between reads",
	"cp-round-le":    "equivalent to the reference (docs/mutation.md): both arms of the comparison give K",
}

// TestPropertiesCatchMutants: --check properties, run on each mutant of
// the blocks with properties (the self-check's deliberately broken
// copies), reports a violation unless the mutant is legal; the legal tie
// mutant is caught when the reference's tie rule is asked for.
//
// The memory blocks' Verilog carries its own shadow checks (a cell popped
// twice, counts that disagree), which would stop a mutant's run before a
// property could say anything; a user's design has none, so their mutants
// run with those checks off and must violate a property. Every property of
// a memory block must be violated by at least one of its mutants.
func TestPropertiesCatchMutants(t *testing.T) {
	needVerilator(t)
	for _, name := range []string{"arbiter", "selector", "threshold", "maxfind", "sram", "freelist", "pdlists", "cpsublists"} {
		t.Run(name, func(t *testing.T) { catchMutants(t, name) })
	}
}

// catchMutants runs one block's mutants under --check properties.
func catchMutants(t *testing.T, name string) {
	b, err := blocks.Lookup(name)
	require.NoError(t, err)
	memory := selfChecked[name]
	failed := map[string]bool{} // property name: violated by some mutant
	for _, m := range b.Checks.Mutants {
		t.Run(m.ID, func(t *testing.T) {
			file := mutant(t, t.TempDir(), m.File, m.Anchor, m.Replace)
			if memory {
				checksOff(t, file)
			}
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
				if memory {
					require.NotNil(t, caught.Properties)
					require.Positive(t, caught.Properties.Total, "%s: stopped, not by a property: %s", m.ID, caught.Verdict())
					for _, p := range caught.Properties.Props {
						failed[p.Name] = failed[p.Name] || p.Violations > 0
					}
				}
			}
			if m.ID == "mf-tie-high" {
				f.LowestTie = true
				res := run(t, Options{Block: name, RTL: []string{file}, Top: b.Module, Cycles: 20000, Design: f})
				require.NotNil(t, res.Mismatch, "with --lowest-tie")
				assert.Equal(t, "lowest_tie", res.Mismatch.Signal)
			}
		})
	}
	if memory && !t.Failed() {
		require.NotEmpty(t, failed)
		for p, ok := range failed {
			assert.True(t, ok, "%s: no mutant violates %s", name, p)
		}
	}
}

// selfChecked are the blocks whose Verilog checks itself against a shadow
// model (the "end else if (rst_seen) begin" block of each file).
var selfChecked = map[string]bool{"sram": true, "freelist": true, "pdlists": true, "cpsublists": true}

// checksOff turns a memory block's shadow checks off in its mutated copy.
func checksOff(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	const on = "end else if (rst_seen) begin"
	require.Equal(t, 1, strings.Count(string(b), on), "%s: the shadow checks' guard", file)
	require.NoError(t, os.WriteFile(file, []byte(strings.Replace(string(b), on, "end else if (1'b0) begin", 1)), 0o644))
}
