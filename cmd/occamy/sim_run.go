package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"occamy/cosim/report"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"occamy/cosim/tmsim"
	"occamy/hw/tm"
	"occamy/rtl/vcd"
	"occamy/testbench/scenario"
)

// runSim prepares every policy's run first (so bad input fails before any
// simulation), then runs them and prints. SIGINT or SIGTERM stops the run
// at a cycle boundary: its waveform keeps the whole cycles (with its save
// file), stderr says where it stopped, and the exit code is 130.
func runSim(ctx context.Context, w, errw io.Writer, f *simFlags, o scenario.Options) error {
	pols := policies(f, o)
	if f.rtlSet && strings.TrimSpace(f.rtl) == "" {
		// Not the Go model in silence: the user asked for the RTL.
		return usageErr(fmt.Errorf("--rtl %q: an empty simulator name (an unset shell variable?); give verilator or icarus, or leave out --rtl to run the Go model hw/tm", f.rtl))
	}
	if f.compare && f.rtl == "" {
		return usageErr(fmt.Errorf("--compare: needs --rtl verilator or --rtl icarus (it compares occamy_tm with hw/tm)"))
	}
	if f.pgo && f.rtl == "" {
		return usageErr(fmt.Errorf("--pgo: needs --rtl verilator (it builds the Verilated occamy_tm profile-guided)"))
	}
	if f.vcd != "" {
		// Created, as demo --out and cosim --vcd create theirs.
		if err := os.MkdirAll(filepath.Dir(f.vcd), 0o755); err != nil {
			return usageErr(fmt.Errorf("--vcd: %w", err))
		}
	}
	var preps []*scenario.Prepared
	for _, p := range pols {
		op := o
		op.Policy = p
		prep, err := prepareSim(ctx, f, op, len(pols) > 1)
		if err != nil {
			return simNames.usage(err)
		}
		preps = append(preps, prep)
	}
	if f.compare {
		for _, prep := range preps {
			if err := compareSim(ctx, w, f, prep); err != nil {
				return err
			}
		}
	}
	var results []*scenario.Result
	var waves []*scenario.Wave
	for _, prep := range preps {
		res, vcdPath, err := runOne(ctx, f, prep, len(preps) > 1)
		var ie *scenario.InterruptedError
		if errors.As(err, &ie) {
			if vcdPath != "" {
				wave, gerr := scenario.WriteGTKW(vcdPath, ie.Result)
				if gerr != nil {
					return usageErr(fmt.Errorf("--vcd: %w", gerr))
				}
				fmt.Fprintf(errw, "occamy: the waveform holds cycles 0..%d: %s\n", ie.Cycles-1, wave.Lines())
			}
			return interruptedErr("sim "+prep.Scenario.Name+" ("+prep.Policy+")", ie.Cycles)
		}
		if err != nil && ctx.Err() != nil {
			// Stopped before a cycle boundary: the build of occamy_tm or
			// its whole run ahead on Icarus.
			return &exitError{code: exitInterrupted, err: fmt.Errorf("sim %s (%s) interrupted before its first cycle: %v", prep.Scenario.Name, prep.Policy, err)}
		}
		if err != nil {
			return runErr(err)
		}
		results = append(results, res)
		if vcdPath != "" {
			wave, err := scenario.WriteGTKW(vcdPath, res)
			if err != nil {
				return usageErr(fmt.Errorf("--vcd: %w", err))
			}
			waves = append(waves, wave)
		}
	}
	if f.json {
		if len(results) == 1 {
			return json.NewEncoder(w).Encode(results[0])
		}
		return json.NewEncoder(w).Encode(struct {
			Runs []*scenario.Result `json:"runs"`
		}{results})
	}
	var err error
	if len(results) == 1 {
		err = results[0].WriteTable(w)
	} else {
		err = scenario.WriteCompare(w, results)
	}
	if err != nil {
		return err
	}
	for _, wave := range waves {
		fmt.Fprintln(w, wave.Lines())
	}
	return nil
}

