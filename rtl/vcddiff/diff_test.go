package vcddiff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// style is one of the three snippets with what Diff should find in it.
type style struct {
	name, dump, root, clock string
	startTime               uint64
}

var styles = []style{
	{"go", goDump, "occamy.u_sel", "occamy.clk", 3000},
	{"verilator", verilatorDump, "TOP.hd_selector", "TOP.hd_selector.clk_i", 25},
	{"icarus", icarusDump, "tb.dut", "tb.dut.clk_i", 25},
}

// TestDiffStylesAgree: every ordered pair of the three styles agrees at
// the three edges after reset, with the scopes aligned to the design and
// the clock and reset found in each. A file compared with itself is
// compared from its top (every var pairs there).
func TestDiffStylesAgree(t *testing.T) {
	for _, a := range styles {
		for _, b := range styles {
			t.Run(a.name+"_vs_"+b.name, func(t *testing.T) {
				rep := diffStrings(t, a.dump, b.dump, Options{})
				assert.True(t, rep.Same(), "report:\n%s", reportText(t, rep))
				assert.Equal(t, 3, rep.Edges, "edges compared")
				if a.name == b.name {
					assert.Empty(t, rep.OnlyA)
					assert.Empty(t, rep.OnlyB)
					return
				}
				assert.Equal(t, []string{"rst_ni", "over_o"}, signalNames(rep))
				for _, f := range []struct {
					got  File
					want style
				}{{rep.A, a}, {rep.B, b}} {
					assert.Equal(t, f.want.root, f.got.Root, "%s: compared scope", f.want.name)
					assert.Equal(t, f.want.clock, f.got.Clock, "%s: clock", f.want.name)
					assert.Equal(t, f.want.root+".rst_ni", f.got.Reset, "%s: reset", f.want.name)
					assert.True(t, f.got.ResetLow, "%s: rst_ni is active low", f.want.name)
					assert.Equal(t, 3, f.got.Start, "%s: first compared edge", f.want.name)
					assert.Equal(t, f.want.startTime, f.got.StartTime, "%s: time of the first compared edge", f.want.name)
					assert.Equal(t, 3, f.got.Edges, "%s: edges after reset", f.want.name)
				}
			})
		}
	}
}

// TestDiffAliasesAndNotes: Verilator's TOP ports and the Icarus testbench
// regs wired to the ports share id codes with compared signals and are not
// listed; what is listed is the parameter without a counterpart and the
// testbench integer, as ignored.
func TestDiffAliasesAndNotes(t *testing.T) {
	rep := diffStrings(t, verilatorDump, icarusDump, Options{})
	assert.Equal(t, []string{"TOP.hd_selector.N"}, unmatchedPaths(rep.OnlyA, ReasonNoPeer))
	assert.Empty(t, unmatchedPaths(rep.OnlyA, ReasonOutside), "TOP ports are aliases")
	assert.Equal(t, []string{"tb.i"}, unmatchedPaths(rep.OnlyB, ReasonInteger))
	assert.Len(t, rep.OnlyB, 1, "tb regs sharing the ports' codes are aliases")
	assert.Empty(t, rep.Warnings)
}

// TestDiffVectorsAndKinds: a zero-padded vector equals its stripped form,
// a short x vector extends with x, and kinds do not matter.
func TestDiffVectorsAndKinds(t *testing.T) {
	tests := []struct {
		name, old, new string
		same           bool
	}{
		{"padded_equals_stripped", "#25 1! b101 #", "#25 1! b0101 #", true},
		{"reg_equals_integer_kind", "$var reg 4 # over_o [3:0] $end", "$var integer 4 # over_o [3:0] $end", true},
		{"short_x_extends_with_x", "$dumpvars\nbx #", "$dumpvars\nbxxxx #", true},
		{"one_bit_flipped", "#25 1! b101 #", "#25 1! b111 #", false},
		{"x_differs_from_0", "#25 1! b101 #", "#25 1! b1x1 #", false},
		{"z_differs_from_x", "#35 1! b1010 #", "#35 1! bz010 #", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := diffStrings(t, goDump, replaceOnce(t, icarusDump, tt.old, tt.new), Options{})
			assert.Equal(t, tt.same, rep.Same(), "report:\n%s", reportText(t, rep))
		})
	}
}

