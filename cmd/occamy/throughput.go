package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/spf13/cobra"

	"occamy/hw/tm"
	"occamy/testbench/field"
	"occamy/testbench/sweep"
	"occamy/testbench/throughput"
)

// throughputNames maps the throughput library's fields (Point, Options,
// and the tm.Config fields they set) to the flags of `occamy throughput`.
var throughputNames = flagNames{
	"K": "--k", "FreeMode": "--free-mode", "Size": "--size", "Load": "--load", "Ports": "--ports",
	"PD": "--pd", "CP": "--cp", "CD": "--cd", "Window": "--window", "Warmup": "--warmup",
	"IdleCycles": "--idle-cycles", "BurstRate": "--burst-rate", "ClockGHz": "--clock-ghz",
	"TM.P": "--ports", "TM.B": "--buffer", "TM.K": "--k", "TM.R": "--r", "TM.CellBytes": "--cell-bytes",
	"TM.MaxPkt": "--size", "TM.FreeMode": "--free-mode", "TM.PushoutWait": "--buffer",
	"TM.PD": "--pd", "TM.PD.ReadPorts": "--pd", "TM.PD.WritePorts": "--pd", "TM.PD.ReadLatency": "--pd-latency",
	"TM.CP": "--cp", "TM.CP.ReadPorts": "--cp", "TM.CP.WritePorts": "--cp", "TM.CP.ReadLatency": "--cp-latency",
	"TM.CD": "--cd", "TM.CD.ReadPorts": "--cd", "TM.CD.WritePorts": "--cd",
}

// throughputFlags are the raw flags of `occamy throughput`.
type throughputFlags struct {
	k, freeMode, load, ports, pd, cp, cd string
	sizes                                []string
	opts                                 throughput.Options
	jobs                                 int
	csv, json, alphaCheck                bool
	shard                                string
	clockGiven                           bool // --clock-ghz was given (0 is then bad input, not "none")
}

