package selarb

import (
	"fmt"
	"strings"

	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	arbface "occamy/testbench/blocks/arbiter"
	selface "occamy/testbench/blocks/selector"
)

// props: the head-drop scheduler as one unit. over_o is exactly the
// comparisons at its latency (the selector's properties), and the grant
// is the arbiter's properties over the bitmap that the same cycle's
// lengths and thresholds decide: a grant only to an over-allocated queue,
// some grant whenever one is, no queue that stays over-allocated waits
// more than N-1 taken grants. The grant's latency counts from the lengths
// (1 in the reference: a registered bitmap, a combinational arbiter), so a
// design may register its bitmap, its grant or both, and declare it.
var props = &blocks.Props{
	Latency: func(_ map[string]int, out string) int { return 1 },
	Uniform: []string{"thr_i"},
	Held:    []string{"qlen_i", "thr_i"},
	With:    map[string]string{"ack_i": "gnt_valid_o"},
	New:     newProps,
	Monitor: monitor,
}

type selArbProps struct {
	over  *selface.OverCheck
	grant *arbface.GrantCheck
	names []blocks.PropName
}

func newProps(c blocks.PropConfig) (blocks.PropChecker, error) {
	s := blocks.Slot{L: c.Layout}
	n, qw := c.Params["N"], c.Params["QW"]
	o := selface.NewOverCheck(n, qw, s.In("qlen_i"), s.In("thr_i"), s.Out("over_o"), c.Latency["over_o"], 0)
	names := o.Names()
	g := arbface.NewGrantCheck(n, c.WaitBound, s.In("ack_i"), s.Out("gnt_valid_o"), s.Out("gnt_idx_o"), len(names))
	return &selArbProps{over: o, grant: g, names: append(names, g.Names()...)}, nil
}

// Names implements blocks.PropChecker.
func (p *selArbProps) Names() []blocks.PropName { return p.names }

// Step implements blocks.PropChecker.
func (p *selArbProps) Step(c *blocks.PropCycle) {
	p.over.Step(c)
	p.grant.Check(c, p.over.Want(c))
}

// Finish implements blocks.PropChecker.
func (p *selArbProps) Finish(v *blocks.Violations) {
	p.over.Finish(v)
	p.grant.Finish(v)
}

// monitor is the composite's properties in SystemVerilog for prove: the
// selector's monitor on over_o and the arbiter's on the comparisons.
func monitor(c blocks.PropConfig) (blocks.Monitor, error) {
	n, qw := c.Params["N"], c.Params["QW"]
	iw := rtl.IdxWidth(n)
	sel, err := selMonitor(c)
	if err != nil {
		return blocks.Monitor{}, err
	}
	arb, err := arbMonitor(c)
	if err != nil {
		return blocks.Monitor{}, err
	}
	k := len(sel.Names)
	text := fmt.Sprintf(`// occ_props: the selector+arbiter composite's properties (testbench/blocks/selarb/props.go).
module occ_props (
  input  wire          clk_i,
  input  wire          chk,
  input  wire          rst_a,
  input  wire [%[1]d:0]  qlen_i,
  input  wire [%[1]d:0]  thr_i,
  input  wire          ack_i,
  input  wire [%[2]d:0]  over_o,
  input  wire          gnt_valid_o,
  input  wire [%[3]d:0]  gnt_idx_o,
  input  wire [%[3]d:0]  j_i,
  output wire [%[4]d:0]  bad
);
  wire [%[2]d:0] gt;
  genvar i;
  for (i = 0; i < %[5]d; i = i + 1) begin : g_gt
    assign gt[i] = qlen_i[i*%[6]d +: %[6]d] > thr_i[i*%[6]d +: %[6]d];
  end
  occ_props_sel u_sel (.clk_i(clk_i), .chk(chk), .rst_a(rst_a), .qlen_i(qlen_i), .thr_i(thr_i), .over_o(over_o), .bad(bad[%[7]d:0]));
  occ_props_arb u_arb (.clk_i(clk_i), .chk(chk), .rst_a(rst_a), .req_i(gt), .ack_i(ack_i), .gnt_valid_o(gnt_valid_o),
    .gnt_idx_o(gnt_idx_o), .j_i(j_i), .bad(bad[%[4]d:%[8]d]));
endmodule
`, n*qw-1, n-1, iw-1, k+len(arb.Names)-1, n, qw, k-1, k)
	text += rename(sel.Text, "occ_props_sel") + rename(arb.Text, "occ_props_arb")
	return blocks.Monitor{Text: text, Names: append(sel.Names, arb.Names...), Free: []port.Port{port.Input("j_i", iw)}}, nil
}

// rename gives a face's monitor module another name.
func rename(text, name string) string {
	return strings.Replace(text, "module occ_props (", "module "+name+" (", 1)
}

// selMonitor and arbMonitor are the selector's and the arbiter's monitors
// at the composite's parameters and latencies.
func selMonitor(c blocks.PropConfig) (blocks.Monitor, error) { return selface.Monitor(c) }

func arbMonitor(c blocks.PropConfig) (blocks.Monitor, error) { return arbface.Monitor(c) }
