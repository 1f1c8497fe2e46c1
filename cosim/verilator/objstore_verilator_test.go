//go:build verilator

package verilator

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var reusedLine = regexp.MustCompile(`objects reused: (\d+) of (\d+) C\+\+ files`)

// reused returns how many C++ files a build took from the object store
// (its build log), and of how many.
func reused(t *testing.T, lib *Library) (int, int) {
	t.Helper()
	log, err := os.ReadFile(filepath.Join(lib.Dir, "build.log"))
	require.NoError(t, err)
	m := reusedLine.FindSubmatch(log)
	if m == nil {
		return 0, 0
	}
	a, _ := strconv.Atoi(string(m[1]))
	b, _ := strconv.Atoi(string(m[2]))
	return a, b
}

// TestObjectStoreReusesOnlyUnchanged builds a counter split into many C++
// files, then the counter with its increment edited (the way a mutant is):
// the second build takes some objects from the store and compiles the
// rest, and the model it gives counts by the edited step, so no object of
// the first build stood in for an edited file.
func TestObjectStoreReusesOnlyUnchanged(t *testing.T) {
	cache := t.TempDir()
	split := []string{"--output-split", "10"}
	one := build(t, Spec{Sources: []string{uniqueCounter(t, "8'd1")}, Top: "counter", Flags: split, CacheDir: cache})
	got, _ := reused(t, one)
	assert.Zero(t, got, "an empty store has nothing to give")
	objs, err := filepath.Glob(filepath.Join(cache, "objects", "*", "*.o"))
	require.NoError(t, err)
	require.Greater(t, len(objs), 2, "the split build's objects are stored")
	assert.Equal(t, uint64(3), countAfter(t, one, 3))

	two := build(t, Spec{Sources: []string{uniqueCounter(t, "8'd2")}, Top: "counter", Flags: split, CacheDir: cache})
	got, of := reused(t, two)
	assert.Greater(t, got, 0, "the unchanged files' objects are reused")
	assert.Less(t, got, of, "the edited file's object is compiled, not reused")
	assert.Equal(t, uint64(6), countAfter(t, two, 3), "the model counts by the edited step")
	assert.Equal(t, uint64(3), countAfter(t, one, 3))
}
