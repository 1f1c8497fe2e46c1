package tm

import (
	"fmt"

	"occamy/rtl/port"

	"occamy/hw/mem"
	"occamy/rtl"
)

// PDLists is the per-queue PD list registers. Verilog: tm_pd_lists
// (u_pdl). Per queue: head and tail PD, PD count, the head PD's cells, and
// a one-entry forwarding register; the PD words themselves are in the
// top's PD memory (u_pd_mem, with the links of u_pd_link). A packet's PD
// index is the index of its first cell (tm_enqueue's link_pd_o), held
// from its pop to after its unlink, so no PD free list is needed.
//
// A cycle, in stage order: EvalUnlink (stage A): the head-PD read issued
// PD.ReadLatency cycles ago is back (unl_i, with the PD's link
// unl_next_i/unl_nlen_i): the head moves to the forwarded PD if one was
// recorded, else to the link; nonempty_o and head_len_o are after it.
// EvalRd (stages C, D): rd_pd_o is the head PD of rd_qid_i after the
// unlink, the address of the head-PD read issued now. EvalLink (stage E):
// link_i appends a PD at the tail; link_pred_o says the queue is not
// empty after the unlink, so the link also writes the tail's link (the
// second PD write, at link_tail_o). A link behind the PD whose read is in
// flight is recorded in the queue's forwarding register, which the unlink
// prefers (the link it read is stale). Commit lands all of it.
//
// The forwarding in the Verilog (issue 29, flenlink): with occamy_tm's
// one head read a cycle at read latency 1, a forward recorded in cycle t
// is taken by the unlink of t+1, whose one-hot unl_oh_i is t's read. So
// tm_pd_lists keeps no PD and length per queue and does not compare the
// read's queue with the link's: lk_q marks the queue of t's link when it
// went behind the one PD left after t's unlink, lpd_q and lcells_q hold
// that link, and the unlink takes them where lk_q & unl_oh_i. The ports
// are the same as this model's per-queue fwd, fwdLen.
//
// Go only: a second unlink and a second head read in one cycle (Unl2*,
// Rd2*: PD.ReadPorts > 1 lets the dequeue and the head drop both read),
// and LockedO, the queues whose head read is in flight (PD.ReadLatency >
// 1 keeps a read in flight across cycles; occamy_tm has none by stage C).
type PDLists struct {
	UnlI       bool       // unl_i: a head-PD read returns this cycle: unlink its queue
	UnlOhI     rtl.Bitmap // unl_oh_i: the queue, one-hot (occamy_tm's rdo; issue 29, the unlink cut)
	UnlNextI   int32      // unl_next_i: the link half of that PD: the next PD
	UnlNlenI   uint32     // unl_nlen_i: the next PD's cells
	RdI        bool       // rd_i: a head-PD read is issued this cycle
	RdQidI     uint16     // rd_qid_i: of this queue
	LinkI      bool       // link_i: link a PD at the tail
	LinkQidI   uint16     // link_qid_i: of this queue
	LinkPdI    int32      // link_pd_i: the PD
	LinkCellsI uint32     // link_cells_i: its cells

	NonemptyO rtl.Bitmap // nonempty_o: comb, queue holds a PD after this cycle's unlink
	HeadLenO  []uint32   // head_len_o: comb, head PD's cells after the unlink (0 when empty)
	RdPdO     int32      // rd_pd_o: comb, head PD of rd_qid_i after the unlink
	LinkPredO bool       // link_pred_o: comb, link_qid_i is not empty after the unlink
	LinkTailO int32      // link_tail_o: comb, its tail
	CntO      []int32    // cnt_o: registered PDs per queue

	// Go only.
	Unl2I     bool
	Unl2QidI  uint16
	Unl2NextI int32
	Unl2NlenI uint32
	Rd2I      bool
	Rd2QidI   uint16
	Rd2PdO    int32
	LockedO   rtl.Bitmap // queues whose head read is in flight after this cycle's unlinks

	head, tail []int32    // per queue, mem.Nil when empty
	ne         rtl.Bitmap // ne_q: queue holds a PD
	fwd        []int32    // forwarded link, mem.Nil when none (Verilog: lk_q, lpd_q; see below)
	fwdLen     []uint16   // its cells (Verilog: lcells_q)
	reading    []int32    // the PD whose read is in flight, mem.Nil when none (Go: the lock and the forwarding condition)
	locked     rtl.Bitmap // reading != Nil

	// head_len_o is hl_q with this cycle's unlinks applied in place;
	// undo holds what EvalUnlink overwrote, for a second evaluation.
	undo  [2]struct{ q, v int }
	nUndo int
	u     [2]unlink // this cycle's unlinks as EvalUnlink found them
	stale bool      // the registers changed since the outputs were last evaluated
	one   bool      // the queues fit in one bitmap word (the others stay zero)
	unl   bool      // u holds an unlink
	err   error
	errs  *bool // the top's flag: set when err is
}

