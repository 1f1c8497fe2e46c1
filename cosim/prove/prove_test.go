//go:build !verilator

// The pure-Go build runs the tests that need only Yosys (make test-go);
// the verilator build runs the replays (make test-cosim), so make test
// runs each once.

package prove

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim"
	"occamy/rtl/port"
)

// TestProveEqual: correct designs written differently from the reference
// prove equal, also when the reference's own Verilog is the user's.
func TestProveEqual(t *testing.T) {
	needTools(t)
	cases := []struct {
		block, file, top string
		params           map[string]int
	}{
		{"arbiter", byo + "my_rr_arbiter.sv", "my_round_robin", map[string]int{"N": 8}},
		{"arbiter", "testdata/arb_scan_down.sv", "arb_scan_down", map[string]int{"N": 5}},
		{"arbiter", "testdata/arb_onehot.sv", "arb_onehot", map[string]int{"N": 6}},
		{"arbiter", "testdata/arb_ptr_inst.sv", "arb_ptr_inst", map[string]int{"N": 8}},
		{"arbiter", "../../verilog/rr_arbiter.sv", "", map[string]int{"N": 1}},
		{"selector", byo + "queue_watch.sv", "queue_watch", map[string]int{"N": 4, "QW": 4}},
		{"selector", "testdata/sel_borrow.sv", "sel_borrow", map[string]int{"N": 3, "QW": 5}},
		{"selector", "testdata/sel_inverted.sv", "sel_inverted", map[string]int{"N": 3, "QW": 4}},
		{"threshold", "testdata/thr_wide.sv", "thr_wide", map[string]int{"C": 2, "QW": 6, "AW": 4}},
	}
	for _, c := range cases {
		t.Run(c.block+"/"+filepath.Base(c.file), func(t *testing.T) {
			res, err := Prove(context.Background(), opts(c.block, c.file, c.top, c.params))
			require.NoError(t, err)
			assert.Equal(t, Proven, res.Verdict, "%s: %s", c.file, res.Summary())
			// pdr for sequential miters; iprove for combinational ones and
			// for those Yosys already merged into a constant.
			assert.Contains(t, []string{"pdr", "iprove"}, res.Engine)
			assert.Nil(t, res.Cex)
		})
	}
}

// TestProveCounterexample: each subtly wrong design is refuted at the
// expected cycle, with an input sequence of that many cycles whose first
// cycle holds the reset.
func TestProveCounterexample(t *testing.T) {
	needTools(t)
	cases := []struct {
		block, file, top string
		params           map[string]int
		cycle            int // the shortest counterexample's last cycle
	}{
		// wraps the start to 0 when N-1 wins without ack: move the pointer off
		// 0 by a taken grant, let N-1 win beside a lower request without ack,
		// then both requests again.
		{"arbiter", byo + "my_rr_arbiter_wrapjump.sv", "my_round_robin", map[string]int{"N": 4}, 3},
		// pointer moved, reset with a request pending, then a grant.
		{"arbiter", "testdata/arb_reset_idle.sv", "arb_reset_idle", map[string]int{"N": 8}, 3},
		// >= on the last queue only: a queue at its threshold, one cycle later.
		{"selector", byo + "queue_watch_ge_top.sv", "queue_watch", map[string]int{"N": 4, "QW": 4}, 2},
		// reset with a queue over its threshold.
		{"selector", "testdata/sel_reset_idle.sv", "sel_reset_idle", map[string]int{"N": 4, "QW": 4}, 1},
		// combinational: the first cycle.
		{"threshold", "testdata/thr_wrap.sv", "thr_wrap", map[string]int{"C": 2, "QW": 6, "AW": 4}, 0},
	}
	for _, c := range cases {
		t.Run(c.block+"/"+filepath.Base(c.file), func(t *testing.T) {
			res, err := Prove(context.Background(), opts(c.block, c.file, c.top, c.params))
			require.NoError(t, err)
			require.Equal(t, Refuted, res.Verdict, res.Summary())
			require.NotNil(t, res.Cex)
			assert.Equal(t, c.cycle, res.Cex.Cycle, "cycle of the first difference: %v", res.Cex.Lines())
			l := res.Cex.Layout
			assert.Len(t, res.Cex.Inputs, (c.cycle+1)*l.InWords)
			if r := l.Input(port.DefaultReset); r >= 0 {
				assert.Zero(t, l.In(res.Cex.Inputs, r)[0], "rst_ni in cycle 0")
			}
			assert.Empty(t, res.Cex.PowerUp, "a counterexample from a zero power-up")
		})
	}
}

