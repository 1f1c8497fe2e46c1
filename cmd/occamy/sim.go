package main

import (
	"fmt"
	"io"
	"math"
	tmface "occamy/testbench/blocks/tm"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"occamy/cosim"
	"occamy/hw/tm"
	"occamy/rtl/infile"
	"occamy/testbench/field"
	"occamy/testbench/scenario"
	"occamy/testbench/traffic"
)

// simFlags are the raw flags of `occamy sim`.
type simFlags struct {
	scenario, bm, config, vcd string
	rtl                       string // --rtl: run on the Verilog occamy_tm (tmsim.Options.Sim)
	rtlSet                    bool   // --rtl given, even empty
	compare                   bool   // --compare: co-simulate the main run against hw/tm first
	pgo                       bool   // --pgo: profile-guided Verilator build
	alpha                     float64
	cycles, seed              uint64
	json, check, list         bool
	params, sources           []string
	steps                     cosim.Progress // shows the RTL builds' long steps (--rtl)
}

// tmFlag binds a flag to a tm.Config field. A flag with parse is a name
// (a string flag) that parse turns into the field's typed value; the others
// are ints.
type tmFlag struct {
	flag, field, usage string
	parse              func(string) (any, error)
}

func parseSched(s string) (any, error)    { return tm.ParseSched(s) }
func parseFreeMode(s string) (any, error) { return tm.ParseFreeMode(s) }

// simNames maps scenario.Options fields to the flags of `occamy sim`.
var simNames = func() flagNames {
	n := flagNames{"Scenario": "--scenario", "Policy": "--bm", "Alpha": "--alpha", "Cycles": "--cycles",
		"Seed": "--seed", "Params": "--param", "Sources": "--source", "Sim": "--rtl", "VCD": "--vcd", "PGO": "--pgo"}
	for _, t := range tmFlags {
		n["TM."+t.field] = "--" + t.flag
	}
	return n
}()

var tmFlags = []tmFlag{
	{"ports", "P", "egress ports P (1..32)", nil},
	{"queues", "Q", "queues per port Q = α classes (1..8)", nil},
	{"buffer", "B", "buffer size B in cells", nil},
	{"cell-bytes", "CellBytes", "bytes per cell", nil},
	{"max-pkt", "MaxPkt", "largest packet in cells", nil},
	{"k", "K", "cell-pointer sub-lists per packet (1, 2, 4, 8)", nil},
	{"r", "R", "cycles per cell per port (line rate)", nil},
	{"sched", "Sched", "egress scheduling: sp or drr", parseSched},
	{"free-mode", "FreeMode", "freeing: cell or chain", parseFreeMode},
	{"max-offers", "MaxOffers", "packets the ingress takes per cycle (the Verilog's IN); more are ingress drops", nil},
}

