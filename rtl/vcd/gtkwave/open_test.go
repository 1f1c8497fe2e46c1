//go:build unix

package gtkwave

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const tinyVCD = `$timescale 1ps $end
$scope module top $end
$var wire 1 ! clk $end
$scope module u_a $end
$var wire 2 " st [1:0] $end
$upscope $end
$scope module u_b $end
$var wire 2 # st [1:0] $end
$upscope $end
$upscope $end
$enddefinitions $end
#0
$dumpvars
1!
b0 "
b1 #
$end
#500
0!
#1000
1!
b10 "
#1500
0!
#2000
1!
`

// open writes the tiny dump, a translate filter st.txt and the save file
// (DIR in it is the directory they are in) and opens them.
func open(t *testing.T, save string) (*Opened, string) {
	t.Helper()
	dir := t.TempDir()
	dump := filepath.Join(dir, "t.vcd")
	require.NoError(t, os.WriteFile(dump, []byte(tinyVCD), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "st.txt"), []byte("0 idle\n1 busy\n2 done\n"), 0o644))
	path := filepath.Join(dir, "t.gtkw")
	require.NoError(t, os.WriteFile(path, []byte(strings.ReplaceAll(save, "DIR", dir)), 0o644))
	o, err := Open(60*time.Second, dump, path)
	if errors.Is(err, ErrUnavailable) {
		t.Skip(err)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Skipf("gtkwave did not quit within 60 s (busy machine?): %s", o.Output)
	}
	require.NoError(t, err)
	return o, path
}

// TestOpenProblems: a save file whose traces the dump declares, with two
// signals of one leaf name told apart by labels and a state shown through
// a translate filter, opens whole; a wrong name and a filter file that is
// not there are each reported.
func TestOpenProblems(t *testing.T) {
	good := "@800200\n-g\n@28\ntop.clk\n@2024\n^1 DIR/st.txt\n+{a state} top.u_a.st[1:0]\n@24\n+{b state} top.u_b.st[1:0]\n@1000200\n-g\n"
	o, path := open(t, good)
	p, err := o.Problems(path)
	require.NoError(t, err)
	assert.Empty(t, p, "output:\n%s", o.Output)
	assert.Equal(t, []string{"g", "clk", "a state", "b state", "g"}, o.Traces)

	bad := strings.Replace(good, "st.txt", "nothere.txt", 1) + "@28\ntop.u_c.gone\n"
	o, path = open(t, bad)
	p, err = o.Problems(path)
	require.NoError(t, err)
	assert.Contains(t, p, "gtkwave says: GTKWAVE | Could not open filter file!")
	assert.Contains(t, p, `missing signal: the save file shows "gone" 1 times, gtkwave 0`)
}
