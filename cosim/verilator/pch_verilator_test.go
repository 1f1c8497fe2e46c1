//go:build verilator

package verilator

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPCHIsUsed builds two models in an empty cache: they share one
// precompiled header entry, and each of its flag sets' compiles takes its
// .gch (g++ -H marks the header it used with "!"), so the header is not
// parsed again in every file. A compile whose flags differ from every
// set's (-Os: another optimisation macro) takes none and still compiles,
// parsing occ_pch.h itself ("x": a .gch found unusable): the header can
// cost time, never what is compiled.
func TestPCHIsUsed(t *testing.T) {
	cache := t.TempDir()
	one := build(t, Spec{Sources: []string{uniqueCounter(t, "8'd1")}, Top: "counter", CacheDir: cache})
	assert.Equal(t, uint64(3), countAfter(t, one, 3))
	two := build(t, Spec{Sources: []string{uniqueCounter(t, "8'd2")}, Top: "counter", CacheDir: cache})
	assert.Equal(t, uint64(6), countAfter(t, two, 3))
	entries, err := filepath.Glob(filepath.Join(cache, "pch-*"))
	require.NoError(t, err)
	require.Len(t, entries, 1, "one precompiled header for both builds (same flags)")
	entry := entries[0]
	b, err := os.ReadFile(filepath.Join(entry, pchFlagsFile))
	require.NoError(t, err)
	sets := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.NotEmpty(t, sets)

	probe := filepath.Join(t.TempDir(), "probe.cpp")
	require.NoError(t, os.WriteFile(probe, []byte("int occ_probe;\n"), 0o644))
	compile := func(flags string) string {
		args := append(strings.Fields(flags), "-include", filepath.Join(entry, pchName), "-H", "-fsyntax-only", probe)
		out, err := exec.Command("g++", args...).CombinedOutput()
		require.NoError(t, err, "%s", out)
		return string(out)
	}
	for i, set := range sets {
		out := compile(set)
		assert.Contains(t, out, "! "+filepath.Join(entry, pchName+".gch"), "flag set %d (%s): no .gch used:\n%s", i, set, out)
	}
	out := compile(sets[0] + " -Os")
	assert.NotContains(t, out, "! ", "a compile with other flags took a .gch")
	assert.Contains(t, out, "x "+filepath.Join(entry, pchName+".gch"), "g++ reports the .gch it found unusable, and compiles without it")
}
