package vcd

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
	"occamy/rtl/outfile/outfiletest"
)

// edgesIn counts the rising edges of occamy.clk in a dump file.
func edgesIn(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	r, err := NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	s, err := NewSampler(r, SamplerOptions{Clock: "occamy.clk"})
	require.NoError(t, err)
	n := 0
	for s.Next() {
		n++
	}
	require.NoError(t, s.Err())
	return n
}

// leftovers lists the temporary files beside path.
func leftovers(t *testing.T, path string) []string {
	m, err := filepath.Glob(filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*"))
	require.NoError(t, err)
	return m
}

// TestCreateTracerAtomic: the dump appears under its path only once
// complete; concurrent writers of one path never interleave (one whole
// dump wins); a failed write or Declare leaves nothing; a device is never
// replaced.
func TestCreateTracerAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "w.vcd")
	c := &counter{EnI: true}
	tr, err := CreateTracer(path, TracerOptions{})
	require.NoError(t, err)
	require.NoError(t, tr.Declare([]rtl.Scope{{Name: "u", Signals: c.Signals()}}))
	for i := uint64(0); i < 50; i++ {
		require.NoError(t, tr.Sample(i))
	}
	assert.NoFileExists(t, path, "nothing under the final name while writing")
	require.Len(t, leftovers(t, path), 1)
	require.NoError(t, tr.Close())
	assert.Equal(t, 50, edgesIn(t, path))
	assert.Empty(t, leftovers(t, path))

	// Concurrent writers of one path: each file is whole, the last rename wins.
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(cycles uint64) {
			defer wg.Done()
			c := &counter{EnI: true}
			tr, err := CreateTracer(path, TracerOptions{})
			if err == nil {
				err = tr.Declare([]rtl.Scope{{Name: "u", Signals: c.Signals()}})
			}
			for i := uint64(0); err == nil && i < cycles; i++ {
				err = tr.Sample(i)
			}
			if err == nil {
				err = tr.Close()
			}
			assert.NoError(t, err)
		}(uint64(1000 * (w + 1)))
	}
	wg.Wait()
	n := edgesIn(t, path)
	assert.Contains(t, []int{1000, 2000, 3000, 4000}, n, "one writer's whole dump")
	assert.Empty(t, leftovers(t, path))

	// A failed Declare leaves nothing behind, not even the old name's file.
	bad := filepath.Join(dir, "bad.vcd")
	tr, err = CreateTracer(bad, TracerOptions{})
	require.NoError(t, err)
	require.Error(t, tr.Declare([]rtl.Scope{{Name: "bad name"}}))
	require.NoError(t, tr.Close())
	assert.NoFileExists(t, bad)
	assert.Empty(t, leftovers(t, bad))

}

// TestCreateTracerKinds: a dump onto a device or a link (in a private
// /dev) is written through and the node stays what it was; a directory is
// refused with one line. Before, a device was refused ("not a regular
// file") and a link to a regular file was replaced by the dump.
func TestCreateTracerKinds(t *testing.T) {
	d := outfiletest.NewDev(t)
	cases := []struct {
		name, path string
		err        string
		still      func(string) bool
	}{
		{"device", d.Null, "", outfiletest.IsCharDevice},
		{"link to a device", d.Link, "", outfiletest.IsSymlink},
		{"link to a file", d.FileLink, "", outfiletest.IsSymlink},
		{"directory", d.Dir, "vcd: " + d.Dir + ": a directory, want a file", func(string) bool { return true }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c2 := &counter{EnI: true}
			tr, err := CreateTracer(c.path, TracerOptions{})
			if c.err != "" {
				require.EqualError(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.NoError(t, tr.Declare([]rtl.Scope{{Name: "u", Signals: c2.Signals()}}))
			for i := uint64(0); i < 10; i++ {
				require.NoError(t, tr.Sample(i))
			}
			require.NoError(t, tr.Close())
			assert.True(t, c.still(c.path))
		})
	}
	assert.Equal(t, 10, edgesIn(t, d.File), "the dump went where the link points")
}

// TestCreateTracerFullDisk: a dump that fills the disk is a *WriteError
// saying "no space left on device", and neither a temporary nor a
// truncated dump is left.
func TestCreateTracerFullDisk(t *testing.T) {
	dir := outfiletest.SmallFS(t, 64<<10)
	path := filepath.Join(dir, "run.vcd")
	c := &counter{EnI: true}
	tr, err := CreateTracer(path, TracerOptions{})
	require.NoError(t, err)
	require.NoError(t, tr.Declare([]rtl.Scope{{Name: "u", Signals: c.Signals()}}))
	for i := uint64(0); err == nil && i < 100000; i++ {
		err = tr.Sample(i)
	}
	if cerr := tr.Close(); err == nil {
		err = cerr
	}
	var we *WriteError
	require.ErrorAs(t, err, &we)
	assert.Contains(t, err.Error(), "no space left on device")
	assert.Empty(t, outfiletest.Entries(t, dir))
}

// failAfter is a writer that fails once n bytes are written.
type failAfter struct{ n int }

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		return 0, errors.New("no space left on device")
	}
	f.n -= len(p)
	return len(p), nil
}

// TestTracerWriteError: a write that fails is a *WriteError (an output
// problem, exit 2 on the command line), not a fault of the traced run.
func TestTracerWriteError(t *testing.T) {
	c := &counter{EnI: true}
	tr, err := NewTracer(&failAfter{n: 100000}, TracerOptions{})
	require.NoError(t, err)
	require.NoError(t, tr.Declare([]rtl.Scope{{Name: "u", Signals: c.Signals()}}))
	for i := uint64(0); err == nil && i < 1000000; i++ {
		err = tr.Sample(i)
	}
	if err == nil {
		err = tr.Close()
	}
	var we *WriteError
	require.True(t, errors.As(err, &we), "want a *WriteError, got %v", err)
	assert.Contains(t, err.Error(), "vcd: writing the dump: no space left on device")
}
