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

// scoreFlags are the flags only the scoreboard reads; --check and --map
// are the design file's (designFlags), which the scoreboard shares.
type scoreFlags struct {
	noSteady bool
}

func addScoreFlags(cmd *cobra.Command, fl *scoreFlags) {
	f := cmd.Flags()
	f.BoolVar(&fl.noSteady, "no-steady", false, "scoreboard: leave out the steady-state phase after the traffic")
}

// scoreboardWanted reports whether the flags ask for the scoreboard: --check
// scoreboard, or a design file whose check: is scoreboard. Any known check
// but scoreboard is the design flags' (runCosim); an unknown one is refused
// here, before any simulator is looked for.
func scoreboardWanted(d designFlags) (bool, *design.File, error) {
	var f *design.File
	if d.mapFile != "" {
		var err error
		if f, err = design.Load(d.mapFile); err != nil {
			return false, nil, err
		}
	}
	check := d.fl.Check
	if check == "" && f != nil {
		check = f.Check
	}
	switch check {
	case design.CheckScoreboard:
		return true, f, nil
	case "", design.CheckEquivalence:
		if f != nil && f.TM != nil {
			return false, nil, fmt.Errorf("cosim: %s has a tm: section, which only --check scoreboard reads", d.mapFile)
		}
	case design.CheckProperties:
	default:
		return false, nil, fmt.Errorf("cosim: --check %q: want %s, %s or %s", check,
			design.CheckEquivalence, design.CheckProperties, design.CheckScoreboard)
	}
	return false, nil, nil
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
		return usageErr(fmt.Errorf("cosim: --check scoreboard checks a traffic manager; %s is a map for block %s", fl.design.mapFile, f.Block))
	}
	// The map (f, loaded once) is the scoreboard's: the run is built from
	// the other flags alone, one configuration (--param's, the map's
	// below, else the defaults). Block-level declarations mean nothing
	// here.
	decl := fl.design.fl
	decl.Check = ""
	if !decl.Empty() {
		return usageErr(errors.New("cosim: --check scoreboard reads its map's tm: section; declarations (--latency, --tie, --dont-care, --port, --constrain, --observe ...) are for one block's check"))
	}
	fl.design, fl.single = designFlags{}, true
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
