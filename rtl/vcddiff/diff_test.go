package vcddiff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/vcd"
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

// TestDiffClocks: clocks are auto-detected by name (clk, clk_i), given one
// per file, and rejected when unknown, ambiguous or wider than one bit.
func TestDiffClocks(t *testing.T) {
	t.Run("given_per_file", func(t *testing.T) {
		rep := diffStrings(t, goDump, icarusDump, Options{ClockA: "clk", ClockB: "dut.clk_i"})
		assert.True(t, rep.Same())
		assert.Equal(t, "occamy.clk", rep.A.Clock)
		assert.Equal(t, "tb.dut.clk_i", rep.B.Clock)
	})
	t.Run("relative_to_scope", func(t *testing.T) {
		rep := diffStrings(t, verilatorDump, icarusDump, Options{ClockA: "clk_i", ClockB: "clk_i"})
		assert.Equal(t, "TOP.hd_selector.clk_i", rep.A.Clock)
		assert.True(t, rep.Same())
	})
	errs := []struct {
		name   string
		a      string
		opt    Options
		expect string
	}{
		{"unknown", goDump, Options{ClockA: "clk_x"}, `A: clock: no signal named "clk_x"`},
		{"none_found", strings.ReplaceAll(goDump, " clk ", " ck "), Options{}, "A: no clock found (tried clk_i, clk, clock); name it with --clock"},
		{"wide", goDump, Options{ClockA: "over_o"}, "A: clock occamy.u_sel.over_o is 4 bits wide (wire); a clock is a 1-bit var"},
		{"ambiguous", strings.Replace(goDump, "$upscope $end\n$upscope $end", "$upscope $end\n$scope module u_x $end\n$var wire 1 $ clk $end\n$upscope $end\n$upscope $end", 1),
			Options{ClockA: "clk"}, `A: clock: signal name "clk" is ambiguous: occamy.clk, occamy.u_x.clk; give more of its path`},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Diff(strings.NewReader(tt.a), strings.NewReader(icarusDump), tt.opt)
			require.Error(t, err)
			assert.Equal(t, tt.expect, err.Error())
		})
	}
}

// activeHigh rewrites a snippet's rst_ni into an active-high rst_i.
func activeHigh(t *testing.T, s string, code string) string {
	t.Helper()
	s = strings.ReplaceAll(s, " rst_ni ", " rst_i ")
	s = replaceOnce(t, s, " 0"+code+" ", " 1"+code+" ")
	return replaceOnce(t, s, " 1"+code+"\n", " 0"+code+"\n")
}

// TestDiffReset: auto-detected polarity, names and polarities given, no
// reset, x as asserted, and the errors.
func TestDiffReset(t *testing.T) {
	goHigh := activeHigh(t, goDump, `"`)
	tests := []struct {
		name     string
		a, b     string
		opt      Options
		same     bool
		startA   int
		resetLow bool
	}{
		{"auto_active_high_rst_i", goHigh, goHigh, Options{}, true, 3, false},
		{"named_active_high_by_name", goHigh, goDump, Options{ResetA: Reset{Name: "u_sel.rst_i"}}, true, 3, false},
		{"named_with_level", goDump, goDump, Options{ResetA: Reset{Name: "rst_ni", Level: ActiveLow}, ResetB: Reset{Name: "u_sel.rst_ni"}}, true, 3, true},
		{"off_compares_from_edge_1", goDump, goDump, Options{ResetA: Reset{Off: true}, ResetB: Reset{Off: true}}, true, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := diffStrings(t, tt.a, tt.b, tt.opt)
			assert.Equal(t, tt.same, rep.Same(), "report:\n%s", reportText(t, rep))
			assert.Equal(t, tt.startA, rep.A.Start, "first compared edge of A")
			assert.Equal(t, tt.resetLow, rep.A.ResetLow)
		})
	}
	t.Run("off_shows_the_unknown_power_up", func(t *testing.T) {
		opt := Options{ResetA: Reset{Off: true}, ResetB: Reset{Off: true}}
		rep := diffStrings(t, goDump, icarusDump, opt)
		require.Len(t, rep.Divergences, 1)
		d := rep.Divergences[0]
		assert.Equal(t, "over_o", d.Signal)
		assert.Equal(t, 0, d.Edge)
		assert.Equal(t, "0", d.ValueA)
		assert.Equal(t, "x", d.ValueB)
		assert.Equal(t, 5, rep.Edges)
	})
	t.Run("x_counts_as_asserted", func(t *testing.T) {
		b := replaceOnce(t, icarusDump, "0\"\n0!", "x\"\n0!")
		rep := diffStrings(t, goDump, b, Options{})
		assert.True(t, rep.Same(), "report:\n%s", reportText(t, rep))
		assert.Equal(t, 3, rep.B.Start)
	})
	errs := []struct {
		name   string
		a, b   string
		opt    Options
		expect string
	}{
		{"only_in_one_file", goDump, strings.ReplaceAll(icarusDump, "rst_ni", "go_ni"), Options{},
			"a reset was found in A but not in B: name both with --reset A=NAME,B=NAME, or use --reset none"},
		{"never_released", goDump, strings.Replace(icarusDump, "#20 0! 1\"", "#20 0!", 1), Options{},
			"B: reset tb.dut.rst_ni is never released in 5 rising edges of tb.dut.clk_i"},
		{"unknown_name", goDump, goDump, Options{ResetB: Reset{Name: "rst_x"}}, `B: reset: no signal named "rst_x"`},
		{"wide", goDump, goDump, Options{ResetB: Reset{Name: "over_o"}}, "B: reset occamy.u_sel.over_o is 4 bits wide; a reset is a 1-bit var"},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Diff(strings.NewReader(tt.a), strings.NewReader(tt.b), tt.opt)
			require.Error(t, err)
			assert.Equal(t, tt.expect, err.Error())
		})
	}
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

