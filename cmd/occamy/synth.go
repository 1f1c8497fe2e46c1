package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"occamy/cosim/synth"
	"occamy/rtl/infile"
	"occamy/testbench/sweep"
)

// synthFlags are the raw flag values of occamy synth.
type synthFlags struct {
	blocks     string
	size       synth.Size
	all        bool
	out        string
	jobs       int
	verilogDir string
	yosys      string
	params     []string         // --param NAME=VALUE, for --block tm
	small      bool             // --small, for --block tm
	jsonOut    string           // --json FILE: the results as JSON
	fromJSON   []string         // --from-json FILE (repeatable): no Yosys, the results of earlier --json runs, merged
	reuse      []string         // --reuse FILE (repeatable): results of an earlier --json whose sources are unchanged are not run again
	noTM       bool             // --no-tm: --all without the traffic manager
	flat       bool             // --flat, for --block tm: one flat run and the census of its deep endpoints
	budget     int              // --budget, for --flat: the census counts endpoints deeper than this
	cones      []string         // --cone, for --flat: registers whose input cones are cut out and mapped alone
	coneRows   string           // --cone-rows FILE, for --flat: a saved census; one cone per endpoint name of its rows
	rows       *synth.SavedFlat // --cone-rows's census, read and checked before Yosys runs
}

func newSynthCmd() *cobra.Command {
	var fl synthFlags
	cmd := &cobra.Command{
		Use:   "synth",
		Short: "Hardware cost (LUT6, flip-flops, logic levels) of the Verilog blocks with Yosys",
		Long: `synth runs Yosys (0.23, generic 6-input LUT mapping: synth -flatten -lut 6,
stat, ltp -noff) on the project's Verilog blocks and prints, per block, its
LUTs, flip-flop bits and logic levels (the longest chain of LUTs between
registers or ports).

Blocks: ` + strings.Join(synth.BlockNames(), ", ") + `, ` + synth.TMBlock + `. threshold ignores --n.

--block tm costs the traffic manager occamy_tm with every sram_mp a black
box: one elaboration gives its hierarchy and the memories' words, width and
ports, then each sub-module is synthesised on its own at the parameters the
TM gives it, and the top's own logic with its sub-modules as black boxes.
It prints LUT6, FF and levels per sub-block, the total and the memories.
It runs alone and takes the TM's Verilog parameters with --param
(` + strings.Join(synth.TMParamNames(), ", ") + `; defaults otherwise) or
--small (the registry's small set). At the defaults it took 37 minutes
wall at 2 Yosys processes on a loaded 2-core VM (the scheduler alone 29).

--block tm --flat synthesises the whole TM flat in one Yosys run (its
memories still black boxes) and prints ltp's longest path and the census
of every endpoint (register bit, output bit, memory input) deeper than
--budget levels (default 8), grouped by the sub-block its path starts in
and the one it ends in. About 45 s at --small, 5 to 8 min at the defaults.

--flat --cone PATTERN cuts out the input cone of the registers a flat
name pattern matches (every combinational cell back to the registers,
memory read data and inputs it starts at) and maps each cone alone: what
its own logic needs, where a flat census row may be padded by the map up
to the design's maximum. Patterns come from the census (its "start ->
end" names without the bit index). --cone-rows FILE does that for every
endpoint name in the rows of a census --flat --json saved (at the same
parameters), each name once in one Yosys run, and prints row by row each
name's flat maximum beside its levels alone.

--json FILE keeps the results (each design as it finishes), --reuse FILE
takes those whose sources hash the same, --from-json merges saved runs
without Yosys.

--all runs the full sweep (N = 8..256 at QW=16 and 32 for the selector,
arbiter, pair and maximum finder, the threshold unit, and the traffic
manager at its defaults) and, with --out, writes the
markdown report (docs/hardware-cost.md; see make synth). Yosys runs in
parallel, one process per core unless --jobs says otherwise.

Exit status: 0 done, 1 Yosys failed or its output was not understood,
2 bad input or Yosys missing, 130 stopped by SIGINT or SIGTERM (Yosys
is stopped; with --json the finished designs are kept).`,
		Example: `  occamy synth
  occamy synth --block arbiter --n 256
  occamy synth --block selector,selector+arbiter --n 64 --qw 32
  occamy synth --block tm
  occamy synth --block tm --small --jobs 1
  occamy synth --block tm --flat --small
  occamy synth --block tm --flat --cone u_adm.s2_ok_q,u_sched.def_q
  occamy synth --block tm --flat --json flat.json && occamy synth --block tm --flat --cone-rows flat.json
  occamy synth --all --out docs/hardware-cost.md`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSynth(cmd, fl)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.blocks, "block", "", "comma-separated blocks (default: every block but tm); one of "+strings.Join(synth.BlockNames(), ", ")+", or tm alone")
	f.IntVar(&fl.size.N, "n", synth.DefaultSize.N, "queues / requesters N")
	f.IntVar(&fl.size.QW, "qw", synth.DefaultSize.QW, "width QW of a queue length and threshold")
	f.BoolVar(&fl.all, "all", false, "the full sweep of docs/hardware-cost.md (ignores --block, --n, --qw)")
	f.StringVar(&fl.out, "out", "", "with --all: write the markdown report to this file")
	f.IntVar(&fl.jobs, "jobs", runtime.NumCPU(), "Yosys processes at a time")
	f.StringVar(&fl.verilogDir, "verilog", "verilog", "the project's verilog/ directory")
	f.StringVar(&fl.yosys, "yosys", "yosys", "Yosys executable")
	f.StringArrayVar(&fl.params, "param", nil, "with --block tm: a Verilog parameter NAME=VALUE (repeatable, or comma-separated), e.g. P=2,Q=2")
	f.StringVar(&fl.jsonOut, "json", "", "also write the results as JSON to `FILE`")
	f.StringArrayVar(&fl.fromJSON, "from-json", nil, "without Yosys: merge the results earlier --json runs wrote to `FILE` (repeatable) into --json, and with --all write the --out report")
	f.StringArrayVar(&fl.reuse, "reuse", nil, "take the results an earlier --json wrote to `FILE` (repeatable) for every design whose sources are unchanged (SHA-256), run only the rest")
	f.BoolVar(&fl.noTM, "no-tm", false, "with --all: the sweep without the traffic manager (a report with --out then needs the TM from --reuse)")
	f.BoolVar(&fl.flat, "flat", false, "with --block tm: synthesise the TM flat and print the census of its endpoints deeper than --budget")
	f.IntVar(&fl.budget, "budget", synth.DepthTarget, "with --flat: LUT6 levels; the census counts the endpoints deeper")
	f.StringSliceVar(&fl.cones, "cone", nil, "with --flat: instead of the whole TM, the input cone of the registers this flat name `PATTERN` matches (u_adm.s2_ok_q, u_sched.*_q; repeatable or comma-separated), each cut out and mapped alone")
	f.StringVar(&fl.coneRows, "cone-rows", "", "with --flat: cut the cone of every endpoint name in the rows of the census an earlier --flat --json wrote to `FILE` and print the rows with them")
	f.BoolVar(&fl.small, "small", false, "with --block tm: the registry's small parameter set (--param on top of it)")
	return cmd
}

