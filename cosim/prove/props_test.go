//go:build !verilator

package prove

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPropertiesHold: the reference's contract properties at a few
// parameter sets, non-powers of two included.
func TestPropertiesHold(t *testing.T) {
	needTools(t)
	for _, c := range []struct {
		block  string
		params map[string]int
	}{
		{"arbiter", map[string]int{"N": 1}}, {"arbiter", map[string]int{"N": 5}}, {"arbiter", map[string]int{"N": 8}},
		{"selector", map[string]int{"N": 3, "QW": 4}},
		{"threshold", map[string]int{"C": 2, "QW": 5, "AW": 4}},
	} {
		t.Run(fmt.Sprint(c.block, c.params), func(t *testing.T) {
			r, err := Properties(context.Background(), PropOptions{Block: c.block, Params: c.params, VerilogDir: "../..", Timeout: time.Minute})
			require.NoError(t, err)
			assert.Equal(t, Proven, r.Verdict, r.Summary())
		})
	}
}

// TestPropertiesCatchBrokenReference: each property, the block face's
// Monitor's and the reference's lemmas (Props.RefLemmas), fails on a copy
// of the reference broken the way it forbids, proven alone (--property);
// work_conserving also among all the others, whose miter must name it.
// arb-wrap-dropped is the mutant the co-simulation cannot see at any N
// (docs/mutation.md); the lemma ptr_q < N does.
func TestPropertiesCatchBrokenReference(t *testing.T) {
	needTools(t)
	cases := []struct {
		block, file, anchor, replace, want string
		params                             map[string]int
		all                                bool // every property, not want alone
	}{
		{"arbiter", "rr_arbiter.sv", "assign gnt_idx_o   = (|hi) ? idx[0 +: IW] : idx[IW +: IW];", "assign gnt_idx_o   = (|hi) ? idx[0 +: IW] : ptr_q;", "grant_to_requester", map[string]int{"N": 4}, false},
		{"arbiter", "rr_arbiter.sv", "assign gnt_idx_o   = (|hi) ? idx[0 +: IW] : idx[IW +: IW];", "assign gnt_idx_o   = (|hi) ? idx[0 +: IW] : IW'(N);", "index_in_range", map[string]int{"N": 5}, false},
		{"arbiter", "rr_arbiter.sv", "assign gnt_valid_o = |req_i;", "assign gnt_valid_o = |hi;", "work_conserving", map[string]int{"N": 4}, true},
		{"arbiter", "rr_arbiter.sv", "if (gnt_valid_o && ack_i) begin", "if (gnt_valid_o && ack_i && gnt_idx_o != '0) begin", "wait_bound", map[string]int{"N": 4}, false},
		{"arbiter", "rr_arbiter.sv", "ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);", "ptr_d = gnt_idx_o + IW'(1);", "ref_ptr_in_range", map[string]int{"N": 5}, false},
		{"arbiter", "rr_arbiter.sv", "if (gnt_valid_o && ack_i) begin", "if (gnt_valid_o && ack_i && gnt_idx_o != '0) begin", "ref_wait_plus_distance", map[string]int{"N": 4}, false},
		{"selector", "hd_selector.sv", "qlen_i[i*QS +: QS] > thr_i[i*QS +: QS]", "qlen_i[i*QS +: QS] >= thr_i[i*QS +: QS]", "over_exact", map[string]int{"N": 2, "QW": 3}, false},
		{"selector", "hd_selector.sv", "over_q <= '0;", "over_q <= over_d;", "reset_clears", map[string]int{"N": 2, "QW": 3}, false},
		{"threshold", "dt_threshold.sv", "(|word[2*QW-1:QW])", "(|word[2*QW-1:QW+1])", "thr_exact", map[string]int{"C": 1, "QW": 4, "AW": 4}, false},
		{"threshold", "dt_threshold.sv", "(|word[2*QW-1:QW]) ? {QW{1'b1}} : word[QW-1:0]", "word[QW-1:0]", "never_wraps", map[string]int{"C": 1, "QW": 4, "AW": 4}, false},
	}
	for _, c := range cases {
		t.Run(c.block+"/"+c.want, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("../../verilog", c.file))
			require.NoError(t, err)
			require.Equal(t, 1, strings.Count(string(b), c.anchor), "anchor in %s", c.file)
			f := filepath.Join(t.TempDir(), c.file)
			require.NoError(t, os.WriteFile(f, []byte(strings.Replace(string(b), c.anchor, c.replace, 1)), 0o644))
			top := strings.TrimSuffix(c.file, ".sv")
			only := c.want
			if c.all {
				only = ""
			}
			r, err := Properties(context.Background(), PropOptions{Block: c.block, Params: c.params, Sources: []string{f}, Top: top,
				Property: only, VerilogDir: "../..", Timeout: time.Minute})
			require.NoError(t, err)
			require.Equal(t, Refuted, r.Verdict, r.Summary())
			assert.Equal(t, c.want, r.Violated)
		})
	}
}
