package selector

import (
	"fmt"
	"math/bits"
	"strings"

	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// props: bit i of the bitmap is exactly qlen_i[i] > thr_i[i] at the
// declared latency (strictly greater, on QW bits), and a reset clears a
// registered bitmap. A design with one threshold for every queue takes
// --constrain one_class (thr_i uniform) and a port of QW bits.
var props = &blocks.Props{
	Latency: func(_ map[string]int, out string) int { return 1 },
	Uniform: []string{"thr_i"},
	Held:    []string{"qlen_i", "thr_i"},
	New: func(c blocks.PropConfig) (blocks.PropChecker, error) {
		s := blocks.Slot{L: c.Layout}
		return NewOverCheck(c.Params["N"], c.Params["QW"], s.In("qlen_i"), s.In("thr_i"), s.Out("over_o"), c.Latency["over_o"], 0), nil
	},
	Monitor: Monitor,
}

// OverCheck checks a head-drop bitmap against the comparisons it stands
// for; the selector+arbiter composite uses it on its own bitmap.
type OverCheck struct {
	n, qw, lat      int
	qlen, thr, over int // word offsets
	first           int // index of its first property among the checker's
	qWords, oWords  int
	want            []uint32
}

// Selector properties, from OverCheck's first.
const (
	spExact = iota
	spReset
)

// NewOverCheck checks the N-bit bitmap at output word over against inputs
// qlen and thr, the bitmap having latency lat; its properties are counted
// from index first of the run's checker.
func NewOverCheck(n, qw, qlen, thr, over, lat, first int) *OverCheck {
	return &OverCheck{n: n, qw: qw, lat: lat, qlen: qlen, thr: thr, over: over, first: first,
		qWords: port.WordsFor(n * qw), oWords: port.WordsFor(n), want: make([]uint32, port.WordsFor(n))}
}

// Names implements blocks.PropChecker.
// A combinational bitmap (latency 0) has no reset to clear it: it has
// the first property only.
func (o *OverCheck) Names() []blocks.PropName {
	n := []blocks.PropName{
		{Name: "over_exact", Desc: "over_o[i] = (qlen_i[i] > thr_i[i]) at the declared latency"},
		{Name: "reset_clears", Desc: "a reset clears a registered over_o (latency 1 or more)"},
	}
	if o.lat == 0 {
		return n[:1]
	}
	return n
}

// Step implements blocks.PropChecker.
func (o *OverCheck) Step(c *blocks.PropCycle) {
	if c.Skip {
		return
	}
	v, k := c.V, o.first
	got := c.Out[o.over : o.over+o.oWords]
	if c.Reset && o.lat > 0 {
		v.Check(k + spReset)
		for _, w := range got {
			if w != 0 {
				if v.Fail(k + spReset) {
					v.Describe(k+spReset, c.Cycle, "over_o=%s after a reset, want 0", blocks.Hex(got, o.n))
				}
				break
			}
		}
		return
	}
	q, t := c.In[o.qlen:o.qlen+o.qWords], c.In[o.thr:o.thr+o.qWords]
	o.compare(c.In)
	v.Check(k + spExact)
	for w := range o.want {
		if d := o.want[w] ^ got[w]; d != 0 {
			if v.Fail(k + spExact) {
				i := w*32 + bits.TrailingZeros32(d)
				v.Describe(k+spExact, c.Cycle, "over_o[%d]=%d with qlen_i[%d]=%d, thr_i[%d]=%d", i, got[w]>>uint(i&31)&1,
					i, pack.Get(q, i, o.qw), i, pack.Get(t, i, o.qw))
			}
			return
		}
	}
}

// Finish implements blocks.PropChecker.
func (o *OverCheck) Finish(*blocks.Violations) {}

// Want is the bitmap the row's lengths and thresholds decide (q > t per
// queue), in words: the request map of the arbiter behind the selector.
// Step computes it; in a row Step did not compute (a reset of a
// registered bitmap, a skipped row) it computes it here.
func (o *OverCheck) Want(c *blocks.PropCycle) []uint32 {
	if !c.Skip && !(c.Reset && o.lat > 0) {
		return o.want
	}
	o.compare(c.In)
	return o.want
}

// compare fills want from the inputs.
func (o *OverCheck) compare(in []uint32) {
	q, t := in[o.qlen:o.qlen+o.qWords], in[o.thr:o.thr+o.qWords]
	for i := range o.want {
		o.want[i] = 0
	}
	for i := 0; i < o.n; i++ {
		if pack.Get(q, i, o.qw) > pack.Get(t, i, o.qw) {
			o.want[i>>5] |= 1 << uint(i&31)
		}
	}
}

// Monitor is the selector's properties in SystemVerilog for prove, as
// OverCheck states them (the selector+arbiter composite uses it too).
func Monitor(c blocks.PropConfig) (blocks.Monitor, error) {
	n, qw, lat := c.Params["N"], c.Params["QW"], c.Latency["over_o"]
	o := &OverCheck{lat: lat}
	names := blocks.PropNames(o.Names())
	var b strings.Builder
	fmt.Fprintf(&b, `// occ_props: hd_selector's properties (testbench/blocks/selector/props.go).
module occ_props (
  input  wire            clk_i,
  input  wire            chk,
  input  wire            rst_a,
  input  wire [%[1]d:0]  qlen_i,
  input  wire [%[1]d:0]  thr_i,
  input  wire [%[2]d:0]  over_o,
  output wire [%[3]d:0]  bad
);
  wire [%[2]d:0] gt;
  genvar i;
  for (i = 0; i < %[4]d; i = i + 1) begin : g_gt
    assign gt[i] = qlen_i[i*%[5]d +: %[5]d] > thr_i[i*%[5]d +: %[5]d];
  end
`, n*qw-1, n-1, len(names)-1, n, qw)
	if lat == 0 {
		b.WriteString("  assign bad[0] = chk & (over_o != gt);\n")
	} else {
		b.WriteString("  assign bad[0] = chk & !rst_a & (over_o != gt);\n  assign bad[1] = chk & rst_a & (over_o != 0);\n")
	}
	b.WriteString("endmodule\n")
	return blocks.Monitor{Text: b.String(), Names: names}, nil
}