// TestDiffMissingDumpvars: an Icarus dump without the $dumpvars keywords
// reads the same.
func TestDiffMissingDumpvars(t *testing.T) {
	b := replaceOnce(t, icarusDump, "$dumpvars\n", "")
	b = replaceOnce(t, b, "b0 $\n$end\n", "b0 $\n")
	rep := diffStrings(t, goDump, b, Options{})
	assert.True(t, rep.Same(), "report:\n%s", reportText(t, rep))
}

// TestDiffTimescales: units are recorded but play no part; a file without
// $timescale reads the same.
func TestDiffTimescales(t *testing.T) {
	rep := diffStrings(t, goDump, icarusDump, Options{})
	assert.Equal(t, "1ps", rep.A.Timescale.String())
	assert.Equal(t, "1ns", rep.B.Timescale.String())
	noUnit := replaceOnce(t, icarusDump, "$timescale 1ns $end\n", "")
	rep = diffStrings(t, goDump, noUnit, Options{})
	assert.True(t, rep.Same())
	assert.Zero(t, rep.B.Timescale.Number)
}

// activeHigh rewrites a snippet's rst_ni into an active-high rst_i.
func activeHigh(t *testing.T, s string, code string) string {
	t.Helper()
	s = strings.ReplaceAll(s, " rst_ni ", " rst_i ")
	s = replaceOnce(t, s, " 0"+code+" ", " 1"+code+" ")
	return replaceOnce(t, s, " 1"+code+"\n", " 0"+code+"\n")
}

// TestDiffFirstDivergence: one bit flipped at one edge is reported at that
// edge and signal, with each file's edge number, time and value, and the
// number of differing edges.
func TestDiffFirstDivergence(t *testing.T) {
	b := replaceOnce(t, icarusDump, "#25 1! b101 #", "#25 1! b111 #")
	rep := diffStrings(t, goDump, b, Options{NameA: "go.vcd", NameB: "icarus.vcd"})
	require.False(t, rep.Same())
	require.Len(t, rep.Divergences, 1)
	assert.Equal(t, Divergence{
		Signal: "over_o", PathA: "occamy.u_sel.over_o", PathB: "tb.dut.over_o",
		Edge: 1, EdgeA: 4, EdgeB: 4, TimeA: 4000, TimeB: 35, ValueA: "5", ValueB: "7", Count: 1,
	}, rep.Divergences[0])
	assert.Equal(t, "different: 1 of 2 signals differ; 3 edges compared", rep.Summary())

	t.Run("binary_when_hex_reads_the_same", func(t *testing.T) {
		a := replaceOnce(t, verilatorDump, "#25 1# b0101 %", "#25 1# b01x1 %")
		b := replaceOnce(t, icarusDump, "#25 1! b101 #", "#25 1! b0x11 #")
		rep := diffStrings(t, a, b, Options{})
		require.Len(t, rep.Divergences, 1)
		assert.Equal(t, "b01x1", rep.Divergences[0].ValueA)
		assert.Equal(t, "b0x11", rep.Divergences[0].ValueB)
	})

	t.Run("count_and_order", func(t *testing.T) {
		b := replaceOnce(t, icarusDump, "#35 1! b1010 #", "#35 1! b1011 #")
		b = replaceOnce(t, b, "#20 0! 1\"", "#20 0! 1\"\n#22 0\"\n#24 1\"")
		rep := diffStrings(t, goDump, b, Options{})
		assert.Len(t, rep.Divergences, 1, "a glitch between edges is not seen")
		b = replaceOnce(t, b, "#30 0!", "#30 0! 0\"")
		rep = diffStrings(t, goDump, b, Options{})
		require.Len(t, rep.Divergences, 2)
		assert.Equal(t, "rst_ni", rep.Divergences[0].Signal)
		assert.Equal(t, 1, rep.Divergences[0].Edge)
		assert.Equal(t, 2, rep.Divergences[0].Count)
		assert.Equal(t, "over_o", rep.Divergences[1].Signal)
		assert.Equal(t, 2, rep.Divergences[1].Edge)
	})
}

