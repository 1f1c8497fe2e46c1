package main

import (
	"errors"
	"fmt"
	"occamy/cosim/report"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"occamy/cosim"
	"occamy/cosim/runner"
	"occamy/cosim/verilator"
	"occamy/rtl/outfile"
	"occamy/rtl/port"
	"occamy/testbench/sweep"
)

// cosimInterrupt makes the context that Ctrl-C and SIGTERM cancel; tests
// replace it.
var cosimInterrupt = interruptContext

// cosimFlagOf maps a runner.Options field, as a SetupError names it, to
// the flag that sets it.
var cosimFlagOf = map[string]string{
	"Cycles": "--cycles", "RTL": "--rtl", "Batch": "--batch", "ZeroInit": "--zero-init", "PGO": "--pgo",
	"IncludeDirs": "--incdir", "Sim": "--sim", "Top": "--top", "Stimulus": "--stimulus", "Replace": "--replace",
	"Design": "--map",
}

// flagErr rewrites a runner error that names an Options field so that it
// names the flag instead.
func flagErr(err error) error {
	var se *runner.SetupError
	if errors.As(err, &se) && se.Field != "" {
		if f, ok := cosimFlagOf[se.Field]; ok {
			c := *se
			c.Field = f
			return &c
		}
	}
	return err
}

func runCosim(cmd *cobra.Command, args []string, fl cosimFlags) error {
	opts, err := cosimOptions(args, fl)
	if err != nil {
		return usageErr(err)
	}
	if fl.block == "all" && !fl.simSet {
		// The four-state pass needs Icarus: known before a long Verilator
		// pass, not after it.
		if err := runner.CheckIcarus(); err != nil {
			return usageErr(fmt.Errorf("%v (or give --sim verilator to leave out the four-state pass)", err))
		}
	}
	for _, o := range opts {
		if (o.Sim == "" || o.Sim == runner.Verilator) && !verilator.Supported() {
			return usageErr(errors.New(noVerilatorMsg))
		}
	}
	if fl.vcd != "" && len(opts) > 1 {
		// The runs write below --vcd, each in its own directory: the
		// whole tree is this command's while it runs.
		if err := os.MkdirAll(fl.vcd, 0o755); err != nil {
			return usageErr(fmt.Errorf("cosim: --vcd: %v", err))
		}
		release, err := outfile.LockDir(fl.vcd)
		if err != nil {
			return usageErr(fmt.Errorf("cosim: --vcd: %v", err))
		}
		defer release()
	}
	ctx, stop := cosimInterrupt(cmd.Context())
	defer stop()
	steps := stepShow(cmd.ErrOrStderr())
	for i := range opts {
		opts[i].Steps = steps
	}
	rep := &report.Report{Summary: len(opts) > 1}
	var interrupted *report.Run
	for _, o := range opts {
		bar := cosimProgress(cmd, &o)
		res, err := runner.Run(ctx, o)
		bar.Finish()
		run := &report.Run{Opt: o, Res: res, Err: flagErr(err)}
		rep.Runs = append(rep.Runs, run)
		if err != nil && (len(opts) == 1 || sharedErr(err)) {
			// One block, or a cause every next run shares: one line.
			rep.Fatal = run.Err
			break
		}
		if res != nil && res.Interrupted {
			interrupted = run
			break
		}
	}
	if err := rep.Write(cmd.OutOrStdout(), fl.json, fl.junit); err != nil {
		return usageErr(err)
	}
	switch {
	case interrupted != nil:
		what := "cosim"
		if len(opts) > 1 {
			what += " " + interrupted.Opt.Block + " [" + interrupted.Res.SetName() + "]"
		}
		return interruptedErr(what, interrupted.Res.Cycles)
	case rep.Fatal != nil:
		return usageErr(rep.Fatal)
	}
	setup, mismatch := rep.Counts()
	switch {
	case setup > 0:
		return usageErr(fmt.Errorf("cosim: %d of %d runs could not be checked", setup, len(opts)))
	case mismatch > 0 && violated(rep) == mismatch:
		return failErr(fmt.Errorf("cosim: %d of %d runs violate a property", mismatch, len(opts)))
	case mismatch > 0:
		return failErr(fmt.Errorf("cosim: %d of %d runs differ from the golden model", mismatch, len(opts)))
	}
	return wavesLost(rep)
}

// sharedErr reports whether a run's error would stop every other run too:
// a missing tool, an option (named by its field) that is wrong for all, a
// design whose ports are not the contract's or that does not build (in a
// regression, the next configurations would say the same).
func sharedErr(err error) bool {
	var se *runner.SetupError
	var ce *port.ContractError
	var be *verilator.BuildError
	return errors.Is(err, cosim.ErrToolMissing) || errors.Is(err, runner.ErrIcarusMissing) ||
		errors.As(err, &se) && se.Field != "" || errors.As(err, &ce) || errors.As(err, &be)
}

// cosimProgress is a progress bar of a Verilator run's cycles on stderr,
// drawn only when stderr is a terminal (the sweeps' bar); it sets
// o.Progress, which the runner calls once per chunk of cycles.
func cosimProgress(cmd *cobra.Command, o *runner.Options) *sweep.Progress {
	w := cmd.ErrOrStderr()
	if c, err := runner.Caps(o.Sim); !sweep.IsTerminal(w) || err != nil || !c.InProcess {
		return nil // only an in-process run reports its progress
	}
	total := o.Cycles
	if total == 0 {
		total = runner.DefaultCycles
	}
	label := "cosim " + o.Block
	if o.Set != "" {
		label += " [" + o.Set + "]"
	}
	bar := sweep.NewProgress(w, total, label+" "+strings.TrimSpace(o.Sim))
	var done uint64
	o.Progress = func(c uint64) {
		bar.Add(int(c - done))
		done = c
	}
	return bar
}
