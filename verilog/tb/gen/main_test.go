package main

import (
	"bytes"
	"occamy/testbench/blocks"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/testbench/vectors"
)

// TestRunErrors checks that bad arguments give a clear error, never a panic.
func TestRunErrors(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no block", nil, "-block is required"},
		{"unknown block", []string{"-block", "nope"}, "unknown block"},
		{"param without value", []string{"-block", "arbiter", "-param", "N"}, "is not NAME=VALUE"},
		{"param not integer", []string{"-block", "arbiter", "-param", "N=x"}, "is not an integer"},
		{"param out of range", []string{"-block", "arbiter", "-param", "N=0"}, "N=0 out of range"},
		{"freelist unknown param", []string{"-block", "freelist", "-param", "C=2"}, "has no parameter C "},
		{"freelist bad K", []string{"-block", "freelist", "-param", "K=3"}, "K=3 out of range"},
		{"freelist cycles", []string{"-block", "freelist", "-cycles", "0"}, "cycles=0 out of range"},
		{"extra argument", []string{"-block", "arbiter", "extra"}, "unexpected argument"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(tc.args, &out)
			require.Error(t, err, "args %v", tc.args)
			require.Contains(t, err.Error(), tc.want, "args %v", tc.args)
		})
	}
}

// TestFaceTable checks a table written from a face's golden model (the
// free list at its small set): its parameter line, two reset rows, that it
// reads back through the vectors parser, and determinism.
func TestFaceTable(t *testing.T) {
	args := []string{"-block", "freelist", "-param", "CELLS=13,K=2,LAT=1", "-cycles", "50", "-seed", "4"}
	var out bytes.Buffer
	require.NoError(t, run(args, &out))
	text := out.String()
	require.True(t, strings.HasPrefix(text, "# block=free_list CELLS=13 K=2 LAT=1 seed=4\n"), "first line of:\n%s", text)
	tab, err := vectors.Parse(strings.NewReader(text))
	require.NoError(t, err)
	require.Equal(t, "rst_ni", tab.Ports[0])
	require.Len(t, tab.Rows, 50)
	rst := tab.PortIndex("rst_ni")
	for c := 0; c < 2; c++ {
		require.Equal(t, uint64(0), tab.Rows[c].Values[rst][0], "cycle %d: rst_ni expected 0", c)
	}
	var again bytes.Buffer
	require.NoError(t, run(args, &again))
	require.Equal(t, text, again.String())
}

// TestGenerateDelegates checks that the three contract blocks come from
// their face's own vector generator (Checks.Vectors) unchanged.
func TestGenerateDelegates(t *testing.T) {
	for _, blk := range []string{"threshold", "selector", "arbiter"} {
		var out bytes.Buffer
		require.NoError(t, run([]string{"-block", blk, "-cycles", "20", "-seed", "9"}, &out), "block %s", blk)
		b, err := blocks.Lookup(blk)
		require.NoError(t, err)
		require.NotNil(t, b.Checks.Vectors, "block %s", blk)
		want, err := vectors.Generate(b.Module, b.Defaults(), b.Checks.Vectors, 20, 9)
		require.NoError(t, err)
		var wb bytes.Buffer
		require.NoError(t, want.Write(&wb))
		require.Equal(t, wb.String(), out.String(), "block %s", blk)
	}
}
