package tm

import (
	"occamy/hw/maxfind"
	"occamy/rtl"
	"occamy/rtl/port"
)

// HDChoice is the BM policy's head-drop choice (stage D). Verilog:
// tm_hd_choice (u_choice). It picks the queue the executor (HDExec,
// tm_hd_exec) should expel from this cycle, from the selector's bitmap
// (over_i, u_sel), the candidates (cand_i: queues with a linked PD whose
// head is not being read), the start-of-cycle lengths (qlen_i) and this
// cycle's thresholds (thr_i):
//
//   - occamy: the round-robin arbiter's grant (u_arb, beside it in the
//     top, driven through arb_req_o) over over_i & cand_i, registered in
//     the top (below); arb_ack_o says the executor takes it (take_i);
//   - occamy-lqd: the longest queue of over_i & cand_i (u_maxfind);
//   - pushout-ports: the longest candidate, only while free_neg_i;
//   - dt, and the Go-only abm and ideal pushout (which expels at
//     admission, see pushout.go): never.
//
// occamy and occamy-lqd choose nothing while over_i is all zero. With
// recheck_i, their grant of a queue no longer over its threshold
// (qlen_i > thr_i, the selector's compare unregistered) is no grant, and
// arb_ack_o stays low. The longest-queue choices are tm_maxfind's
// rule (hw/maxfind): the lowest index on ties.
//
// The maximum finder is pipelined, a registered tree of one
// compare-and-select level per stage: its root names the longest queue of
// over_i (occamy-lqd) or of those holding cells (pushout-ports) of
// Stale() = clog2(N) cycles ago (0 when N = 1). Each cycle
// the choice is guarded against this cycle's inputs: the queue must still
// be a candidate (cand_i), and under occamy-lqd still over in the bitmap
// (over_i) and, with recheck_i, over its threshold now; a stale winner
// that fails a guard is no grant that cycle (the finder offers no second
// choice). The Go twin keeps the tree's root only, as a delay line of
// Stale() results of maxfind.Longest. The occamy path's register is the
// top's (issue 29, arbreg): arb_valid_i and arb_idx_i are u_arb's grant
// of a cycle before or more (occamy_tm's agv_q, agq_q; hw/tm's regs.ag),
// offered while its queue is over in over_i and a candidate now.
//
// gnt_idx_o carries none of the guards (issue 29, pdidx): occamy's
// arb_idx_i, the finder's root while valid, else 0, with or without a
// grant; its readers (HDExec's pd_rd_o, the top's PD read) are gated by
// gnt_valid_o, so the guards' selects stay off the PD read's index.
//
// The arbiter sits between its two phases: EvalReq drives arb_req_o, the
// top evaluates u_arb, EvalGnt reads its grant (arb_valid_i, arb_idx_i)
// and drives gnt_* and arb_ack_o. policy_i and recheck_i are
// configuration held constant from reset.
type HDChoice struct {
	PolicyI  Policy     // policy_i: the BM policy (occamy_tm's 2-bit code covers dt, occamy, occamy-lqd, pushout-ports)
	RecheckI bool       // recheck_i: re-check the grant against its threshold
	OverI    rtl.Bitmap // over_i: the selector's registered bitmap
	CandI    rtl.Bitmap // cand_i: queues with a linked PD not read this cycle
	QlenI    []uint32   // qlen_i: start-of-cycle lengths
	ThrI     []uint32   // thr_i: this cycle's threshold per queue
	FreeNegI bool       // free_neg_i: the free count after this cycle's admissions is negative
	TakeI    bool       // take_i: the executor takes a grant this cycle

	ArbReqO   rtl.Bitmap // arb_req_o: comb, u_arb's requests (occamy)
	ArbAckO   bool       // arb_ack_o: comb, acknowledge u_arb's grant
	ArbValidI bool       // arb_valid_i: u_arb's gnt_valid_o
	ArbIdxI   uint16     // arb_idx_i: u_arb's gnt_idx_o

	GntValidO bool   // gnt_valid_o: comb, the choice
	GntIdxO   uint16 // gnt_idx_o: comb, its queue; not gated (see EvalGnt), read only under GntValidO

	// ConsideredO (Go only) is cand_i when the policy looked at the
	// candidates this cycle, zero otherwise (Probe.Cand): not for dt, abm
	// or the ideal pushout, nor for occamy(-lqd) with over_i all zero.
	ConsideredO rtl.Bitmap
	// StaleDropO (Go only): the finder's choice failed a guard this cycle
	// (no longer a candidate, or under occamy-lqd no longer over).
	StaleDropO bool

	// QlenChgI and ChgKnownI (Go only): with ChgKnownI, QlenChgI holds the
	// queues whose qlen_i may differ from the last EvalGnt's (the top
	// sets them; EvalGnt clears QlenChgI), and pushout-ports' finder
	// updates its leaves' result from those alone (held). Without
	// ChgKnownI (the sub-block face) it visits every queue each cycle.
	QlenChgI  rtl.Bitmap
	ChgKnownI bool

	active bool // the policy chooses this cycle (EvalReq)

	// The pipelined finder's root, as a delay line kept in a ring of
	// stale entries: pipe[head] is the root read this cycle (the oldest
	// result), the next ones newer; the edge writes this cycle's result
	// over it and moves head on. Registers (reset: no candidate).
	pipe  [maxStale]finderOut
	head  int
	nxt   finderOut // comb: this cycle's finder result, committed into pipe[0]
	stale int       // pipeline depth, clog2(N) (0: combinational)

	// held: pushout-ports' leaves' result of the last EvalGnt, the longest
	// queue heldIdx (lowest index on ties) of heldLen cells, -1 and 0 when
	// none holds a cell; heldOK: it is that of the qlen_i then.
	heldIdx int
	heldLen uint32
	heldOK  bool
	full    bool // tests: shift the pipeline under every policy
}

