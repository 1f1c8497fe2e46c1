//go:build verilator

package verilator

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"occamy/rtl/port"
)

// uniqueCounter writes a copy of testdata/counter.sv with a random comment,
// so its first build is a cache miss, and with the increment replaced by
// step.
func uniqueCounter(t *testing.T, step string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/counter.sv")
	require.NoError(t, err)
	nonce := make([]byte, 8)
	_, err = rand.Read(nonce)
	require.NoError(t, err)
	src := strings.Replace(string(b), "cnt_o + 1'b1", "cnt_o + "+step, 1)
	require.Contains(t, src, "cnt_o + "+step)
	p := filepath.Join(t.TempDir(), "counter.sv")
	require.NoError(t, os.WriteFile(p, []byte("// nonce "+hex.EncodeToString(nonce)+"\n"+src), 0o644))
	return p
}

// countAfter opens lib and returns cnt_o after n enabled cycles.
func countAfter(t *testing.T, lib *Library, n int) uint64 {
	t.Helper()
	m, err := Open(lib)
	require.NoError(t, err)
	defer m.Close()
	f := newFrame(m.Layout())
	f.set(t, "rst_ni", 1)
	f.set(t, "en_i", 1)
	for i := 0; i <= n; i++ {
		require.NoError(t, m.Cycle(f.in, f.out))
	}
	return f.get(t, "cnt_o")
}

func TestCacheHitAndSourceEdit(t *testing.T) {
	src := uniqueCounter(t, "8'd1")
	spec := Spec{Sources: []string{src}, Top: "counter"}
	first := build(t, spec)
	assert.False(t, first.Cached, "first build of unique contents is a miss")
	assert.Contains(t, filepath.Base(first.Path), first.Key[:24], "the .so name carries the key")
	second := build(t, spec)
	assert.True(t, second.Cached, "second build is a hit")
	assert.Equal(t, first.Key, second.Key)
	assert.Equal(t, first.Path, second.Path)
	assert.Equal(t, uint64(3), countAfter(t, second, 3))

	// Same path, new contents: a new key, a new library, new behaviour, and
	// the old library (already loaded in this process) keeps the old one.
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(src, []byte(strings.Replace(string(b), "cnt_o + 8'd1", "cnt_o + 8'd2", 1)), 0o644))
	edited := build(t, spec)
	assert.False(t, edited.Cached)
	assert.NotEqual(t, first.Key, edited.Key)
	assert.NotEqual(t, first.Path, edited.Path)
	assert.Equal(t, uint64(6), countAfter(t, edited, 3))
	assert.Equal(t, uint64(3), countAfter(t, first, 3))

	// A parameter is part of the key too.
	spec.Params = map[string]string{"W": "9"}
	p9 := build(t, spec)
	assert.NotEqual(t, edited.Key, p9.Key)
	assert.Equal(t, []string{"W=9"}, p9.Params)
}

// TestKeyCoversIncludedFiles: a file pulled in with `include is hashed
// although it is not among the sources.
func TestKeyCoversIncludedFiles(t *testing.T) {
	dir := t.TempDir()
	inc := filepath.Join(dir, "inc")
	require.NoError(t, os.Mkdir(inc, 0o755))
	nonce := make([]byte, 8)
	_, err := rand.Read(nonce)
	require.NoError(t, err)
	top := "// " + hex.EncodeToString(nonce) + "\nmodule inctop (output logic [7:0] v_o);\n  assign v_o = `VALUE;\nendmodule\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "inctop.sv"), []byte("`include \"value.svh\"\n"+top), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(inc, "value.svh"), []byte("`define VALUE 8'd17\n"), 0o644))
	spec := Spec{Sources: []string{filepath.Join(dir, "inctop.sv")}, Top: "inctop", IncludeDirs: []string{inc}}
	a := build(t, spec)
	require.Len(t, a.Files, 2, "files read: %v", a.Files)
	require.NoError(t, os.WriteFile(filepath.Join(inc, "value.svh"), []byte("`define VALUE 8'd42\n"), 0o644))
	b := build(t, spec)
	assert.NotEqual(t, a.Key, b.Key)
	m, err := Open(b)
	require.NoError(t, err)
	defer m.Close()
	out := []uint32{0}
	require.NoError(t, m.Cycle(nil, out))
	assert.Equal(t, uint32(42), out[0])
}

// TestConcurrentBuilds builds one new design from several goroutines at
// once into one cache: all get the same working library.
func TestConcurrentBuilds(t *testing.T) {
	needVerilator(t)
	spec := Spec{Sources: []string{uniqueCounter(t, "8'd3")}, Top: "counter", CacheDir: testCache()}
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
	for i := 0; i < n; i++ {
		require.NoError(t, errs[i], "build %d", i)
		assert.Equal(t, libs[0].Path, libs[i].Path, "build %d", i)
	}
	assert.Equal(t, uint64(6), countAfter(t, libs[n-1], 2))
	left, err := os.ReadDir(filepath.Join(testCache(), "tmp"))
	require.NoError(t, err)
	for _, e := range left {
		assert.False(t, strings.HasPrefix(e.Name(), "counter-"), "temporary build dir %s left behind", e.Name())
	}
}

func TestBuildSyntaxError(t *testing.T) {
	needVerilator(t)
	_, err := Build(context.Background(), Spec{Sources: []string{"testdata/syntax_error.sv"}, Top: "syntax_error", CacheDir: testCache()})
	var be *BuildError
	require.True(t, errors.As(err, &be), "want a *BuildError, got %v", err)
	assert.Contains(t, err.Error(), "%Error: ")
	assert.Contains(t, err.Error(), "syntax_error.sv:5:")
}

// TestCorruptEntryIsRejected: a library whose occ_meta disagrees with its
// cache entry is refused at load time.
func TestCorruptEntryIsRejected(t *testing.T) {
	lib := build(t, counterSpec)
	bad := *lib
	bad.Layout.Outputs = append([]port.Port(nil), lib.Layout.Outputs...)
	bad.Layout.Outputs[0].Width = 9
	bad.Path = lib.Path + ".copy.so"
	b, err := os.ReadFile(lib.Path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bad.Path, b, 0o755))
	defer os.Remove(bad.Path)
	_, err = Open(&bad)
	assert.ErrorContains(t, err, "delete the cache entry")
	_, err = Open(&Library{Top: "x", Path: "/nonexistent/libocc_x.so"})
	assert.ErrorContains(t, err, "cosim: /nonexistent/libocc_x.so: no recorded size and hash")
}
