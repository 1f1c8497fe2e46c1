package arbiter

import (
	"math/bits"

	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// props are what the head-drop path needs of an arbiter, whatever its
// rotation or latency: a grant goes only to a requester and names one of
// 0..N-1, some grant is offered whenever a request is up, and no requester
// that keeps requesting waits more than N-1 taken grants (--wait-bound).
var props = &blocks.Props{
	Held: []string{"req_i"},
	New:  newArbProps,
}

// Arbiter properties, in arbProps.Names order.
const (
	apToRequester = iota
	apInRange
	apWorkConserving
	apWaitBound
)

// arbProps checks the arbiter's properties on aligned cycles.
type arbProps struct {
	n, bound        int
	req, ack        int // input word offsets
	valid, idx      int // output word offsets
	reqWords        int
	top             uint32 // the valid bits of req_i's last word
	waited          []int  // taken grants to others while requester i kept asking
	worst, worstReq int
	worstAt         uint64
	over            rtl.Bitmap // requesters already reported past the bound in this wait
}

func newArbProps(c blocks.PropConfig) (blocks.PropChecker, error) {
	n := c.Params["N"]
	s := blocks.Slot{L: c.Layout}
	b := c.WaitBound
	if b <= 0 {
		b = n - 1
	}
	return &arbProps{n: n, bound: b, req: s.In("req_i"), ack: s.In("ack_i"), valid: s.Out("gnt_valid_o"), idx: s.Out("gnt_idx_o"),
		reqWords: port.WordsFor(n), top: ^uint32(0) >> uint((32-n%32)%32), waited: make([]int, n), worstReq: -1}, nil
}

// Names implements blocks.PropChecker.
func (a *arbProps) Names() []blocks.PropName {
	return []blocks.PropName{
		{Name: "grant_to_requester", Desc: "gnt_valid_o only with req_i[gnt_idx_o] set"},
		{Name: "index_in_range", Desc: "a valid gnt_idx_o is in 0..N-1"},
		{Name: "work_conserving", Desc: "gnt_valid_o whenever some req_i bit is set"},
		{Name: "wait_bound", Desc: "a requester that keeps requesting waits at most the bound of taken grants (N-1 unless --wait-bound)"},
	}
}

// Step implements blocks.PropChecker.
func (a *arbProps) Step(c *blocks.PropCycle) {
	if c.Skip || c.Reset {
		a.forget()
		return
	}
	v := c.V
	req := c.In[a.req : a.req+a.reqWords]
	anyReq := false
	for k, w := range req {
		if k == len(req)-1 {
			w &= a.top // bits above N are not requests
		}
		anyReq = anyReq || w != 0
	}
	valid := c.Out[a.valid]&1 != 0
	g := int(c.Out[a.idx])
	if anyReq {
		v.Check(apWorkConserving)
		if !valid && v.Fail(apWorkConserving) {
			v.Describe(apWorkConserving, c.Cycle, "gnt_valid_o=0 with req_i=%s", blocks.Hex(req, a.n))
		}
	}
	granted := -1
	if valid {
		v.Check(apToRequester)
		v.Check(apInRange)
		switch {
		case g >= a.n:
			if v.Fail(apInRange) {
				v.Describe(apInRange, c.Cycle, "gnt_idx_o=%d with N=%d", g, a.n)
			}
		case req[g>>5]>>(g&31)&1 == 0:
			if v.Fail(apToRequester) {
				v.Describe(apToRequester, c.Cycle, "gnt_idx_o=%d, req_i=%s: requester %d is not asking", g, blocks.Hex(req, a.n), g)
			}
		default:
			if c.In[a.ack]&1 != 0 {
				granted = g
			}
		}
	}
	a.count(c, req, granted, valid && c.In[a.ack]&1 != 0)
}

// count updates every requester's wait: a taken grant to another adds one
// to each requester still asking; a requester that stops asking, or is
// granted, starts again from 0.
func (a *arbProps) count(c *blocks.PropCycle, req []uint32, granted int, taken bool) {
	v := c.V
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
	for k, w := range req {
		if k == len(req)-1 {
			w &= a.top
		}
		for w != 0 {
			i := k*32 + bits.TrailingZeros32(w)
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
				if v.Fail(apWaitBound) {
					v.Describe(apWaitBound, c.Cycle, "requester %d has waited %d taken grants (bound %d), the last to %d", i, a.waited[i], a.bound, granted)
				}
			}
		}
	}
	if waiting {
		v.Check(apWaitBound)
	}
}

// forget drops every wait (a reset, or a cycle not checked).
func (a *arbProps) forget() {
	for i := range a.waited {
		a.waited[i] = 0
	}
	a.over = rtl.Bitmap{}
}

// Finish implements blocks.PropChecker: the worst wait seen.
func (a *arbProps) Finish(v *blocks.Violations) {
	if a.worstReq < 0 {
		v.Stat(apWaitBound, "no requester waited (bound %d)", a.bound)
		return
	}
	v.Stat(apWaitBound, "worst wait %d taken grants (bound %d): requester %d, cycle %d", a.worst, a.bound, a.worstReq, a.worstAt)
}
