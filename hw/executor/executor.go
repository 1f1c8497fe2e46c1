// Package executor is the golden model of hd_executor, Occamy's head-drop
// executor, together with the minimal packet store it drops from.
//
// The executor takes the queue the round-robin arbiter grants (drop_valid_i,
// drop_qid_i wired to gnt_valid_o, gnt_idx_o) and drops that queue's head
// packet as a dequeue would, without reading cell data: it reads the head
// PD, unlinks it, appends the packet's whole cell chain to the free cell
// list with one cell-next write, returns the PD to the free PD list and
// updates the queue length, the packet count and the free count. drop_ack_o
// (wired to the arbiter's ack_i) tells the arbiter the grant was taken.
// One packet of any size is dropped per cycle, with a latency of one cycle.
//
// The store is a set of register files (combinational read, write at the
// rising edge): PD memory (next PD; first cell, last cell, cell count), the
// cell-next memory, per-queue head PD, tail PD, packet count and length in
// cells, and two free lists (cells and PDs) as head, tail and count
// registers. An enqueue port fills it one cell per cycle. docs/hd_executor.md
// is the contract; the rules that decide cycle-exact behaviour are:
//   - A queue's length and packet count count complete packets only: a
//     packet's cells join its queue at the edge that ends its eop cycle. So
//     qlen > 0 implies a droppable packet, and drop_ack_o is
//     drop_valid_i && the queue holds a packet (drop_qid_i < N).
//   - enq_ready_o = free cell count > 0 && (!enq_eop_i || (free PD count > 0
//     && enq_qid_i < N)), from the counts before the edge: cells and PDs a drop frees in
//     cycle c are usable from cycle c+1. An enqueue without ready is ignored
//     (nothing changes). enq_qid_i matters only on the eop cell.
//   - Free lists pop before they append: an enqueue pops the free head, a
//     drop appends at the tail; when the list is empty after the pop (it was
//     empty or held one cell) the appended chain becomes the whole list and
//     no cell-next write is made.
//   - Enqueue eop and drop on the same queue: the drop applies first. If the
//     dropped packet was the queue's only one, the new PD becomes head and
//     tail and no PD-next write links it.
//   - Reset wins: in a cycle with rst_ni low the outputs are computed as
//     usual, but at the edge every queue empties and both free lists are
//     rechained in index order; the enqueue and drop of that cycle are lost.
//   - Queue indices wider than IW bits are truncated to IW bits, as a port of
//     that width would; an index at or above N (N not a power of two) is not
//     a queue: no ack, and an eop cell to it is not ready.
//   - Unused fields are still defined (so Go and Verilog agree bit for bit):
//     a pop that empties a list loads head with the popped cell's next
//     field; a drop that empties a queue loads head with the PD's next field;
//     tails hold when a list or queue empties; the builder's first and last
//     hold after eop.
package executor

import (
	"occamy/rtl"
)

// State is the register part of the executor: the free-list and builder
// registers. The register files (PD memory, cell-next memory, per-queue
// tables) live beside it in slices; see docs/hd_executor.md for why.
type State struct {
	FreeHeadQ   uint16 // free_head_q: first free cell (defined but unused when FreeCntQ is 0)
	FreeTailQ   uint16 // free_tail_q: last free cell
	FreeCntQ    uint32 // free_cnt_q: free cells, 0..B; free_o shows it
	PdFreeHeadQ uint16 // pd_free_head_q: first free PD
	PdFreeTailQ uint16 // pd_free_tail_q: last free PD
	PdFreeCntQ  uint32 // pd_free_cnt_q: free PDs, 0..P
	BldFirstQ   uint16 // bld_first_q: first cell of the packet under construction
	BldLastQ    uint16 // bld_last_q: last cell received of that packet
	BldCntQ     uint32 // bld_cnt_q: its cells so far; 0 when no packet is under construction
}

// pdInfo is one PD's payload: the packet's cell chain.
type pdInfo struct {
	First, Last uint16 // first and last cell
	Cnt         uint32 // cells, 1..B
}

// memWrite is one pending write of a pointer memory (cell-next or PD-next).
type memWrite struct {
	en         bool
	addr, data uint16
}

// queueWrite is one pending write of the per-queue tables at index idx.
type queueWrite struct {
	en         bool
	idx        uint16
	head, tail uint16
	pkts, qlen uint32
}

// writes are the register-file writes Eval computes and Commit applies.
type writes struct {
	cellLink memWrite   // cell_next[bld_last_q] <= enqueued cell
	cellApp  memWrite   // cell_next[free_tail_q] <= dropped packet's first cell
	pdLink   memWrite   // pd_next[tail of enqueue queue] <= new PD
	pdApp    memWrite   // pd_next[pd_free_tail_q] <= dropped PD
	pdEn     bool       // pd_info[pdAddr] <= pdData
	pdAddr   uint16     // the new PD
	pdData   pdInfo     // its cell chain
	qDrop    queueWrite // the dropped queue's new entry
	qEnq     queueWrite // the enqueue queue's new entry (merged with qDrop when the same)
}