// synthJobs turns the flags into jobs; every error is bad input.
func synthJobs(fl synthFlags) ([]synth.Job, error) {
	if fl.all {
		return synth.AllJobs()
	}
	names := synth.BlockNames()
	if strings.TrimSpace(fl.blocks) != "" {
		names = blockList(fl.blocks)
	}
	if slices.Contains(names, synth.TMBlock) {
		if len(names) > 1 {
			return nil, errors.New("--block tm runs on its own (its cost comes per sub-block); give the other blocks in another run")
		}
		return nil, nil
	}
	var jobs []synth.Job
	for _, name := range names {
		b, err := synth.Lookup(name)
		if err != nil {
			return nil, err
		}
		j, err := synth.NewJob(b, fl.size)
		if err != nil {
			return nil, fmt.Errorf("--block %s: %w", b.Name, err)
		}
		jobs = append(jobs, j)
	}
	return jobs, nil
}

func runSynth(cmd *cobra.Command, fl synthFlags) error {
	if fl.out != "" && !fl.all {
		return usageErr(errors.New("synth: --out writes the full report and needs --all"))
	}
	if err := checkFlatFlags(fl, cmd.Flags().Changed); err != nil {
		return usageErr(fmt.Errorf("synth: %w", err))
	}
	if len(fl.fromJSON) > 0 {
		return synthFromJSON(cmd, fl)
	}
	if fl.out != "" && fl.noTM && len(fl.reuse) == 0 {
		return usageErr(errors.New("synth: --out with --no-tm needs the traffic manager's result from --reuse FILE"))
	}
	if fl.jobs < 1 {
		return usageErr(fmt.Errorf("synth: --jobs %d: want 1 or more", fl.jobs))
	}
	jobs, err := synthJobs(fl)
	if err != nil {
		// Unknown block names and parameters out of range.
		return usageErr(fmt.Errorf("synth: %w", err))
	}
	tmJob, err := synthTMJob(fl, cmd.Flags().Changed)
	if err != nil {
		return usageErr(fmt.Errorf("synth: %w", err))
	}
	if fl.coneRows != "" {
		if fl.rows, err = coneRowsCensus(fl.coneRows, *tmJob); err != nil {
			return usageErr(fmt.Errorf("synth: %w", err))
		}
	}
	yosys, err := synth.LookYosys(fl.yosys)
	if err != nil {
		return usageErr(err)
	}
	if st, err := os.Stat(fl.verilogDir); err != nil || !st.IsDir() {
		return usageErr(fmt.Errorf("synth: no Verilog directory %q (run from the repository root or pass --verilog DIR)", fl.verilogDir))
	}
	// Every source must be there before Yosys runs: a missing file is the
	// user's directory (exit 2), not Yosys failing (exit 1).
	for _, j := range jobs {
		for _, f := range j.Block.Files {
			if err := infile.Check(filepath.Join(fl.verilogDir, f)); err != nil {
				return usageErr(fmt.Errorf("synth: --verilog %s: block %s needs %s: %s (run from the repository root or pass --verilog DIR)",
					fl.verilogDir, j.Block.Name, f, infile.Reason(err)))
			}
		}
	}
	if tmJob != nil {
		for _, f := range append(append([]string(nil), tmJob.Files...), tmJob.MemFile) {
			if err := infile.Check(filepath.Join(fl.verilogDir, f)); err != nil {
				return usageErr(fmt.Errorf("synth: --verilog %s: block tm needs %s: %s (run from the repository root or pass --verilog DIR)",
					fl.verilogDir, f, infile.Reason(err)))
			}
		}
	}

	// SIGINT or SIGTERM cancels the context, which kills the Yosys
	// processes (exec.CommandContext); no report is written.
	ctx, stop := interruptContext(cmd.Context())
	defer stop()
	r := &synth.Runner{Yosys: yosys, VerilogDir: fl.verilogDir, Jobs: fl.jobs}
	// On a terminal a spinner shows the Yosys runs under way; in a log the
	// plan's line per finished design is the progress.
	logw := newStepView(cmd.ErrOrStderr(), sweep.IsTerminal(cmd.ErrOrStderr()))
	if logw.terminal {
		r.Steps = logw.report
	}
	version, err := r.Version(ctx)
	if err != nil {
		return failErr(fmt.Errorf("synth: %w", err))
	}
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "%s, %s\n\n", version, "generic LUT6 (synth -flatten -lut 6; stat; ltp -noff)")
	if fl.flat {
		return runSynthFlat(ctx, cmd, r, *tmJob, version, fl)
	}
	plan := &synth.Plan{Runner: r, Jobs: jobs, TM: tmJob, JSON: fl.jsonOut, Command: synthCommand(cmd), Version: version,
		Log: logw, ReuseNames: fl.reuse}
	for _, name := range fl.reuse {
		s, err := synth.ReadSaved(name)
		if err != nil {
			return usageErr(fmt.Errorf("synth: --reuse: %w", err))
		}
		plan.Reuse = append(plan.Reuse, s)
	}
	o, err := plan.Run(ctx)
	var se *synth.SourceError
	var sv *synth.SaveError
	switch {
	case errors.Is(err, synth.ErrStopped) && fl.jsonOut != "":
		return &exitError{code: exitInterrupted, err: fmt.Errorf("synth interrupted: Yosys stopped; %s holds the %d designs finished (resume with --reuse %s)", fl.jsonOut, o.Done, fl.jsonOut)}
	case errors.Is(err, synth.ErrStopped):
		return &exitError{code: exitInterrupted, err: errors.New("synth interrupted: Yosys stopped, nothing written")}
	case errors.As(err, &se), errors.As(err, &sv):
		return usageErr(err)
	case err != nil:
		return failErr(fmt.Errorf("synth: %w", err))
	}
	if len(jobs) > 0 {
		if err := synth.WriteTable(out, o.Results); err != nil {
			return err
		}
	}
	if o.TM != nil {
		if len(jobs) > 0 {
			fmt.Fprintln(out)
		}
		if err := synth.WriteTMText(out, *o.TM); err != nil {
			return err
		}
	}
	if fl.out == "" {
		return nil
	}
	return writeSynthReport(cmd, synth.Report{Command: synthCommand(cmd), Version: version, Results: o.Results, TM: o.TM}, fl.out)
}

// synthCommand is the command line as typed, flags in a fixed order
// (--jobs left out: it changes the wall time only).
func synthCommand(cmd *cobra.Command) string {
	parts := []string{"occamy synth"}
	for _, name := range []string{"all", "block", "flat", "cone", "cone-rows", "budget", "small", "param", "n", "qw", "out", "verilog", "yosys"} {
		f := cmd.Flags().Lookup(name)
		if f == nil || !f.Changed {
			continue
		}
		if name == "param" {
			ps, _ := cmd.Flags().GetStringArray(name)
			parts = append(parts, "--param "+strings.Join(ps, ","))
			continue
		}
		if f.Value.Type() == "bool" {
			parts = append(parts, "--"+name)
			continue
		}
		parts = append(parts, "--"+name+" "+f.Value.String())
	}
	return strings.Join(parts, " ")
}
