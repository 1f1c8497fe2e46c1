package blocks

import (
	"fmt"
	"strings"

	"occamy/rtl/port"
)

// HoldFree is the SystemVerilog, inside a clocked monitor, that holds
// each of a Monitor's Free inputs (NAME_i) from the first cycle: NAME is
// the solver's choice, taken in the first cycle and kept. A proof covers
// every choice.
func HoldFree(free []port.Port) string {
	var b strings.Builder
	b.WriteString("  // The solver's choices, taken in the first cycle and held.\n")
	b.WriteString("  reg free_set = 1'b0;\n  always @(posedge clk_i) free_set <= 1'b1;\n")
	for _, p := range free {
		n := strings.TrimSuffix(p.Name, "_i")
		fmt.Fprintf(&b, "  reg  [%[1]d:0] %[2]s_q;\n  always @(posedge clk_i) if (!free_set) %[2]s_q <= %[3]s;\n", p.Width-1, n, p.Name)
		fmt.Fprintf(&b, "  wire [%[1]d:0] %[2]s = free_set ? %[2]s_q : %[3]s;\n", p.Width-1, n, p.Name)
	}
	return b.String()
}

// Lemmas are invariants of the reference's own state, as a SystemVerilog
// module occ_lemmas that prove instantiates beside the Monitor when it
// proves the properties of the project's Verilog: pdr proves them with
// the properties, and they make the properties inductive (a fairness bound
// follows from the pointer's distance to the requester). Its ports:
// clk_i (when the block is clocked), chk and rst_a as the Monitor's, the
// Expose signals, the From signals, and bad[len(Names)-1:0].
type Lemmas struct {
	Text  string
	Names []string
	// Expose are internal signals of the reference's top module that
	// Yosys makes ports (expose), by their names there; prove aligns
	// them as an output of latency 0.
	Expose []port.Port
	// From are outputs of the Monitor's occ_props (its internal state,
	// such as a wait counter) that occ_lemmas reads, by the same names.
	From []port.Port
}