// TestProveSetupErrors: the contract is checked first with cosim's
// messages; bad options name what was wrong. (SystemVerilog Yosys 0.23
// cannot parse: TestSVConstructs, TestYosysErrorNamesTheLine.)
func TestProveSetupErrors(t *testing.T) {
	needTools(t)
	ctx := context.Background()

	_, err := Prove(ctx, opts("arbiter", byo+"queue_watch.sv", "queue_watch", nil))
	var ce *port.ContractError
	if errors.As(err, &ce) {
		assert.Contains(t, err.Error(), "does not match the rr_arbiter port contract")
	} else {
		require.Error(t, err) // no Verilator: Yosys's miter fails instead
	}

	for _, o := range []Options{
		{Block: "arbiter", VerilogDir: "../.."},
		{Block: "nosuch", RTL: []string{byo + "queue_watch.sv"}, VerilogDir: "../.."},
		{Block: "arbiter", RTL: []string{"testdata/none.sv"}, VerilogDir: "../.."},
		{Block: "arbiter", RTL: []string{byo + "my_rr_arbiter.sv"}, Params: map[string]int{"N": 0}, VerilogDir: "../.."},
		{Block: "arbiter", RTL: []string{byo + "my_rr_arbiter.sv"}, Depth: -1, VerilogDir: "../.."},
	} {
		_, err := Prove(ctx, o)
		assert.Error(t, err, "%+v", o)
	}
}

// TestProveInconclusive: when ABC decides nothing (a stand-in that prints
// an undecided status, as pdr and bmc3 do at their time limit) the verdict
// is Inconclusive with bmc3's depth, never a proof or a counterexample.
func TestProveInconclusive(t *testing.T) {
	needTools(t)
	fake := filepath.Join(t.TempDir(), "abc.sh")
	require.NoError(t, os.WriteFile(fake, []byte("#!/bin/sh\necho 'No output asserted in 5 frames.'\necho 'Status = -1  Frames = 4   Cex is not defined.'\n"), 0o755))
	old := abcProg
	abcProg = fake
	defer func() { abcProg = old }()
	res, err := Prove(context.Background(), opts("arbiter", byo+"my_rr_arbiter.sv", "my_round_robin", map[string]int{"N": 4}))
	require.NoError(t, err)
	assert.Equal(t, Inconclusive, res.Verdict)
	assert.Equal(t, 5, res.Depth, "bmc3 checked frames 0..4")
	assert.Contains(t, res.Summary(), "INCONCLUSIVE")
	assert.Contains(t, res.Summary(), "first 5 cycles")
	assert.Nil(t, res.Cex)
}

// TestProveMemoryModule: a memory module (no golden-model adapter) is
// proven module against module, its ports taken from the reference.
// Each has an sram_mp array with an asynchronous read port, whose enable
// Yosys needs to stay 1 when the flow makes X constants 0.
func TestProveMemoryModule(t *testing.T) {
	needTools(t)
	for _, c := range []struct {
		module string
		params map[string]int
	}{
		{"free_list", map[string]int{"CELLS": 8, "K": 2}},
		{"cp_sublists", map[string]int{"CELLS": 8, "K": 2}},
		{"sram_mp", nil},
	} {
		o := opts(c.module, "../../verilog/"+c.module+".sv", c.module, c.params)
		if c.module != "sram_mp" {
			o.RTL = append(o.RTL, "../../verilog/sram_mp.sv")
		}
		res, err := Prove(context.Background(), o)
		if errors.Is(err, cosim.ErrToolMissing) {
			t.Skip("the memory modules' ports come from Verilator, which is not installed")
		}
		require.NoError(t, err, c.module)
		assert.Equal(t, Proven, res.Verdict, res.Summary())
	}

	_, err := Prove(context.Background(), opts("free_list", byo+"queue_watch.sv", "queue_watch", nil))
	var ce *port.ContractError
	require.ErrorAs(t, err, &ce)
}

// TestYosysErrorNamesTheLine: a construct the pre-pass neither rewrites
// nor refuses reaches Yosys, whose error is shown with the user's file
// name and line, under prove's sentence that it is a construct the
// pre-pass does not know (exit 2). Yosys 0.23 reads every construct of
// Verilator's the pre-pass lets through that was tried, so a stand-in
// Yosys fails the user's side.
func TestYosysErrorNamesTheLine(t *testing.T) {
	needTools(t)
	if _, err := exec.LookPath(verilatorProg()); err != nil {
		t.Skip("the pre-pass runs on Verilator's preprocessed text")
	}
	file := "testdata/sv/arb_loop_decl.sv"
	abs, err := filepath.Abs(file)
	require.NoError(t, err)
	real, err := exec.LookPath(yosysProg)
	require.NoError(t, err)
	fake := filepath.Join(t.TempDir(), "yosys.sh")
	script := "#!/bin/sh\ncase \"$*\" in *uut.ys*) echo \"" + abs + ":12: ERROR: syntax error, unexpected TOK_ID\"; exit 1;; esac\nexec " + real + " \"$@\"\n"
	require.NoError(t, os.WriteFile(fake, []byte(script), 0o755))
	old := yosysProg
	yosysProg = fake
	defer func() { yosysProg = old }()
	_, err = Prove(context.Background(), opts("arbiter", file, "arb_loop_decl", map[string]int{"N": 8}))
	var ue *UnsupportedError
	require.ErrorAs(t, err, &ue)
	assert.Empty(t, ue.Constructs)
	assert.Contains(t, err.Error(), "a construct prove's pre-pass does not rewrite")
	assert.Contains(t, err.Error(), "\n  "+file+":12: ERROR: syntax error, unexpected TOK_ID")
}
