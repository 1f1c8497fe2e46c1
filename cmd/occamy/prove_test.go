package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
		{[]string{"prove", "--block", "arbiter", "--rtl", "a.sv", "--param", "N=x"}, `--param N: value "x" is not an integer`},
		{[]string{"prove", "--block", "selarb", "--rtl", "a.sv", "--observe", "over=u_sel.over_q"}, "prove refuses it"},
		{[]string{"prove", "--block", "arbiter", "--rtl", "a.sv", "--latency", "gnt_idx_o"}, `--latency: "gnt_idx_o": want PORT=N`},
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
	assert.Contains(t, out, "PROVEN arbiter N=3: 6 properties")
}

// TestProveRefusesAndCaveats: a design prove cannot model soundly (a
// flop on another clock, a non-deterministic function) exits 2 naming the
// register or function, the file and the line; a design with an explicit X
// is proven with the caveat on the verdict line. Before, the clock design
// was PROVEN (exit 0, where cosim refutes it) and the X design ended in
// "BUG IN THE FLOW" (exit 4).
func TestProveRefusesAndCaveats(t *testing.T) {
	needProveTools(t)
	const td = "../../cosim/prove/testdata/"
	for _, c := range []struct {
		file, top string
		code      int
		stdout    string
		stderr    string
	}{
		{td + "arb_clk_div.sv", "arb_clk_div", 2, "", "arb_clk_div.sv:42: next_q: clocked by clk_div_q"},
		{td + "arb_clk_negedge.sv", "arb_clk_negedge", 2, "", "arb_clk_negedge.sv:40: next_q: clocked by the falling edge of clk_i"},
		{td + "arb_reset_x.sv", "arb_reset_x", 0, "PROVEN (X not checked: 1 assignment, " + td + "arb_reset_x.sv:40) arbiter (arb_reset_x vs reference, N=4)", ""},
	} {
		t.Run(c.top, func(t *testing.T) {
			out, errText, code := runCLI(t, "prove", "--block", "arbiter", "--rtl", c.file, "--param", "N=4")
			require.Equal(t, c.code, code, "%s%s", out, errText)
			assert.Contains(t, out, c.stdout)
			assert.Contains(t, errText, c.stderr)
			if c.code == 2 {
				assert.Empty(t, out)
				assert.Contains(t, errText, "prove: refused: "+c.top)
			}
		})
	}
}

// TestProveSystemVerilog: SystemVerilog Yosys 0.23 cannot read is
// rewritten (exit 0, the note says what) or refused naming the construct,
// the file and the line (exit 2, nothing on stdout); a design whose
// simulation branch (SYNTHESIS undefined) is wrong is refuted. Before,
// the first two were Yosys's parse error alone (exit 2), the hierarchical
// reference "BUG IN THE FLOW" (exit 4) and the last PROVEN (exit 0).
func TestProveSystemVerilog(t *testing.T) {
	needProveTools(t)
	const sv = "../../cosim/prove/testdata/sv/"
	broken := filepath.Join(t.TempDir(), "arb_ifdef_synth.sv")
	b, err := os.ReadFile(sv + "arb_ifdef_synth.sv")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(broken, []byte(strings.Replace(string(b), "`ifdef SYNTHESIS", "`ifndef SYNTHESIS", 1)), 0o644))
	for _, c := range []struct {
		name, file, stdout, stderr string
		code                       int
	}{
		{"rewritten", sv + "arb_int_cast.sv", "note: rewritten for Yosys 0.23 before the proof (docs/prove.md): cast to int (2)", "", 0},
		{"refused", sv + "arb_stream.sv", "", sv + "arb_stream.sv:21: streaming operator {<<{...}}: Yosys 0.23 has no streaming operators", 2},
		{"hierarchical reference", sv + "arb_hier.sv", "", sv + "arb_hier.sv:43: u_any.any_q: a hierarchical reference", 2},
		{"simulation branch", broken, "COUNTEREXAMPLE arbiter (arb_ifdef_synth vs reference, N=8)", "differs from the reference", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			top := strings.TrimSuffix(filepath.Base(c.file), ".sv")
			out, errText, code := runCLI(t, "prove", "--block", "arbiter", "--rtl", c.file, "--top", top, "--param", "N=8", "--no-replay")
			require.Equal(t, c.code, code, "%s%s", out, errText)
			assert.Contains(t, out, c.stdout)
			assert.Contains(t, errText, c.stderr)
			if c.code == 2 {
				assert.Empty(t, out)
				assert.Contains(t, errText, "occamy cosim can still check")
			}
		})
	}
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
