//go:build !verilator

package prove

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/mutation"
)

// mutantParams are the small parameters each block's mutants are proven at
// (N=12 for the arbiter: not a power of two, and two 8-bit groups of its
// encoder; at N <= 8 arb-group-onehot is equivalent, one group only, and
// prove proves it so).
var mutantParams = map[mutation.Block]map[string]int{
	mutation.Block("threshold"): {"C": 2, "QW": 6, "AW": 4},
	mutation.Block("selector"):  {"N": 4, "QW": 4},
	mutation.Block("arbiter"):   {"N": 12},
}

// TestMutantsRefuted (pure-Go build only, so make test runs it once; it
// needs only Yosys): every mutant of the co-simulator's catalogue that is
// not documented as equivalent gets a counterexample from prove; the
// equivalent ones never do. The log gives the time per mutant and the kill
// rate. (The register-file executor's and the expulsion top's mutants,
// minutes each, went with those blocks; the TM's are co-simulation's.)
func TestMutantsRefuted(t *testing.T) {
	needTools(t)
	cp := mutation.Copies{VerilogDir: "../../verilog", Root: t.TempDir(), NoAssert: true}
	var killed, scored int
	var total time.Duration
	for _, m := range mutation.Catalogue() {
		if _, ok := mutantParams[mutation.Block(m.Block)]; !ok {
			// The memory blocks' mutants (added with the block registry)
			// have no small proof parameters here yet: co-simulation
			// kills them; prove is not scored on them.
			continue
		}
		a, err := cp.Apply(m)
		require.NoError(t, err, m.ID)
		o := Options{Block: string(m.Block), RTL: a.Sources, Top: a.Top, Params: mutantParams[mutation.Block(m.Block)],
			VerilogDir: "../..", Timeout: 2 * time.Minute, NoReplay: true}
		res, err := Prove(context.Background(), o)
		require.NoError(t, err, m.ID)
		el := res.Total
		total += el
		switch {
		case m.Equivalent != "":
			assert.NotEqual(t, Refuted, res.Verdict, "%s is documented equivalent but got a counterexample: %v", m.ID, res.Summary())
			t.Logf("%-22s equivalent (cosim): %s in %.2fs", m.ID, res.Verdict, el.Seconds())
		default:
			scored++
			if res.Verdict == Refuted {
				killed++
				t.Logf("%-22s killed at cycle %d by %s in %.2fs", m.ID, res.Cex.Cycle, res.Engine, el.Seconds())
			} else {
				t.Errorf("%-22s survived: %s", m.ID, res.Summary())
			}
		}
	}
	require.Positive(t, scored)
	t.Logf("prove kill rate: %d/%d non-equivalent mutants (%.0f%%), %.2fs per mutant on average", killed, scored,
		100*float64(killed)/float64(scored), total.Seconds()/float64(scored+0))
}
