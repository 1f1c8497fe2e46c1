package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"occamy/cosim/runner"
	"occamy/testbench/blocks"
)

// cosimFlags are the raw flag values of occamy cosim.
type cosimFlags struct {
	block, sim, top, vcd, stim string
	replace                    string
	rtl, params, incdirs       []string
	cycles                     int
	seed                       int64
	batch, zeroInit, pgo       bool
	json, quick, noWave        bool
	junit                      string

	// Which flags were given (cobra's Changed), where an explicit empty
	// or zero value must not read as "not given".
	cyclesSet, rtlSet, simSet, seedSet bool

	// single asks for one configuration, the given parameters over the
	// defaults, never the matrix (the scoreboard's run).
	single bool

	score  scoreFlags  // the scoreboard's own (cosim_score.go)
	design designFlags // --map, --check and the declarations (cosim_design.go)
}

// noVerilatorMsg is the one line a binary without the cgo bridge prints.
const noVerilatorMsg = "cosim: this occamy was built without Verilator support; rebuild it with `make build-cosim` (go build -tags verilator ./cmd/occamy), or use --sim icarus"

func newCosimCmd() *cobra.Command {
	var fl cosimFlags
	cmd := &cobra.Command{
		Use:   "cosim --block {" + strings.Join(cosimBlocks(), ",") + ",all} [flags] [--rtl FILE...]",
		Short: "Check Verilog against the Go golden model, cycle by cycle (Verilator or Icarus)",
		Long: `cosim drives a block's Go golden model and its Verilog with identical inputs
every cycle and compares every output port every cycle: seeded random
stimulus biased to the edges (thresholds ±1, saturation, single and all-ones
request maps, pointer wrap, reset while busy), a directed sequence through
the documented corner cases first, and closed-loop stimulus through the
golden model where the block needs feedback.

What is compared: the block's output ports, every cycle from the one after
the first reset cycle, nothing inside the design. A register or memory
whose value never reaches a port (docs/executor.md lists the executor's)
is not checked here. The verdict line states the cycles compared; a run
that compares none is an error (exit 2), never a MATCH.

Without --rtl it checks the project's own Verilog. With --rtl it checks your
Verilog of that block through the documented port contract (docs/blocks.md,
docs/executor.md); ports that differ from the contract are listed before
anything is simulated. The top module is --top, else the block's module name
if your files declare it, else the only module they declare. ` + "`include" + ` files
are found beside your files, in each --incdir and in the project's verilog/
(so a copy of a project module finds occamy_checks.svh).

--block tm --replace SUB --rtl FILE builds occamy_tm from the project's
Verilog with your module in place of one sub-module: your file declares a
module of the same name (tm_hd_exec, hd_selector or rr_arbiter), which takes
the place of the project's file. Its ports are first checked against the
project's module as occamy_tm instantiates it at the run's parameters
(names, directions, widths; exit 2 on any difference), then the whole TM is
co-simulated against hw/tm as usual: every egress cell's queue and tag, the
drops, the lengths, the free count, the memory port use. --block executor
--rtl FILE is --block tm --replace executor (docs/executor.md).

--check scoreboard checks a traffic manager at transaction level instead
(docs/scoreboard.md): the project's traffic through a port map, whatever the
design's latency and micro-architecture. Each cell that leaves must belong
to an admitted packet, in order, once; every offer must end once; refusals
and head drops must follow the policy within declared staleness windows;
no port may idle while packets wait; after a drain nothing is left. It keeps
going after a violation, counts each check, lists the first 10 violations,
writes TOP.scoreboard.vcd (in --vcd DIR, else here) around the first, and
sets the outcomes beside hw/tm's on the same offers. Without --map it checks
occamy_tm through its own map (--block executor --rtl FILE: with your
executor); --map FILE with a tm: section checks your TM
(cosim/testdata/alt_tm/alt_tm.yaml is an example). Exit 0 pass, 1 a
violation or an outcome far from hw/tm's, 2 setup error.

Verilator (default) runs in-process, lock-step (each cycle compared in the
wrapper before the next runs, so the model stops at the first difference)
or batched (--batch: whole chunks run, then compared). It is two-state: registers power up random
(+verilator+rand+reset+2, seeded from --seed) and every explicit X in the
RTL is built as a random value (--x-assign unique, --x-initial unique), so
X-dependent behaviour shows as a mismatch for almost every seed; --zero-init
makes both 0 and so hides it. --pgo builds the model profile-guided: it is
compiled twice, around a training run on the block's own stimulus, for a
model that runs faster (about 1.2-1.4x for occamy_tm) and behaves the same;
worth it for long runs. Icarus (--sim icarus) is the four-state
check: X and Z are kept and compared as such. It runs the same stimulus as
a .vec file through a generated harness and diffs its VCD against the Go
model's; --batch, --zero-init and --pgo do not apply to it and are refused.
--block all checks every block on Verilator, then once more on Icarus
(` + fmt.Sprint(runner.DefaultFourStateCycles) + ` cycles each, or --cycles if fewer; --batch, --zero-init and --pgo
apply to the Verilator pass only), unless --sim names one.

On the first mismatch it prints the cycle, the signal, the Go and RTL values
and a trace of the cycles before it, then the coverage table when the block
declares coverpoints (ZERO marks a coverpoint never hit). It also writes a
failure waveform, BLOCK.SIM.mismatch.vcd with its GTKWave save file .gtkw
(in the --vcd directory, else in ./out; --no-wave: none): the ` + fmt.Sprint(runner.FailWaveBefore) + `
cycles before the mismatch and up to ` + fmt.Sprint(runner.FailWaveAfter) + ` after it, the golden side's ports
under occamy.go, the RTL's under occamy.rtl (with its internal signals on
Icarus, and on Verilator with --vcd), a flag per output under
occamy.differs; the save file opens on the mismatching signal with marker A
on its cycle (cycle c is t=c*1000, the cycle numbers of this report and of
occamy vcddiff), and the gtkwave command that opens it is printed. --json prints the
same as one JSON document; --junit FILE writes a JUnit XML report, one test
case per block and parameter set. On a terminal a progress bar shows on
stderr. Ctrl-C (or SIGTERM) stops at the next chunk of cycles, prints the
partial verdict (cycles compared so far, no mismatch yet) and exits 130.
Exit status: 0 match, 1 mismatch, 2 setup error (including a run that
compared no cycle, and a match whose --vcd waveforms could not be written),
130 interrupted.`,
		Example: `  occamy cosim --block all --junit out/cosim.xml
  occamy cosim --block selector --cycles 1000000 --batch --seed 7
  occamy cosim --block arbiter --rtl my_arbiter.sv --top my_arbiter --param N=16
  occamy cosim --block tm --rtl my_exec.sv --replace executor
  occamy cosim --block executor --rtl my_exec.sv --batch --cycles 1000000   # the same as --block tm --replace executor
  occamy cosim --block tm --rtl my_arb.sv --replace arbiter --param P=2,Q=2,B=48,K=2,QW=7,AW=3,MAXPKT=6,IN=3,TXWIN=4,SW=5
  occamy cosim --block tm --check scoreboard --map cosim/testdata/alt_tm/alt_tm.yaml --cycles 20000`,
		RunE: func(cmd *cobra.Command, args []string) error {
			f := cmd.Flags()
			fl.cyclesSet, fl.rtlSet, fl.simSet, fl.seedSet = f.Changed("cycles"), f.Changed("rtl"), f.Changed("sim"), f.Changed("seed")
			score, m, err := scoreboardWanted(fl.design)
			if err != nil {
				return usageErr(err)
			}
			if score {
				return runScoreboard(cmd, args, fl, m)
			}
			return runCosim(cmd, args, fl)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.block, "block", "", "block to check: "+strings.Join(runner.Blocks(), ", ")+", "+standaloneNames()+", or all")
	f.IntVar(&fl.cycles, "cycles", 0, fmt.Sprintf("cycles to run, reset included (default %d on Verilator, %d on Icarus)", runner.DefaultCycles, runner.DefaultIcarusCycles))
	f.Int64Var(&fl.seed, "seed", 1, "stimulus seed")
	f.StringVar(&fl.sim, "sim", runner.Verilator, "simulator: verilator or icarus")
	f.StringSliceVar(&fl.rtl, "rtl", nil, "your Verilog files (repeat the flag, separate with commas, or list them after it)")
	f.StringVar(&fl.top, "top", "", "top module of --rtl (default: guessed from the files)")
	f.StringVar(&fl.replace, "replace", "", "with --block tm: build occamy_tm with your --rtl module in place of its `SUB` ("+replaceNames()+")")
	f.StringArrayVar(&fl.params, "param", nil, "block parameter NAME=VALUE (repeatable, or comma-separated), e.g. N=16; a policy by name: POLICY=occamy-lqd")
	f.StringVar(&fl.vcd, "vcd", "", "directory for the waveforms of both sides (BLOCK.go.vcd, BLOCK.verilator.vcd or BLOCK.icarus.vcd)")
	f.BoolVar(&fl.noWave, "no-wave", false, "write no failure waveform on a mismatch (by default BLOCK.SIM.mismatch.vcd and .gtkw in the --vcd directory, else in "+failWaveDir+")")
	f.BoolVar(&fl.batch, "batch", false, "Verilator: run thousands of cycles per call and compare in bulk")
	f.StringVar(&fl.stim, "stimulus", "", "random or directed only (default: the directed sequence, then random)")
	f.BoolVar(&fl.pgo, "pgo", false, "Verilator: profile-guided build (compiled twice around a training run) for a faster model")
	f.BoolVar(&fl.zeroInit, "zero-init", false, "Verilator: registers and explicit X start at 0 instead of random (hides X-dependent behaviour)")
	f.StringArrayVar(&fl.incdirs, "incdir", nil, "`DIR` searched by includes (repeatable); your files' own directories always are")
	f.BoolVar(&fl.json, "json", false, "print the verdicts as one JSON document instead of text")
	f.StringVar(&fl.junit, "junit", "", "also write a JUnit XML report to `FILE` (one test case per configuration and seed)")
	f.BoolVar(&fl.quick, "quick", false, "one configuration (the defaults) at one seed instead of the block's regression matrix")
	addScoreFlags(cmd, &fl.score)
	addDesignFlags(f, &fl.design)
	return cmd
}

// cosimBlocks are the names --block takes besides all: the registry's
// blocks, then the sub-modules checked inside their block by their own
// name (executor: the TM with your executor).
func cosimBlocks() []string {
	s := runner.Blocks()
	for _, x := range blocks.Standalones() {
		s = append(s, x.Name)
	}
	return s
}

// standaloneNames says what each of those sub-modules is: "executor (the
// tm with your --rtl tm_hd_exec)".
func standaloneNames() string {
	var s []string
	for _, x := range blocks.Standalones() {
		b, _ := blocks.LookupStandalone(x.Name)
		s = append(s, fmt.Sprintf("%s (the %s with your --rtl %s)", x.Name, b.Name, x.Module))
	}
	return strings.Join(s, ", ")
}

// replaceNames lists the sub-modules --replace takes, per block, from the
// registry ("executor (tm_hd_exec), ...").
func replaceNames() string {
	var s []string
	for _, b := range blocks.All() {
		for _, x := range b.Subs {
			s = append(s, x.Name+" ("+x.Module+")")
		}
	}
	return strings.Join(s, ", ")
}
