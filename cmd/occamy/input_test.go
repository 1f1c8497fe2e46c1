package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNonRegularInputs: every flag that names a file to read refuses a
// path that is not a regular file (a device that never ends, a FIFO that
// blocks, a directory) at once, with a one-line error and exit 2.
func TestNonRegularInputs(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	vcd := writeFile(t, "a.vcd", "$timescale 1ns $end\n$scope module top $end\n$var wire 1 ! clk $end\n$upscope $end\n$enddefinitions $end\n#0\n0!\n")
	big := filepath.Join(dir, "big.json")
	require.NoError(t, os.WriteFile(big, []byte(`{"scenario": "incast"}`+strings.Repeat(" ", 17<<20)), 0o644))
	type input struct {
		name string
		args func(path string) []string
	}
	inputs := []input{
		{"sim --config", func(p string) []string { return []string{"sim", "--config", p} }},
		{"throughput --size file:", func(p string) []string { return []string{"throughput", "--size", "file:" + p} }},
		{"vcddiff first dump", func(p string) []string { return []string{"vcddiff", p, vcd} }},
		{"vcddiff second dump", func(p string) []string { return []string{"vcddiff", vcd, p} }},
		{"vcddiff --map", func(p string) []string { return []string{"vcddiff", "--map", p, vcd, vcd} }},
		{"cosim --rtl", func(p string) []string { return []string{"cosim", "--block", "arbiter", "--sim", "icarus", "--rtl", p} }},
	}
	paths := []struct{ path, want string }{
		{"/dev/zero", "a character device, want a regular file"},
		{fifo, "a named pipe, want a regular file"},
		{dir, "a directory, want a regular file"},
	}
	for _, in := range inputs {
		for _, p := range paths {
			t.Run(in.name+" "+filepath.Base(p.path), func(t *testing.T) {
				type res struct {
					out, errText string
					code         int
				}
				got := make(chan res, 1)
				go func() {
					o, e, c := runCLI(t, in.args(p.path)...)
					got <- res{o, e, c}
				}()
				select {
				case r := <-got:
					assert.Equal(t, 2, r.code, "exit code; error %q", r.errText)
					assert.Contains(t, r.errText, p.want)
					assert.NotContains(t, r.errText, "\n")
					assert.Empty(t, r.out)
				case <-time.After(20 * time.Second):
					t.Fatalf("%v did not return: it reads the input without bound", in.args(p.path))
				}
			})
		}
	}
	// A regular file too large for what it is: refused, not read whole.
	_, errText, code := runCLI(t, "sim", "--config", big)
	assert.Equal(t, 2, code)
	assert.Contains(t, errText, "larger than 16 MiB, allowed at most 16 MiB")
}
