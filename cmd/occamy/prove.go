package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"occamy/cosim/report"

	"github.com/spf13/cobra"

	"occamy/cosim/prove"
	"occamy/cosim/runner"
	designfile "occamy/testbench/design"
)

// Exit codes of occamy prove beyond the uniform 0/1/2.
const (
	exitInconclusive = 3 // neither proof nor counterexample within --timeout
	exitFlowBug      = 4 // a counterexample's replay contradicts it: a bug in the flow
)

// proveFlags are the raw flag values of occamy prove.
type proveFlags struct {
	block, top, vcd, work string
	rtl, params           []string
	depth                 int
	timeout               time.Duration
	noReplay, properties  bool
	property              string
	noWave                bool
	scaling               bool
	design                designFlags // --map and the declarations (cosim_design.go)
}

func newProveCmd() *cobra.Command {
	var fl proveFlags
	cmd := &cobra.Command{
		Use:   "prove --block B --rtl FILE... [--top M] [--param N=V...] [--depth K] [--timeout S]",
		Short: "Prove your Verilog equal to the reference for every input sequence, or give the shortest counterexample (Yosys + ABC)",
		Long: `prove builds a miter of your Verilog of a block against the project's
reference Verilog at the given parameters (Yosys 0.23), exports it as AIGER
and runs ABC: pdr for an unbounded proof, bmc3 for the shortest
counterexample. Both designs start from arbitrary register values; rst_ni is
low in the first cycle, and the outputs are compared from the cycle after
that reset edge, the rule of occamy cosim. The port contract is checked
first, with occamy cosim's messages.

A counterexample is replayed through the Go golden model and your RTL on
Verilator (lock-step) and its first mismatch is printed as occamy cosim
prints one, with its failure waveform (BLOCK.verilator.mismatch.vcd and its
GTKWave save file, in the --vcd directory, else in ./out; --no-wave: none)
and the gtkwave command that opens it; --vcd also writes both sides' whole
waveforms.

--properties proves the reference's own contract properties instead
(every block whose face states them as a monitor); without --param it
sweeps the documented parameter subset (docs/prove.md). With --rtl it
proves your design's properties (every block with properties, the memory
blocks included: docs/prove.md says how each is stated); --property NAME
proves one alone.

Your files are read as occamy cosim's Verilator build compiles them
(Verilator's preprocessor: SYNTHESIS undefined; simulation-only code that
assigns only what it declares, such as a checker, is left out, with a
note). SystemVerilog that Verilator accepts and Yosys 0.23 does not is
rewritten first (int'() and typedef casts, inside, case inside, ==?,
foreach, multi-dimensional packed ports, package imports, assertions, ...;
the verdict's note lists what was) or refused before Yosys runs, naming the
construct, the file, the line and a workaround (streaming operators,
unpacked-array ports, type parameters, break, a hierarchical reference,
...): docs/prove.md has the table.

prove models one clock, the rising edge of clk_i, with an asynchronous
reset only from rst_ni: a flop on another clock (divided, gated, falling
edge, a data bit, a register), another asynchronous control, a latch, a
combinational loop or a non-deterministic function ($random, $urandom,
$time) is refused, naming the signal, the file and the line. An explicit X
is read as 0; the verdict line then says "X not checked" with the places.
--keep DIR is locked while the proof uses it.

Exit status: 0 proven, 1 counterexample (or a property violated), 2 setup
error (bad flags, contract, SystemVerilog prove neither rewrites nor Yosys
0.23 reads, a construct prove refuses, a --keep directory in use, a full
disk), 3 inconclusive within --timeout (the bounded depth reached is
printed), 4 a counterexample whose replay does not show the mismatch: a
bug in the flow.`,
		Example: `  occamy prove --block arbiter --rtl my_arbiter.sv --param N=64
  occamy prove --block selector --rtl queue_watch.sv --param N=8,QW=8 --vcd out/cex
  occamy prove --block arbiter --properties
  occamy prove --block pdlists --rtl pd_lists.sv --rtl sram_mp.sv --param N=2,P=2,LW=1,DW=1 --properties --property in_order
  occamy prove --scaling --timeout 60s`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runProve(cmd, args, fl)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.block, "block", "", "block: "+strings.Join(append(runner.Blocks(), prove.ModuleBlocks()...), ", "))
	f.StringSliceVar(&fl.rtl, "rtl", nil, "your Verilog files (repeat the flag, separate with commas, or list them after it)")
	f.StringVar(&fl.top, "top", "", "top module of --rtl (default: guessed from the files)")
	f.StringArrayVar(&fl.params, "param", nil, "block parameter NAME=VALUE (repeatable, or comma-separated), e.g. N=16")
	f.IntVar(&fl.depth, "depth", prove.DefaultDepth, "cycles the bounded counterexample search unrolls")
	f.DurationVar(&fl.timeout, "timeout", prove.DefaultTimeout, "time limit of the proof (Yosys and ABC; the replay is extra), e.g. 30s")
	f.StringVar(&fl.vcd, "vcd", "", "directory for the replay's waveforms (BLOCK.go.vcd, BLOCK.verilator.vcd)")
	f.BoolVar(&fl.noReplay, "no-replay", false, "do not replay a counterexample on Verilator")
	f.BoolVar(&fl.noWave, "no-wave", false, "write no failure waveform of the replay (by default BLOCK.verilator.mismatch.vcd and .gtkw in the --vcd directory, else in "+failWaveDir+")")
	f.StringVar(&fl.work, "keep", "", "keep the generated scripts, miter, AIGER files and logs in this directory")
	f.BoolVar(&fl.properties, "properties", false, "prove the reference's contract properties (every block whose face has a property monitor)")
	f.StringVar(&fl.property, "property", "", "with --properties: prove this one property alone (its name in the block's list)")
	f.BoolVar(&fl.scaling, "scaling", false, "measure proof and counterexample times over the parameter ranges; print the markdown table of docs/prove.md")
	addDesignFlags(f, &fl.design)
	return cmd
}

