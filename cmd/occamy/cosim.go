package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"occamy/cosim"
	"occamy/cosim/runner"
)

// cosimFlags are the raw flag values of occamy cosim.
type cosimFlags struct {
	block, sim, top, vcd, stim string
	rtl, params                []string
	cycles                     int
	seed                       int64
	batch, zeroInit            bool
}

// noVerilatorMsg is the one line a binary without the cgo bridge prints.
const noVerilatorMsg = "cosim: this occamy was built without Verilator support; rebuild it with `make build-cosim` (go build -tags verilator ./cmd/occamy), or use --sim icarus"

func newCosimCmd() *cobra.Command {
	var fl cosimFlags
	cmd := &cobra.Command{
		Use:   "cosim --block {threshold,selector,arbiter,executor,top,all} [flags] [--rtl FILE...]",
		Short: "Check Verilog against the Go golden model, cycle by cycle (Verilator or Icarus)",
		Long: `cosim drives a block's Go golden model and its Verilog with identical inputs
every cycle and compares every output every cycle: seeded random stimulus
biased to the edges (thresholds ±1, saturation, single and all-ones request
maps, pointer wrap, reset while busy), a directed sequence through the
documented corner cases first, and closed-loop stimulus through the golden
model where the block needs feedback.

Without --rtl it checks the project's own Verilog. With --rtl it checks your
Verilog of that block through the documented port contract (docs/blocks.md,
docs/executor.md); ports that differ from the contract are listed before
anything is simulated. The top module is --top, else the block's module name
if your files declare it, else the only module they declare.

Verilator (default) runs in-process, one call per cycle (lock-step) or
thousands per call (--batch); registers power up random
(+verilator+rand+reset+2) and outputs are compared from the cycle after the
first reset edge. Icarus (--sim icarus) runs the same stimulus as a .vec file
through a generated harness and diffs its VCD against the Go model's.

On the first mismatch it prints the cycle, the signal, the Go and RTL values
and a trace of the cycles before it. Exit status: 0 match, 1 mismatch,
2 setup error.`,
		Example: `  occamy cosim --block all
  occamy cosim --block selector --cycles 1000000 --batch --seed 7
  occamy cosim --block arbiter --rtl my_arbiter.sv --top my_arbiter --param N=16
  occamy cosim --block executor --sim icarus --cycles 20000 --vcd out/waves`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCosim(cmd, args, fl)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.block, "block", "", "block to check: "+strings.Join(runner.Blocks(), ", ")+", or all")
	f.IntVar(&fl.cycles, "cycles", 0, fmt.Sprintf("cycles to run, reset included (default %d on Verilator, %d on Icarus)", runner.DefaultCycles, runner.DefaultIcarusCycles))
	f.Int64Var(&fl.seed, "seed", 1, "stimulus seed")
	f.StringVar(&fl.sim, "sim", runner.Verilator, "simulator: verilator or icarus")
	f.StringSliceVar(&fl.rtl, "rtl", nil, "your Verilog files (repeat the flag, separate with commas, or list them after it)")
	f.StringVar(&fl.top, "top", "", "top module of --rtl (default: guessed from the files)")
	f.StringArrayVar(&fl.params, "param", nil, "block parameter NAME=VALUE (repeatable, or comma-separated), e.g. N=16")
	f.StringVar(&fl.vcd, "vcd", "", "directory for the waveforms of both sides (BLOCK.go.vcd, BLOCK.verilator.vcd or BLOCK.icarus.vcd)")
	f.BoolVar(&fl.batch, "batch", false, "Verilator: run thousands of cycles per call and compare in bulk")
	f.StringVar(&fl.stim, "stimulus", "", "random or directed only (default: the directed sequence, then random)")
	f.BoolVar(&fl.zeroInit, "zero-init", false, "Verilator: start registers at 0 instead of random, and compare from cycle 0")
	return cmd
}

// parseParams reads NAME=VALUE words (each may hold several, comma-separated).
func parseParams(words []string) (map[string]int, error) {
	p := map[string]int{}
	for _, w := range words {
		for _, kv := range strings.Split(w, ",") {
			kv = strings.TrimSpace(kv)
			if kv == "" {
				continue
			}
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return nil, fmt.Errorf("--param %q: want NAME=VALUE, e.g. N=16", kv)
			}
			n, err := strconv.Atoi(v)
			if err != nil {
				return nil, fmt.Errorf("--param %s: value %q is not an integer", k, v)
			}
			if _, dup := p[k]; dup {
				return nil, fmt.Errorf("--param %s given twice", k)
			}
			p[k] = n
		}
	}
	return p, nil
}

