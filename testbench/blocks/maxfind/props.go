package maxfind

import (
	"fmt"

	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// props: valid_o says whether any candidate is up; a valid idx_o names a
// candidate whose length is maximal among the candidates and max_o is
// that length. Any maximal candidate will do (a design may break ties its
// own way); --lowest-tie also asks for the reference's rule, the lowest
// index among the maximal ones.
var props = &blocks.Props{
	Held:    []string{"cand_i", "qlen_i"},
	New:     newMaxProps,
	Monitor: monitor,
}

const (
	mpValid = iota
	mpCandidate
	mpMaximal
	mpLowest
)

type maxProps struct {
	n, qw, iw           int
	cand, qlen          int
	valid, idx, max     int
	cWords, qWords, top int
	lowest              bool
}

func newMaxProps(c blocks.PropConfig) (blocks.PropChecker, error) {
	s := blocks.Slot{L: c.Layout}
	n, qw := c.Params["N"], c.Params["QW"]
	top := n % 32
	if top == 0 {
		top = 32
	}
	return &maxProps{n: n, qw: qw, iw: rtl.IdxWidth(n), cand: s.In("cand_i"), qlen: s.In("qlen_i"), valid: s.Out("valid_o"),
		idx: s.Out("idx_o"), max: s.Out("max_o"), cWords: port.WordsFor(n), qWords: port.WordsFor(n * qw), top: top,
		lowest: c.LowestTie}, nil
}

// Names implements blocks.PropChecker.
func (m *maxProps) Names() []blocks.PropName {
	n := []blocks.PropName{
		{Name: "valid_iff_candidate", Desc: "valid_o = some cand_i bit is set (of the N)"},
		{Name: "index_is_candidate", Desc: "a valid idx_o is below N and its cand_i bit is set"},
		{Name: "max_is_maximal", Desc: "a valid max_o = qlen_i[idx_o] and no candidate is longer"},
		{Name: "lowest_tie", Desc: "among maximal candidates, idx_o is the lowest (the reference's rule, --lowest-tie)"},
	}
	if !m.lowest {
		return n[:3]
	}
	return n
}

// Step implements blocks.PropChecker.
func (m *maxProps) Step(c *blocks.PropCycle) {
	if c.Skip {
		return
	}
	v := c.V
	cand, q := c.In[m.cand:m.cand+m.cWords], c.In[m.qlen:m.qlen+m.qWords]
	any := false
	best, first := uint64(0), -1
	for i := 0; i < m.n; i++ {
		if cand[i>>5]>>uint(i&31)&1 == 0 {
			continue
		}
		l := pack.Get(q, i, m.qw)
		if !any || l > best {
			best, first = l, i
		}
		any = true
	}
	valid := c.Out[m.valid]&1 != 0
	v.Check(mpValid)
	if valid != any && v.Fail(mpValid) {
		v.Describe(mpValid, c.Cycle, "valid_o=%d with cand_i=%s", blocks.B2W(valid), blocks.Hex(cand, m.n))
	}
	if !valid {
		return
	}
	idx := int(pack.Get(c.Out[m.idx:], 0, m.iw))
	got := pack.Get(c.Out[m.max:], 0, m.qw)
	v.Check(mpCandidate)
	if idx >= m.n || cand[idx>>5]>>uint(idx&31)&1 == 0 {
		if v.Fail(mpCandidate) {
			v.Describe(mpCandidate, c.Cycle, "idx_o=%d is not a candidate (cand_i=%s)", idx, blocks.Hex(cand, m.n))
		}
		return
	}
	v.Check(mpMaximal)
	if l := pack.Get(q, idx, m.qw); l != best || got != l {
		if v.Fail(mpMaximal) {
			v.Describe(mpMaximal, c.Cycle, "idx_o=%d (length %d), max_o=%d; candidate %d has %d", idx, l, got, first, best)
		}
		return
	}
	if m.lowest {
		v.Check(mpLowest)
		if idx != first && v.Fail(mpLowest) {
			v.Describe(mpLowest, c.Cycle, "idx_o=%d; candidate %d, lower, is as long (%d)", idx, first, best)
		}
	}
}

// Finish implements blocks.PropChecker.
func (m *maxProps) Finish(*blocks.Violations) {}

// monitor is the maximum finder's properties in SystemVerilog for prove.
func monitor(c blocks.PropConfig) (blocks.Monitor, error) {
	n, qw := c.Params["N"], c.Params["QW"]
	iw := rtl.IdxWidth(n)
	mp := &maxProps{lowest: c.LowestTie}
	names := blocks.PropNames(mp.Names())
	text := fmt.Sprintf(`// occ_props: tm_maxfind's properties (testbench/blocks/maxfind/props.go).
module occ_props (
  input  wire         chk,
  input  wire         rst_a,
  input  wire [%[1]d:0] cand_i,
  input  wire [%[2]d:0] qlen_i,
  input  wire         valid_o,
  input  wire [%[3]d:0] idx_o,
  input  wire [%[4]d:0] max_o,
  output wire [%[5]d:0] bad
);
  wire inr = 32'(idx_o) < %[6]d;
  wire [%[4]d:0] at = inr ? qlen_i[idx_o*%[7]d +: %[7]d] : '0;
  wire [%[1]d:0] longer, tie_below;
  genvar i;
  for (i = 0; i < %[6]d; i = i + 1) begin : g_i
    assign longer[i]    = cand_i[i] & (qlen_i[i*%[7]d +: %[7]d] > at);
    assign tie_below[i] = cand_i[i] & (qlen_i[i*%[7]d +: %[7]d] == at) & (i < 32'(idx_o));
  end
  assign bad[0] = chk & (valid_o != (|cand_i));
  assign bad[1] = chk & valid_o & (!inr || !cand_i[idx_o]);
  assign bad[2] = chk & valid_o & inr & cand_i[idx_o] & ((|longer) | (max_o != at));
`, n-1, n*qw-1, iw-1, qw-1, len(names)-1, n, qw)
	if mp.lowest {
		text += "  assign bad[3] = chk & valid_o & inr & cand_i[idx_o] & (|tie_below);\n"
	}
	text += "endmodule\n"
	return blocks.Monitor{Text: text, Names: names}, nil
}
