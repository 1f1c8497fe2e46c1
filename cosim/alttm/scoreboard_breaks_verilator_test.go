//go:build verilator

package alttm

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
	"occamy/testbench/design"
)

// TestScoreboardLivenessBreaks: the liveness checks the broken copies do
// not reach fail on alt_tm run against a map that promises more than it
// does: decisions within 1 cycle (alt_tm's wait behind the adapter's
// backlog, up to 14), and an ingress that holds 400 cells (the adapter's
// FIFO holds 16 offers: it loses some and raises off_ovf_o).
func TestScoreboardLivenessBreaks(t *testing.T) {
	needTools(t, "verilator")
	for _, x := range []struct {
		name string
		edit func(*design.File)
		want string
	}{
		{"decisions later than the declared window", func(f *design.File) { f.TM.Admit.Window = 1 }, "no decision within the declared window"},
		{"an ingress that overflows", func(f *design.File) { f.TM.Ingress.Backlog = 400 }, "the ingress lost an offer"},
	} {
		t.Run(x.name, func(t *testing.T) {
			r := score(t, runner.Verilator, "", map[string]int{"POLICY": 1}, 5000, x.edit, "")
			require.Equal(t, "FAIL", r.Verdict, r.Summary())
			assert.Contains(t, r.Violated(), "liveness")
			require.NotNil(t, r.First)
			found := false
			for _, v := range r.Violations {
				found = found || (v.Check == "liveness" && strings.Contains(v.What, x.want))
			}
			assert.True(t, found, "no liveness violation saying %q: %s; first %s", x.want, r.Summary(), r.First)
			t.Logf("%v; first: %s", r.Violated(), r.First)
		})
	}
}

// TestScoreboardXDataIcarus: on Icarus (four-state) a copy of alt_tm whose
// egress data word is x on each packet's last cell fails data ("X while
// valid"); Verilator, two-state, cannot see it.
func TestScoreboardXDataIcarus(t *testing.T) {
	needTools(t, "iverilog", "vvp", "verilator")
	b := Bug{ID: "x-last-cell", Anchor: "      eg_data_o  <= data_mem[eg_cell];", Replace: "      eg_data_o  <= eg_last ? 'x : data_mem[eg_cell];"}
	p, err := WriteBroken(repoRoot(t), t.TempDir(), b)
	require.NoError(t, err)
	r := score(t, runner.Icarus, p, map[string]int{"POLICY": 1}, 2000, nil, "")
	require.Equal(t, "FAIL", r.Verdict, r.Summary())
	require.NotNil(t, r.First)
	assert.Equal(t, "data", r.First.Check)
	assert.Contains(t, r.First.What, "is X while valid")
	t.Logf("%v; first: %s", r.Violated(), r.First)
}
