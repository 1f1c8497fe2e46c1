package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"occamy/rtl/infile"
	"occamy/rtl/vcddiff"
)

// vcddiffFlags are the raw flag values of occamy vcddiff.
type vcddiffFlags struct {
	clock, reset, root, signals, mapFile string
	max                                  int
}

func newVcddiffCmd() *cobra.Command {
	var fl vcddiffFlags
	cmd := &cobra.Command{
		Use:   "vcddiff A.vcd B.vcd",
		Short: "Compare two VCD dumps of the same design at each rising clock edge after reset",
		Long: `vcddiff compares two VCD dumps of the same design (Go model, Verilator,
Icarus) at each rising clock edge after reset, using the values just before
each edge. Edges are counted, not timed. Scope prefixes, kinds, padding,
$dumpvars and timescales are normalised; see docs/vcddiff.md.

It prints, for every signal that differs, its first divergence (edge index,
edge number and time in each file, the two values), then a summary line.
Exit status: 0 same, 1 different, 2 error.`,
		Example: `  occamy vcddiff go.vcd verilator.vcd
  occamy vcddiff go.vcd icarus.vcd --clock A=clk,B=clk_i --signals over_o,rst_ni
  occamy vcddiff a.vcd b.vcd --map names.map --reset A=rst_ni,B=rst:high --max 5`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usageErr(fmt.Errorf("vcddiff: want two files A.vcd B.vcd, got %d arguments", len(args)))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runVcddiff(cmd, args[0], args[1], fl)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.clock, "clock", "", "clock name, or A=NAME,B=NAME (default: clk_i, clk or clock)")
	f.StringVar(&fl.reset, "reset", "", "reset NAME[:low|:high], none, or A=...,B=... (default: rst_ni/rst_n active low, rst_i/rst active high)")
	f.StringVar(&fl.root, "root", "", "compared scope by full path, or A=PATH,B=PATH (default: aligned automatically)")
	f.StringVar(&fl.signals, "signals", "", "comma-separated signals to compare (default: every paired signal)")
	f.StringVar(&fl.mapFile, "map", "", "file of \"nameA nameB\" lines pairing signals by hand")
	f.IntVar(&fl.max, "max", 0, "stop after this many signals differ (0: no limit)")
	return cmd
}

// maxMapBytes is the largest --map file read (a map is a few lines).
const maxMapBytes = 16 << 20

// vcddiffOptions turns the flags into Options.
func vcddiffOptions(a, b string, fl vcddiffFlags) (vcddiff.Options, error) {
	opt := vcddiff.Options{NameA: a, NameB: b, Max: fl.max}
	if fl.max < 0 {
		return opt, fmt.Errorf("--max %d: want 0 (no limit) or more", fl.max)
	}
	var err error
	if opt.ClockA, opt.ClockB, err = vcddiff.ParseSides(fl.clock); err != nil {
		return opt, fmt.Errorf("--clock %w", err)
	}
	if opt.RootA, opt.RootB, err = vcddiff.ParseSides(fl.root); err != nil {
		return opt, fmt.Errorf("--root %w", err)
	}
	ra, rb, err := vcddiff.ParseSides(fl.reset)
	if err != nil {
		return opt, fmt.Errorf("--reset %w", err)
	}
	if opt.ResetA, err = vcddiff.ParseReset(ra); err != nil {
		return opt, fmt.Errorf("--reset: %w", err)
	}
	if opt.ResetB, err = vcddiff.ParseReset(rb); err != nil {
		return opt, fmt.Errorf("--reset: %w", err)
	}
	for _, s := range strings.Split(fl.signals, ",") {
		if s = strings.TrimSpace(s); s != "" {
			opt.Signals = append(opt.Signals, s)
		}
	}
	if fl.signals != "" && len(opt.Signals) == 0 {
		return opt, fmt.Errorf("--signals %q names no signal", fl.signals)
	}
	if fl.mapFile != "" {
		data, err := infile.ReadFile(fl.mapFile, maxMapBytes)
		if err != nil {
			return opt, fmt.Errorf("--map: %w", err)
		}
		if opt.Map, err = vcddiff.ParseMap(bytes.NewReader(data)); err != nil {
			return opt, fmt.Errorf("--map %s: %w", fl.mapFile, err)
		}
	}
	return opt, nil
}

// runVcddiff compares the two files and prints the report: exit 1 when
// they differ, 2 on any error.
func runVcddiff(cmd *cobra.Command, pathA, pathB string, fl vcddiffFlags) error {
	opt, err := vcddiffOptions(pathA, pathB, fl)
	if err != nil {
		return usageErr(fmt.Errorf("vcddiff: %w", err))
	}
	fa, err := infile.Open(pathA)
	if err != nil {
		return usageErr(fmt.Errorf("vcddiff: %w", err))
	}
	defer fa.Close()
	fb, err := infile.Open(pathB)
	if err != nil {
		return usageErr(fmt.Errorf("vcddiff: %w", err))
	}
	defer fb.Close()
	rep, err := vcddiff.Diff(fa, fb, opt)
	if err != nil {
		return usageErr(fmt.Errorf("vcddiff: %w", err))
	}
	if err := rep.Write(cmd.OutOrStdout()); err != nil {
		return usageErr(fmt.Errorf("vcddiff: %w", err))
	}
	if !rep.Same() {
		return failErr(errors.New("vcddiff: the dumps differ"))
	}
	return nil
}