// unlink is one unlink's effect, computed by EvalUnlink.
type unlink struct {
	ok        bool
	q         int
	cnt       int32
	head      int32
	headLen   uint32
	forwarded bool
}

// newPDLists builds empty lists for n queues.
func newPDLists(n int) *PDLists {
	l := &PDLists{HeadLenO: make([]uint32, n), CntO: make([]int32, n), one: n <= 64,
		head: make([]int32, n), tail: make([]int32, n), fwd: make([]int32, n), fwdLen: make([]uint16, n), reading: make([]int32, n)}
	for q := 0; q < n; q++ {
		l.head[q], l.tail[q], l.fwd[q], l.reading[q] = mem.Nil, mem.Nil, mem.Nil, mem.Nil
	}
	return l
}

// EvalUnlink is stage A: nonempty_o, head_len_o (and LockedO) after this
// cycle's unlinks. Without an unlink and with the registers unchanged
// since the last evaluation, they are as they were.
func (l *PDLists) EvalUnlink() {
	if l.UnlI || l.Unl2I || l.stale || l.nUndo > 0 {
		l.evalUnlinks()
	}
}

func (l *PDLists) evalUnlinks() {
	l.stale = false
	for i := l.nUndo - 1; i >= 0; i-- {
		l.HeadLenO[l.undo[i].q] = uint32(l.undo[i].v)
	}
	l.nUndo = 0
	if l.one { // the words above the queues are zero in both
		l.NonemptyO[0], l.LockedO[0] = l.ne[0], l.locked[0]
	} else {
		l.NonemptyO, l.LockedO = l.ne, l.locked
	}
	l.u[0].ok, l.u[1].ok = false, false
	if l.UnlI {
		l.u[0] = l.evalUnlink(l.UnlOhI.FirstFrom(0), l.UnlNextI, l.UnlNlenI)
	}
	if l.Unl2I {
		l.u[1] = l.evalUnlink(int(l.Unl2QidI), l.Unl2NextI, l.Unl2NlenI)
	}
	l.unl = l.UnlI || l.Unl2I
}

func (l *PDLists) evalUnlink(q int, next int32, nlen uint32) unlink {
	u := unlink{ok: true, q: q, cnt: l.CntO[q] - 1, head: next, headLen: nlen}
	if l.fwd[q] != mem.Nil {
		u.head, u.headLen, u.forwarded = l.fwd[q], uint32(l.fwdLen[q]), true
	}
	if u.cnt <= 0 {
		u.head, u.headLen = mem.Nil, 0
		l.NonemptyO.Clear(q)
	}
	l.LockedO.Clear(q)
	l.undo[l.nUndo] = struct{ q, v int }{q, int(l.HeadLenO[q])}
	l.nUndo++
	l.HeadLenO[q] = u.headLen
	return u
}

