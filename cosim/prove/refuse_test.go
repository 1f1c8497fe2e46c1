//go:build !verilator

package prove

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRefusesUnmodelledStorage: a flop on any clock but clk_i's rising
// edge, an asynchronous control other than rst_ni, a latch and a flop on
// two edges are refused (*RefusedError, exit 2), naming the register, the
// file and line of its always block, and the clock or control. Before the
// check, the flow took each as a flop of clk_i: the five clock kinds were
// PROVEN (cosim refutes each); the asynchronous load ended in "BUG IN THE
// FLOW" (exit 4), the latch in "Yosys cannot build the miter" with no
// reason, the two-edge flop in Yosys's error without a signal or a line,
// the asynchronous reset from gnt_valid_o and the memory on ack_i got
// counterexamples, the black box was Yosys's "Unsupported cell type" and
// the combinational loop "Yosys cannot build the miter" with no reason.
func TestRefusesUnmodelledStorage(t *testing.T) {
	needTools(t)
	type row struct {
		name, file, top string
		line            string // the text whose line the finding names
		want            []string
	}
	var rows []row
	for _, k := range clockKinds {
		top := filepath.Base(k.file[:len(k.file)-3])
		rows = append(rows, row{top, k.file, top, k.always, []string{"next_q: " + k.clock}})
	}
	rows = append(rows,
		row{"async-other", variant(t, "arb_async_other", ptrFF, "always_ff @(posedge clk_i or negedge gnt_valid_o) begin",
			ptrRst, "if (!gnt_valid_o) next_q <= '0; else if (!rst_ni) next_q <= '0;"), "arb_async_other",
			"always_ff @(posedge clk_i or negedge gnt_valid_o)", []string{"next_q: reset asynchronously by gnt_valid_o"}},
		row{"async-load", variant(t, "arb_async_load", ptrFF, "always_ff @(posedge clk_i or negedge rst_ni) begin",
			ptrRst, "if (!rst_ni) next_q <= req_i[W-1:0];"), "arb_async_load",
			"always_ff @(posedge clk_i or negedge rst_ni)", []string{"next_q: loaded asynchronously by rst_ni"}},
		// Yosys gives a latch no line of its own: the finding names the
		// signal's declaration.
		row{"latch", variant(t, "arb_latch", ptrFF, "always_latch begin"), "arb_latch",
			"logic [W-1:0] next_q;", []string{"next_q: a latch"}},
		row{"memory", variant(t, "arb_mem", "  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;",
			"  logic [W-1:0] last_q [0:3];\n  always_ff @(posedge ack_i) last_q[req_i[1:0]] <= lo_idx;\n  assign gnt_idx_o   = hi_any ? hi_idx : last_q[req_i[3:2]];"),
			// A collected memory's line is its declaration.
			"arb_mem", "logic [W-1:0] last_q [0:3];", []string{"last_q: memory port clocked by ack_i"}},
		row{"black box", variant(t, "arb_bb", "  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;",
			"  logic [W-1:0] lo_bb;\n  arb_bb_enc #(.W(W)) u_enc (.a_i(lo_idx), .y_o(lo_bb));\n  assign gnt_idx_o   = hi_any ? hi_idx : lo_bb;",
			"endmodule", "endmodule\n(* blackbox *)\nmodule arb_bb_enc #(parameter int W = 1) (input logic [W-1:0] a_i, output logic [W-1:0] y_o);\nendmodule"),
			"arb_bb", "arb_bb_enc #(.W(W)) u_enc", []string{"u_enc: an instance of arb_bb_enc, a module without a definition"}},
		row{"combinational loop", variant(t, "arb_loop", "  assign gnt_valid_o = req_i != '0;",
			"  logic loop_a;\n  assign loop_a = (req_i != '0) | (loop_a & ack_i);\n  assign gnt_valid_o = loop_a;"),
			"arb_loop", "assign loop_a =", []string{"gnt_valid_o: a combinational loop"}},
		row{"multi-edge", variant(t, "arb_multi_edge", ptrFF, "always @(posedge clk_i or negedge clk_i) begin"), "arb_multi_edge",
			"always @(posedge clk_i or negedge clk_i)", []string{"next_q: a flop on more than one edge"}},
	)
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			_, err := Prove(context.Background(), opts("arbiter", r.file, r.top, map[string]int{"N": 8}))
			var re *RefusedError
			require.ErrorAs(t, err, &re, "want a refusal, got %v", err)
			require.Len(t, re.Findings, 1, "%v", err)
			pos := fmt.Sprintf("%s:%d", r.file, lineOf(t, r.file, r.line))
			assert.Equal(t, pos, re.Findings[0].Pos)
			for _, w := range r.want {
				assert.Contains(t, err.Error(), pos+": "+w)
			}
			assert.Contains(t, err.Error(), "occamy cosim can still check it")
		})
	}
}

