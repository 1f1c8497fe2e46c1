package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"occamy/rtl/outfile"
	"occamy/testbench/experiment"
)

// experimentFlags are the raw flags of `occamy experiment`.
type experimentFlags struct {
	out         string
	seed        uint64
	jobs        int
	quick, list bool
	shard       string
}

func newExperimentCmd() *cobra.Command {
	var f experimentFlags
	cmd := &cobra.Command{
		Use:   "experiment NAME",
		Short: "Run one of the paper's experiments on the model: CSV, PNG and SVG figure, and a verdict",
		Long: `experiment runs one of the paper's experiments on the traffic-manager model,
writes NAME.csv, NAME.png and NAME.svg in --out, and prints a short verdict
against what the paper reports. NAME "all" runs every experiment.

Experiments: ` + strings.Join(experiment.Names(), ", ") + ` (--list describes them).
See docs/experiments.md.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if f.list && len(args) > 1 {
				return fmt.Errorf("experiment --list: want at most one NAME, got %s", strings.Join(args, " "))
			}
			if !f.list && len(args) != 1 {
				return fmt.Errorf("experiment: want one NAME, allowed: %s, all", strings.Join(experiment.Names(), ", "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.list {
				name := ""
				if len(args) == 1 {
					name = args[0]
				}
				return listExperiments(cmd.OutOrStdout(), name)
			}
			return runExperiments(cmd, args[0], &f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.out, "out", "out/experiments", "directory for the CSV and figures (created if missing)")
	fl.Uint64Var(&f.seed, "seed", 1, "traffic seed")
	fl.IntVar(&f.jobs, "jobs", 0, "runs in parallel (0: one per core)")
	fl.BoolVar(&f.quick, "quick", false, "a smaller sweep (smoke test; the figures in docs/ use the full one)")
	fl.BoolVar(&f.list, "list", false, "list the experiments (with NAME: describe that one)")
	fl.StringVar(&f.shard, "shard", "", shardFlagUsage+" (writes NAME.shard-i-of-n.json in --out)")
	return cmd
}

func runExperiments(cmd *cobra.Command, name string, f *experimentFlags) error {
	if f.jobs < 0 {
		return usageErr(fmt.Errorf("--jobs: %d out of range, allowed 0 (one per core) or more", f.jobs))
	}
	names := []string{name}
	if name == "all" {
		names = experiment.Names()
	}
	var exps []*experiment.Experiment
	for _, n := range names {
		e, err := experiment.Lookup(n)
		if err != nil {
			return usageErr(fmt.Errorf("%v, all", err))
		}
		exps = append(exps, e)
	}
	sh, err := parseShard(f.shard)
	if err != nil {
		return err
	}
	o := experiment.Options{Out: f.out, Seed: f.seed, Jobs: f.jobs, Quick: f.quick, Progress: cmd.ErrOrStderr()}
	ctx, stop := interruptContext(cmdContext(cmd))
	defer stop()
	for i, e := range exps {
		ctx, st := withShard(ctx, sh)
		out, err := e.Run(ctx, o)
		if ctx.Err() != nil {
			return interruptedAfter("experiment "+e.Name, "experiments", i, len(exps))
		}
		if done, err := saveShard(st, err, shardCommand(cmd, []string{e.Name}), filepath.Join(f.out, fmt.Sprintf("%s.shard-%d-of-%d.json", e.Name, sh.I, sh.N)), cmd.OutOrStdout()); done {
			if err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return outputOrFail(err)
		}
		if err := out.WriteVerdict(cmd.OutOrStdout()); err != nil {
			return failErr(err)
		}
	}
	return nil
}

// listExperiments describes every experiment, or the one named (NAME
// --list, as blocks NAME describes one block; "all" is every one).
func listExperiments(w io.Writer, name string) error {
	names := experiment.Names()
	if name != "" && name != "all" {
		if _, err := experiment.Lookup(name); err != nil {
			return usageErr(fmt.Errorf("%v, all", err))
		}
		names = []string{name}
	}
	for _, n := range names {
		e, _ := experiment.Lookup(n)
		if _, err := fmt.Fprintf(w, "%-24s %-10s %s\n", e.Name, e.Figure, e.Summary); err != nil {
			return err
		}
	}
	return nil
}

// outputOrFail is exit 2 for a file that could not be written (a full
// disk: rtl/outfile left nothing half-written), exit 1 otherwise.
func outputOrFail(err error) error {
	var oe *outfile.Error
	if errors.As(err, &oe) {
		return usageErr(err)
	}
	return failErr(err)
}