// runErr classifies a run's error: bad input, a failed waveform write, a
// full disk (the build cache, Icarus's work files) and a run on the RTL
// that could not be set up (rtlSetup) are exit 2, a model or invariant
// failure exit 1.
func runErr(err error) error {
	var we *vcd.WriteError
	switch {
	case scenario.IsInput(err):
		return simNames.usage(err)
	case errors.As(err, &we):
		return usageErr(fmt.Errorf("--vcd: %w", err))
	case errors.Is(err, syscall.ENOSPC), rtlSetup(err):
		return usageErr(err)
	}
	return failErr(err)
}

// runOne runs one prepared scenario, traced to the --vcd file (suffixed
// with the policy when several run) when asked. The VCD is written under a
// temporary name and renamed into place when complete (vcd.CreateTracer).
func runOne(ctx context.Context, f *simFlags, prep *scenario.Prepared, several bool) (*scenario.Result, string, error) {
	if f.vcd == "" || prep.Backend != nil {
		// A backend writes its own waveform (prepareSim gave it the path).
		res, err := scenario.ExecuteContext(ctx, prep, nil)
		return res, vcdPath(f, prep.Policy, several), err
	}
	path := vcdPath(f, prep.Policy, several)
	tr, err := vcd.CreateTracer(path, vcd.TracerOptions{})
	if err != nil {
		return nil, "", &scenario.InputError{Err: fmt.Errorf("--vcd: %v", err)}
	}
	res, err := scenario.ExecuteContext(ctx, prep, tr)
	return res, path, err
}

// vcdPath is the --vcd file of a run, suffixed with the policy when several
// run; "" without --vcd.
func vcdPath(f *simFlags, policy string, several bool) string {
	if f.vcd == "" || !several {
		return f.vcd
	}
	ext := filepath.Ext(f.vcd)
	return strings.TrimSuffix(f.vcd, ext) + "-" + policy + ext
}

// prepareSim prepares one policy's run: on hw/tm, or with --rtl on
// occamy_tm (tmsim), its waveform at the run's --vcd path.
func prepareSim(ctx context.Context, f *simFlags, o scenario.Options, several bool) (*scenario.Prepared, error) {
	if f.rtl == "" {
		return scenario.Prepare(o)
	}
	pol := o.Policy
	if pol == "" && o.File != nil {
		pol = o.File.BM
	}
	if pol == "" {
		pol = tm.DefaultConfig().Policy.String()
	}
	return tmsim.Prepare(o, tmsim.Options{Sim: f.rtl, VCD: vcdPath(f, pol, several), PGO: f.pgo, Ctx: ctx, Steps: f.steps})
}

// compareSim co-simulates one prepared run on occamy_tm against hw/tm and
// prints the verdict as occamy cosim does; a mismatch is exit 1 (nothing
// else is printed), a run that could not be set up exit 2.
func compareSim(ctx context.Context, w io.Writer, f *simFlags, prep *scenario.Prepared) error {
	res, err := tmsim.Compare(ctx, prep, tmsim.Options{Sim: f.rtl, PGO: f.pgo, Ctx: ctx, Steps: f.steps}, false)
	if err != nil {
		return usageErr(fmt.Errorf("--compare: %w", err))
	}
	var out io.Writer = w
	if f.json {
		out = io.Discard // one JSON object on stdout: the verdict goes with it only on a mismatch
	}
	fmt.Fprintf(out, "compare %s (%s): ", prep.Scenario.Name, prep.Policy)
	report.WriteResult(out, res)
	if res.Mismatch != nil {
		if f.json {
			report.WriteResult(w, res)
		}
		return failErr(fmt.Errorf("--compare: occamy_tm diverges from hw/tm on scenario %s (%s): %s", prep.Scenario.Name, prep.Policy, res.Mismatch.Short()))
	}
	if res.Interrupted {
		return interruptedErr("sim --compare "+prep.Scenario.Name, res.Cycles)
	}
	fmt.Fprintln(out)
	return nil
}
