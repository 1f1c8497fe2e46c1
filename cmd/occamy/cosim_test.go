package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
	"occamy/testbench/blocks"
)

// TestCosimBadInput: bad flags exit 2 with one clear line, before anything
// is built.
func TestCosimBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cosim"}, "--block is required"},
		{[]string{"cosim", "--block", "mux", "--sim", "icarus"}, `unknown block "mux"`},
		{[]string{"cosim", "--block", "arbiter", "--sim", "vcs"}, `unknown simulator "vcs"`},
		{[]string{"cosim", "--block", "arbiter", "--param", "N", "--sim", "icarus"}, `--param "N": want NAME=VALUE`},
		{[]string{"cosim", "--block", "arbiter", "--param", "N=x", "--sim", "icarus"}, `--param N: value "x" is not an integer`},
		{[]string{"cosim", "--block", "arbiter", "--param", "N=4,N=5", "--sim", "icarus"}, "--param N given twice"},
		{[]string{"cosim", "--block", "arbiter", "--param", "N=999", "--sim", "icarus"}, "N=999"},
		{[]string{"cosim", "--block", "arbiter", "extra.sv", "--sim", "icarus"}, "unexpected arguments extra.sv"},
		{[]string{"cosim", "--block", "all", "--rtl", "x.sv"}, "--block all checks the project's own Verilog"},
		{[]string{"cosim", "--block", "all", "--param", "Z=1"}, "no block has parameter Z"},
		{[]string{"cosim", "--block", "arbiter", "--cycles", "-3", "--sim", "icarus"}, "--cycles -3"},
		{[]string{"cosim", "--block", "arbiter", "--rtl", "/nonexistent/a.sv", "--sim", "icarus"}, "cannot be read"},
		{[]string{"cosim", "--block", "arbiter", "--cycles", "0", "--sim", "icarus"}, "--cycles 0: no cycle would be compared"},
		{[]string{"cosim", "--block", "all", "--cycles", "0"}, "--cycles 0: no cycle would be compared"},
		{[]string{"cosim", "--block", "arbiter", "--rtl", "", "--sim", "icarus"}, "--rtl '': an empty file name"},
		{[]string{"cosim", "--block", "arbiter", "--rtl=", "--sim", "icarus"}, "--rtl '': an empty file name"},
		{[]string{"cosim", "--block", "arbiter", "--rtl", "../../verilog/rr_arbiter.sv,", "--sim", "icarus"}, "--rtl: an empty file name"},
		{[]string{"cosim", "--block", "arbiter", "--batch", "--sim", "icarus"}, "--batch: batched mode drives the Verilated model"},
		{[]string{"cosim", "--block", "arbiter", "--zero-init", "--sim", "icarus"}, "--zero-init: zero power-up is a Verilator option"},
		{[]string{"cosim", "--block", "arbiter", "--pgo", "--sim", "icarus"}, "--pgo: a profile-guided build is a Verilator build"},
		{[]string{"cosim", "--block", "all", "--batch", "--sim", "icarus"}, "--batch: batched mode"},
		{[]string{"cosim", "--block", "arbiter", "--incdir", "/nonexistent/inc", "--sim", "icarus"}, "--incdir: /nonexistent/inc is not a directory"},
		{[]string{"cosim", "--block", "arbiter", "--incdir", "", "--sim", "icarus"}, "--incdir: an empty directory name"},
		{[]string{"cosim", "--block", "all", "--replace", "executor"}, "--block all checks the project's own Verilog"},
		{[]string{"cosim", "--block", "tm", "--replace", "scheduler", "--rtl", "../../verilog/rr_arbiter.sv", "--sim", "icarus"},
			`--replace: tm has no replaceable sub-module "scheduler" (known: executor, selector, arbiter)`},
		{[]string{"cosim", "--block", "executor", "--sim", "icarus"}, "--rtl: replacing tm's executor needs your module"},
		{[]string{"cosim", "--block", "tm", "--replace", "arbiter", "--rtl", "../../verilog/hd_selector.sv", "--sim", "icarus"},
			"--rtl: ../../verilog/hd_selector.sv declares hd_selector, not rr_arbiter"},
	} {
		out, errText, code := runCLI(t, c.args...)
		require.Equal(t, 2, code, "%v: exit code (error %q)", c.args, errText)
		require.Contains(t, errText, c.want, "%v", c.args)
		require.Empty(t, out, "%v: nothing on stdout", c.args)
	}
}