// Executor is one hd_executor instance with its store. It implements
// rtl.Clocked and rtl.Traceable. Eval neither writes state nor allocates.
type Executor struct {
	P Params // resolved parameters (P=0 replaced by B)
	W Widths // derived widths

	RstNI      bool   // rst_ni: synchronous, active low
	EnqValidI  bool   // enq_valid_i: a cell arrives
	EnqQidI    uint16 // enq_qid_i: its queue, used on the eop cell only
	EnqEopI    bool   // enq_eop_i: it is the packet's last cell
	DropValidI bool   // drop_valid_i: drop the head packet of DropQidI (arbiter gnt_valid_o)
	DropQidI   uint16 // drop_qid_i: the queue (arbiter gnt_idx_o)
	EnqReadyO  bool   // enq_ready_o: the cell is taken if valid (combinational)
	DropAckO   bool   // drop_ack_o: the drop happens at this edge (combinational, arbiter ack_i)
	DropCellsO uint32 // drop_cells_o: cells of the packet dropped this cycle, 0 if none (combinational)

	q, d State
	w    writes

	cellNext []uint16 // cell_next: B entries of CW bits
	pdNext   []uint16 // pd_next: P entries of PW bits
	pd       []pdInfo // pd_first, pd_last, pd_cnt: P entries
	qHead    []uint16 // q_head: N entries, head PD
	qTail    []uint16 // q_tail: N entries, tail PD
	qPkts    []uint32 // q_pkts: N entries, complete packets
	qLen     []uint32 // q_len: N entries, cells of complete packets (qlen_o)

	iwMask uint16
	check  checkScratch
}

// New validates p and returns an executor in its reset state (every queue
// empty, all cells and PDs free and chained in index order) with all inputs
// zero and RstNI false.
func New(p Params) (*Executor, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	p = p.Resolved()
	e := &Executor{
		P:        p,
		W:        p.Widths(),
		cellNext: make([]uint16, p.B),
		pdNext:   make([]uint16, p.P),
		pd:       make([]pdInfo, p.P),
		qHead:    make([]uint16, p.N),
		qTail:    make([]uint16, p.N),
		qPkts:    make([]uint32, p.N),
		qLen:     make([]uint32, p.N),
	}
	e.iwMask = uint16(rtl.Width(e.W.IW).Mask())
	e.reset()
	return e, nil
}

// reset puts every register and register file in its reset value: queues
// empty, cell_next[i] = i+1 and pd_next[i] = i+1 except the last entry,
// which holds 0, PD payloads zero, builder empty.
func (e *Executor) reset() {
	chain(e.cellNext)
	chain(e.pdNext)
	clear(e.pd)
	clear(e.qHead)
	clear(e.qTail)
	clear(e.qPkts)
	clear(e.qLen)
	e.q = State{
		FreeTailQ:   uint16(e.P.B - 1),
		FreeCntQ:    uint32(e.P.B),
		PdFreeTailQ: uint16(e.P.P - 1),
		PdFreeCntQ:  uint32(e.P.P),
	}
	e.d = e.q
	e.w = writes{}
}

// chain links next[i] to i+1 and the last entry to 0.
func chain(next []uint16) {
	for i := range next {
		next[i] = uint16(i + 1)
	}
	next[len(next)-1] = 0
}

// State returns the registers.
func (e *Executor) State() State { return e.q }

// QlenO returns qlen_o[i]: queue i's length in cells (complete packets only).
func (e *Executor) QlenO(i int) uint32 { return e.qLen[i] }

// QlenQ returns the queue-length register file itself, N entries, for a
// selector to read without copying. Callers must not write it.
func (e *Executor) QlenQ() []uint32 { return e.qLen }

// FreeO returns free_o: the free cell count.
func (e *Executor) FreeO() uint32 { return e.q.FreeCntQ }

// Pkts returns queue i's packet count.
func (e *Executor) Pkts(i int) uint32 { return e.qPkts[i] }

// PdFree returns the free PD count.
func (e *Executor) PdFree() uint32 { return e.q.PdFreeCntQ }

