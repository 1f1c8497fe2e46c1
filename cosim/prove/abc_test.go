//go:build !verilator

package prove

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
)

// TestPdrUnverifiedInvariant: ABC's pdr prints "Property proved" even when
// the time limit cut the check of its own invariant; the flow must not take
// that as a proof. The output is ABC's, from a 1 s limit at N=64.
func TestPdrUnverifiedInvariant(t *testing.T) {
	needTools(t)
	dir := t.TempDir()
	fake := filepath.Join(dir, "abc.sh")
	out := "Invariant F[2] : 13 clauses with 14 flops (out of 14)\nVerification of clause 4 failed.\n" +
		"Verification of 8 clauses has failed.\nProperty proved.  Time =     1.01 sec\nStatus = 1  Frames = 2   Cex is not defined.\n"
	require.NoError(t, os.WriteFile(fake, []byte("#!/bin/sh\ncat <<'X'\n"+out+"X\n"), 0o755))
	old := abcProg
	abcProg = fake
	defer func() { abcProg = old }()
	st, err := abc(t.Context(), dir, 0, "x.aig", "pdr", 1e9, "")
	require.NoError(t, err)
	assert.Equal(t, -1, st.status, "an unverified invariant is no proof")

	require.NoError(t, os.WriteFile(fake, []byte("#!/bin/sh\necho 'Verification of invariant with 13 clauses was successful.'\necho 'Status = 1  Frames = 2'\n"), 0o755))
	st, err = abc(t.Context(), dir, 0, "x.aig", "pdr", 1e9, "")
	require.NoError(t, err)
	assert.Equal(t, 1, st.status)
}

// TestReadCex maps ABC's write_cex -n lines through the AIGER map onto
// contract-layout words, rst_ni forced low in cycle 0 and power-up values
// collected.
func TestReadCex(t *testing.T) {
	dir := t.TempDir()
	mp := filepath.Join(dir, "m")
	require.NoError(t, os.WriteFile(mp, []byte("input 0 0 ack_i\ninput 1 0 clk_i\ninput 2 0 req_i\ninput 3 1 req_i\ninput 4 0 rst_ni\ninit 5 0 u.ptr_q\nlatch 0 0 started\n"), 0o644))
	cx := filepath.Join(dir, "c")
	require.NoError(t, os.WriteFile(cx, []byte("# DONE\nlo0@0=0\npi00@0=1\npi04@0=1\npi05@0=1\npi03@1=1\npi04@1=1\npi00@1=1\n"), 0o644))
	m, err := readMap(mp)
	require.NoError(t, err)
	l, err := port.NewLayout([]port.Port{{Name: "clk_i", Dir: port.In, Width: 1}, {Name: "rst_ni", Dir: port.In, Width: 1},
		{Name: "req_i", Dir: port.In, Width: 2}, {Name: "ack_i", Dir: port.In, Width: 1}}, "clk_i", "rst_ni", false)
	require.NoError(t, err)
	c, err := readCex(cx, m, l, 1)
	require.NoError(t, err)
	assert.Equal(t, []string{"c=0 rst_ni=0 req_i=0 ack_i=1", "c=1 rst_ni=1 req_i=2 ack_i=1"}, c.Lines())
	assert.Equal(t, []string{"u.ptr_q[0]=1"}, c.PowerUp)

	require.NoError(t, os.WriteFile(cx, []byte("pi09@0=1\n"), 0o644))
	_, err = readCex(cx, m, l, 0)
	assert.ErrorContains(t, err, "not in the AIGER map")
}
