package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"occamy/cosim/report"
	"occamy/cosim/runner"
	"occamy/cosim/verilator"
	"occamy/testbench/design"
)

// Kinds of check --check names.
const (
	checkEquivalence = "equivalence"
	checkScoreboard  = "scoreboard"
)

// scoreFlags are the flags only the scoreboard reads.
type scoreFlags struct {
	check, mapFile string
	noSteady       bool
}

func addScoreFlags(cmd *cobra.Command, fl *scoreFlags) {
	f := cmd.Flags()
	f.StringVar(&fl.check, "check", "", "equivalence (cycle by cycle against the golden model, the default) or scoreboard (a traffic manager at transaction level, docs/scoreboard.md)")
	f.StringVar(&fl.mapFile, "map", "", "design `FILE` (YAML): how your design meets the contract; its tm: section maps your traffic manager for --check scoreboard")
	f.BoolVar(&fl.noSteady, "no-steady", false, "scoreboard: leave out the steady-state phase after the traffic")
}

// scoreboardWanted reports whether the flags ask for the scoreboard: --check
// scoreboard, or a design file whose check: is scoreboard.
func scoreboardWanted(sf scoreFlags) (bool, *design.File, error) {
	var f *design.File
	if sf.mapFile != "" {
		var err error
		if f, err = design.Load(sf.mapFile); err != nil {
			return false, nil, err
		}
	}
	check := sf.check
	if check == "" && f != nil {
		check = f.Check
	}
	switch check {
	case "", checkEquivalence:
		if f != nil && f.TM != nil {
			return false, nil, fmt.Errorf("cosim: %s has a tm: section, which only --check scoreboard reads", sf.mapFile)
		}
		return false, f, nil
	case checkScoreboard:
		return true, f, nil
	}
	return false, nil, fmt.Errorf("cosim: --check %q: want %s or %s", check, checkEquivalence, checkScoreboard)
}

// runScoreboard is occamy cosim --check scoreboard.
func runScoreboard(cmd *cobra.Command, args []string, fl cosimFlags, f *design.File) error {
	if fl.block == "all" {
		return usageErr(errors.New("cosim: --check scoreboard checks one traffic manager: --block tm (or executor), not all"))
	}
	if fl.block == "" && f != nil {
		fl.block = f.Block
	}
	if fl.block == "" {
		fl.block = "tm"
	}
	if f != nil && f.Block != "" && f.Block != "tm" {
		return usageErr(fmt.Errorf("cosim: --check scoreboard checks a traffic manager; %s is a map for block %s", fl.score.mapFile, f.Block))
	}
	opts, err := cosimOptions(args, fl)
	if err != nil {
		return usageErr(err)
	}
	o := opts[0]
	if (o.Sim == "" || o.Sim == runner.Verilator) && !verilator.Supported() {
		return usageErr(errors.New(noVerilatorMsg))
	}
	if f != nil {
		for k, v := range f.Params {
			if _, ok := o.Params[k]; !ok {
				o.Params[k] = v
			}
		}
		if o.Top == "" {
			o.Top = f.Top
		}
	}
	if o.VCDDir == "" {
		o.VCDDir = "."
	}
	ctx, stop := cosimInterrupt(cmd.Context())
	defer stop()
	bar := cosimProgress(cmd, &o)
	res, err := runner.Scoreboard(ctx, o, runner.ScoreOptions{Map: f, NoSteady: fl.score.noSteady})
	bar.Finish()
	if err != nil {
		return usageErr(flagErr(err))
	}
	if err := report.WriteScoreboard(cmd.OutOrStdout(), res, fl.json); err != nil {
		return usageErr(err)
	}
	switch res.Verdict {
	case "INCOMPLETE":
		return interruptedErr("cosim scoreboard", res.Cycles)
	case "FAIL":
		return failErr(fmt.Errorf("cosim: the scoreboard found violations of %v", res.Violated()))
	case "FAR":
		return failErr(fmt.Errorf("cosim: every check held, but the outcome is %.3f from hw/tm's (tolerance %.3f)", res.Outcome.Distance, res.Outcome.Tolerance))
	}
	return nil
}
