package verilator

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// objDir writes a build directory: files by name.
func objDir(t *testing.T, files map[string]string) string {
	t.Helper()
	d := t.TempDir()
	for n, b := range files {
		require.NoError(t, os.WriteFile(filepath.Join(d, n), []byte(b), 0o644))
	}
	return d
}

var fakeTC = &toolchain{version: "Verilator 5.006", root: "/usr/share/verilator", cxx: "g++", cxxVersion: "g++ 12.2.0"}

func TestObjKeys(t *testing.T) {
	files := map[string]string{"Vocc.h": "h1", "Vocc.mk": "mk", "a.cpp": "A", "b.cpp": "B", "Vocc__ver.d": "stamps", "x.dat": "paths"}
	keysIn := func(files map[string]string, args ...string) map[string]string {
		t.Helper()
		d := objDir(t, files)
		for i, a := range args {
			args[i] = filepath.Join(d, a) // the build directory's path is not in the key
		}
		k, err := objKeys(fakeTC, d, args)
		require.NoError(t, err)
		return k
	}
	with := func(name, body string) map[string]string {
		m := map[string]string{}
		for k, v := range files {
			m[k] = v
		}
		m[name] = body
		return m
	}
	base := keysIn(files, "flags")
	require.Len(t, base, 2, "one key per C++ file")
	assert.NotEqual(t, base["a.cpp"], base["b.cpp"])
	assert.Equal(t, base, keysIn(files, "flags"), "same inputs in another directory, same keys")

	tests := []struct {
		name     string
		keys     map[string]string
		aSame    bool
		bChanged bool
	}{
		{"one file edited", keysIn(with("b.cpp", "B2"), "flags"), true, true},
		{"a header edited", keysIn(with("Vocc.h", "h2"), "flags"), false, true},
		{"a makefile edited", keysIn(with("Vocc.mk", "mk2"), "flags"), false, true},
		{"other flags", keysIn(files, "flags2"), false, true},
		{"a dependency stamp edited", keysIn(with("Vocc__ver.d", "other"), "flags"), true, false},
		{"a file list edited", keysIn(with("x.dat", "other"), "flags"), true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.aSame, tt.keys["a.cpp"] == base["a.cpp"], "a.cpp's key unchanged")
			assert.Equal(t, tt.bChanged, tt.keys["b.cpp"] != base["b.cpp"], "b.cpp's key changed")
		})
	}
	other := *fakeTC
	other.cxxVersion = "g++ 13"
	d := objDir(t, files)
	k, err := objKeys(&other, d, nil)
	require.NoError(t, err)
	k0, err := objKeys(fakeTC, d, nil)
	require.NoError(t, err)
	assert.NotEqual(t, k0["a.cpp"], k["a.cpp"], "another compiler, another key")
}

func TestObjStoreRoundTrip(t *testing.T) {
	st := objStore{dir: filepath.Join(t.TempDir(), "objects")}
	first := objDir(t, map[string]string{"a.cpp": "A", "b.cpp": "B", "a.o": "objA", "b.o": "objB"})
	keys := map[string]string{"a.cpp": "aa11", "b.cpp": "bb22", "c.cpp": "cc33"} // c: not compiled on its own
	assert.Empty(t, st.restore(first, keys), "an empty store restores nothing")
	st.save(first, keys, nil)
	_, err := os.Stat(st.path("cc33"))
	assert.True(t, os.IsNotExist(err), "no object, nothing stored")

	second := objDir(t, map[string]string{"a.cpp": "A", "b.cpp": "B2"})
	past := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(filepath.Join(second, "a.cpp"), past, past))
	got := st.restore(second, map[string]string{"a.cpp": "aa11", "b.cpp": "bb99"})
	assert.Equal(t, []string{"a.cpp"}, got, "only the key the store holds")
	b, err := os.ReadFile(filepath.Join(second, "a.o"))
	require.NoError(t, err)
	assert.Equal(t, "objA", string(b))
	oi, err := os.Stat(filepath.Join(second, "a.o"))
	require.NoError(t, err)
	assert.True(t, oi.ModTime().After(past), "the restored object is newer than its source, so make keeps it")
	_, err = os.Stat(filepath.Join(second, "b.o"))
	assert.True(t, os.IsNotExist(err), "b.o is left for make")

	// A restored object is not stored again; a compiled one is.
	require.NoError(t, os.WriteFile(filepath.Join(second, "b.o"), []byte("objB2"), 0o644))
	st.save(second, map[string]string{"a.cpp": "aa11", "b.cpp": "bb99"}, got)
	b, err = os.ReadFile(st.path("bb99"))
	require.NoError(t, err)
	assert.Equal(t, "objB2", string(b))
	tmps, err := filepath.Glob(filepath.Join(st.dir, "*", "*.tmp"))
	require.NoError(t, err)
	assert.Empty(t, tmps, "no temporary file is left")
}