// TestDiffSignals: --signals restricts the comparison; a named signal one
// file lacks is a difference; unknown and ambiguous names are errors.
func TestDiffSignals(t *testing.T) {
	flipped := replaceOnce(t, icarusDump, "#25 1! b101 #", "#25 1! b111 #")
	rep := diffStrings(t, goDump, flipped, Options{Signals: []string{"rst_ni"}})
	assert.Equal(t, []string{"rst_ni"}, signalNames(rep))
	assert.True(t, rep.Same(), "over_o is not compared")
	assert.Empty(t, rep.OnlyA, "a signal left out has a counterpart")
	assert.Equal(t, []string{"tb.i"}, unmatchedPaths(rep.OnlyB, ReasonInteger))
	assert.Len(t, rep.OnlyB, 1, "the ports' aliases stay aliases")
	for _, name := range []string{"over_o", "u_sel.over_o", "tb.dut.over_o", "occamy.u_sel.over_o", "dut.over_o"} {
		rep = diffStrings(t, goDump, flipped, Options{Signals: []string{name}})
		assert.Equal(t, []string{"over_o"}, signalNames(rep), "name %q", name)
		assert.False(t, rep.Same(), "name %q", name)
	}
	rep = diffStrings(t, goDump, icarusDump, Options{Signals: []string{"over_o", "tb.i"}})
	assert.Equal(t, []Missing{{Name: "tb.i", In: "A"}}, rep.Missing)
	assert.False(t, rep.Same())
	assert.Equal(t, "different: 1 named signals missing; 3 edges compared", rep.Summary())

	// Two debug nets named dbg in two sub-scopes, in a Verilator and an
	// Icarus dump.
	dbgV := replaceOnce(t, verilatorDump, "$var wire 32 & N [31:0] $end",
		"$var wire 32 & N [31:0] $end\n$scope module u $end\n$var wire 1 ' dbg $end\n$upscope $end\n$scope module v $end\n$var wire 1 ( dbg $end\n$upscope $end")
	dbgI := replaceOnce(t, icarusDump, "$var reg 4 # over_o [3:0] $end",
		"$var reg 4 # over_o [3:0] $end\n$scope module u $end\n$var wire 1 % dbg $end\n$upscope $end\n$scope module v $end\n$var wire 1 & dbg $end\n$upscope $end")
	renamed := replaceOnce(t, icarusDump, "$var reg 4 # over_o", "$var reg 4 # ovr_o")
	errs := []struct {
		name, a, b string
		rootB      string
		signals    []string
		expect     string
	}{
		{"unknown", goDump, icarusDump, "", []string{"nope"}, `signals: "nope" is in neither A nor B`},
		{"clock", verilatorDump, icarusDump, "", []string{"clk_i"}, `signals: "clk_i" is a clock; clocks are not compared`},
		{"unpaired_in_both", goDump, renamed, "tb.dut", []string{"over_o"},
			`signals: "over_o" names occamy.u_sel.over_o in A and tb.over_o in B, which are not paired: pair them with --map`},
		{"ambiguous_in_file", goDump, dbgV, "", []string{"dbg"},
			`signals: B: signal name "dbg" is ambiguous: TOP.hd_selector.u.dbg, TOP.hd_selector.v.dbg; give more of its path`},
		{"ambiguous_pairs", dbgV, dbgI, "", []string{"dbg"},
			`signals: signal name "dbg" is ambiguous: u.dbg, v.dbg; give more of its path`},
	}
	rep = diffStrings(t, dbgV, dbgI, Options{Signals: []string{"u.dbg"}})
	assert.Equal(t, []string{"u.dbg"}, signalNames(rep))
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Diff(strings.NewReader(tt.a), strings.NewReader(tt.b), Options{Signals: tt.signals, RootB: tt.rootB})
			require.Error(t, err)
			assert.Equal(t, tt.expect, err.Error())
		})
	}
}

