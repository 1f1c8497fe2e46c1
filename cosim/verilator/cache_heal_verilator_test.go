//go:build verilator

package verilator

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seededCache returns a new temporary cache holding the Verilator runtime
// objects of the shared test cache (copied, so that only models compile
// here) and never touches the shared cache itself beyond building it.
func seededCache(t *testing.T) string {
	t.Helper()
	build(t, counterSpec) // the shared test cache has the runtime built
	dir := t.TempDir()
	rts, err := filepath.Glob(filepath.Join(testCache(), "runtime-*"))
	require.NoError(t, err)
	for _, rt := range rts {
		if checkManifest(rt, runtimeObjs) == nil {
			require.NoError(t, exec.Command("cp", "-a", rt, dir).Run())
		}
	}
	return dir
}

// copyCache copies a whole cache directory.
func copyCache(t *testing.T, from string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), "cache")
	require.NoError(t, exec.Command("cp", "-a", from, to).Run())
	return to
}

// TestDamagedEntryHeals: each kind of damaged cache entry is detected,
// never loaded (a truncated .so reaching dlopen is a SIGBUS), rebuilt,
// and replaced, so the next run is a plain hit.
func TestDamagedEntryHeals(t *testing.T) {
	needVerilator(t)
	src := uniqueCounter(t, "8'd5")
	base := seededCache(t)
	first, err := Build(context.Background(), Spec{Sources: []string{src}, Top: "counter", CacheDir: base})
	require.NoError(t, err)
	require.False(t, first.Cached)
	rel := func(p string) string { r, err := filepath.Rel(base, p); require.NoError(t, err); return r }
	soRel, entryRel, rtRel := rel(first.Path), rel(first.Dir), rel(first.Runtime)
	cases := []struct {
		name   string
		damage func(t *testing.T, cache string)
	}{
		{".so truncated", func(t *testing.T, c string) { require.NoError(t, os.Truncate(filepath.Join(c, soRel), 4096)) }},
		{".so missing", func(t *testing.T, c string) { require.NoError(t, os.Remove(filepath.Join(c, soRel))) }},
		{"meta.json missing", func(t *testing.T, c string) { require.NoError(t, os.Remove(filepath.Join(c, entryRel, metaFile))) }},
		{"meta.json garbage", func(t *testing.T, c string) {
			require.NoError(t, os.WriteFile(filepath.Join(c, entryRel, metaFile), []byte("{\"key\": 3"), 0o644))
		}},
		{"runtime object truncated", func(t *testing.T, c string) {
			require.NoError(t, os.Truncate(filepath.Join(c, rtRel, runtimeObjs[0]), 100))
			require.NoError(t, os.RemoveAll(filepath.Join(c, entryRel))) // so the model relinks against it
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cache := copyCache(t, base)
			tc.damage(t, cache)
			spec := Spec{Sources: []string{src}, Top: "counter", CacheDir: cache}
			healed, err := Build(context.Background(), spec)
			require.NoError(t, err)
			assert.False(t, healed.Cached, "a damaged entry is rebuilt")
			assert.Equal(t, uint64(15), countAfter(t, healed, 3))
			again, err := Build(context.Background(), spec)
			require.NoError(t, err)
			assert.True(t, again.Cached, "the rebuilt entry replaced the damaged one")
			require.NoError(t, checkManifest(filepath.Join(cache, rtRel), runtimeObjs))
		})
	}
}

// TestConcurrentBuildsCompileOnce: builds of one new key at once compile
// it once; the others wait for the key's lock and load the entry.
func TestConcurrentBuildsCompileOnce(t *testing.T) {
	needVerilator(t)
	spec := Spec{Sources: []string{uniqueCounter(t, "8'd7")}, Top: "counter", CacheDir: seededCache(t)}
	const n = 3
	libs := make([]*Library, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			libs[i], errs[i] = Build(context.Background(), spec)
		}(i)
	}
	wg.Wait()
	compiled := 0
	for i := 0; i < n; i++ {
		require.NoError(t, errs[i], "build %d", i)
		assert.Equal(t, libs[0].Path, libs[i].Path, "build %d", i)
		if !libs[i].Cached {
			compiled++
		}
	}
	assert.Equal(t, 1, compiled, "one build compiles, the others load its entry")
	assert.Equal(t, uint64(14), countAfter(t, libs[0], 2))
}

// TestReadOnlyCacheHit: a complete cache that cannot be written still
// serves hits (nothing is written to tmp/ or locks/); a miss says why it
// cannot build.
func TestReadOnlyCacheHit(t *testing.T) {
	needVerilator(t)
	cache := seededCache(t)
	spec := Spec{Sources: []string{uniqueCounter(t, "8'd9")}, Top: "counter", CacheDir: cache}
	_, err := Build(context.Background(), spec)
	require.NoError(t, err)
	// Make the cache unwritable: tmp/ and locks/ become files (root ignores
	// permissions), and the rest read-only.
	for _, d := range []string{"tmp", lockDir} {
		require.NoError(t, os.RemoveAll(filepath.Join(cache, d)))
		require.NoError(t, os.WriteFile(filepath.Join(cache, d), nil, 0o444))
	}
	require.NoError(t, exec.Command("chmod", "-R", "a-w", cache).Run())
	t.Cleanup(func() { exec.Command("chmod", "-R", "u+w", cache).Run() })
	hit, err := Build(context.Background(), spec)
	require.NoError(t, err)
	assert.True(t, hit.Cached)
	assert.Equal(t, uint64(18), countAfter(t, hit, 2))
	miss := Spec{Sources: []string{uniqueCounter(t, "8'd2")}, Top: "counter", CacheDir: cache}
	_, err = Build(context.Background(), miss)
	assert.ErrorContains(t, err, "is not writable, so it cannot build counter-")
}