// TestDiffMax: the comparison stops once Max signals have diverged.
func TestDiffMax(t *testing.T) {
	b := replaceOnce(t, icarusDump, "#35 1! b1010 #", "#35 1! b1011 #")
	b = replaceOnce(t, b, "#30 0!", "#30 0! 0\"")
	rep := diffStrings(t, goDump, b, Options{Max: 1})
	require.Len(t, rep.Divergences, 1)
	assert.Equal(t, "rst_ni", rep.Divergences[0].Signal)
	assert.True(t, rep.Stopped)
	assert.Equal(t, 2, rep.Edges)
	assert.False(t, rep.LengthDiffers(), "length unknown after a stop")
	assert.Contains(t, rep.Summary(), "(stopped at --max)")
	_, err := Diff(strings.NewReader(goDump), strings.NewReader(b), Options{Max: -1})
	assert.EqualError(t, err, "max -1: want 0 (no limit) or more")
}

// TestDiffLength: files with a different number of edges after reset
// differ, and the report says by how much.
func TestDiffLength(t *testing.T) {
	short := strings.TrimSuffix(icarusDump, "#45 1! b101 $\n#50 0!\n")
	rep := diffStrings(t, goDump, short, Options{})
	assert.False(t, rep.Same())
	assert.Empty(t, rep.Divergences)
	assert.Equal(t, 3, rep.A.Edges)
	assert.Equal(t, 2, rep.B.Edges)
	assert.Equal(t, 2, rep.Edges)
	assert.Equal(t, "different: A has 3 edges after reset, B has 2; 2 edges compared", rep.Summary())
	rep = diffStrings(t, short, goDump, Options{})
	assert.Equal(t, "different: A has 2 edges after reset, B has 3; 2 edges compared", rep.Summary())
}

// TestDiffIntegers: an integer without a counterpart is ignored with a
// note, inside the compared scope too; one with a counterpart is compared
// whatever its kind on the other side.
func TestDiffIntegers(t *testing.T) {
	b := replaceOnce(t, icarusDump, "$var reg 4 # over_o [3:0] $end", "$var reg 4 # over_o [3:0] $end\n$var integer 32 $ k [31:0] $end")
	rep := diffStrings(t, goDump, b, Options{})
	assert.True(t, rep.Same())
	assert.Equal(t, []string{"tb.dut.k", "tb.i"}, unmatchedPaths(rep.OnlyB, ReasonInteger))

	b = replaceOnce(t, icarusDump, "$var reg 4 # over_o [3:0] $end", "$var reg 4 # over_o [3:0] $end\n$var integer 32 % k [31:0] $end")
	b = replaceOnce(t, b, "b0 $\n$end", "b0 $\nb0 %\n$end")
	b = replaceOnce(t, b, "#25 1! b101 # b11 $", "#25 1! b101 # b11 $ b101 %")
	a := replaceOnce(t, goDump, "$var wire 4 # over_o [3:0] $end", "$var wire 4 # over_o [3:0] $end\n$var wire 32 $ k [31:0] $end")
	a = replaceOnce(t, a, "b0 # $end", "b0 # b0 $ $end")
	a = replaceOnce(t, a, "#3000 1! b101 #", "#3000 1! b101 # b100 $")
	rep = diffStrings(t, a, b, Options{})
	assert.Contains(t, signalNames(rep), "k")
	require.Len(t, rep.Divergences, 1, "report:\n%s", reportText(t, rep))
	assert.Equal(t, "k", rep.Divergences[0].Signal)
	assert.Equal(t, 1, rep.Divergences[0].Edge)
	assert.Equal(t, "00000004", rep.Divergences[0].ValueA)
	assert.Equal(t, "00000005", rep.Divergences[0].ValueB)
}

