package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"occamy/cosim/synth"
)

// checkFlatFlags rejects --flat and --budget where they do not apply.
func checkFlatFlags(fl synthFlags, changed func(string) bool) error {
	if !fl.flat {
		for _, f := range []string{"budget", "cone", "cone-rows"} {
			if changed(f) {
				return fmt.Errorf("--%s is for --flat", f)
			}
		}
		return nil
	}
	if b := blockList(fl.blocks); fl.all || len(b) != 1 || b[0] != synth.TMBlock {
		return errors.New("--flat is for --block tm alone (not --all)")
	}
	for _, f := range []string{"from-json", "reuse", "out", "no-tm"} {
		if changed(f) {
			return fmt.Errorf("--flat does not take --%s", f)
		}
	}
	if fl.budget < 0 {
		return fmt.Errorf("--budget %d: want 0 or more levels", fl.budget)
	}
	if changed("cone") && changed("cone-rows") {
		return errors.New("--cone and --cone-rows: give one (the rows name their own cones)")
	}
	if changed("cone-rows") && fl.coneRows == "" {
		return errors.New("--cone-rows: want the file an earlier --flat --json wrote")
	}
	if changed("cone-rows") && changed("budget") {
		return errors.New("--cone-rows takes the census's own budget, not --budget")
	}
	if changed("cone") {
		if err := synth.CheckConePatterns(fl.cones); err != nil {
			return fmt.Errorf("--cone: %w", err)
		}
	}
	return nil
}

// runSynthFlat runs the TM flat, prints its levels and census and, with
// --json, saves them. A census that disagrees with ltp's length fails
// (exit 1): the two count levels on the same netlist.
func runSynthFlat(ctx context.Context, cmd *cobra.Command, r *synth.Runner, j synth.TMJob, version string, fl synthFlags) error {
	if len(fl.cones) > 0 || fl.rows != nil {
		return runSynthCones(ctx, cmd, r, j, version, fl)
	}
	f, err := r.RunTMFlat(ctx, j, fl.budget)
	switch {
	case ctx.Err() != nil:
		return &exitError{code: exitInterrupted, err: errors.New("synth interrupted: Yosys stopped, nothing written")}
	case err != nil:
		return failErr(fmt.Errorf("synth: %w", err))
	}
	if err := synth.WriteTMFlatText(cmd.OutOrStdout(), f); err != nil {
		return err
	}
	if fl.jsonOut != "" {
		s := synth.SavedFlat{Command: synthCommand(cmd), Version: version, Flat: f}
		if err := synth.SaveFlatJSON(fl.jsonOut, s); err != nil {
			return usageErr(fmt.Errorf("synth: --json %s: %w", fl.jsonOut, err))
		}
	}
	if !f.CensusAgrees() {
		return failErr(fmt.Errorf("synth: the census's deepest endpoint is %d levels, ltp's longest path %d", f.Census.Max, f.Levels.Length))
	}
	return nil
}

// runSynthCones cuts out and maps each cone alone: those --cone names,
// or with --cone-rows the cone of every endpoint name of its census's
// rows, each name once (RunTMConeRows). It prints them (with --cone-rows
// by row) and, with --json, saves them.
func runSynthCones(ctx context.Context, cmd *cobra.Command, r *synth.Runner, j synth.TMJob, version string, fl synthFlags) error {
	var c synth.TMCones
	var rc synth.RowCones
	var err error
	hint := ""
	if fl.rows != nil {
		if rc, err = synth.ConesOfRows(fl.rows.Flat.Census); err != nil {
			return usageErr(fmt.Errorf("synth: --cone-rows %s: %w", fl.coneRows, err))
		}
		hint = fmt.Sprintf(" (--cone-rows %s: a census of older Verilog?)", fl.coneRows)
		c, err = r.RunTMConeRows(ctx, j, rc)
	} else {
		c, err = r.RunTMCones(ctx, j, fl.cones, fl.budget)
	}
	var nm *synth.ConeNoMatchError
	switch {
	case ctx.Err() != nil:
		return &exitError{code: exitInterrupted, err: errors.New("synth interrupted: Yosys stopped, nothing written")}
	case errors.As(err, &nm):
		return usageErr(fmt.Errorf("synth: --%w%s", err, hint))
	case err != nil:
		return failErr(fmt.Errorf("synth: %w", err))
	}
	if fl.rows != nil {
		err = synth.WriteTMConeRowsText(cmd.OutOrStdout(), fl.rows.Flat.Census, rc, c)
	} else {
		err = synth.WriteTMConesText(cmd.OutOrStdout(), c, fl.budget)
	}
	if err != nil {
		return err
	}
	return saveCones(cmd, c, version, fl)
}

// saveCones writes the cones with --json and fails (exit 1) on a cone
// whose census disagrees with ltp's length, as the flat run does.
func saveCones(cmd *cobra.Command, c synth.TMCones, version string, fl synthFlags) error {
	if fl.jsonOut != "" {
		s := synth.SavedCones{Command: synthCommand(cmd), Version: version, Cones: c}
		if err := synth.SaveConesJSON(fl.jsonOut, s); err != nil {
			return usageErr(fmt.Errorf("synth: --json %s: %w", fl.jsonOut, err))
		}
	}
	for _, k := range c.Cones {
		if k.Census.Max != k.Levels.Length {
			return failErr(fmt.Errorf("synth: cone %s: the census's deepest endpoint is %d levels, ltp's longest path %d", k.Ends, k.Census.Max, k.Levels.Length))
		}
	}
	return nil
}

// coneRowsCensus reads --cone-rows's census and checks it is of this
// run's design: a census run at other parameters names another design's
// nets and levels.
func coneRowsCensus(name string, j synth.TMJob) (*synth.SavedFlat, error) {
	saved, err := synth.ReadSavedFlat(name)
	if err != nil {
		return nil, fmt.Errorf("--cone-rows: %w", err)
	}
	if got, want := saved.Flat.Job.ParamString(), j.ParamString(); got != want {
		return nil, fmt.Errorf("--cone-rows %s: its census is of occamy_tm %s, this run's is %s (give the same --param or --small)", name, got, want)
	}
	_, err = synth.ConesOfRows(saved.Flat.Census)
	if errors.Is(err, synth.ErrNoEnds) {
		again := cmp.Or(saved.Command, "occamy synth --block tm --flat") + " --json " + name
		return nil, fmt.Errorf("--cone-rows %s: %w (%s)", name, err, again)
	}
	if err != nil {
		return nil, fmt.Errorf("--cone-rows %s: %w", name, err)
	}
	return &saved, nil
}