// maxStale bounds the finder's depth: clog2 of tm_hd_choice's largest N.
const maxStale = 8

// finderOut is one finder result: valid and the longest candidate's index.
type finderOut struct {
	valid bool
	idx   uint16
}

// setN sizes the finder's pipeline for n queues and clears it.
func (c *HDChoice) setN(n int) {
	c.stale = 0
	for 1<<c.stale < n {
		c.stale++
	}
	c.pipe, c.nxt, c.head = [maxStale]finderOut{}, finderOut{}, 0
	c.heldOK = false
}

// Stale is how many cycles old the lengths behind a longest-queue choice
// are: the finder's pipeline depth.
func (c *HDChoice) Stale() int { return c.stale }

// pipeEmpty reports no valid result in the finder's pipeline.
func (c *HDChoice) pipeEmpty() bool {
	for _, p := range c.pipe[:c.stale] {
		if p.valid {
			return false
		}
	}
	return true
}

// root is the finder's output this cycle.
func (c *HDChoice) root() finderOut {
	if c.stale == 0 {
		return c.nxt
	}
	return c.pipe[c.head]
}

// evalFinder computes the finder's leaves' result this cycle: the longest
// queue of over_i (occamy-lqd) or of those holding cells (pushout-ports),
// the lowest index on ties. Whether it is a candidate is asked when the
// result leaves the pipeline.
func (c *HDChoice) evalFinder() {
	c.nxt = finderOut{}
	q := -1
	switch c.PolicyI {
	case polLQD:
		q = maxfind.Longest(&c.OverI, c.QlenI)
	case polPushoutPort:
		q = c.longestHeld()
	}
	if q >= 0 {
		c.nxt = finderOut{valid: true, idx: uint16(q)}
	}
}

// longestHeld is the queue holding the most cells, the lowest index on
// ties (-1: none holds a cell). With ChgKnownI it starts from the last
// result and visits only the queues in QlenChgI, unless the last longest
// queue shrank (then the longest may be any other): a queue that grew
// past the longest, or reached it from a lower index, takes its place; a
// queue other than the longest that changed cannot take it otherwise.
func (c *HDChoice) longestHeld() int {
	if c.ChgKnownI && c.heldOK {
		chg := &c.QlenChgI
		if i := c.heldIdx; i < 0 || chg.Bit(i) == 0 || c.QlenI[i] >= c.heldLen {
			if i >= 0 {
				c.heldLen = c.QlenI[i]
			}
			for w := range chg[:(len(c.QlenI)+63)>>6] {
				for x := chg[w]; x != 0; x &= x - 1 {
					j := w<<6 | trailingZeros(x)
					if l := c.QlenI[j]; l > c.heldLen || l == c.heldLen && l > 0 && j < c.heldIdx {
						c.heldIdx, c.heldLen = j, l
					}
				}
			}
			c.QlenChgI = rtl.Bitmap{}
			return c.heldIdx
		}
	}
	q, best := -1, uint32(0)
	for i, l := range c.QlenI {
		if l > best {
			q, best = i, l
		}
	}
	c.heldIdx, c.heldLen, c.heldOK = q, best, true
	c.QlenChgI = rtl.Bitmap{}
	return q
}

