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

// TestPropertiesCatchBrokenReference: each property fails on a copy of the
// reference broken the way it forbids. arb-wrap-dropped is the mutant the
// co-simulation cannot see at any N (docs/mutation.md); ptr_q < N does.
func TestPropertiesCatchBrokenReference(t *testing.T) {
	needTools(t)
	cases := []struct {
		block, file, anchor, replace, want string
		params                             map[string]int
	}{
		{"arbiter", "rr_arbiter.sv", "ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);", "ptr_d = gnt_idx_o + IW'(1);", "ptr_q < N", map[string]int{"N": 5}},
		{"arbiter", "rr_arbiter.sv", "assign gnt_valid_o = |req_i;", "assign gnt_valid_o = |hi;", "gnt_valid_o = |req_i", map[string]int{"N": 4}},
		{"arbiter", "rr_arbiter.sv", "if (gnt_valid_o && ack_i) begin", "if (gnt_valid_o && ack_i && gnt_idx_o != '0) begin", "no requester waits", map[string]int{"N": 4}},
		{"selector", "hd_selector.sv", "qlen_i[i*QS +: QS] > thr_i[i*QS +: QS]", "qlen_i[i*QS +: QS] >= thr_i[i*QS +: QS]", "over_o[i]", map[string]int{"N": 2, "QW": 3}},
		{"threshold", "dt_threshold.sv", "(|word[2*QW-1:QW])", "(|word[2*QW-1:QW+1])", "T_c = free", map[string]int{"C": 1, "QW": 4, "AW": 4}},
	}
	for _, c := range cases {
		t.Run(c.block+"/"+c.want, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("../../verilog", c.file))
			require.NoError(t, err)
			require.Equal(t, 1, strings.Count(string(b), c.anchor), "anchor in %s", c.file)
			f := filepath.Join(t.TempDir(), c.file)
			require.NoError(t, os.WriteFile(f, []byte(strings.Replace(string(b), c.anchor, c.replace, 1)), 0o644))
			top := strings.TrimSuffix(c.file, ".sv")
			r, err := Properties(context.Background(), PropOptions{Block: c.block, Params: c.params, Sources: []string{f}, Top: top,
				VerilogDir: "../..", Timeout: time.Minute})
			require.NoError(t, err)
			require.Equal(t, Refuted, r.Verdict, r.Summary())
			assert.Contains(t, r.Violated, c.want)
		})
	}
}