func TestCosimOptions(t *testing.T) {
	opts, err := cosimOptions([]string{"b.sv"}, cosimFlags{block: "selector", rtl: []string{"a.sv"}, params: []string{"N=8,QW=4"}, seed: 3, batch: true, sim: "verilator"})
	require.NoError(t, err)
	require.Len(t, opts, 1)
	require.Equal(t, []string{"a.sv", "b.sv"}, opts[0].RTL, "files after --rtl are RTL too")
	require.Equal(t, map[string]int{"N": 8, "QW": 4}, opts[0].Params)
	require.True(t, opts[0].Batch)
	require.Equal(t, int64(3), opts[0].Seed)

	// Without --param: the block's regression matrix, one run per
	// configuration and seed, each named, its waveforms apart.
	opts, err = cosimOptions(nil, cosimFlags{block: "arbiter", vcd: "w", sim: "verilator"})
	require.NoError(t, err)
	require.Len(t, opts, 4, "arbiter: defaults and small at seeds 1 and 2")
	require.Equal(t, "small", opts[3].Set)
	require.Equal(t, int64(2), opts[3].Seed)
	require.Equal(t, filepath.Join("w", "small", "seed-2"), opts[3].VCDDir)
	require.Equal(t, blocks.DefaultMatrixCycles, opts[3].Cycles)
	opts, err = cosimOptions(nil, cosimFlags{block: "arbiter", quick: true, sim: "verilator"})
	require.NoError(t, err)
	require.Len(t, opts, 1, "--quick: one configuration")
	require.Equal(t, "defaults", opts[0].Set)
	opts, err = cosimOptions(nil, cosimFlags{block: "executor", rtl: []string{"e.sv"}, seed: 9, seedSet: true, cycles: 3000, sim: "verilator"})
	require.NoError(t, err)
	require.Len(t, opts, 25, "the executor's matrix")
	for _, o := range opts {
		require.Equal(t, int64(9), o.Seed, "--seed replaces the matrix's seeds")
		require.Equal(t, 3000, o.Cycles, "--cycles its budget per run")
		require.Equal(t, []string{"e.sv"}, o.RTL)
	}

	// --block all: every block's matrix on Verilator, then on Icarus the
	// first mode of the first two sets at the first seed.
	opts, err = cosimOptions(nil, cosimFlags{block: "all", cycles: 500, batch: true, pgo: true, vcd: "w"})
	require.NoError(t, err)
	var ver, ica []runner.Options
	for _, o := range opts {
		if o.Sim == runner.Icarus {
			ica = append(ica, o)
		} else {
			ver = append(ver, o)
			require.Empty(t, ica, "Verilator first")
		}
	}
	total := 0
	for _, b := range blocks.All() {
		total += b.Regression().Runs()
	}
	require.Len(t, ver, total)
	require.Len(t, ica, 2*len(blocks.All()), "the Icarus pass: defaults and small of each block")
	for _, o := range ver {
		require.True(t, o.Batch)
		require.True(t, o.PGO, "--pgo")
		require.Equal(t, 500, o.Cycles)
		require.Equal(t, filepath.Join("w", filepath.FromSlash(o.Set)), o.VCDDir[:len(filepath.Join("w", filepath.FromSlash(o.Set)))])
	}
	for _, o := range ica {
		require.False(t, o.Batch, "--batch is Verilator's")
		require.False(t, o.PGO, "--pgo is Verilator's")
		require.Equal(t, 500, o.Cycles, "--cycles when fewer than the four-state default")
		require.Equal(t, filepath.Join("w", runner.Icarus, filepath.FromSlash(o.Set)), o.VCDDir, "the Icarus pass's waveforms apart")
		require.Contains(t, []string{"defaults", "small", "defaults/occamy", "small/occamy"}, o.Set)
		require.Equal(t, int64(1), o.Seed)
	}
	opts, err = cosimOptions(nil, cosimFlags{block: "all", sim: "icarus", simSet: true, quick: true})
	require.NoError(t, err)
	require.Len(t, opts, len(blocks.All()), "--sim names one pass, --quick one run a block")
	opts, err = cosimOptions(nil, cosimFlags{block: "all", cycles: 1_000_000})
	require.NoError(t, err)
	require.Equal(t, runner.DefaultFourStateCycles, opts[len(opts)-1].Cycles)
	opts, err = cosimOptions(nil, cosimFlags{block: "all", params: []string{"N=16", "QW=12"}, sim: "verilator", simSet: true})
	require.NoError(t, err)
	require.Len(t, opts, len(blocks.All()), "--param: one run a block")
	for _, o := range opts {
		// Each block gets the given parameters it has (threshold no N,
		// arbiter no QW, the memory blocks neither or only N).
		names, _ := runner.ParamNames(o.Block)
		want := map[string]int{}
		for _, n := range names {
			if v, ok := map[string]int{"N": 16, "QW": 12}[n]; ok {
				want[n] = v
			}
		}
		require.Equal(t, want, o.Params, o.Block)
	}
}