// headAfter is queue q's head after this cycle's unlinks.
func (l *PDLists) headAfter(q int) int32 {
	for i := range l.u {
		if l.u[i].ok && l.u[i].q == q {
			return l.u[i].head
		}
	}
	return l.head[q]
}

// EvalRd drives rd_pd_o (and Rd2PdO): the head of each queue read now,
// after the unlinks.
func (l *PDLists) EvalRd() {
	l.RdPdO, l.Rd2PdO = 0, 0
	if l.RdI {
		l.RdPdO = l.headAfter(int(l.RdQidI))
	}
	if l.Rd2I {
		l.Rd2PdO = l.headAfter(int(l.Rd2QidI))
	}
}

// EvalLink is stage E: link_pred_o and link_tail_o for link_qid_i.
func (l *PDLists) EvalLink() {
	q := int(l.LinkQidI)
	l.LinkPredO = l.NonemptyO.Test(q)
	l.LinkTailO = l.tail[q]
}

// Commit is the rising edge: the unlinks, then the reads, then the link.
func (l *PDLists) Commit() {
	if l.unl || l.RdI || l.Rd2I || l.LinkI {
		l.commit()
	}
	l.nUndo = 0
}

func (l *PDLists) commit() {
	for i := range l.u {
		if !l.unl { // most edges unlink nothing (u[0] and u[1] are not ok)
			break
		}
		u := &l.u[i]
		if !u.ok {
			continue
		}
		q := u.q
		if l.reading[q] == mem.Nil {
			l.fail(fmt.Errorf("tm_pd_lists: unlink of queue %d without a head read", q))
		}
		if u.cnt > 0 && u.head == mem.Nil {
			l.fail(fmt.Errorf("tm_pd_lists: queue %d lost its list: head PD %d has no successor but %d PDs remain", q, l.head[q], u.cnt))
		}
		l.CntO[q], l.head[q], l.reading[q] = u.cnt, u.head, mem.Nil
		if u.forwarded {
			l.fwd[q] = mem.Nil
		}
		if u.cnt <= 0 {
			l.CntO[q], l.tail[q] = 0, mem.Nil
			l.ne.Clear(q)
		}
		l.locked.Clear(q)
		u.ok = false
	}
	l.unl = false
	if l.RdI { // tested here: most edges read nothing (a call less)
		l.read(int(l.RdQidI))
	}
	if l.Rd2I {
		l.read(int(l.Rd2QidI))
	}
	if l.LinkI {
		q, pd := int(l.LinkQidI), l.LinkPdI
		if l.CntO[q] == 0 {
			l.head[q], l.HeadLenO[q] = pd, l.LinkCellsI
			l.ne.Set(q)
		} else if l.reading[q] == l.tail[q] {
			l.fwd[q], l.fwdLen[q] = pd, uint16(l.LinkCellsI)
		}
		l.tail[q] = pd
		l.CntO[q]++
	}
	// nonempty_o and locked_o without an unlink are the registers just
	// taken: set here, at the edge, stage A need not run again (stale
	// stays false) in the next cycle unless it unlinks.
	if l.one {
		l.NonemptyO[0], l.LockedO[0] = l.ne[0], l.locked[0]
	} else {
		l.NonemptyO, l.LockedO = l.ne, l.locked
	}
}

// read locks queue q for a head read issued this cycle.
func (l *PDLists) read(q int) {
	if l.CntO[q] == 0 || l.reading[q] != mem.Nil {
		l.fail(fmt.Errorf("tm_pd_lists: head read of queue %d with %d PDs, read in flight %d", q, l.CntO[q], l.reading[q]))
		return
	}
	l.reading[q] = l.head[q]
	l.locked.Set(q)
}

// Err returns the first misuse seen (what the Verilog asserts).
func (l *PDLists) Err() error { return l.err }