// TestAsyncResetFromRstNiIsModelled: an asynchronous reset from rst_ni is
// modelled, not refused; here it makes the outputs of a reset cycle differ
// from the synchronous reference, and the counterexample is that cycle.
func TestAsyncResetFromRstNiIsModelled(t *testing.T) {
	needTools(t)
	f := variant(t, "arb_async_rst", ptrFF, "always_ff @(posedge clk_i or negedge rst_ni) begin")
	res, err := Prove(context.Background(), opts("arbiter", f, "arb_async_rst", map[string]int{"N": 8}))
	require.NoError(t, err)
	require.Equal(t, Refuted, res.Verdict, res.Summary())
	l := res.Cex.Layout
	last := l.In(res.Cex.Inputs[res.Cex.Cycle*l.InWords:], l.Input("rst_ni"))[0]
	assert.Zero(t, last, "the differing cycle is a reset cycle: %v", res.Cex.Lines())
}

// TestRefusesNondeterministicFunctions: $random, $urandom and the other
// system functions whose value is not a function of inputs and state are
// refused naming the function, the file and the line. Before, a
// function without arguments was read as an undriven wire and the design
// PROVEN; one with arguments was "Yosys 0.23 cannot read".
func TestRefusesNondeterministicFunctions(t *testing.T) {
	needTools(t)
	for _, fn := range []string{"$random", "$urandom", "$time", "$random(seed_q)", "$urandom_range(3, 0)", "$urandom(seed_q)"} {
		t.Run(fn, func(t *testing.T) {
			f := variant(t, "arb_nondet", "logic [W-1:0] next_q;", "logic [W-1:0] next_q;\n  logic [31:0] seed_q;\n  assign seed_q = 32'd7;",
				ptrRst, "if (!rst_ni) next_q <= W'("+fn+");")
			_, err := Prove(context.Background(), opts("arbiter", f, "arb_nondet", map[string]int{"N": 8}))
			var re *RefusedError
			require.ErrorAs(t, err, &re, "want a refusal, got %v", err)
			name, _, _ := strings.Cut(fn, "(")
			pos := fmt.Sprintf("%s:%d", f, lineOf(t, f, "if (!rst_ni) next_q <= W'("))
			assert.Contains(t, err.Error(), pos+": "+name+": a non-deterministic system function")
		})
	}
}

// TestXCaveat: a design that writes an explicit X is proven only with the
// caveat on the verdict line, the X read as 0 as a zero power-up Verilator
// replay reads it; a design whose X, read as 0, differs gets a
// counterexample (replayed in TestXCounterexampleReplays). Before, the
// verdict was a plain PROVEN, and a design resetting to X ended in "BUG IN
// THE FLOW" (exit 4): Yosys's optimisation chose the X in the user's
// favour, differently from the replay.
func TestXCaveat(t *testing.T) {
	needTools(t)
	cases := []struct {
		name, sub string
		verdict   Verdict
	}{
		{"reset to X", "if (!rst_ni) next_q <= 'x;", Proven},
		{"X in an unreachable branch", "if (!rst_ni) next_q <= (req_i == '1 && N > 64) ? 'x : '0;", Proven},
		{"X in the high bits", "if (!rst_ni) next_q <= {1'b1, {(W-1){1'bx}}};", Refuted},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := variant(t, "arb_x", ptrRst, c.sub)
			res, err := Prove(context.Background(), opts("arbiter", f, "arb_x", map[string]int{"N": 8}))
			require.NoError(t, err)
			require.Equal(t, c.verdict, res.Verdict, res.Summary())
			pos := fmt.Sprintf("%s:%d", f, lineOf(t, f, c.sub))
			assert.Equal(t, []string{pos}, res.XSites)
			if c.verdict == Proven {
				assert.Contains(t, res.Summary(), "PROVEN (X not checked: 1 assignment, "+pos+") arbiter")
			}
			assert.Contains(t, fmt.Sprint(res.Notes), "X not checked")
		})
	}
	res, err := Prove(context.Background(), opts("arbiter", "testdata/arb_scan_down.sv", "arb_scan_down", map[string]int{"N": 8}))
	require.NoError(t, err)
	assert.Empty(t, res.XSites)
	assert.NotContains(t, res.Summary(), "X not checked")
}