// TestParamNames: --param takes a policy by name, as occamy sim's --bm
// does, or by number; a name that is not a policy lists them.
func TestParamNames(t *testing.T) {
	opts, err := cosimOptions(nil, cosimFlags{block: "tm", params: []string{"POLICY=occamy-lqd,B=64"}})
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"POLICY": 2, "B": 64}, opts[0].Params)
	opts, err = cosimOptions(nil, cosimFlags{block: "tm", params: []string{"POLICY=2"}})
	require.NoError(t, err)
	assert.Equal(t, 2, opts[0].Params["POLICY"])
	_, _, code := runCLI(t, "cosim", "--block", "tm", "--param", "POLICY=lqd")
	assert.Equal(t, 2, code)
	_, errText, _ := runCLI(t, "cosim", "--block", "tm", "--param", "POLICY=lqd")
	assert.Equal(t, `--param POLICY: value "lqd" is neither an integer nor one of dt (0), occamy (1), occamy-lqd (2), pushout-ports (3)`, errText)
}

// FuzzParseParams: any --param words are parsed or refused with an error,
// never a panic; an accepted word list gives back its pairs.
func FuzzParseParams(f *testing.F) {
	for _, s := range []string{"N=16", "N=1,QW=4", "N", "=3", "N=x", "N=1,N=2", ",,", "A=-5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		p, err := parseParams([]string{w})
		if err != nil {
			require.Nil(t, p)
			return
		}
		for k := range p {
			require.NotEmpty(t, k)
			require.Contains(t, w, k+"=")
		}
	})
}

// TestCosimHelpBlocks: cosim's help lists exactly the names --block takes:
// every block and the executor, each of which the runner resolves, and no
// retired name.
func TestCosimHelpBlocks(t *testing.T) {
	out, _, code := runCLI(t, "cosim", "--help")
	require.Equal(t, 0, code)
	names := cosimBlocks()
	assert.Contains(t, names, "executor")
	assert.Contains(t, out, "cosim --block {"+strings.Join(names, ",")+",all}")
	for _, n := range names {
		_, err := runner.ParamNames(n)
		assert.NoError(t, err, "--block %s", n)
	}
	for _, retired := range []string{"top", "expulsion"} {
		assert.NotContains(t, names, retired)
		_, err := runner.ParamNames(retired)
		assert.Error(t, err, "--block %s is refused", retired)
	}
}
