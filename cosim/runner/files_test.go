package runner

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIncludeDirs: the files' own directories, then the given ones, then
// the project's header directory (verilog/ under the root) last, each
// once; without a root no project directory is added.
func TestIncludeDirs(t *testing.T) {
	root := t.TempDir()
	user := filepath.Join(t.TempDir(), "mine")
	inc := t.TempDir()
	require.NoError(t, os.MkdirAll(user, 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "verilog"), 0o755))
	got, err := includeDirs([]string{filepath.Join(user, "a.sv"), filepath.Join(user, "b.sv")}, []string{inc}, root)
	require.NoError(t, err)
	assert.Equal(t, []string{user, inc, filepath.Join(root, "verilog")}, got)

	got, err = includeDirs([]string{filepath.Join(root, "verilog", "rr_arbiter.sv")}, nil, root)
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(root, "verilog")}, got, "the project's own files: their directory once")

	got, err = includeDirs([]string{filepath.Join(user, "a.sv")}, nil, "")
	require.NoError(t, err)
	assert.Equal(t, []string{user}, got, "no root, no project directory")
}