// cosimOptions turns the flags into one runner.Options per block to check.
func cosimOptions(args []string, fl cosimFlags) ([]runner.Options, error) {
	if fl.block == "" {
		return nil, errors.New("cosim: --block is required: " + strings.Join(runner.Blocks(), ", ") + " or all")
	}
	rtl := append([]string(nil), fl.rtl...)
	if len(args) > 0 {
		if len(rtl) == 0 {
			return nil, fmt.Errorf("cosim: unexpected arguments %s (Verilog files go after --rtl)", strings.Join(args, " "))
		}
		rtl = append(rtl, args...)
	}
	if fl.cycles < 0 {
		return nil, fmt.Errorf("cosim: --cycles %d: want a positive number", fl.cycles)
	}
	params, err := parseParams(fl.params)
	if err != nil {
		return nil, err
	}
	base := runner.Options{Sim: fl.sim, RTL: rtl, Top: fl.top, Cycles: fl.cycles, Seed: fl.seed, Batch: fl.batch,
		VCDDir: fl.vcd, Stimulus: fl.stim, ZeroInit: fl.zeroInit}
	if fl.block != "all" {
		base.Block, base.Params = fl.block, params
		return []runner.Options{base}, nil
	}
	if len(rtl) > 0 || fl.top != "" {
		return nil, errors.New("cosim: --block all checks the project's own Verilog; give one block with --rtl and --top")
	}
	// Each parameter goes to the blocks that have it; one no block has
	// is an error.
	used := map[string]bool{}
	var opts []runner.Options
	for _, b := range runner.Blocks() {
		o := base
		o.Block, o.Params = b, map[string]int{}
		names, _ := runner.ParamNames(b)
		for _, n := range names {
			if v, ok := params[n]; ok {
				o.Params[n], used[n] = v, true
			}
		}
		opts = append(opts, o)
	}
	var unknown []string
	for k := range params {
		if !used[k] {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	if len(unknown) > 0 {
		return nil, fmt.Errorf("cosim: no block has parameter %s", strings.Join(unknown, ", "))
	}
	return opts, nil
}

func runCosim(cmd *cobra.Command, args []string, fl cosimFlags) error {
	opts, err := cosimOptions(args, fl)
	if err != nil {
		return usageErr(err)
	}
	if opts[0].Sim == "" || opts[0].Sim == runner.Verilator {
		if !cosim.Supported() {
			return usageErr(errors.New(noVerilatorMsg))
		}
	}
	out := cmd.OutOrStdout()
	var setup, mismatch int
	for _, o := range opts {
		res, err := runner.Run(cmd.Context(), o)
		if err != nil {
			setup++
			// A missing simulator is one line, whatever the block count:
			// the next blocks need the same tool.
			if len(opts) == 1 || errors.Is(err, cosim.ErrToolMissing) || errors.Is(err, runner.ErrIcarusMissing) {
				return usageErr(err)
			}
			fmt.Fprintf(out, "ERROR %s: %v\n", o.Block, err)
			continue
		}
		printResult(out, res)
		if !res.Match() {
			mismatch++
		}
	}
	switch {
	case setup > 0:
		return usageErr(fmt.Errorf("cosim: %d of %d blocks could not be checked", setup, len(opts)))
	case mismatch > 0:
		return failErr(fmt.Errorf("cosim: %d of %d blocks differ from the golden model", mismatch, len(opts)))
	}
	return nil
}

// printResult writes the verdict line, then a mismatch's trace and notes.
func printResult(w io.Writer, res *runner.Result) {
	fmt.Fprintln(w, res.Verdict())
	if m := res.Mismatch; m != nil {
		for _, l := range m.Trace {
			fmt.Fprintln(w, "  "+l)
		}
	}
	for _, v := range res.VCD {
		fmt.Fprintln(w, "  wrote "+v)
	}
	for _, n := range res.Notes {
		for _, l := range strings.Split(n, "\n") {
			fmt.Fprintln(w, "  note: "+l)
		}
	}
}