func newThroughputCmd() *cobra.Command {
	f := throughputFlags{opts: throughput.DefaultOptions()}
	cmd := &cobra.Command{
		Use:   "throughput",
		Short: "Estimate head-drop throughput (packets and cells expelled per clock) by running the TM model, with the closed-form bound and α guidance",
		Long: `throughput runs the traffic-manager model for every point of a sweep and
reports how many packets and cells Occamy's head-drop executor expels per
clock (and, with --clock-ghz, per second at that clock) whenever an over-allocated queue has something to expel, under the
given normal load, beside the closed-form bound (the least of its PD,
cell-pointer and lane terms, from the port budgets and latencies; the
binding term is shown). Rows where the model and the bound differ by more
than 5% are flagged with the reason. It also reports the memory
ports the normal load leaves idle per cycle (paper Fig. 6d) and, from the
measured expulsion rate V and --burst-rate R, the largest α for which a
burst still gets its fair share: by the paper's Inequality (4)
(1/α ≥ R/V − 2) and by the fluid model with drains. --alpha-check runs
the burst-absorption scenario at both recommendations and at twice them,
for the first point's switch.

Lists are comma-separated; --load also takes START:STOP:STEP (percent).
Sizes: ` + throughput.SizeForms + ` (repeat --size).
A size file holds "BYTES [WEIGHT]" lines; '#' starts a comment.
See docs/experiments.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sh, err := parseShard(f.shard)
			if err != nil {
				return err
			}
			f.clockGiven = cmd.Flags().Changed("clock-ghz")
			ctx, stop := interruptContext(cmdContext(cmd))
			defer stop()
			ctx, st := withShard(ctx, sh)
			err = runThroughput(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), &f)
			if done, err := saveShard(st, err, shardCommand(cmd, nil), "", cmd.OutOrStdout()); done {
				return err
			}
			return err
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.k, "k", "1,2,4,8", "cell-pointer sub-lists per packet, each 1, 2, 4 or 8")
	fl.StringVar(&f.shard, "shard", "", shardFlagUsage+" (prints the shard file on stdout)")
	fl.StringVar(&f.freeMode, "free-mode", "cell,chain", "freeing: cell, chain")
	fl.StringArrayVar(&f.sizes, "size", []string{"fixed:1500"}, "packet-size distribution: "+throughput.SizeForms)
	fl.StringVar(&f.load, "load", "0:100:10", "normal load per port, percent of line rate: a list or START:STOP:STEP")
	fl.StringVar(&f.ports, "ports", "8", fmt.Sprintf("egress ports, 1..%d", tm.MaxP))
	fl.StringVar(&f.pd, "pd", "auto", "PD memory ports READS/WRITES (auto: 1/2)")
	fl.StringVar(&f.cp, "cp", "auto", "cell-pointer memory ports READS/WRITES (auto: 2k/k)")
	fl.StringVar(&f.cd, "cd", "auto", "cell-data memory ports READS/WRITES (auto: k/k)")
	fl.IntVar(&f.opts.B, "buffer", f.opts.B, "buffer size B, cells")
	fl.IntVar(&f.opts.R, "r", f.opts.R, "cycles per cell per port (line rate)")
	fl.IntVar(&f.opts.CellBytes, "cell-bytes", f.opts.CellBytes, "bytes per cell")
	fl.IntVar(&f.opts.PDLatency, "pd-latency", f.opts.PDLatency, "PD memory read latency, cycles")
	fl.IntVar(&f.opts.CPLatency, "cp-latency", f.opts.CPLatency, "cell-pointer memory read latency, cycles")
	fl.Uint64Var(&f.opts.Window, "window", f.opts.Window, "cycles measured after the refill starts")
	fl.Uint64Var(&f.opts.Warmup, "warmup", f.opts.Warmup, "cycles of normal load before measuring")
	fl.Uint64Var(&f.opts.IdleCycles, "idle-cycles", f.opts.IdleCycles, "cycles of the idle-port run")
	fl.Uint64Var(&f.opts.Seed, "seed", f.opts.Seed, "traffic seed")
	fl.Float64Var(&f.opts.BurstRate, "burst-rate", f.opts.BurstRate, "burst arrival rate R for the α guidance, line rates (0: none)")
	fl.Float64Var(&f.opts.ClockGHz, "clock-ghz", 0, "also report packets, cells and bits per second at this clock, GHz (above 0)")
	fl.BoolVar(&f.alphaCheck, "alpha-check", false, "check the α guidance with the burst-absorption scenario (first point's switch)")
	fl.IntVar(&f.jobs, "jobs", 0, "points run in parallel (0: one per core)")
	fl.BoolVar(&f.csv, "csv", false, "print CSV instead of the table")
	fl.BoolVar(&f.json, "json", false, "print one JSON object instead of the table")
	return cmd
}

// throughputPoints turns the flags into the sweep's points; every error is
// bad input.
func throughputPoints(f *throughputFlags) ([]throughput.Point, error) {
	var g throughput.Grid
	var err error
	if f.csv && f.json {
		return nil, fmt.Errorf("--csv and --json: give one of them")
	}
	if f.jobs < 0 {
		return nil, fmt.Errorf("--jobs: %d out of range, allowed 0 (one per core) or more", f.jobs)
	}
	if f.clockGiven {
		if err := throughput.ValidClock(f.opts.ClockGHz); err != nil {
			return nil, err
		}
	}
	if g.K, err = throughput.ParseInts("K", f.k, 1, 8, []int{1, 2, 4, 8}); err != nil {
		return nil, err
	}
	if g.FreeMode, err = throughput.ParseFreeModes(f.freeMode); err != nil {
		return nil, err
	}
	if g.Load, err = throughput.ParseLoads(f.load); err != nil {
		return nil, err
	}
	if g.Ports, err = throughput.ParseInts("Ports", f.ports, 1, tm.MaxP, nil); err != nil {
		return nil, err
	}
	if g.PD, err = throughput.ParseMems("PD", f.pd); err != nil {
		return nil, err
	}
	if g.CP, err = throughput.ParseMems("CP", f.cp); err != nil {
		return nil, err
	}
	if g.CD, err = throughput.ParseMems("CD", f.cd); err != nil {
		return nil, err
	}
	for _, s := range f.sizes {
		sz, err := throughput.ParseSize(s)
		if err != nil {
			return nil, err
		}
		g.Size = append(g.Size, sz)
	}
	if f.alphaCheck && f.opts.BurstRate <= 0 {
		return nil, fmt.Errorf("--alpha-check: needs --burst-rate above 0")
	}
	pts, err := g.Points()
	if err != nil {
		return nil, err
	}
	for _, p := range pts {
		if _, err := throughput.Config(p, f.opts); err != nil {
			return nil, fmt.Errorf("%w (point %s)", err, p)
		}
	}
	return pts, nil
}

func runThroughput(ctx context.Context, out, errw io.Writer, f *throughputFlags) error {
	pts, err := throughputPoints(f)
	if err != nil {
		return throughputNames.usage(err)
	}
	bar := sweep.NewProgress(errw, len(pts), "throughput")
	var finished atomic.Int64
	res, err := throughput.Sweep(ctx, pts, f.opts, f.jobs, func() { finished.Add(1); bar.Done() })
	bar.Finish()
	if ctx.Err() != nil {
		return interruptedAfter("throughput", "points", int(finished.Load()), len(pts))
	}
	if err != nil {
		return failErr(err)
	}

	rep := &throughput.Report{Options: f.opts, Results: res}
	check := rep.AlphaCheck
	if f.alphaCheck {
		if check, err = throughput.CheckAlpha(ctx, pts[0], f.opts, f.opts.BurstRate); err != nil {
			var se *throughput.SetupError
			switch _, bad := field.As(err); {
			case ctx.Err() != nil:
				return interruptedAfter("throughput --alpha-check", "points", len(pts), len(pts))
			case bad || errors.As(err, &se):
				return throughputNames.usage(err)
			}
			return failErr(err)
		}
		rep.AlphaCheck = check
	}
	switch {
	case f.json:
		err = throughput.WriteJSON(out, rep)
	case f.csv:
		if err = throughput.WriteCSV(out, rep); err == nil && check != nil {
			err = throughput.WriteAlphaCheck(errw, check)
		}
	default:
		if err = throughput.WriteTable(out, rep); err == nil && check != nil {
			fmt.Fprintln(out)
			err = throughput.WriteAlphaCheck(out, check)
		}
	}
	if err != nil {
		return err
	}
	if countSetup(res) == len(res) {
		// Every row says why; a sweep that measured nothing is not a success.
		return usageErr(fmt.Errorf("throughput: no point of the sweep could be set up on the model (%s)", res[0].Setup))
	}
	return nil
}

// countSetup counts the points that could not be set up.
func countSetup(res []throughput.Result) int {
	n := 0
	for _, r := range res {
		if r.Setup != "" {
			n++
		}
	}
	return n
}

// cmdContext is the command's context, or a background one when cobra
// was run without one.
func cmdContext(cmd *cobra.Command) context.Context {
	if ctx := cmd.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}
