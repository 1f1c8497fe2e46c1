package threshold

import (
	"fmt"
	"strings"

	"occamy/rtl/pack"
	"occamy/testbench/blocks"
)

// props: each class's threshold is the free count shifted by its signed
// exponent, a left shift saturated to 2^QW-1 (never wrapped), a right
// shift truncated; so it never wraps past the free count.
var props = &blocks.Props{
	Held:    []string{"free_i", "alpha_i"},
	New:     newThrProps,
	Monitor: monitor,
}

const (
	tpExact = iota
	tpNoWrap
)

type thrProps struct {
	c, qw, aw        int
	free, alpha, thr int
	aWords, tWords   int
}

func newThrProps(c blocks.PropConfig) (blocks.PropChecker, error) {
	s := blocks.Slot{L: c.Layout}
	p := c.Params
	return &thrProps{c: p["C"], qw: p["QW"], aw: p["AW"], free: s.In("free_i"), alpha: s.In("alpha_i"), thr: s.Out("thr_o"),
		aWords: (p["C"]*p["AW"] + 31) / 32, tWords: (p["C"]*p["QW"] + 31) / 32}, nil
}

// Names implements blocks.PropChecker.
func (t *thrProps) Names() []blocks.PropName {
	return []blocks.PropName{
		{Name: "thr_exact", Desc: "thr_o[c] = free_i << s_c saturated to 2^QW-1 (s_c >= 0), free_i >> -s_c (s_c < 0)"},
		{Name: "never_wraps", Desc: "s_c >= 0: thr_o[c] >= free_i; s_c < 0: thr_o[c] <= free_i"},
	}
}

// want is the threshold of free at signed exponent s on qw bits.
func want(free uint64, s, qw int) uint64 {
	max := uint64(1)<<uint(qw) - 1
	switch {
	case s < 0 && -s >= 64:
		return 0
	case s < 0:
		return free >> uint(-s)
	case free == 0:
		return 0
	case s >= qw || free > max>>uint(s):
		return max
	}
	return free << uint(s)
}

// Step implements blocks.PropChecker.
func (t *thrProps) Step(c *blocks.PropCycle) {
	if c.Skip {
		return
	}
	v := c.V
	free := pack.Get(c.In[t.free:], 0, t.qw) // free_i's words start at its offset
	a, th := c.In[t.alpha:t.alpha+t.aWords], c.Out[t.thr:t.thr+t.tWords]
	v.Check(tpExact)
	v.Check(tpNoWrap)
	for k := 0; k < t.c; k++ {
		raw := pack.Get(a, k, t.aw)
		s := int(raw)
		if raw>>uint(t.aw-1)&1 == 1 {
			s -= 1 << uint(t.aw)
		}
		got := pack.Get(th, k, t.qw)
		if w := want(free, s, t.qw); got != w && v.Fail(tpExact) {
			v.Describe(tpExact, c.Cycle, "thr_o[%d]=%d with free_i=%d, s=%d: want %d", k, got, free, s, w)
		}
		if s >= 0 && got < free || s < 0 && got > free {
			if v.Fail(tpNoWrap) {
				v.Describe(tpNoWrap, c.Cycle, "thr_o[%d]=%d with free_i=%d, s=%d", k, got, free, s)
			}
		}
	}
}

// Finish implements blocks.PropChecker.
func (t *thrProps) Finish(*blocks.Violations) {}

// monitor is the threshold unit's properties in SystemVerilog for prove.
func monitor(c blocks.PropConfig) (blocks.Monitor, error) {
	cl, qw, aw := c.Params["C"], c.Params["QW"], c.Params["AW"]
	ww := qw + 1<<(aw-1) + 1
	var b strings.Builder
	fmt.Fprintf(&b, `// occ_props: dt_threshold's properties (testbench/blocks/threshold/props.go).
module occ_props (
  input  wire         chk,
  input  wire         rst_a,
  input  wire [%d:0]  free_i,
  input  wire [%d:0]  alpha_i,
  input  wire [%d:0]  thr_o,
  output wire [1:0]   bad
);
  wire [%d:0] exact, wrap;
  genvar c;
  for (c = 0; c < %d; c = c + 1) begin : g_c
    wire signed [%d:0] s = alpha_i[c*%d +: %d];
    wire [%d:0] up = {%d'd0, free_i} << (s[%d] ? 0 : s);
    wire [%d:0] dn = free_i >> (s[%d] ? -s : 0);
    wire [%d:0] t = thr_o[c*%d +: %d];
    wire [%d:0] w = s[%d] ? dn : ((up >> %d) != 0 ? {%d{1'b1}} : up[%d:0]);
    assign exact[c] = t != w;
    assign wrap[c] = s[%d] ? (t > free_i) : (t < free_i);
  end
  assign bad[0] = chk & (|exact);
  assign bad[1] = chk & (|wrap);
endmodule
`, qw-1, cl*aw-1, cl*qw-1, cl-1, cl, aw-1, aw, aw, ww-1, ww-qw, aw-1, qw-1, aw-1, qw-1, qw, qw, qw-1, aw-1, qw, qw, qw-1, aw-1)
	return blocks.Monitor{Text: b.String(), Names: []string{"thr_exact", "never_wraps"}}, nil
}
