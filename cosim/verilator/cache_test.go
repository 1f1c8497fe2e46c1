package verilator

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCacheRootDefault(t *testing.T) {
	dir := t.TempDir()
	got, err := cacheRoot(dir)
	require.NoError(t, err)
	assert.Equal(t, dir, got)
	assert.DirExists(t, filepath.Join(dir, "tmp"))

	_, err = cacheRoot(filepath.Join(dir, "with space"))
	assert.ErrorContains(t, err, "contains white space")

	t.Setenv(CacheEnv, "/x/y")
	assert.Equal(t, "/x/y", DefaultCacheDir())
	t.Setenv(CacheEnv, "")
	t.Setenv("XDG_CACHE_HOME", "/xdg")
	assert.Equal(t, "/xdg/occamy/verilator", DefaultCacheDir())
}

// TestCacheRootReadOnly: a cache that cannot be written is accepted (hits
// still load); only taking a key's lock, which a miss needs, fails.
func TestCacheRootReadOnly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ro")
	require.NoError(t, os.Mkdir(dir, 0o755))
	if os.Geteuid() == 0 {
		// root ignores permissions: make tmp/ and locks/ impossible instead.
		require.NoError(t, os.WriteFile(filepath.Join(dir, "tmp"), nil, 0o444))
		require.NoError(t, os.WriteFile(filepath.Join(dir, lockDir), nil, 0o444))
	} else {
		require.NoError(t, os.Chmod(dir, 0o555))
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
	}
	got, err := cacheRoot(dir)
	require.NoError(t, err)
	assert.Equal(t, dir, got)
	d, err := workDir(dir, "elab-", true)
	require.NoError(t, err, "a throwaway step falls back to the system temp directory")
	assert.False(t, strings.HasPrefix(d.path, dir))
	d.remove()
	_, err = workDir(dir, "build-", false)
	assert.Error(t, err, "a build step needs the cache")
	_, err = lockKey(context.Background(), dir, "counter-0123")
	assert.ErrorContains(t, err, "is not writable, so it cannot build counter-0123")
}

// TestSweepTmp: stale temporary directories go, live ones stay, whatever
// their age: each kind of leftover in one table.
func TestSweepTmp(t *testing.T) {
	tmp := t.TempDir()
	now := time.Now()
	type kind int
	const (
		noLock kind = iota
		lockFree
		lockHeld
		plainFile
	)
	cases := []struct {
		name string
		kind kind
		age  time.Duration
		kept bool
	}{
		{"fresh, lock free", lockFree, 0, true},
		{"2 min, lock free (builder died)", lockFree, 2 * time.Minute, false},
		{"48 h, lock held (builder alive)", lockHeld, 48 * time.Hour, true},
		{"2 min, no lock file (older version, maybe alive)", noLock, 2 * time.Minute, true},
		{"48 h, no lock file", noLock, 48 * time.Hour, false},
		{"48 h, a stray file", plainFile, 48 * time.Hour, false},
	}
	var held []*tmpDir
	paths := make([]string, len(cases))
	for i, tc := range cases {
		switch tc.kind {
		case noLock:
			paths[i] = filepath.Join(tmp, "old-"+strconv.Itoa(i))
			require.NoError(t, os.Mkdir(paths[i], 0o755))
		case plainFile:
			paths[i] = filepath.Join(tmp, "stray-"+strconv.Itoa(i))
			require.NoError(t, os.WriteFile(paths[i], nil, 0o644))
		default:
			d, err := newTmpDir(tmp, "b-")
			require.NoError(t, err)
			paths[i] = d.path
			if tc.kind == lockHeld {
				held = append(held, d)
			} else {
				d.lock.Close() // the builder is gone; its directory stays
			}
		}
		at := now.Add(-tc.age)
		require.NoError(t, os.Chtimes(paths[i], at, at))
	}
	sweepTmp(tmp, now)
	for i, tc := range cases {
		_, err := os.Lstat(paths[i])
		assert.Equal(t, tc.kept, err == nil, "%s: kept=%v", tc.name, err == nil)
	}
	for _, d := range held {
		d.remove()
	}
}

// fakeEntry writes a cache entry with a fake library and returns its
// directory and key.
func fakeEntry(t *testing.T) (string, string, *Library) {
	t.Helper()
	key := make([]byte, 32)
	_, err := rand.Read(key)
	require.NoError(t, err)
	lib := &Library{Key: hex.EncodeToString(key), Top: "counter"}
	dir := filepath.Join(t.TempDir(), entryName(lib.Top, lib.Key))
	require.NoError(t, os.Mkdir(dir, 0o755))
	so := make([]byte, 64<<10)
	_, err = rand.Read(so)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, libName(lib.Top, lib.Key)), so, 0o755))
	require.NoError(t, lib.writeEntry(dir))
	return dir, lib.Key, lib
}