// Commit advances the finder's pipeline. Under the policies that do not
// read the finder (dt, occamy and the Go-only abm and ideal pushout) it
// holds, as tm_hd_choice's tree holds there (use_mf): policy_i is held
// from reset, and a reset (setN) clears the pipeline, so it holds no
// valid result, which is what shifting in their finder's result (none)
// would keep. A policy changed without a reset would find the pipeline
// as the last finder policy left it, in Go as in the Verilog.
func (c *HDChoice) Commit() {
	if (finderPolicies>>(c.PolicyI&63)&1 != 0 || c.full) && c.stale != 0 { // (a policy < 64: no >= 64 case)
		c.shift()
	}
}

// finderPolicies has bit p set for the policies that read the finder
// (occamy-lqd, pushout-ports): one test instead of two compares.
const finderPolicies uint = 1<<polLQD | 1<<polPushoutPort

// shift moves the finder's pipeline one stage: this cycle's result takes
// the place of the root just read, the next oldest becomes the root.
func (c *HDChoice) shift() {
	c.pipe[c.head&(maxStale-1)] = c.nxt
	if c.head++; c.head == c.stale {
		c.head = 0
	}
}

// pipeline lists the finder's pipeline, the root first (tests).
func (c *HDChoice) pipeline() []finderOut {
	out := make([]finderOut, c.stale)
	for k := range out {
		out[k] = c.pipe[(c.head+k)%c.stale]
	}
	return out
}

// EvalReq drives the arbiter's requests: over_i & cand_i under occamy
// while some queue is over, else none.
func (c *HDChoice) EvalReq() {
	c.ConsideredO, c.ArbReqO, c.active = rtl.Bitmap{}, rtl.Bitmap{}, false
	switch c.PolicyI {
	case polOccamy, polLQD:
		if !c.OverI.Any() {
			return
		}
	case polPushoutPort:
	default:
		return
	}
	c.ConsideredO, c.active = c.CandI, true
	if c.PolicyI == polOccamy {
		for w := range c.ArbReqO {
			c.ArbReqO[w] = c.OverI[w] & c.CandI[w]
		}
	}
}

// EvalGnt makes the choice, after EvalReq and u_arb's evaluation.
func (c *HDChoice) EvalGnt() {
	c.GntValidO, c.GntIdxO, c.ArbAckO, c.StaleDropO = false, 0, false, false
	c.evalFinder()
	// gnt_idx_o carries none of the guards (issue 29: they select after
	// the index, on the PD read's path): occamy's arb_idx_i, else the
	// finder's root while valid, else 0, with or without a grant.
	switch c.PolicyI {
	case polOccamy:
		c.GntIdxO = c.ArbIdxI
	case polLQD, polPushoutPort:
		if r := c.root(); r.valid {
			c.GntIdxO = r.idx
		}
	}
	if !c.active {
		return
	}
	q := -1
	switch c.PolicyI {
	case polOccamy:
		if !c.RecheckI {
			c.ArbAckO = c.TakeI
			if c.ArbValidI {
				q = int(c.ArbIdxI)
			}
		} else if c.ArbValidI && c.overNow(int(c.ArbIdxI)) {
			q, c.ArbAckO = int(c.ArbIdxI), c.TakeI
		}
	case polLQD:
		if r := c.root(); r.valid {
			i := int(r.idx)
			if c.CandI.Bit(i) != 0 && c.OverI.Bit(i) != 0 && (!c.RecheckI || c.overNow(i)) {
				q = i
			} else {
				c.StaleDropO = true
			}
		}
	case polPushoutPort:
		if r := c.root(); c.FreeNegI && r.valid {
			if c.CandI.Bit(int(r.idx)) != 0 {
				q = int(r.idx)
			} else {
				c.StaleDropO = true
			}
		}
	}
	c.GntValidO = q >= 0
}

// overNow is the re-check comparator: queue q's start-of-cycle length
// against its threshold of this cycle.
func (c *HDChoice) overNow(q int) bool { return c.QlenI[q] > c.ThrI[q] }

func hdChoicePorts(v vw) SubBlock {
	return SubBlock{
		Module: "tm_hd_choice", Instance: "u_choice",
		Params: []Param{{"N", v.N}, {"QW", v.QW}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("policy_i", 2), in("recheck_i", 1), in("over_i", v.N), in("cand_i", v.N),
			in("qlen_i", v.N*v.QW), in("thr_i", v.N*v.QW), in("free_neg_i", 1), in("take_i", 1),
			out("arb_req_o", v.N), out("arb_ack_o", 1), in("arb_valid_i", 1), in("arb_idx_i", v.IW),
			out("gnt_valid_o", 1), out("gnt_idx_o", v.IW)),
	}
}
