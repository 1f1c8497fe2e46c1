package dpi

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
)

// TestGeneratedTestbenchesLint: the generated testbench of every block at
// its defaults and small set passes verilator --lint-only -Wall with the
// package and the block's Verilog (nothing is run: the DPI library is not
// linked by a lint).
func TestGeneratedTestbenchesLint(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not installed")
	}
	root := repoRoot(t)
	for _, b := range blocks.All() {
		for _, p := range []map[string]int{b.Defaults(), b.SmallParams()} {
			m, err := New(b.Name, p)
			require.NoError(t, err)
			f := filepath.Join(t.TempDir(), "tb_dpi_"+b.Module+".sv")
			require.NoError(t, os.WriteFile(f, m.Testbench(TBOptions{}), 0o644))
			args := []string{"--lint-only", "-Wall", "--top-module", "tb_dpi_" + b.Module,
				filepath.Join(root, "verilog", "tb", "dpi", "occamy_golden_pkg.sv"), f}
			for _, d := range blocks.HeaderDirs() {
				args = append(args, "+incdir+"+filepath.Join(root, d))
			}
			for _, s := range b.Sources {
				args = append(args, filepath.Join(root, s))
			}
			out, err := exec.Command("verilator", args...).CombinedOutput()
			assert.NoError(t, err, "%s %v:\n%s", b.Name, p, out)
			assert.Empty(t, strings.TrimSpace(string(out)), b.Name)
		}
	}
}
