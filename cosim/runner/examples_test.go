package runner

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/design"
)

// TestDesignFileExamples: every design file docs/cosim.md shows as a
// worked example loads and fits its block (a declaration naming a port or
// parameter the contract lacks fails here, not in a reader's run).
func TestDesignFileExamples(t *testing.T) {
	files, err := filepath.Glob("../testdata/declared/*.yaml")
	require.NoError(t, err)
	blocks := map[string]bool{}
	for _, path := range files {
		f, err := design.Load(path)
		require.NoError(t, err, path)
		_, err = prepare(Options{Block: f.Block, Params: f.Params, Design: f, VerilogDir: "../.."})
		require.NoError(t, err, path)
		blocks[f.Block] = true
	}
	for _, b := range []string{"threshold", "selector", "arbiter", "maxfind", "sram", "freelist", "pdlists", "cpsublists", "selarb"} {
		assert.True(t, blocks[b], "no worked example for %s", b)
	}
}
