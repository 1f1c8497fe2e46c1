package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"occamy/rtl/outfile"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCosimVCDDirInUse: two cosim runs never write one --vcd directory at
// once: a directory in use is refused at once (exit 2), and concurrent
// runs leave whole waveforms only, each reported by the run that wrote it.
func TestCosimVCDDirInUse(t *testing.T) {
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not installed")
	}
	dir := t.TempDir()
	args := []string{"cosim", "--block", "arbiter", "--quick", "--sim", "icarus", "--cycles", "300", "--vcd", dir}
	release, err := outfile.LockDir(dir)
	require.NoError(t, err)
	out, errText, code := runCLI(t, args...)
	release()
	assert.Equal(t, 2, code, "a directory in use: %s", errText)
	assert.Contains(t, errText, dir+" is in use by another run")
	assert.NotContains(t, out, "wrote")

	// Two runs at once: one writes, the other is refused or runs after it.
	var wg sync.WaitGroup
	codes := make([]int, 2)
	outs := make([]string, 2)
	for i := range codes {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			outs[i], _, codes[i] = runCLI(t, args...)
		}(i)
	}
	wg.Wait()
	wrote := 0
	for i, c := range codes {
		require.Contains(t, []int{0, 2}, c, "run %d", i)
		if c == 0 {
			wrote++
			assert.Contains(t, outs[i], "wrote")
		}
	}
	require.GreaterOrEqual(t, wrote, 1)
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
		assert.False(t, strings.Contains(e.Name(), ".tmp-"), "temporary file %s left", e.Name())
	}
	for _, f := range []string{"arbiter.go.vcd", "arbiter.icarus.vcd"} {
		assert.Contains(t, names, f)
		b, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err)
		assert.Equal(t, 1, strings.Count(string(b), "$enddefinitions"), "%s holds one dump, not two interleaved", f)
	}
}