func newSimCmd() *cobra.Command {
	var f simFlags
	ints := make([]int, len(tmFlags))
	strs := make([]string, len(tmFlags))
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Run a named traffic scenario on the traffic-manager model and report per-queue counters and metrics",
		Long: `sim runs a scenario (paper Figs. 3, 6, 11-12, or random load) on the cycle-level
traffic-manager model and prints a per-queue table (active queues and totals)
and the scenario's metrics, or with --json one JSON object.

Several policies separated by commas (--bm dt,occamy) run the same scenario,
seed and config under each and print them side by side; with --json the
object holds {"runs": [...]}, and with --vcd each run writes FILE-<policy>.vcd.

With --rtl verilator (or icarus, for short runs) the scenario runs on the
Verilog occamy_tm instead (docs/cosim.md, "Scenarios on the RTL"): the
same table or JSON, every counter derived from the RTL's outputs;
--compare first checks the run's inputs on occamy_tm against hw/tm cycle
by cycle; --vcd writes the RTL's waveform under the Go trace's names.

Scenarios: ` + strings.Join(scenario.Names(), ", ") + ` (--list describes them).
Policies: ` + strings.Join(tm.PolicyNames(tm.AllPolicies), ", ") + `.
See docs/scenarios.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.list {
				return listScenarios(cmd.OutOrStdout())
			}
			f.rtlSet = cmd.Flags().Changed("rtl")
			opts, err := simOptions(cmd, &f, ints, strs)
			if err != nil {
				return simNames.usage(err)
			}
			ctx, stop := interruptContext(cmdContext(cmd))
			defer stop()
			f.steps = stepShow(cmd.ErrOrStderr())
			return runSim(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), &f, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.scenario, "scenario", "", "scenario name (required unless the --config file names one)")
	fl.StringVar(&f.bm, "bm", "", "buffer management: "+strings.Join(tm.PolicyNames(tm.AllPolicies), ", ")+"; several, comma-separated, compare side by side (default occamy)")
	fl.Float64Var(&f.alpha, "alpha", 0, fmt.Sprintf("DT α for every class, a power of two (default %d)", scenario.DefaultAlpha))
	fl.Uint64Var(&f.cycles, "cycles", 0, "cycles to run (default: the scenario's)")
	fl.Uint64Var(&f.seed, "seed", scenario.DefaultSeed, "random seed")
	fl.StringVar(&f.vcd, "vcd", "", "write a VCD waveform to FILE, and beside it a GTKWave save file and its state names (FILE.gtkw, FILE.states.txt); the directory is created")
	fl.BoolVar(&f.json, "json", false, "print one JSON object instead of the table")
	fl.StringVar(&f.config, "config", "", "JSON config file: scenario, bm, alpha, cycles, seed, params, tm, sources")
	fl.BoolVar(&f.check, "check", false, "check the TM's invariants every cycle (slow)")
	fl.StringArrayVar(&f.params, "param", nil, "scenario parameter name=value (repeatable; --list shows them)")
	fl.StringArrayVar(&f.sources, "source", nil, "extra traffic source, key=value,... e.g. kind=random,load=0.3 (repeatable)")
	fl.BoolVar(&f.list, "list", false, "list the scenarios and their parameters")
	fl.StringVar(&f.rtl, "rtl", "", "run on the Verilog traffic manager occamy_tm: verilator, or icarus for short runs (policies "+strings.Join(tm.PolicyNames(tmface.Policies), ", ")+"); every counter comes from its outputs")
	fl.BoolVar(&f.pgo, "pgo", false, "with --rtl verilator: build occamy_tm profile-guided (compiled twice around a training run) for a faster model")
	fl.BoolVar(&f.compare, "compare", false, "with --rtl: first co-simulate the run's inputs on occamy_tm against hw/tm, every output every cycle, and stop at the first divergence (the report of occamy cosim --block tm)")
	for i, t := range tmFlags {
		if t.parse != nil {
			fl.StringVar(&strs[i], t.flag, "", t.usage)
		} else {
			fl.IntVar(&ints[i], t.flag, 0, t.usage)
		}
	}
	return cmd
}

// simOptions turns the flags into scenario.Options; every error is bad input.
func simOptions(cmd *cobra.Command, f *simFlags, ints []int, strs []string) (scenario.Options, error) {
	o := scenario.Options{Scenario: f.scenario, Alpha: f.alpha, Check: f.check}
	if cmd.Flags().Changed("seed") {
		s := f.seed
		o.Seed = &s
	}
	if cmd.Flags().Changed("cycles") {
		c := f.cycles
		o.Cycles = &c
	}
	if cmd.Flags().Changed("alpha") && f.alpha == 0 {
		// Options.Alpha 0 means "not given": let the library say why 0 is refused.
		_, err := scenario.ParseAlpha(0, tm.DefaultConfig().AW)
		return o, err
	}
	for i, t := range tmFlags {
		if !cmd.Flags().Changed(t.flag) {
			continue
		}
		var v any = ints[i]
		if t.parse != nil {
			var err error
			if v, err = t.parse(strs[i]); err != nil {
				return o, &field.Error{Field: "TM." + t.field, Err: err}
			}
		}
		o.TM = append(o.TM, scenario.TMSet{Field: t.field, Value: v})
	}
	if len(f.params) > 0 {
		o.Params = map[string]float64{}
		for _, p := range f.params {
			k, v, err := parseParam(p)
			if err != nil {
				return o, err
			}
			o.Params[k] = v
		}
	}
	for i, s := range f.sources {
		spec, err := traffic.ParseFlag(s, fmt.Sprintf("--source[%d]", i))
		if err != nil {
			return o, err
		}
		o.Sources = append(o.Sources, *spec)
	}
	if f.config != "" {
		data, err := infile.ReadFile(f.config, scenario.MaxFileBytes)
		if err != nil {
			return o, fmt.Errorf("--config: %v", err)
		}
		file, err := scenario.ParseFile(data)
		if err != nil {
			return o, fmt.Errorf("--config %s: %v", f.config, err)
		}
		o.File = file
	}
	return o, nil
}

// policies splits --bm (or the file's bm) into the runs to make.
func policies(f *simFlags, o scenario.Options) []string {
	bm := f.bm
	if bm == "" && o.File != nil {
		bm = o.File.BM
	}
	if bm == "" {
		return []string{""}
	}
	var out []string
	for _, p := range strings.Split(bm, ",") {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

// listScenarios prints every scenario with its parameters.
func listScenarios(w io.Writer) error {
	for _, name := range scenario.Names() {
		s, _ := scenario.Lookup(name)
		fmt.Fprintf(w, "%s (%s): %s\n", s.Name, s.Figure, s.Summary)
		for _, p := range s.Params {
			def := fmt.Sprint(p.Default)
			if p.Auto != "" {
				def = "auto: " + p.Auto
			}
			fmt.Fprintf(w, "    %-14s %s [default %s]\n", p.Name, p.Doc, def)
		}
	}
	return nil
}

// parseParam parses one --param flag, name=value.
func parseParam(text string) (string, float64, error) {
	k, val, ok := strings.Cut(text, "=")
	k = strings.TrimSpace(k)
	if !ok || k == "" {
		return "", 0, fmt.Errorf("--param %q: want name=value", text)
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return "", 0, fmt.Errorf("--param %s: %q is not a number", k, val)
	}
	return k, x, nil
}
