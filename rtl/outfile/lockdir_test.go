package outfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLockDir: a directory locked by one run is refused to a second at
// once, and free again once released; nothing is left in it.
func TestLockDir(t *testing.T) {
	dir := t.TempDir()
	release, err := LockDir(dir)
	require.NoError(t, err)
	_, err = LockDir(dir)
	require.ErrorContains(t, err, dir+" is in use by another run; wait for it or give another directory")
	release()
	again, err := LockDir(dir)
	require.NoError(t, err)
	again()
	left, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, left)
	_, err = LockDir(filepath.Join(dir, "none"))
	assert.Error(t, err)
}
