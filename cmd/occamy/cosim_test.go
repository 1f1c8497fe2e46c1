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

	opts, err = cosimOptions(nil, cosimFlags{block: "all", params: []string{"N=16", "QW=12"}, cycles: 500, batch: true, pgo: true, vcd: "w"})
	require.NoError(t, err)
	n := len(cosimSets())
	require.Len(t, opts, 2*n, "--block all without --sim: a Verilator pass, then an Icarus pass")
	small := 0
	for _, s := range cosimSets() {
		if s.small {
			small++
		}
	}
	require.Equal(t, len(blocks.All()), small, "--block all: every block also at its small set")
	for i, o := range opts {
		if i < n {
			require.Equal(t, "", o.Sim, "%s: Verilator (the default) first", o.Block)
			require.True(t, o.Batch)
			require.True(t, o.PGO, "--pgo")
			require.Equal(t, 500, o.Cycles)
			require.Contains(t, []string{"w", filepath.Join("w", "small")}, o.VCDDir)
		} else {
			require.Equal(t, runner.Icarus, o.Sim, "%s: then the four-state pass", o.Block)
			require.False(t, o.Batch, "--batch is Verilator's")
			require.False(t, o.PGO, "--pgo is Verilator's")
			require.Equal(t, 500, o.Cycles, "--cycles when fewer than the four-state default")
			require.Equal(t, filepath.Join(opts[i-n].VCDDir, runner.Icarus), o.VCDDir, "the Icarus pass's waveforms apart")
			require.Equal(t, opts[i-n].Block, o.Block)
		}
	}
	opts, err = cosimOptions(nil, cosimFlags{block: "all", sim: "icarus", simSet: true})
	require.NoError(t, err)
	require.Len(t, opts, n, "--sim names one pass")
	opts, err = cosimOptions(nil, cosimFlags{block: "all", cycles: 1_000_000})
	require.NoError(t, err)
	require.Equal(t, runner.DefaultFourStateCycles, opts[n].Cycles)
	opts, err = cosimOptions(nil, cosimFlags{block: "all", params: []string{"N=16", "QW=12"}, sim: "verilator", simSet: true})
	require.NoError(t, err)
	require.Len(t, opts, n)
	for i, o := range opts {
		// Each block gets the given parameters it has (threshold no N,
		// arbiter no QW, the memory blocks neither or only N), on top of
		// its small set where that is the set.
		names, _ := runner.ParamNames(o.Block)
		want := map[string]int{}
		for k, v := range cosimSets()[i].params {
			want[k] = v
		}
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
