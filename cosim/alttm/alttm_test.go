package alttm

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repoRoot is the repository root, from this file's path.
func repoRoot(t testing.TB) string {
	t.Helper()
	_, f, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Join(filepath.Dir(f), "..", "..")
}

// TestSourcesExist: every file a build of alt_tm compiles is in the tree,
// alt_tm.sv last, and the testbench is beside it.
func TestSourcesExist(t *testing.T) {
	root := repoRoot(t)
	src, err := Sources()
	require.NoError(t, err)
	require.Len(t, src, 3)
	assert.Equal(t, Dir+"/"+File, src[len(src)-1])
	for _, f := range append(src, Dir+"/"+TBFile, Dir+"/README.md") {
		_, err := os.Stat(filepath.Join(root, f))
		assert.NoError(t, err, f)
	}
}

// TestBugsApply: the broken copies are the six failure classes of issue 26,
// each anchor occurs exactly once in alt_tm.sv, and each substitution
// changes the file.
func TestBugsApply(t *testing.T) {
	root := repoRoot(t)
	raw, err := os.ReadFile(filepath.Join(root, Dir, File))
	require.NoError(t, err)
	src := string(raw)
	var ids []string
	for _, b := range Bugs() {
		ids = append(ids, b.ID)
		out, err := b.Apply(src)
		require.NoError(t, err, b.ID)
		assert.NotEqual(t, src, out, b.ID)
		assert.NotEmpty(t, b.Desc, b.ID)
		p, err := WriteBroken(root, t.TempDir(), b)
		require.NoError(t, err, b.ID)
		got, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.Equal(t, out, string(got), b.ID)
		assert.Equal(t, File, filepath.Base(p), b.ID)
	}
	assert.Equal(t, []string{"bug-adm-pkts", "bug-hd-leak", "bug-port-lost", "bug-eg-hd-same", "bug-sel-ge",
		"bug-thr-stale2"}, ids)
}

// TestBugApplyAnchorMissing: an anchor that is absent or occurs twice is an
// error naming the bug, never a silent no-op.
func TestBugApplyAnchorMissing(t *testing.T) {
	b := Bug{ID: "bug-x", Anchor: "a = b;", Replace: "a = c;"}
	_, err := b.Apply("x = y;\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bug-x")
	assert.Contains(t, err.Error(), "0 times")
	_, err = b.Apply("a = b;\na = b;\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "2 times")
}
