package vcddiff

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

// TestDiffRoots: a scope given by hand overrides the alignment.
func TestDiffRoots(t *testing.T) {
	rep := diffStrings(t, goDump, icarusDump, Options{RootB: "tb"})
	assert.Equal(t, "tb", rep.B.Root)
	assert.Equal(t, "occamy.u_sel", rep.A.Root)
	assert.True(t, rep.Same(), "tb's regs are the ports' nets")
	rep = diffStrings(t, goDump, icarusDump, Options{})
	assert.Equal(t, "tb.dut", rep.B.Root, "the deeper of two equal scopes")
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
