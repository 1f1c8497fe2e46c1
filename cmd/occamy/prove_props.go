package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"occamy/cosim/prove"
	"occamy/cosim/runner"
)

// paramWords is "N=8 QW=4" (sorted), "at its defaults" for none.
func paramWords(p map[string]int) string {
	if len(p) == 0 {
		return "at its defaults"
	}
	var w []string
	for k, v := range p {
		w = append(w, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(w)
	return strings.Join(w, " ")
}

// runProperties proves the reference's properties at --param, or over the
// documented sweep when no parameter is given.
func runProperties(ctx context.Context, w io.Writer, opt prove.Options) error {
	sets := []map[string]int{opt.Params}
	if len(opt.Params) == 0 {
		sets = prove.PropertySweep(opt.Block)
		if sets == nil {
			sets = []map[string]int{nil}
		}
	}
	var bad, open int
	for _, p := range sets {
		var r *prove.PropResult
		err := opt.Steps.Run(fmt.Sprintf("Yosys and ABC: the properties of %s %s", opt.Block, paramWords(p)), func() error {
			var err error
			r, err = prove.Properties(ctx, prove.PropOptions{Block: opt.Block, Params: p, Timeout: opt.Timeout, WorkDir: opt.WorkDir, Property: opt.Property})
			return err
		})
		if err != nil {
			if ctx.Err() != nil {
				return &exitError{code: exitInterrupted, err: fmt.Errorf("prove interrupted")}
			}
			return usageErr(err)
		}
		fmt.Fprintln(w, r.Summary())
		switch r.Verdict {
		case prove.Refuted:
			bad++
		case prove.Inconclusive:
			open++
		}
	}
	switch {
	case bad > 0:
		return failErr(fmt.Errorf("prove: %d of %d parameter sets violate a property", bad, len(sets)))
	case open > 0:
		return &exitError{code: exitInconclusive, err: fmt.Errorf("prove: %d of %d parameter sets inconclusive within %v", open, len(sets), opt.Timeout)}
	}
	return nil
}

// runScaling measures docs/prove.md's scaling table from the repository
// root (the working directory or $OCCAMY_ROOT).
func runScaling(ctx context.Context, w io.Writer, fl proveFlags) error {
	root := os.Getenv(runner.RootEnv)
	if root == "" {
		root = "."
	}
	if _, err := os.Stat(root + "/verilog/rr_arbiter.sv"); err != nil {
		return usageErr(fmt.Errorf("prove --scaling: run it from the repository root or set %s", runner.RootEnv))
	}
	return prove.Scaling(ctx, w, root, fl.timeout, prove.ScalingCases())
}
