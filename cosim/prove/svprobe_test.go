//go:build !verilator

package prove

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var satY = regexp.MustCompile(`(?m)^\s+\\y\s+\S+\s+\S+\s+([01]+)\s*$`)

// TestInsideMatchesVerilator: the lowering of inside, case inside, ==? and
// !=? gives, under Yosys, every probe bit Verilator gives. Before the
// pre-pass Yosys could not read the probe. Measured while writing it: a
// lowering by plain Verilog compares (each item with ==, >=, <= as
// written, in the set's common signedness) got bits 1, 9, 18, 20 and 29
// wrong; one sizing operands with Yosys's $bits got the arb_inside.sv
// pattern (y[38]) wrong, a counterexample that did not replay.
func TestInsideMatchesVerilator(t *testing.T) {
	needTools(t)
	src, err := os.ReadFile("testdata/sv/inside_probe.sv")
	require.NoError(t, err)
	low := lowerSV(string(src), nil)
	require.Empty(t, low.Refused)
	dir := t.TempDir()
	f := filepath.Join(dir, "probe.sv")
	require.NoError(t, os.WriteFile(f, []byte(low.Text), 0o644))
	out, err := exec.Command(yosysProg, "-p", "read_verilog -sv "+f+"; hierarchy -top inside_probe; proc; opt; sat -show y").CombinedOutput()
	require.NoError(t, err, "%s", out)
	m := satY.FindSubmatch(out)
	require.NotNil(t, m, "no value of y in Yosys's output:\n%s", out)
	assert.Equal(t, insideProbeWant, string(m[1]))
}
