package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
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
		{[]string{"cosim", "--block", "arbiter", "--param", "N=x", "--sim", "icarus"}, `value "x" is not an integer`},
		{[]string{"cosim", "--block", "arbiter", "--param", "N=4,N=5", "--sim", "icarus"}, "--param N given twice"},
		{[]string{"cosim", "--block", "arbiter", "--param", "N=999", "--sim", "icarus"}, "N=999"},
		{[]string{"cosim", "--block", "arbiter", "extra.sv", "--sim", "icarus"}, "unexpected arguments extra.sv"},
		{[]string{"cosim", "--block", "all", "--rtl", "x.sv"}, "--block all checks the project's own Verilog"},
		{[]string{"cosim", "--block", "all", "--param", "Z=1"}, "no block has parameter Z"},
		{[]string{"cosim", "--block", "arbiter", "--cycles", "-3", "--sim", "icarus"}, "--cycles -3"},
		{[]string{"cosim", "--block", "arbiter", "--rtl", "/nonexistent/a.sv", "--sim", "icarus"}, "cannot be read"},
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

	opts, err = cosimOptions(nil, cosimFlags{block: "all", params: []string{"N=16", "QW=12"}})
	require.NoError(t, err)
	require.Len(t, opts, len(runner.Blocks()))
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
