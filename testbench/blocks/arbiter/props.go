package arbiter

import (
	"fmt"
	"math/bits"

	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// props are what the head-drop path needs of an arbiter, whatever its
// rotation or latency: a grant goes only to a requester and names one of
// 0..N-1, some grant is offered whenever a request is up, and no requester
// that keeps requesting waits more than N-1 taken grants (--wait-bound).
// ack_i goes with the grant it takes (sampled in the cycle the grant
// shows, at the grant's latency).
var props = &blocks.Props{
	Held:      []string{"req_i"},
	With:      map[string]string{"ack_i": "gnt_valid_o"},
	New:       newArbProps,
	Monitor:   Monitor,
	RefLemmas: refLemmas,
}

// Arbiter properties, in GrantCheck.Names order from its first.
const (
	apToRequester = iota
	apInRange
	apWorkConserving
	apWaitBound
)

// arbProps checks the arbiter's properties on its own request input.
type arbProps struct {
	*GrantCheck
	req, words int
}

func newArbProps(c blocks.PropConfig) (blocks.PropChecker, error) {
	n := c.Params["N"]
	s := blocks.Slot{L: c.Layout}
	return &arbProps{GrantCheck: NewGrantCheck(n, c.WaitBound, s.In("ack_i"), s.Out("gnt_valid_o"), s.Out("gnt_idx_o"), 0),
		req: s.In("req_i"), words: port.WordsFor(n)}, nil
}

// Step implements blocks.PropChecker.
func (a *arbProps) Step(c *blocks.PropCycle) { a.Check(c, c.In[a.req:a.req+a.words]) }

// GrantCheck checks grants against the request map that decided them;
// the selector+arbiter composite uses it with the bitmap its lengths and
// thresholds decide.
type GrantCheck struct {
	n, bound        int
	ack             int    // input word offset
	valid, idx      int    // output word offsets
	first           int    // index of the first property among the checker's
	top             uint32 // the valid bits of the request map's last word
	waited          []int  // taken grants to others while requester i kept asking
	worst, worstReq int
	worstAt         uint64
	over            rtl.Bitmap // requesters already reported past the bound in this wait
}

// NewGrantCheck checks N requesters' grants (gnt_valid_o, gnt_idx_o at
// output words valid and idx, ack_i at input word ack) with the wait
// bound (0: N-1), its properties counted from first.
func NewGrantCheck(n, bound, ack, valid, idx, first int) *GrantCheck {
	if bound <= 0 {
		bound = n - 1
	}
	return &GrantCheck{n: n, bound: bound, ack: ack, valid: valid, idx: idx, first: first,
		top: ^uint32(0) >> uint((32-n%32)%32), waited: make([]int, n), worstReq: -1}
}

// Names implements blocks.PropChecker.
func (a *GrantCheck) Names() []blocks.PropName {
	return []blocks.PropName{
		{Name: "grant_to_requester", Desc: "gnt_valid_o only with req_i[gnt_idx_o] set"},
		{Name: "index_in_range", Desc: "a valid gnt_idx_o is in 0..N-1"},
		{Name: "work_conserving", Desc: "gnt_valid_o whenever some req_i bit is set"},
		{Name: "wait_bound", Desc: "a requester that keeps requesting waits at most the bound of taken grants (N-1 unless --wait-bound)"},
	}
}

// Check checks one aligned cycle whose requests are req.
func (a *GrantCheck) Check(c *blocks.PropCycle, req []uint32) {
	if c.Skip || c.Reset {
		a.forget()
		return
	}
	v, k := c.V, a.first
	anyReq := false
	for i, w := range req {
		if i == len(req)-1 {
			w &= a.top // bits above N are not requests
		}
		anyReq = anyReq || w != 0
	}
	valid := c.Out[a.valid]&1 != 0
	g := int(c.Out[a.idx])
	if anyReq {
		v.Check(k + apWorkConserving)
		if !valid && v.Fail(k+apWorkConserving) {
			v.Describe(k+apWorkConserving, c.Cycle, "gnt_valid_o=0 with req_i=%s", blocks.Hex(req, a.n))
		}
	}
	granted := -1
	ack := c.In[a.ack]&1 != 0
	if valid {
		v.Check(k + apToRequester)
		v.Check(k + apInRange)
		switch {
		case g >= a.n:
			if v.Fail(k + apInRange) {
				v.Describe(k+apInRange, c.Cycle, "gnt_idx_o=%d with N=%d", g, a.n)
			}
		case req[g>>5]>>(g&31)&1 == 0:
			if v.Fail(k + apToRequester) {
				v.Describe(k+apToRequester, c.Cycle, "gnt_idx_o=%d, req_i=%s: requester %d is not asking", g, blocks.Hex(req, a.n), g)
			}
		case ack:
			granted = g
		}
	}
	a.count(c, req, granted, valid && ack)
}

// count updates every requester's wait: a taken grant to another adds one
// to each requester still asking; a requester that stops asking, or is
// granted, starts again from 0.
func (a *GrantCheck) count(c *blocks.PropCycle, req []uint32, granted int, taken bool) {
	v, k := c.V, a.first+apWaitBound
	for i := range a.waited {
		if req[i>>5]>>(i&31)&1 == 0 || i == granted {
			a.waited[i] = 0
			a.over.Clear(i)
		}
	}
	if !taken {
		return
	}
	waiting := false
	for j, w := range req {
		if j == len(req)-1 {
			w &= a.top
		}
		for w != 0 {
			i := j*32 + bits.TrailingZeros32(w)
			w &= w - 1
			if i == granted || i >= a.n {
				continue
			}
			a.waited[i]++
			waiting = true
			if a.waited[i] > a.worst {
				a.worst, a.worstReq, a.worstAt = a.waited[i], i, c.Cycle
			}
			if a.waited[i] > a.bound && !a.over.Test(i) {
				a.over.Set(i)
				if v.Fail(k) {
					v.Describe(k, c.Cycle, "requester %d has waited %d taken grants (bound %d), the last to %d", i, a.waited[i], a.bound, granted)
				}
			}
		}
	}
	if waiting {
		v.Check(k)
	}
}

// forget drops every wait (a reset, or a cycle not checked).
func (a *GrantCheck) forget() {
	for i := range a.waited {
		a.waited[i] = 0
	}
	a.over = rtl.Bitmap{}
}

// Finish implements blocks.PropChecker: the worst wait seen.
func (a *GrantCheck) Finish(v *blocks.Violations) {
	k := a.first + apWaitBound
	if a.worstReq < 0 {
		v.Stat(k, "no requester waited (bound %d)", a.bound)
		return
	}
	v.Stat(k, "worst wait %d taken grants (bound %d): requester %d, cycle %d", a.worst, a.bound, a.worstReq, a.worstAt)
}

// monWidths are the widths of the monitor's watched requester j and of its
// wait counter, and the wait bound, at c.
func monWidths(c blocks.PropConfig) (iw, cw, b int) {
	n := c.Params["N"]
	b = c.WaitBound
	if b <= 0 {
		b = n - 1
	}
	return rtl.IdxWidth(n), rtl.Clog2(b+2) + 1, b
}

// Monitor is the arbiter's properties in SystemVerilog for prove: the
// same four as arbProps, in the same order. The wait bound watches one
// requester, j, which the solver chooses: a proof covers every one. It
// also gives j and its wait count (j_o, waited_o) for the reference's
// lemmas (refLemmas).
func Monitor(c blocks.PropConfig) (blocks.Monitor, error) {
	n := c.Params["N"]
	iw, cw, b := monWidths(c)
	free := []port.Port{port.Input("j_i", iw)}
	text := fmt.Sprintf(`// occ_props: rr_arbiter's properties (testbench/blocks/arbiter/props.go).
module occ_props (
  input  wire          clk_i,
  input  wire          chk,
  input  wire          rst_a,
  input  wire [%[1]d:0]  req_i,
  input  wire          ack_i,
  input  wire          gnt_valid_o,
  input  wire [%[2]d:0]  gnt_idx_o,
  input  wire [%[2]d:0]  j_i,
  output wire [%[2]d:0]  j_o,
  output wire [%[4]d:0]  waited_o,
  output wire [3:0]    bad
);
%[7]s  wire live   = chk & !rst_a;
  wire inr    = 32'(gnt_idx_o) < %[3]d;
  wire taken  = gnt_valid_o & ack_i;
  assign bad[0] = live & gnt_valid_o & inr & !req_i[gnt_idx_o];
  assign bad[1] = live & gnt_valid_o & !inr;
  assign bad[2] = live & (|req_i) & !gnt_valid_o;
  // waited: taken grants to others while j keeps asking (arbProps.count).
  reg  [%[4]d:0] waited;
  wire jreq   = (32'(j) < %[3]d) & req_i[j];
  wire other  = taken & (gnt_idx_o != j);
  always @(posedge clk_i)
    if (!live || !jreq || (taken && inr && req_i[gnt_idx_o] && gnt_idx_o == j)) waited <= '0;
    else if (other && waited != {%[5]d{1'b1}}) waited <= waited + 1'b1;
  assign bad[3] = live & jreq & other & (32'(waited) >= %[6]d);
  assign j_o = j;
  assign waited_o = waited;
endmodule
`, n-1, iw-1, n, cw-1, cw, b, blocks.HoldFree(free))
	return blocks.Monitor{Text: text, Names: blocks.PropNames((&GrantCheck{}).Names()), Free: free}, nil
}

// refLemmas strengthens the wait bound on the reference (rr_arbiter) for
// pdr: its pointer ptr_q (exposed) is below N, and the taken grants j has
// waited plus the circular distance from ptr_q to j never exceed N-1.
// Every taken grant to another requester while j asks moves the pointer
// at least one step towards j, so the sum never grows: the bound is
// inductive, and the distance being at least 0 gives the Monitor's
// waited <= N-1. With the bare bound pdr needs 10 s at N=5 and gives up at
// N=31 (docs/prove.md). It holds for the reference's rotation only, so it
// is not one of the contract's properties.
func refLemmas(c blocks.PropConfig) (blocks.Lemmas, error) {
	n := c.Params["N"]
	iw, cw, b := monWidths(c)
	if b != n-1 {
		return blocks.Lemmas{}, fmt.Errorf("the reference's lemmas state the bound N-1, not %d", b)
	}
	text := fmt.Sprintf(`// occ_lemmas: rr_arbiter's own invariants (testbench/blocks/arbiter/props.go).
module occ_lemmas (input wire clk_i, input wire chk, input wire rst_a,
  input wire [%[1]d:0] ptr_q, input wire [%[1]d:0] j_o, input wire [%[2]d:0] waited_o, output wire [1:0] bad);
  wire live = chk & !rst_a;
  wire [31:0] dist = (32'(j_o) >= 32'(ptr_q)) ? 32'(j_o) - 32'(ptr_q) : 32'(j_o) + %[3]d - 32'(ptr_q);
  assign bad[0] = live & (32'(ptr_q) >= %[3]d);
  assign bad[1] = live & (32'(j_o) < %[3]d) & (32'(waited_o) + dist > %[4]d);
endmodule
`, iw-1, cw-1, n, n-1)
	return blocks.Lemmas{Text: text, Names: []string{"ref_ptr_in_range", "ref_wait_plus_distance"},
		Expose: []port.Port{port.Output("ptr_q", iw)},
		From:   []port.Port{port.Output("j_o", iw), port.Output("waited_o", cw)}}, nil
}
