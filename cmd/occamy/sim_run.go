package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"occamy/rtl/vcd"
	"occamy/testbench/scenario"
)

// runSim prepares every policy's run first (so bad input fails before any
// simulation), then runs them and prints. SIGINT or SIGTERM stops the run
// at a cycle boundary: its waveform keeps the whole cycles (with its save
// file), stderr says where it stopped, and the exit code is 130.
func runSim(ctx context.Context, w, errw io.Writer, f *simFlags, o scenario.Options) error {
	pols := policies(f, o)
	var preps []*scenario.Prepared
	for _, p := range pols {
		op := o
		op.Policy = p
		prep, err := scenario.Prepare(op)
		if err != nil {
			return simNames.usage(err)
		}
		preps = append(preps, prep)
	}
	var results []*scenario.Result
	var waves []string
	for _, prep := range preps {
		res, vcdPath, err := runOne(ctx, f, prep, len(preps) > 1)
		var ie *scenario.InterruptedError
		if errors.As(err, &ie) {
			if vcdPath != "" {
				gtkw, gerr := scenario.WriteGTKW(vcdPath, ie.Result)
				if gerr != nil {
					return usageErr(fmt.Errorf("--vcd: %w", gerr))
				}
				fmt.Fprintf(errw, "occamy: the waveform holds cycles 0..%d: %s (open with: gtkwave %s)\n", ie.Cycles-1, vcdPath, gtkw)
			}
			return interruptedErr("sim "+prep.Scenario.Name+" ("+prep.Policy+")", ie.Cycles)
		}
		if err != nil {
			return runErr(err)
		}
		results = append(results, res)
		if vcdPath != "" {
			gtkwPath, err := scenario.WriteGTKW(vcdPath, res)
			if err != nil {
				return usageErr(fmt.Errorf("--vcd: %w", err))
			}
			waves = append(waves, vcdPath, gtkwPath)
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
	for i := 0; i+1 < len(waves); i += 2 {
		fmt.Fprintf(w, "waveform: %s (open with: gtkwave %s)\n", waves[i], waves[i+1])
	}
	return nil
}

// runErr classifies a run's error: bad input and a failed waveform write
// are exit 2, a model or invariant failure exit 1.
func runErr(err error) error {
	var we *vcd.WriteError
	switch {
	case scenario.IsInput(err):
		return simNames.usage(err)
	case errors.As(err, &we):
		return usageErr(fmt.Errorf("--vcd: %w", err))
	}
	return failErr(err)
}

// runOne runs one prepared scenario, traced to the --vcd file (suffixed
// with the policy when several run) when asked. The VCD is written under a
// temporary name and renamed into place when complete (vcd.CreateTracer).
func runOne(ctx context.Context, f *simFlags, prep *scenario.Prepared, several bool) (*scenario.Result, string, error) {
	if f.vcd == "" {
		res, err := scenario.ExecuteContext(ctx, prep, nil)
		return res, "", err
	}
	path := f.vcd
	if several {
		ext := filepath.Ext(path)
		path = strings.TrimSuffix(path, ext) + "-" + prep.Policy + ext
	}
	tr, err := vcd.CreateTracer(path, vcd.TracerOptions{})
	if err != nil {
		return nil, "", &scenario.InputError{Err: fmt.Errorf("--vcd: %v", err)}
	}
	res, err := scenario.ExecuteContext(ctx, prep, tr)
	return res, path, err
}