// proveOptions maps the flags onto prove.Options.
func proveOptions(args []string, fl proveFlags) (prove.Options, error) {
	df, err := fl.design.load()
	if err != nil {
		return prove.Options{}, err
	}
	if df != nil && fl.properties && len(fl.rtl)+len(args)+len(df.Files) > 0 {
		df.Check = "properties" // --properties on a design: its properties, as declared
	}
	if fl.block == "" && df != nil {
		fl.block = df.Block
	}
	if fl.block == "" {
		return prove.Options{}, errors.New("prove: --block is required: " + strings.Join(runner.Blocks(), ", "))
	}
	rtl := append([]string(nil), fl.rtl...)
	if len(args) > 0 {
		if len(rtl) == 0 {
			return prove.Options{}, fmt.Errorf("prove: unexpected arguments %s (Verilog files go after --rtl)", strings.Join(args, " "))
		}
		rtl = append(rtl, args...)
	}
	if len(rtl) == 0 && df != nil && len(df.Files) > 0 {
		rtl = nil // the design file's
	} else if len(rtl) == 0 && !fl.properties {
		return prove.Options{}, errors.New("prove: --rtl is required (your Verilog of the block), or --properties for the reference's own properties")
	}
	if fl.depth < 1 {
		return prove.Options{}, fmt.Errorf("prove: --depth %d: want at least 1 cycle", fl.depth)
	}
	if fl.timeout <= 0 {
		return prove.Options{}, fmt.Errorf("prove: --timeout %v: want a positive duration, e.g. 30s", fl.timeout)
	}
	params, err := parseParams(fl.params)
	if err != nil {
		return prove.Options{}, err
	}
	return prove.Options{Block: fl.block, RTL: rtl, Top: fl.top, Params: params, Depth: fl.depth,
		Timeout: fl.timeout, NoReplay: fl.noReplay, VCDDir: fl.vcd, FailWaveDir: failWaveDirOf(fl.vcd, fl.noWave), WorkDir: fl.work, Design: df, Property: fl.property}, nil
}

func runProve(cmd *cobra.Command, args []string, fl proveFlags) error {
	ctx, stop := interruptContext(cmd.Context())
	defer stop()
	if fl.scaling {
		return runScaling(ctx, cmd.OutOrStdout(), fl)
	}
	opt, err := proveOptions(args, fl)
	if err != nil {
		return usageErr(err)
	}
	opt.Steps = stepShow(cmd.ErrOrStderr())
	if fl.properties && opt.Design == nil && len(opt.RTL) > 0 {
		// The properties of your design, with nothing declared.
		opt.Design = &designfile.File{Check: designfile.CheckProperties}
	}
	if fl.properties && opt.Design == nil {
		return runProperties(ctx, cmd.OutOrStdout(), opt)
	}
	res, err := prove.Prove(ctx, opt)
	return reportProve(ctx, cmd.OutOrStdout(), res, err)
}

// reportProve prints a result and maps it onto the exit code.
func reportProve(ctx context.Context, w io.Writer, res *prove.Result, err error) error {
	var fe *prove.FlowError
	switch {
	case errors.As(err, &fe):
		printCex(w, res, fe.Cex, fe.Replay)
		return &exitError{code: exitFlowBug, err: err}
	case err != nil && ctx.Err() != nil:
		return &exitError{code: exitInterrupted, err: errors.New("prove interrupted")}
	case err != nil:
		return usageErr(err)
	}
	fmt.Fprintln(w, res.Summary())
	for _, n := range res.Notes {
		fmt.Fprintln(w, "  note: "+n)
	}
	switch res.Verdict {
	case prove.Refuted:
		printCex(w, res, res.Cex, res.Replay)
		if res.Cex.Property != "" {
			return failErr(fmt.Errorf("prove: %s violates %s at cycle %d", res.Top, res.Cex.Property, res.Cex.Cycle))
		}
		return failErr(fmt.Errorf("prove: %s differs from the reference at cycle %d", res.Top, res.Cex.Cycle))
	case prove.Inconclusive:
		return &exitError{code: exitInconclusive, err: fmt.Errorf("prove: inconclusive within the time limit: no counterexample in the first %d cycles", res.Depth)}
	}
	return nil
}

// printCex writes the counterexample's inputs and its replay, the replay as
// occamy cosim prints a run.
func printCex(w io.Writer, res *prove.Result, cex *prove.Counterexample, rep *runner.Result) {
	if cex == nil {
		return
	}
	if cex.Layout.Clock != "" {
		fmt.Fprintf(w, "  counterexample: %d cycles, cycle 0 is the forced reset\n", cex.Cycle+1)
	} else {
		fmt.Fprintln(w, "  counterexample:")
	}
	for _, l := range cex.Lines() {
		fmt.Fprintln(w, "    "+l)
	}
	if rep != nil {
		fmt.Fprint(w, "  replay: ")
		report.WriteResult(w, rep)
	}
}
