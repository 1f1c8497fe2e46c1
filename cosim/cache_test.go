package cosim

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCacheRoot(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "tmp", "counter-old")
	fresh := filepath.Join(dir, "tmp", "counter-fresh")
	require.NoError(t, os.MkdirAll(old, 0o755))
	require.NoError(t, os.MkdirAll(fresh, 0o755))
	past := time.Now().Add(-48 * time.Hour)
	require.NoError(t, os.Chtimes(old, past, past))
	got, err := cacheRoot(dir)
	require.NoError(t, err)
	assert.Equal(t, dir, got)
	assert.NoDirExists(t, old, "a two-day-old build directory is swept")
	assert.DirExists(t, fresh, "a running build's directory is kept")

	_, err = cacheRoot(filepath.Join(dir, "with space"))
	assert.ErrorContains(t, err, "contains white space")

	t.Setenv(CacheEnv, "/x/y")
	assert.Equal(t, "/x/y", DefaultCacheDir())
	t.Setenv(CacheEnv, "")
	t.Setenv("XDG_CACHE_HOME", "/xdg")
	assert.Equal(t, "/xdg/occamy/verilator", DefaultCacheDir())
}

func TestInstallRace(t *testing.T) {
	dir := t.TempDir()
	final := filepath.Join(dir, "entry")
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, d := range []string{a, b} {
		require.NoError(t, os.MkdirAll(d, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(d, "who"), []byte(filepath.Base(d)), 0o644))
	}
	ok, err := install(a, final)
	require.NoError(t, err)
	assert.True(t, ok)
	ok, err = install(b, final)
	require.NoError(t, err)
	assert.False(t, ok, "the second build loses")
	got, err := os.ReadFile(filepath.Join(final, "who"))
	require.NoError(t, err)
	assert.Equal(t, "a", string(got), "the first build's entry stays")
	assert.NoDirExists(t, b, "the loser's directory is removed")
}