// TestDiffWidths: pairs of different widths are compared zero-extended,
// with a warning.
func TestDiffWidths(t *testing.T) {
	wide := replaceOnce(t, icarusDump, "$var reg 4 # over_o [3:0] $end", "$var reg 8 # over_o [7:0] $end")
	wide = replaceOnce(t, wide, "$var wire 4 # over_o [3:0] $end", "$var wire 8 # over_o [7:0] $end")
	rep := diffStrings(t, goDump, wide, Options{})
	assert.True(t, rep.Same(), "report:\n%s", reportText(t, rep))
	assert.Equal(t, []string{"over_o is 4 bits in A, 8 bits in B: compared zero-extended"}, rep.Warnings)
	high := replaceOnce(t, wide, "#35 1! b1010 #", "#35 1! b10001010 #")
	rep = diffStrings(t, goDump, high, Options{})
	require.Len(t, rep.Divergences, 1)
	assert.Equal(t, "a", rep.Divergences[0].ValueA)
	assert.Equal(t, "8a", rep.Divergences[0].ValueB)
}

// TestDiffErrors: unreadable input and headers that share nothing give
// one clear error naming the file.
func TestDiffErrors(t *testing.T) {
	tests := []struct {
		name   string
		a, b   string
		opt    Options
		expect string
	}{
		{"empty", "", icarusDump, Options{NameA: "a.vcd"}, "a.vcd: vcd: line 1: end of input in the header: no $enddefinitions"},
		{"bad_header", "$scope module m $end\n$var wire 0 ! clk $end\n$enddefinitions $end\n", goDump, Options{NameA: "a.vcd"}, `a.vcd: vcd: line 2: $var clk: width "0" out of range, allowed 1..1048576`},
		{"bad_body", goDump, icarusDump + "#60 1?\n", Options{NameB: "b.vcd"}, `b.vcd: vcd: line 33: unknown id code "?"`},
		{"time_goes_back", goDump + "#10 0!\n", icarusDump, Options{}, "A: vcd: line 22: time 10 goes back from 5000"},
		{"nothing_shared", goDump, strings.NewReplacer(" rst_ni ", " r ", " over_o ", " o ").Replace(icarusDump), Options{ResetA: Reset{Off: true}, ResetB: Reset{Off: true}},
			"A and B share no signal (scopes (top) and (top)): pair them with --map or pick scopes with --root"},
		{"no_root", goDump, icarusDump, Options{RootB: "tb.nope"}, `B: no scope "tb.nope"`},
		{"no_edge", strings.SplitAfter(goDump, "$enddefinitions $end\n")[0], icarusDump, Options{ResetA: Reset{Off: true}, ResetB: Reset{Off: true}}, "A: no rising edge of clock occamy.clk"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Diff(strings.NewReader(tt.a), strings.NewReader(tt.b), tt.opt)
			require.Error(t, err)
			assert.Equal(t, tt.expect, err.Error())
		})
	}
}

// reportText renders a report.
func reportText(t *testing.T, r *Report) string {
	t.Helper()
	var b strings.Builder
	require.NoError(t, r.Write(&b))
	return b.String()
}

// resetDump is a dump with a clock at the top and a reset in each scope
// of scopes (dotted, below the top), each its own value stream.
func resetDump(scopes ...string) string {
	var b strings.Builder
	b.WriteString("$timescale 1ps $end\n$scope module top $end\n$var wire 1 ! clk $end\n$var wire 1 \" d $end\n")
	codes := []string{"#", "$", "%", "&"}
	for i, sc := range scopes {
		parts := strings.Split(sc, ".")
		for _, p := range parts {
			fmt.Fprintf(&b, "$scope module %s $end\n", p)
		}
		fmt.Fprintf(&b, "$var wire 1 %s rst_ni $end\n", codes[i])
		for range parts {
			b.WriteString("$upscope $end\n")
		}
	}
	b.WriteString("$upscope $end\n$enddefinitions $end\n#0\n0!\n0\"\n")
	for i := range scopes {
		b.WriteString("1" + codes[i] + "\n")
	}
	b.WriteString("#500\n1!\n#1000\n0!\n#1500\n1!\n")
	return b.String()
}