// TestLoadEntryDamaged: every kind of damaged entry is refused before
// anything could dlopen it; the intact one loads.
func TestLoadEntryDamaged(t *testing.T) {
	so := func(dir string, l *Library) string { return filepath.Join(dir, libName(l.Top, l.Key)) }
	cases := []struct {
		name   string
		damage func(t *testing.T, dir string, l *Library)
		want   string
	}{
		{"intact", func(*testing.T, string, *Library) {}, ""},
		{".so truncated", func(t *testing.T, dir string, l *Library) { require.NoError(t, os.Truncate(so(dir, l), 4096)) }, "is 4096 bytes, its cache entry says 65536 (damaged)"},
		{".so empty", func(t *testing.T, dir string, l *Library) { require.NoError(t, os.Truncate(so(dir, l), 0)) }, "is 0 bytes"},
		{".so missing", func(t *testing.T, dir string, l *Library) { require.NoError(t, os.Remove(so(dir, l))) }, "no such file"},
		{".so one byte changed", func(t *testing.T, dir string, l *Library) {
			f, err := os.OpenFile(so(dir, l), os.O_RDWR, 0)
			require.NoError(t, err)
			b := []byte{0}
			_, err = f.ReadAt(b, 1000)
			require.NoError(t, err)
			_, err = f.WriteAt([]byte{b[0] ^ 0xff}, 1000)
			require.NoError(t, err)
			f.Close()
		}, "has SHA-256"},
		{".so a directory", func(t *testing.T, dir string, l *Library) {
			require.NoError(t, os.Remove(so(dir, l)))
			require.NoError(t, os.Mkdir(so(dir, l), 0o755))
		}, "is not a regular file"},
		{"meta.json missing", func(t *testing.T, dir string, l *Library) {
			require.NoError(t, os.Remove(filepath.Join(dir, metaFile)))
		}, "no such file"},
		{"meta.json cut short", func(t *testing.T, dir string, l *Library) {
			require.NoError(t, os.Truncate(filepath.Join(dir, metaFile), 40))
		}, "unexpected end of JSON"},
		{"meta.json of another key", func(t *testing.T, dir string, l *Library) {
			other := *l
			other.Key = strings.Repeat("0", 64)
			b, err := os.ReadFile(filepath.Join(dir, metaFile))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, metaFile), []byte(strings.Replace(string(b), l.Key, other.Key, 1)), 0o644))
		}, "holds key 0000"},
		{"meta.json without size and hash (older format)", func(t *testing.T, dir string, l *Library) {
			b, err := os.ReadFile(filepath.Join(dir, metaFile))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, metaFile), []byte(strings.Replace(string(b), `"so_sha256"`, `"old"`, 1)), 0o644))
		}, "no recorded size and hash"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, key, lib := fakeEntry(t)
			tc.damage(t, dir, lib)
			got, err := loadEntry(dir, key)
			if tc.want == "" {
				require.NoError(t, err)
				assert.Equal(t, so(dir, lib), got.Path)
				return
			}
			require.Error(t, err)
			assert.Nil(t, got, "a damaged entry yields no library to load")
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestReplaceEntry: a fresh build replaces a damaged entry, or installs
// where there was none; nothing is left in tmp.
func TestReplaceEntry(t *testing.T) {
	for _, existing := range []bool{false, true} {
		root := t.TempDir()
		tmp := filepath.Join(root, "tmp")
		require.NoError(t, os.Mkdir(tmp, 0o755))
		final := filepath.Join(root, "entry")
		if existing {
			require.NoError(t, os.Mkdir(final, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(final, "who"), []byte("damaged"), 0o644))
		}
		built := filepath.Join(root, "built")
		require.NoError(t, os.Mkdir(built, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(built, "who"), []byte("fresh"), 0o644))
		require.NoError(t, replaceEntry(built, final, tmp))
		got, err := os.ReadFile(filepath.Join(final, "who"))
		require.NoError(t, err)
		assert.Equal(t, "fresh", string(got), "existing=%v", existing)
		left, err := os.ReadDir(tmp)
		require.NoError(t, err)
		assert.Empty(t, left, "the damaged entry is removed")
	}
}

// TestRuntimeManifest: the runtime objects are checked the same way.
func TestRuntimeManifest(t *testing.T) {
	names := []string{"a.o", "b.o"}
	cases := []struct {
		name   string
		damage func(dir string) error
		ok     bool
	}{
		{"intact", func(string) error { return nil }, true},
		{"object truncated", func(d string) error { return os.Truncate(filepath.Join(d, "b.o"), 3) }, false},
		{"object missing", func(d string) error { return os.Remove(filepath.Join(d, "a.o")) }, false},
		{"manifest missing", func(d string) error { return os.Remove(filepath.Join(d, manifestFile)) }, false},
		{"manifest garbage", func(d string) error { return os.WriteFile(filepath.Join(d, manifestFile), []byte("{"), 0o644) }, false},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		for _, n := range names {
			require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte("object "+n), 0o644))
		}
		require.NoError(t, writeManifest(dir, names))
		require.NoError(t, tc.damage(dir))
		err := checkManifest(dir, names)
		assert.Equal(t, tc.ok, err == nil, "%s: %v", tc.name, err)
	}
}

// TestKeyLock: a second locker waits for the first; a cancelled wait
// ends with the context's error.
func TestKeyLock(t *testing.T) {
	root := t.TempDir()
	a, err := lockKey(context.Background(), root, "k")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err = lockKey(ctx, root, "k")
	require.ErrorIs(t, err, context.DeadlineExceeded, "the second locker waits while the first holds the lock")
	got := make(chan error, 1)
	go func() {
		b, err := lockKey(context.Background(), root, "k")
		if err == nil {
			b.unlock()
		}
		got <- err
	}()
	time.Sleep(50 * time.Millisecond)
	a.unlock()
	select {
	case err := <-got:
		require.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("the waiter did not get the lock once released")
	}
}