// TestDiffMap: hand pairs join signals named differently; a mapped name
// one file lacks is a difference, one neither has an error.
func TestDiffMap(t *testing.T) {
	renamed := strings.ReplaceAll(icarusDump, " over_o ", " ovr_o ")
	rep := diffStrings(t, goDump, renamed, Options{})
	assert.Equal(t, []string{"rst_ni"}, signalNames(rep))
	assert.Equal(t, []string{"occamy.u_sel.over_o"}, unmatchedPaths(rep.OnlyA, ReasonNoPeer))
	assert.Equal(t, []string{"tb.dut.ovr_o"}, unmatchedPaths(rep.OnlyB, ReasonNoPeer))
	assert.True(t, rep.Same(), "unmatched signals are notes, not differences")

	rep = diffStrings(t, goDump, renamed, Options{Map: []Pair{{"over_o", "ovr_o"}}})
	assert.Equal(t, []string{"over_o=ovr_o", "rst_ni"}, signalNames(rep))
	assert.True(t, rep.Signals[0].Mapped)
	assert.True(t, rep.Same())
	assert.Empty(t, rep.OnlyA)

	flipped := replaceOnce(t, renamed, "#25 1! b101 #", "#25 1! b111 #")
	rep = diffStrings(t, goDump, flipped, Options{Map: []Pair{{"over_o", "ovr_o"}}, Signals: []string{"ovr_o"}})
	require.Len(t, rep.Divergences, 1)
	assert.Equal(t, "over_o=ovr_o", rep.Divergences[0].Signal)

	rep = diffStrings(t, goDump, renamed, Options{Map: []Pair{{"over_o", "nope"}}})
	assert.Equal(t, []Missing{{Name: "nope", In: "B"}}, rep.Missing)
	assert.False(t, rep.Same())

	_, err := Diff(strings.NewReader(goDump), strings.NewReader(renamed), Options{Map: []Pair{{"nope", "nada"}}})
	assert.EqualError(t, err, `map: "nope" is not in A and "nada" is not in B`)
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

// TestDiffRoots: a scope given by hand overrides the alignment.
func TestDiffRoots(t *testing.T) {
	rep := diffStrings(t, goDump, icarusDump, Options{RootB: "tb"})
	assert.Equal(t, "tb", rep.B.Root)
	assert.Equal(t, "occamy.u_sel", rep.A.Root)
	assert.True(t, rep.Same(), "tb's regs are the ports' nets")
	rep = diffStrings(t, goDump, icarusDump, Options{})
	assert.Equal(t, "tb.dut", rep.B.Root, "the deeper of two equal scopes")
}

// TestReportWrite: the printed report names the scopes, notes, every
// divergence and ends with the summary line.
func TestReportWrite(t *testing.T) {
	b := replaceOnce(t, icarusDump, "#25 1! b101 #", "#25 1! b111 #")
	rep := diffStrings(t, verilatorDump, b, Options{NameA: "v.vcd", NameB: "i.vcd"})
	assert.Equal(t, `v.vcd: scope TOP.hd_selector, clock TOP.hd_selector.clk_i, reset TOP.hd_selector.rst_ni (active low) released at edge 3 (t=25 1ps)
i.vcd: scope tb.dut, clock tb.dut.clk_i, reset tb.dut.rst_ni (active low) released at edge 3 (t=25 1ns)
note: 1 only in v.vcd (no counterpart): TOP.hd_selector.N
note: 1 only in i.vcd (integer, ignored): tb.i
differs: over_o at cycle 3 (edge 4 of both files, t=35 in v.vcd, t=35 in i.vcd; compared edge 1): v.vcd=5 i.vcd=7
different: 1 of 2 signals differ; 3 edges compared
`, reportText(t, rep))
}

// TestDivergenceText: a divergence names the cycle each file's edge ends
// (cosim's cycle numbers), and a value wider than 64 bits prints only the
// hexadecimal digits that differ, with their bit range.
func TestDivergenceText(t *testing.T) {
	ps := vcd.Timescale{Number: 1, Unit: "ps"}
	r := &Report{A: File{Name: "go", Timescale: ps}, B: File{Name: "rtl", Timescale: ps}}
	wide := strings.Repeat("0", 256)
	wa := wide[:230] + "0012" + wide[234:]
	wb := wide[:230] + "0011" + wide[234:]
	tests := []struct {
		name string
		d    Divergence
		want string
	}{
		{"same edge", Divergence{Signal: "gnt_idx_o", Edge: 418, EdgeA: 421, EdgeB: 421, TimeA: 421000, TimeB: 421000, ValueA: "3f", ValueB: "00"},
			"differs: gnt_idx_o at cycle 420 (the rising edge at t=421000 ends it: edge 421 of both files; compared edge 418): go=3f rtl=00"},
		{"other edges", Divergence{Signal: "x", Edge: 0, EdgeA: 3, EdgeB: 5, TimeA: 3000, TimeB: 5000, ValueA: "1", ValueB: "0"},
			"differs: x at cycle 2 of go (edge 3, t=3000), cycle 4 of rtl (edge 5, t=5000); compared edge 0: go=1 rtl=0"},
		{"wide", Divergence{Signal: "qlen_q", Edge: 7, EdgeA: 10, EdgeB: 10, TimeA: 10000, TimeB: 10000, ValueA: wa, ValueB: wb},
			"differs: qlen_q at cycle 9 (the rising edge at t=10000 ends it: edge 10 of both files; compared edge 7): bits 91:88 of 1024 differ: go=2 rtl=1"},
		{"wide x", Divergence{Signal: "q", EdgeA: 1, EdgeB: 1, ValueA: "x" + wide[:19], ValueB: wide[:18] + "10"},
			"differs: q at cycle 0 (the rising edge at t=0 ends it: edge 1 of both files; compared edge 0): bits 79:4 of 80 differ: go=x000000000000000000 rtl=0000000000000000001"},
		{"64 bits whole", Divergence{Signal: "m", EdgeA: 1, EdgeB: 1, ValueA: wide[:16], ValueB: wide[:15] + "1"},
			"differs: m at cycle 0 (the rising edge at t=0 ends it: edge 1 of both files; compared edge 0): go=0000000000000000 rtl=0000000000000001"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r.Divergences = []Divergence{tt.d}
			line := strings.Split(reportText(t, r), "\n")[2]
			assert.Equal(t, tt.want, line)
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

// TestAutoResetRule: an auto-detected reset that several scopes hold is
// the one with the shortest path; at equal depth the first declared, with
// a warning naming the others; a reset the user names stays strict.
func TestAutoResetRule(t *testing.T) {
	rep := diffStrings(t, resetDump("u_a.u_b", "u_a"), resetDump("u_a.u_b", "u_a"), Options{})
	assert.Equal(t, "top.u_a.rst_ni", rep.A.Reset, "the shortest path")
	assert.Empty(t, rep.Warnings)

	rep = diffStrings(t, resetDump("u_sel", "u_arb"), resetDump("u_sel", "u_arb"), Options{})
	assert.Equal(t, "top.u_sel.rst_ni", rep.A.Reset, "the first declared at equal depth")
	require.Len(t, rep.Warnings, 2)
	assert.Equal(t, `A: "rst_ni" matches 2 signals at the same depth (top.u_sel.rst_ni, top.u_arb.rst_ni): the first declared, top.u_sel.rst_ni, is used; name another to use it`, rep.Warnings[0])

	_, err := Diff(strings.NewReader(resetDump("u_sel", "u_arb")), strings.NewReader(resetDump("u_sel", "u_arb")),
		Options{ResetA: Reset{Name: "rst_ni"}, ResetB: Reset{Name: "rst_ni"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `signal name "rst_ni" is ambiguous`)
}
