package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Two small dumps of one run: the Go tracer's (clk, 1 ps, period 1000) and
// an Icarus testbench's (clk_i under tb.dut, 1 ns, period 10, $dumpvars,
// a loop integer). Reset is released in cycle 2; over_o is 0, 0, 0, 5, a.
const (
	vcddiffGo = `$timescale 1ps $end
$scope module occamy $end
$var wire 1 ! clk $end
$scope module u_sel $end
$var wire 1 " rst_ni $end
$var wire 4 # over_o [3:0] $end
$upscope $end
$upscope $end
$enddefinitions $end
#0 $dumpvars 1! 0" b0 # $end
#500 0!
#1000 1!
#1500 0!
#2000 1! 1"
#2500 0!
#3000 1! b101 #
#3500 0!
#4000 1! b1010 #
#4500 0!
#5000 1!
`
	vcddiffIcarus = `$timescale 1ns $end
$scope module tb $end
$var reg 1 ! clk_i $end
$var reg 1 " rst_ni $end
$var integer 32 $ i [31:0] $end
$scope module dut $end
$var wire 1 ! clk_i $end
$var wire 1 " rst_ni $end
$var reg 4 # over_o [3:0] $end
$upscope $end
$upscope $end
$enddefinitions $end
#0 $dumpvars bx # 0" 0! b0 $ $end
#5 1! b0 #
#10 0!
#15 1!
#20 0! 1"
#25 1! b101 #
#30 0!
#35 1! b1010 #
#40 0!
#45 1!
#50 0!
`
)

// runOccamy runs the command line with args and returns its standard
// output and exit code.
func runOccamy(t *testing.T, args ...string) (string, int, error) {
	t.Helper()
	root := newRootCmd()
	var out, errOut bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.Execute()
	if err != nil {
		return out.String(), exitCode(err), err
	}
	return out.String(), 0, nil
}

// writeFiles writes name → content files into a temporary folder and
// returns the folder.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	return dir
}

