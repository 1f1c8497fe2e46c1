package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/prove"
)

const byoDir = "../../cosim/runner/testdata/byo/"

// TestProveBadInput: bad flags exit 2 with one clear line, before any tool
// runs.
func TestProveBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"prove"}, "--block is required"},
		{[]string{"prove", "--block", "arbiter"}, "--rtl is required"},
		{[]string{"prove", "--block", "arbiter", "x.sv"}, "unexpected arguments x.sv"},
		{[]string{"prove", "--block", "arbiter", "--rtl", "a.sv", "--depth", "0"}, "--depth 0"},
		{[]string{"prove", "--block", "arbiter", "--rtl", "a.sv", "--timeout", "-1s"}, "--timeout -1s"},
		{[]string{"prove", "--block", "arbiter", "--rtl", "a.sv", "--param", "N=x"}, `value "x" is not an integer`},
		{[]string{"prove", "--block", "arbiter", "--properties", "--rtl", byoDir + "my_rr_arbiter.sv"}, "leave out --rtl"},
	} {
		out, errText, code := runCLI(t, c.args...)
		require.Equal(t, 2, code, "%v: exit code (error %q)", c.args, errText)
		require.Contains(t, errText, c.want, "%v", c.args)
		require.Empty(t, out, "%v: nothing on stdout", c.args)
	}
}

func needProveTools(t *testing.T) {
	t.Helper()
	if err := prove.ToolMissing(); err != nil {
		t.Skipf("occamy prove needs Yosys 0.23 and yosys-abc: %v", err)
	}
}

// TestProveExitCodes: proven 0, counterexample 1 (with its input
// sequence), setup error 2, properties 0.
func TestProveExitCodes(t *testing.T) {
	needProveTools(t)
	out, errText, code := runCLI(t, "prove", "--block", "arbiter", "--rtl", byoDir+"my_rr_arbiter.sv", "--param", "N=6")
	require.Equal(t, 0, code, errText)
	assert.True(t, strings.HasPrefix(out, "PROVEN arbiter (my_round_robin vs reference, N=6)"), out)

	out, errText, code = runCLI(t, "prove", "--block", "selector", "--rtl", byoDir+"queue_watch_ge_top.sv", "--param", "N=2,QW=3", "--no-replay")
	require.Equal(t, 1, code, errText)
	assert.Contains(t, out, "COUNTEREXAMPLE selector (queue_watch vs reference, N=2 QW=3): outputs differ at cycle 2")
	assert.Contains(t, out, "c=0 rst_ni=0 ")
	assert.Contains(t, errText, "differs from the reference at cycle 2")

	_, errText, code = runCLI(t, "prove", "--block", "arbiter", "--rtl", byoDir+"queue_watch.sv", "--param", "N=4")
	require.Equal(t, 2, code, errText)

	out, errText, code = runCLI(t, "prove", "--block", "arbiter", "--properties", "--param", "N=3")
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "PROVEN arbiter N=3: 5 properties")
}

// TestProveReportCodes: inconclusive is exit 3 and says how deep the
// bounded search got; a flow bug is exit 4.
func TestProveReportCodes(t *testing.T) {
	var b strings.Builder
	res := &prove.Result{Block: "arbiter", Top: "x", Order: []string{"N"}, Params: map[string]int{"N": 64}, Verdict: prove.Inconclusive, Depth: 7, PDRFrames: 3}
	err := reportProve(context.Background(), &b, res, nil)
	assert.Equal(t, exitInconclusive, exitCode(err))
	assert.Contains(t, b.String(), "first 7 cycles")
	assert.Contains(t, err.Error(), "first 7 cycles")

	b.Reset()
	fe := &prove.FlowError{Msg: "no mismatch"}
	err = reportProve(context.Background(), &b, nil, fe)
	assert.Equal(t, exitFlowBug, exitCode(err))
	assert.True(t, errors.Is(err, prove.ErrFlow))
	assert.Contains(t, err.Error(), "BUG IN THE FLOW")

	err = reportProve(context.Background(), &b, nil, fmt.Errorf("x"))
	assert.Equal(t, 2, exitCode(err))
}