func (l *PDLists) fail(err error) {
	if l.err == nil {
		l.err = err
		if l.errs != nil {
			*l.errs = true
		}
	}
}

// expellable returns the queues with a linked head not being read (the
// ideal Pushout's candidates, between cycles' stages: the registers).
func (l *PDLists) expellable() rtl.Bitmap {
	var c rtl.Bitmap
	for w := range c {
		c[w] = l.ne[w] &^ l.locked[w]
	}
	return c
}

// dropHead is the ideal Pushout's backdoor: queue q's head PD, whose word
// is v, leaves at once (no port; the queue has no read in flight).
func (l *PDLists) dropHead(q int, v *mem.PD) error {
	if l.CntO[q] == 0 || l.reading[q] != mem.Nil {
		return fmt.Errorf("tm_pd_lists: backdoor head drop of queue %d with %d PDs, read in flight %d", q, l.CntO[q], l.reading[q])
	}
	l.stale = true
	l.CntO[q]--
	if l.CntO[q] == 0 {
		l.head[q], l.tail[q], l.HeadLenO[q] = mem.Nil, mem.Nil, 0
		l.ne.Clear(q)
		return nil
	}
	if v.Next == mem.Nil {
		return fmt.Errorf("tm_pd_lists: queue %d lost its list: head PD %d has no successor but %d PDs remain", q, l.head[q], l.CntO[q])
	}
	l.head[q], l.HeadLenO[q] = v.Next, uint32(v.NextLen)
	return nil
}

// Walk calls visit for every PD linked on queue q, head first, reading
// the words from pd without a port. It reports a list that leaves the
// memory or does not end at the tail.
func (l *PDLists) Walk(q int, pd *mem.Memory[mem.PD], visit func(idx int32, v *mem.PD)) error {
	x := l.head[q]
	for i := int32(0); i < l.CntO[q]; i++ {
		if x < 0 || int(x) >= pd.Entries() {
			return fmt.Errorf("queue %d: PD %d of %d is %d, outside the PD memory", q, i, l.CntO[q], x)
		}
		v := pd.Peek(int(x))
		visit(x, &v)
		if i == l.CntO[q]-1 {
			if x != l.tail[q] {
				return fmt.Errorf("queue %d: list ends at PD %d, tail register is %d", q, x, l.tail[q])
			}
			break
		}
		next := v.Next
		if l.fwd[q] != mem.Nil && x == l.reading[q] {
			next = l.fwd[q]
		}
		x = next
	}
	return nil
}

// state copies the registers in hw/mem's form (State.PD). The PD free
// FIFO and the link cycle of hw/mem's lists have no counterpart.
func (l *PDLists) state() mem.PDListsState {
	return mem.PDListsState{
		Head: append([]int32(nil), l.head...), Tail: append([]int32(nil), l.tail...),
		Count: append([]int32(nil), l.CntO...), HeadLen: append([]uint32(nil), l.HeadLenO...),
		Reading: append([]int32(nil), l.reading...), Fwd: append([]int32(nil), l.fwd...),
		FwdLen: append([]uint16(nil), l.fwdLen...),
	}
}

func pdListsPorts(v vw) SubBlock {
	return SubBlock{
		Module: "tm_pd_lists", Instance: "u_pdl",
		Params: []Param{{"N", v.N}, {"B", v.B}, {"LW", v.LW}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("unl_i", 1), in("unl_oh_i", v.N), in("unl_next_i", v.CW), in("unl_nlen_i", v.LW),
			in("rd_i", 1), in("rd_qid_i", v.IW),
			in("link_i", 1), in("link_qid_i", v.IW), in("link_pd_i", v.CW), in("link_cells_i", v.LW),
			out("nonempty_o", v.N), out("head_len_o", v.N*v.LW), out("rd_pd_o", v.CW),
			out("link_pred_o", 1), out("link_tail_o", v.CW), out("cnt_o", v.N*v.BNW)),
	}
}
