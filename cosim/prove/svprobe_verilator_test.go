//go:build verilator

package prove

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInsideProbeOnVerilator measures insideProbeWant: Verilator 5.006
// runs testdata/sv/inside_probe.sv and prints y.
func TestInsideProbeOnVerilator(t *testing.T) {
	prog, err := exec.LookPath(verilatorProg())
	if err != nil {
		t.Skip("needs Verilator")
	}
	dir := t.TempDir()
	tb := filepath.Join(dir, "tb.sv")
	require.NoError(t, os.WriteFile(tb, []byte("module tb;\n  logic [38:0] y;\n  inside_probe u (.y(y));\n  initial begin #1 $display(\"%b\", y); $finish; end\nendmodule\n"), 0o644))
	probe, err := filepath.Abs("testdata/sv/inside_probe.sv")
	require.NoError(t, err)
	cmd := exec.Command(prog, "--binary", "-Wno-fatal", "--top-module", "tb", "-Mdir", filepath.Join(dir, "obj"), tb, probe)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	run, err := exec.Command(filepath.Join(dir, "obj", "Vtb")).CombinedOutput()
	require.NoError(t, err, "%s", run)
	assert.Equal(t, insideProbeWant, strings.Fields(string(run))[0])
}
