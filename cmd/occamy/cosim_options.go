package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"occamy/cosim/runner"
	"occamy/testbench/blocks"
)

// The options of a cosim command line: one runner.Options per block,
// parameter set and simulator, each with its failure-wave directory.

// failWaveDir is where a failure waveform goes without --vcd (tests move
// it out of the source tree).
var failWaveDir = "out"

// failWaveDirOf is the directory of a run's failure waveform: the --vcd
// directory, else failWaveDir; "" with --no-wave.
func failWaveDirOf(vcdDir string, noWave bool) string {
	switch {
	case noWave:
		return ""
	case vcdDir != "":
		return vcdDir
	}
	return failWaveDir
}

// parseParams reads NAME=VALUE words (each may hold several,
// comma-separated). A value is an integer or, for a parameter whose values
// have names, a name: POLICY=occamy-lqd (blocks.ParamValue).
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
			n, err := blocks.ParamValue(k, v)
			if err != nil {
				return nil, fmt.Errorf("--param %w", err)
			}
			if _, dup := p[k]; dup {
				return nil, fmt.Errorf("--param %s given twice", k)
			}
			p[k] = n
		}
	}
	return p, nil
}

// cosimOptions turns the flags into one runner.Options per run. --block B
// runs B's regression matrix (runner.Regression: every configuration and
// seed its face declares), or one configuration with --quick (the
// defaults) or --param (the defaults with those parameters). --block all
// does that for every block of the registry and, without --sim, follows
// the Verilator pass with an Icarus pass, the four-state check: the first
// mode of each block's first two sets (the defaults and the small set) at
// the first seed, short.
func cosimOptions(args []string, fl cosimFlags) ([]runner.Options, error) {
	df, err := fl.design.load()
	if err != nil {
		return nil, err
	}
	if fl.block == "" && df != nil {
		fl.block = df.Block
	}
	if fl.block == "" {
		return nil, errors.New("cosim: --block is required: " + strings.Join(cosimBlocks(), ", ") + " or all")
	}
	if fl.rtlSet && len(fl.rtl) == 0 {
		return nil, errors.New("cosim: --rtl '': an empty file name (an unset shell variable?); give Verilog files, or leave out --rtl to check the project's own Verilog")
	}
	rtl := append([]string(nil), fl.rtl...)
	if len(args) > 0 {
		if len(rtl) == 0 {
			return nil, fmt.Errorf("cosim: unexpected arguments %s (Verilog files go after --rtl)", strings.Join(args, " "))
		}
		rtl = append(rtl, args...)
	}
	switch {
	case fl.cycles < 0:
		return nil, fmt.Errorf("cosim: --cycles %d: want a positive number", fl.cycles)
	case fl.cyclesSet && fl.cycles == 0:
		return nil, fmt.Errorf("cosim: --cycles 0: no cycle would be compared; want at least 2 (leave it out for %d on Verilator, %d on Icarus)", runner.DefaultCycles, runner.DefaultIcarusCycles)
	}
	params, err := parseParams(fl.params)
	if err != nil {
		return nil, err
	}
	base := runner.Options{Sim: fl.sim, RTL: rtl, Top: fl.top, Replace: fl.replace, Cycles: fl.cycles, Seed: fl.seed, Batch: fl.batch,
		VCDDir: fl.vcd, Stimulus: fl.stim, ZeroInit: fl.zeroInit, PGO: fl.pgo, IncludeDirs: fl.incdirs, Design: df,
		FailWaveDir: failWaveDirOf(fl.vcd, fl.noWave)}
	if fl.block == "all" && df != nil {
		return nil, errors.New("cosim: --block all checks the project's own Verilog as it is; a design file or a declaration (--map, --latency, --check ...) is for one block")
	}
	mr := runner.MatrixRun{Cycles: fl.cycles, Quick: fl.quick}
	if fl.seedSet {
		mr.Seeds = []int64{fl.seed}
	}
	if fl.block != "all" {
		base.Block = fl.block
		if len(params) > 0 || df != nil || fl.single {
			// One configuration: the parameters given, or a design file's
			// (a design under declarations is checked at its own shape).
			base.Params = params
			return []runner.Options{base}, nil
		}
		opts, err := runner.Regression(base, mr)
		if err != nil {
			return nil, flagErr(err)
		}
		return matrixDirs(opts), nil
	}
	if len(rtl) > 0 || fl.top != "" || fl.replace != "" {
		return nil, errors.New("cosim: --block all checks the project's own Verilog; give one block with --rtl and --top (or --replace)")
	}
	// Each parameter goes to the blocks that have it; one no block has
	// is an error.
	used := map[string]bool{}
	var opts, four []runner.Options
	for _, b := range blocks.All() {
		o := base
		o.Block = b.Name
		if len(params) > 0 {
			o.Params = map[string]int{}
			names, _ := runner.ParamNames(b.Name)
			for _, n := range names {
				if v, ok := params[n]; ok {
					o.Params[n], used[n] = v, true
				}
			}
			opts, four = append(opts, o), append(four, o)
			continue
		}
		runs, err := runner.Regression(o, mr)
		if err != nil {
			return nil, err
		}
		opts = append(opts, matrixDirs(runs)...)
		four = append(four, fourState(b, runs)...)
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
	if fl.simSet {
		return opts, nil
	}
	// No --sim: the Verilator pass, then the four-state pass on Icarus,
	// short, without the Verilator-only switches, its waveforms apart.
	for _, o := range four {
		o.Sim, o.Batch, o.ZeroInit, o.PGO = runner.Icarus, false, false, false
		o.Cycles = runner.DefaultFourStateCycles
		if fl.cycles > 0 && fl.cycles < o.Cycles {
			o.Cycles = fl.cycles
		}
		if o.VCDDir != "" {
			o.VCDDir = filepath.Join(fl.vcd, runner.Icarus, filepath.FromSlash(o.Set))
			if o.Set == "" || len(params) > 0 {
				o.VCDDir = filepath.Join(fl.vcd, runner.Icarus)
			}
		}
		opts = append(opts, o)
	}
	return opts, nil
}

// fourState picks the runs of a block's matrix the Icarus pass repeats:
// the first mode of its first two sets (the defaults and the small set),
// at the first seed.
func fourState(b *blocks.Block, runs []runner.Options) []runner.Options {
	m := b.Regression()
	keep := map[string]bool{}
	for _, c := range m.Configs() {
		if (c.Set == m.Sets[0].Name || len(m.Sets) > 1 && c.Set == m.Sets[1].Name) && (len(m.Modes) == 0 || c.Mode == m.Modes[0].Name) {
			keep[c.Name] = true
		}
	}
	var out []runner.Options
	for _, o := range runs {
		if keep[o.Set] && o.Seed == runs[0].Seed {
			out = append(out, o)
		}
	}
	return out
}

// matrixDirs gives each run of a regression its own waveform directory
// under --vcd DIR: DIR/SET[/MODE] and, when the configuration runs at
// several seeds, seed-S below it.
func matrixDirs(opts []runner.Options) []runner.Options {
	if len(opts) < 2 {
		return opts
	}
	seeds := map[string]int{}
	for _, o := range opts {
		seeds[o.Set]++
	}
	sub := func(o *runner.Options, dir string) string {
		if dir == "" {
			return ""
		}
		dir = filepath.Join(dir, filepath.FromSlash(o.Set))
		if seeds[o.Set] > 1 {
			dir = filepath.Join(dir, fmt.Sprintf("seed-%d", o.Seed))
		}
		return dir
	}
	for i := range opts {
		o := &opts[i]
		// Each run's waveforms, and its failure waveform, apart: a
		// later configuration must not replace an earlier one's.
		o.VCDDir, o.FailWaveDir = sub(o, o.VCDDir), sub(o, o.FailWaveDir)
	}
	return opts
}
