//go:build !verilator

package prove

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mapCheck proves, with Yosys's own SAT solver, that the arithmetic in
// testdata/arith_ops.sv lowered through the given rules (then Yosys's
// generic techmap) equals Yosys's generic lowering alone.
func mapCheck(t *testing.T, rules string) (bool, string) {
	t.Helper()
	dir := t.TempDir()
	src, err := filepath.Abs("testdata/arith_ops.sv")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "rules.v"), []byte(rules), 0o644))
	script := `read_verilog -sv ` + src + `
prep -top ops
rename ops gold
design -stash gold
read_verilog -sv ` + src + `
prep -top ops
rename ops gate
techmap -map rules.v
techmap
design -stash gate
design -copy-from gold -as gold gold
design -copy-from gate -as gate gate
techmap
miter -equiv -flatten -make_outputs gold gate miter
hierarchy -top miter
sat -verify -prove trigger 0 miter
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "chk.ys"), []byte(script), 0o644))
	r := yosys(context.Background(), dir, 0, filepath.Join(dir, "chk.ys"))
	log, _ := os.ReadFile(filepath.Join(dir, "yosys.log"))
	return r.err == nil && strings.Contains(string(log), "SUCCESS"), string(log)
}

// TestArithMapMatchesYosys: the project's ripple-carry rules for $add,
// $sub and the comparators (signed and unsigned, 1 to 32 bits) compute
// what Yosys's generic rules compute, and the check fails on a rule broken
// on purpose (the compare's carry-in dropped).
func TestArithMapMatchesYosys(t *testing.T) {
	needTools(t)
	ok, log := mapCheck(t, arithMap)
	assert.True(t, ok, "arith_map.v differs from Yosys's techmap:\n%s", lastLines(log, 20))
	broken := strings.Replace(arithMap, "assign c[0] = 1'b1;", "assign c[0] = 1'b0;", 1)
	require.NotEqual(t, arithMap, broken)
	ok, _ = mapCheck(t, broken)
	assert.False(t, ok, "a broken rule must fail the check")
}

// TestShiftxMapMatchesYosys: the one-bit $shiftx rule (a mux tree, 0 out of
// range) equals Yosys's generic lowering for in-range indices, which is all
// the miter relies on; a tree with two leaves swapped fails.
func TestShiftxMapMatchesYosys(t *testing.T) {
	needTools(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "sx.sv")
	require.NoError(t, os.WriteFile(src, []byte(`module ops(input logic [12:0] a, input logic [3:0] i, input logic signed [4:0] s, output logic [2:0] y);
  assign y[0] = (i < 13) ? a[i] : 1'b0;
  assign y[1] = (s >= 0 && s < 13) ? a[s] : 1'b0;
  assign y[2] = a[i[1:0]];
endmodule
`), 0o644))
	check := func(rules string) bool {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "rules.v"), []byte(rules), 0o644))
		script := "read_verilog -sv " + src + "\nprep -top ops\nrename ops gold\ndesign -stash gold\nread_verilog -sv " + src +
			"\nprep -top ops\nrename ops gate\ntechmap -map rules.v\ntechmap\ndesign -stash gate\ndesign -copy-from gold -as gold gold\n" +
			"design -copy-from gate -as gate gate\ntechmap\nmiter -equiv -flatten -make_outputs gold gate miter\nhierarchy -top miter\nsat -verify -prove trigger 0 miter\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "chk.ys"), []byte(script), 0o644))
		r := yosys(context.Background(), dir, 0, filepath.Join(dir, "chk.ys"))
		return r.err == nil
	}
	assert.True(t, check(shiftxMap), "shiftx_map.v differs from Yosys's techmap on in-range indices")
	broken := strings.Replace(shiftxMap, "? t[2*i+2] : t[2*i+1]", "? t[2*i+1] : t[2*i+2]", 1)
	require.NotEqual(t, shiftxMap, broken)
	assert.False(t, check(broken), "a broken rule must fail the check")
}