func TestVcddiffCommand(t *testing.T) {
	flipped := strings.Replace(vcddiffIcarus, "#25 1! b101 #", "#25 1! b111 #", 1)
	renamed := strings.ReplaceAll(flipped, " over_o ", " ovr_o ")
	dir := writeFiles(t, map[string]string{
		"go.vcd":      vcddiffGo,
		"icarus.vcd":  vcddiffIcarus,
		"flipped.vcd": flipped,
		"renamed.vcd": renamed,
		"bad.vcd":     vcddiffIcarus + "#60 1?\n",
		"names.map":   "# Go name, Icarus name\nover_o ovr_o\n",
		"bad.map":     "over_o\n",
	})
	p := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name string
		args []string
		code int
		out  []string // lines the standard output must contain
		err  string   // the error's text, for codes 1 and 2
	}{
		{"same", []string{p("go.vcd"), p("icarus.vcd")}, 0,
			[]string{"scope tb.dut, clock tb.dut.clk_i", "(integer, ignored): tb.i", "same: 2 signals agree at all 3 edges compared"}, ""},
		{"clock_per_file", []string{p("go.vcd"), p("icarus.vcd"), "--clock", "A=clk,B=clk_i"}, 0, []string{"same:"}, ""},
		{"different", []string{p("go.vcd"), p("flipped.vcd")}, 1,
			[]string{"differs: over_o at cycle 3 (edge 4 of both files, t=4000 in " + p("go.vcd") + ", t=35 in " + p("flipped.vcd") + "; compared edge 1): " +
				p("go.vcd") + "=5 " + p("flipped.vcd") + "=7", "different: 1 of 2 signals differ; 3 edges compared"},
			"vcddiff: the dumps differ"},
		{"signals_restrict", []string{p("go.vcd"), p("flipped.vcd"), "--signals", "rst_ni"}, 0, []string{"same: 1 signals"}, ""},
		{"signals_missing", []string{p("go.vcd"), p("icarus.vcd"), "--signals", "over_o, tb.i"}, 1,
			[]string{"missing: tb.i is not in " + p("go.vcd")}, "vcddiff: the dumps differ"},
		{"map", []string{p("go.vcd"), p("renamed.vcd"), "--map", p("names.map")}, 1,
			[]string{"differs: over_o=ovr_o at cycle 3"}, "vcddiff: the dumps differ"},
		{"max", []string{p("go.vcd"), p("flipped.vcd"), "--max", "1"}, 1, []string{"(stopped at --max)"}, "vcddiff: the dumps differ"},
		{"reset_none", []string{p("go.vcd"), p("icarus.vcd"), "--reset", "none"}, 1,
			[]string{"no reset, from edge 1", "differs: over_o at cycle 0"}, "vcddiff: the dumps differ"},
		{"reset_per_file", []string{p("go.vcd"), p("icarus.vcd"), "--reset", "A=rst_ni,B=dut.rst_ni:low"}, 0, []string{"same:"}, ""},
		{"root", []string{p("go.vcd"), p("icarus.vcd"), "--root", "B=tb"}, 0, []string{"scope tb, clock tb.clk_i"}, ""},

		{"one_file", []string{p("go.vcd")}, 2, nil, "vcddiff: want two files A.vcd B.vcd, got 1 arguments"},
		{"no_such_file", []string{p("go.vcd"), p("nope.vcd")}, 2, nil, "vcddiff: " + p("nope.vcd") + ": no such file or directory"},
		{"malformed", []string{p("go.vcd"), p("bad.vcd")}, 2, nil, "vcddiff: " + p("bad.vcd") + `: vcd: line 24: unknown id code "?"`},
		{"directory", []string{p("go.vcd"), dir}, 2, nil, "vcddiff: " + dir + ": a directory, want a regular file"},
		{"unknown_clock", []string{p("go.vcd"), p("icarus.vcd"), "--clock", "B=clk_x"}, 2, nil,
			"vcddiff: " + p("icarus.vcd") + `: clock: no signal named "clk_x"`},
		{"bad_clock_flag", []string{p("go.vcd"), p("icarus.vcd"), "--clock", "clk,clk_i"}, 2, nil,
			`vcddiff: --clock "clk,clk_i": give one name, or A=NAME,B=NAME`},
		{"bad_reset_flag", []string{p("go.vcd"), p("icarus.vcd"), "--reset", "rst_ni:up"}, 2, nil,
			`vcddiff: --reset: reset "rst_ni:up": polarity "up", want low or high`},
		{"bad_map", []string{p("go.vcd"), p("icarus.vcd"), "--map", p("bad.map")}, 2, nil,
			"vcddiff: --map " + p("bad.map") + `: map line 1: want "nameA nameB", got 1 words`},
		{"no_map", []string{p("go.vcd"), p("icarus.vcd"), "--map", p("nope.map")}, 2, nil,
			"vcddiff: --map: " + p("nope.map") + ": no such file or directory"},
		{"bad_max", []string{p("go.vcd"), p("icarus.vcd"), "--max", "-1"}, 2, nil, "vcddiff: --max -1: want 0 (no limit) or more"},
		{"empty_signals", []string{p("go.vcd"), p("icarus.vcd"), "--signals", ","}, 2, nil, `vcddiff: --signals "," names no signal`},
		{"unknown_signal", []string{p("go.vcd"), p("icarus.vcd"), "--signals", "nope"}, 2, nil,
			`vcddiff: signals: "nope" is in neither ` + p("go.vcd") + " nor " + p("icarus.vcd")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, code, err := runOccamy(t, append([]string{"vcddiff"}, tt.args...)...)
			assert.Equal(t, tt.code, code, "exit code; output:\n%s\nerror: %v", out, err)
			for _, want := range tt.out {
				assert.Contains(t, out, want)
			}
			if tt.code == 0 {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tt.err, err.Error())
			assert.NotContains(t, err.Error(), "\n", "errors are one line")
		})
	}
}