// Eval computes enq_ready_o, drop_ack_o, drop_cells_o, the next registers
// and the register-file writes of this cycle from the inputs and the current
// state. It may run any number of times per cycle.
func (e *Executor) Eval() {
	s := &e.q
	d := &e.d
	*d = *s
	e.w = writes{}
	w := &e.w

	// Drop: read the head PD of the granted queue.
	dq := e.DropQidI & e.iwMask
	ack := e.DropValidI && int(dq) < e.P.N && e.qPkts[dq] != 0
	var h uint16
	var info pdInfo
	if ack {
		h = e.qHead[dq]
		info = e.pd[h]
	}
	e.DropAckO = ack
	e.DropCellsO = info.Cnt

	// Enqueue: pop the free head into the packet under construction.
	eq := e.EnqQidI & e.iwMask
	ready := s.FreeCntQ != 0 && (!e.EnqEopI || (s.PdFreeCntQ != 0 && int(eq) < e.P.N))
	e.EnqReadyO = ready
	enq := e.EnqValidI && ready
	eop := enq && e.EnqEopI
	c := s.FreeHeadQ
	first := c
	if s.BldCntQ != 0 {
		first = s.BldFirstQ
	}
	cells := s.BldCntQ + 1
	if enq {
		if s.BldCntQ != 0 {
			w.cellLink = memWrite{en: true, addr: s.BldLastQ, data: c}
		}
		if eop {
			d.BldCntQ = 0
		} else {
			d.BldFirstQ, d.BldLastQ, d.BldCntQ = first, c, cells
		}
	}

	// Free lists: pop first, then append.
	d.FreeHeadQ, d.FreeTailQ, d.FreeCntQ, w.cellApp = listNext(
		s.FreeHeadQ, s.FreeTailQ, s.FreeCntQ, e.cellNext, enq, ack, info.First, info.Last, info.Cnt)
	d.PdFreeHeadQ, d.PdFreeTailQ, d.PdFreeCntQ, w.pdApp = listNext(
		s.PdFreeHeadQ, s.PdFreeTailQ, s.PdFreeCntQ, e.pdNext, eop, ack, h, h, 1)

	// Queues: the drop unlinks the head PD, then the eop links the new PD.
	if ack {
		w.qDrop = queueWrite{en: true, idx: dq, head: e.pdNext[h], tail: e.qTail[dq],
			pkts: e.qPkts[dq] - 1, qlen: e.qLen[dq] - info.Cnt}
	}
	if eop {
		var cur queueWrite
		if ack && dq == eq {
			cur = w.qDrop
			w.qDrop.en = false
		} else {
			cur = queueWrite{en: true, idx: eq, head: e.qHead[eq], tail: e.qTail[eq],
				pkts: e.qPkts[eq], qlen: e.qLen[eq]}
		}
		p := s.PdFreeHeadQ
		if cur.pkts == 0 {
			cur.head = p
		} else {
			w.pdLink = memWrite{en: true, addr: cur.tail, data: p}
		}
		cur.tail = p
		cur.pkts++
		cur.qlen += cells
		w.qEnq = cur
		w.pdEn, w.pdAddr, w.pdData = true, p, pdInfo{First: first, Last: c, Cnt: cells}
	}
}

// listNext is one free list's next head, tail and count when it pops its
// head (pop) and appends the chain first..last of n entries (app), in that
// order, and the next-pointer write the append needs (none when the list is
// empty after the pop: the chain then becomes the whole list).
func listNext(head, tail uint16, cnt uint32, next []uint16, pop, app bool, first, last uint16, n uint32) (uint16, uint16, uint32, memWrite) {
	var w memWrite
	if pop {
		head = next[head]
		cnt--
	}
	if app {
		if cnt == 0 {
			head = first
		} else {
			w = memWrite{en: true, addr: tail, data: first}
		}
		tail = last
		cnt += n
	}
	return head, tail, cnt, w
}

// Commit is the rising edge: the register files take the writes of the last
// Eval and the registers their next values; with RstNI false everything
// takes its reset value instead.
func (e *Executor) Commit() {
	if !e.RstNI {
		e.reset()
		return
	}
	w := &e.w
	apply(e.cellNext, w.cellLink)
	apply(e.cellNext, w.cellApp)
	apply(e.pdNext, w.pdLink)
	apply(e.pdNext, w.pdApp)
	if w.pdEn {
		e.pd[w.pdAddr] = w.pdData
	}
	e.applyQueue(w.qDrop)
	e.applyQueue(w.qEnq)
	e.q = e.d
}

// apply performs one pointer-memory write.
func apply(mem []uint16, w memWrite) {
	if w.en {
		mem[w.addr] = w.data
	}
}

// applyQueue performs one per-queue table write.
func (e *Executor) applyQueue(w queueWrite) {
	if w.en {
		e.qHead[w.idx], e.qTail[w.idx], e.qPkts[w.idx], e.qLen[w.idx] = w.head, w.tail, w.pkts, w.qlen
	}
}

var (
	_ rtl.Clocked   = (*Executor)(nil)
	_ rtl.Traceable = (*Executor)(nil)
)
