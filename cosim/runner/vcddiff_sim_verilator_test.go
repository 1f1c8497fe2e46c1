//go:build verilator

// These tests drive the real simulators (Verilator, Icarus) and take about
// two minutes, so they run with the verilator tag (make test-cosim), not in
// a plain go test ./rtl/vcddiff (which never runs a simulator).

package runner_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/vcd"
	"occamy/rtl/vcddiff"
	_ "occamy/testbench/blocks/all"
)

// TestSimulatorsAgree: the Go model, Verilator and Icarus dumps of the
// same block on the same vectors agree pairwise at every edge after reset;
// Verilator and Icarus also agree on every internal signal.
func TestSimulatorsAgree(t *testing.T) {
	for _, b := range simBlocks {
		t.Run(b.name, func(t *testing.T) {
			d := simDumps(t, b)
			pairs := []struct {
				name   string
				a, b   string
				rootA  string
				rootB  string
				minSig int
			}{
				{"go_vs_verilator", "go", "verilator", b.goRoot, "TOP." + b.module, len(b.ports)},
				{"go_vs_icarus", "go", "icarus", b.goRoot, "tb_" + b.module + ".dut", len(b.ports)},
				{"verilator_vs_icarus", "verilator", "icarus", "TOP." + b.module, "tb_" + b.module + ".dut", len(b.ports) + 1},
			}
			for _, p := range pairs {
				t.Run(p.name, func(t *testing.T) {
					a, b2 := d.get(t, p.a), d.get(t, p.b)
					agree(t, b, d.rows, a, b2, p.rootA, p.rootB, p.minSig)
				})
			}
		})
	}
}

// agree checks that two dumps of a block agree, with the expected scopes
// and at least minSig signals compared, every port among them.
func agree(t *testing.T, b simBlock, rows int, da, db []byte, rootA, rootB string, minSig int) {
	t.Helper()
	rep, err := vcddiff.Diff(bytes.NewReader(da), bytes.NewReader(db), vcddiff.Options{})
	require.NoError(t, err)
	assert.True(t, rep.Same(), "report:\n%s", reportText(t, rep))
	assert.Equal(t, rootA, rep.A.Root, "compared scope of A")
	assert.Equal(t, rootB, rep.B.Root, "compared scope of B")
	assert.Equal(t, rows-2, rep.Edges, "edges compared: every row after the two reset rows")
	assert.Equal(t, 3, rep.A.Start, "first edge after reset in A")
	assert.Equal(t, 3, rep.B.Start, "first edge after reset in B")
	assert.GreaterOrEqual(t, len(rep.Signals), minSig, "compared signals %v", signalNames(rep))
	for _, port := range b.ports {
		assert.Contains(t, signalNames(rep), port, "compared signals")
	}
}

// TestSimulatorsAlteredDump: one bit flipped at one edge in the Verilator
// or the Icarus dump is reported at exactly that edge and signal, and at
// no other.
func TestSimulatorsAlteredDump(t *testing.T) {
	for _, b := range simBlocks {
		t.Run(b.name, func(t *testing.T) {
			d := simDumps(t, b)
			goData := d.dump["go"]
			for _, tc := range []struct {
				name  string
				path  string
				clock string
				edge  int // compared edge to alter
				bit   int
			}{
				{"verilator", "TOP." + b.module + "." + b.flip, "TOP.clk_i", 17, 0},
				{"icarus", "tb_" + b.module + ".dut." + b.flip, "tb_" + b.module + ".clk_i", 101, 2},
			} {
				t.Run(tc.name, func(t *testing.T) {
					dump := d.get(t, tc.name)
					base, err := vcddiff.Diff(bytes.NewReader(goData), bytes.NewReader(dump), vcddiff.Options{})
					require.NoError(t, err)
					num := base.B.Start + tc.edge
					altered, tm, was, now := flipAt(t, dump, tc.clock, tc.path, num, tc.bit)
					rep, err := vcddiff.Diff(bytes.NewReader(goData), bytes.NewReader(altered), vcddiff.Options{})
					require.NoError(t, err, tc.name)
					require.Len(t, rep.Divergences, 1, "%s:\n%s", tc.name, reportText(t, rep))
					got := rep.Divergences[0]
					assert.Equal(t, b.flip, got.Signal, tc.name)
					assert.Equal(t, tc.edge, got.Edge, "%s: compared edge", tc.name)
					assert.Equal(t, num, got.EdgeB, "%s: edge number in the altered file", tc.name)
					assert.Equal(t, tm, got.TimeB, "%s: time in the altered file", tc.name)
					assert.Equal(t, uint64(1000*(num)), got.TimeA, "%s: the Go dump's edge ending cycle %d", tc.name, num-1)
					assert.Equal(t, was, got.ValueA, tc.name)
					assert.Equal(t, now, got.ValueB, tc.name)
					assert.Equal(t, 1, got.Count, tc.name)
				})
			}
		})
	}
}

// flipAt returns a copy of a dump in which bit of the var at path reads
// inverted at the num-th rising edge of clock (1-based) and only there:
// the flipped value is written one time unit before the edge and the
// original one at the edge. It also returns the edge's time and the
// var's value before and after the flip, as Value.Hex.
func flipAt(t *testing.T, dump []byte, clock, path string, num, bit int) ([]byte, uint64, string, string) {
	t.Helper()
	r, err := vcd.NewReader(bytes.NewReader(dump))
	require.NoError(t, err)
	s, err := vcd.NewSampler(r, vcd.SamplerOptions{Clock: clock, Signals: []string{path}})
	require.NoError(t, err)
	for s.Count() < num {
		require.True(t, s.Next(), "edge %d of %s", num, clock)
	}
	tm, orig := s.Time(), s.Value(0).Clone()
	code := s.Vars()[0].ID
	require.Greater(t, orig.Width, bit)
	flipped := orig.Clone()
	flipped.Val[bit/64] ^= 1 << uint(bit%64)
	change := func(v vcd.Value) string {
		if v.Width == 1 {
			return v.String() + code
		}
		return "b" + v.String() + " " + code
	}
	lines := strings.Split(string(dump), "\n")
	at := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "#"+strconv.FormatUint(tm, 10) {
			at = i
			break
		}
	}
	require.GreaterOrEqual(t, at, 0, "no #%d line", tm)
	for i := at - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); strings.HasPrefix(l, "#") {
			prev, err := strconv.ParseUint(l[1:], 10, 64)
			require.NoError(t, err)
			require.Less(t, prev, tm-1, "no room for a timestamp before #%d", tm)
			break
		}
	}
	var out []string
	out = append(out, lines[:at]...)
	out = append(out, "#"+strconv.FormatUint(tm-1, 10), change(flipped), lines[at], change(orig))
	out = append(out, lines[at+1:]...)
	return []byte(strings.Join(out, "\n")), tm, orig.Hex(), flipped.Hex()
}

// reportText renders a report.
func reportText(t *testing.T, r *vcddiff.Report) string {
	t.Helper()
	var b strings.Builder
	require.NoError(t, r.Write(&b))
	return b.String()
}

// signalNames lists the compared signals of a report.
func signalNames(r *vcddiff.Report) []string {
	var n []string
	for _, s := range r.Signals {
		n = append(n, s.Name)
	}
	return n
}
