package tm

import (
	"fmt"

	"occamy/rtl"
	"occamy/rtl/port"
)

// Egress is the per-port transmit side (stage H). Verilog: tm_egress
// (u_egress). A packet granted in stage C is booked on its port
// (issue_i, issue_port_i, issue_cells_i), registered: its cells become
// pending a cycle later (EgressBookLag), and port_rdy_o[p] (registered)
// says port p has fewer than TXWIN cells pending and was not booked in
// the cycle before. The cells of a dequeue round come back from the cell-data
// memory (ret_i, ret_port_i, ret_qid_i, ret_cnt_i, and ret_tag_i, the
// tags cd_mem read) into their port's buffer, a ring of {queue, tag};
// each port sends its oldest buffered cell at most once every R cycles
// (eg_valid_o, eg_qid_o, eg_tag_o), a cell returned in cycle t leaving in
// t at the earliest. r_i is configuration held constant from reset.
type Egress struct {
	RI          uint32   // r_i: cycles per cell per port; read at New
	IssueI      bool     // issue_i: a packet is scheduled on a port this cycle
	IssuePortI  uint16   // issue_port_i: its port
	IssueCellsI uint32   // issue_cells_i: its cells
	RetI        bool     // ret_i: a dequeue round's cells come back this cycle
	RetPortI    uint16   // ret_port_i: their port
	RetQidI     int32    // ret_qid_i: their queue
	RetCntI     int      // ret_cnt_i: how many
	RetTagI     []uint64 // ret_tag_i: cd_mem's read data, cell s's tag at [s]

	PortRdyO rtl.Bitmap // port_rdy_o: registered, fewer than TXWIN cells pending
	EgValidO uint32     // eg_valid_o: comb, bit p: port p sends a cell
	EgQidO   []int32    // eg_qid_o: comb, its queue (0 when not sending)
	EgTagO   []uint64   // eg_tag_o: comb, the tag cd_mem returned for it (0 when not sending)

	// Go only: the packet view of the counters. EgLastO bit p: the cell
	// port p sends is its packet's last; EgCellsO[p] is then the packet's
	// cells (from the issue).
	EgLastO  uint32
	EgCellsO []uint32

	ports  []egPort // port[:P]
	busy   uint32   // ports with cells in their buffer
	wait   uint32   // ports whose line is not free yet (now < next)
	free   []uint32 // a ring by cycle: the ports whose line frees then (R+1 entries or more)
	now    uint64   // the block's cycle count
	r      uint64   // R
	window int      // TXWIN
	err    error
	errs   *bool   // the top's flag: set when err is
	bad    egError // the first misuse commit saw, made an error by Err (commit then calls nothing)

	// The booking of the cycle before (tm_egress's isv_q, isc_q): its
	// cells count in pending at this cycle's edge, and its port is not
	// ready now (EgressBookLag; docs/tm.md, "The egress cut").
	isv      bool
	isp, isc int

	// The ports' registers and eg_qid_o, eg_tag_o, EgCellsO (their slices
	// are views of these): the hot loops index them by a port masked to
	// MaxP, so Go checks no bound. A copy of the sub-block needs views.
	port  [MaxP]egPort
	qid   [MaxP]int32
	tag   [MaxP]uint64
	cells [MaxP]uint32
}

// egPort is one egress port's registers.
type egPort struct {
	pending int      // pend_q: cells scheduled and not yet sent
	next    uint64   // first cycle of the next send (tmr_q)
	bh, bn  int      // the buffer's read pointer (rp_q) and fill (cnt_q)
	th, tn  int      // Go only: the booked packets' ring
	hl      uint16   // Go only: tx[th].left, kept here while tn > 0 (the ring's entry holds its cells)
	buf     []egCell // the buffer: returned cells, oldest first from bh (a power of two entries)
	tx      []txPkt  // Go only: the packets booked, counted down as their cells leave
}

// items returns the n entries of ring r from h, oldest first.
func items[T any](r []T, h, n int) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = r[(h+i)&(len(r)-1)]
	}
	return out
}

// egCell is a returned cell waiting at its port: {queue, tag}.
type egCell struct {
	q   int32
	tag uint64
}

// txPkt is a packet booked on a port (Go only: which cell is a packet's
// last, for the counters).
type txPkt struct {
	cells uint16
	left  uint16
}

// newEgress builds tm_egress for c: P ports, a buffer of
// 2^clog2(TXWIN+MaxPkt) cells per port (every pending cell fits).
func newEgress(c *Config) *Egress {
	e := &Egress{RI: uint32(c.R), r: uint64(c.R), window: c.TxWindow, RetTagI: make([]uint64, c.K)}
	e.ports = e.port[:c.P]
	e.views()
	fd, td := 1<<rtl.Clog2(c.TxWindow+c.MaxPkt), 1<<rtl.Clog2(c.TxWindow+1)
	e.free = make([]uint32, 1<<rtl.Clog2(c.R+1))
	for p := range e.ports {
		e.ports[p].buf, e.ports[p].tx = make([]egCell, fd), make([]txPkt, td)
		e.PortRdyO.Set(p)
	}
	return e
}

// views points the port slices (and ports) at e's own arrays, P long: at
// New, and after a copy of the sub-block (a Unit's reset).
func (e *Egress) views() {
	p := len(e.ports)
	e.ports, e.EgQidO, e.EgTagO, e.EgCellsO = e.port[:p], e.qid[:p], e.tag[:p], e.cells[:p]
}

// Eval chooses the ports that send a cell this cycle: a port with a cell
// buffered or returned now, whose line is free (R cycles after its last
// send). With no cell anywhere and none sent last cycle, its outputs
// already say nothing is sent.
func (e *Egress) Eval() {
	if e.EgValidO|e.busy != 0 || e.RetI {
		e.eval()
	}
}

// The ports and their lines are handled in one pass over bitmaps: the
// candidates are the busy ports and the one a return reaches, less the
// ports whose line is not free (wait, kept by Commit). Each sends its
// oldest cell (buffered, or returned now).
//
//go:noinline
func (e *Egress) eval() {
	for v := e.EgValidO; v != 0; v &= v - 1 { // last cycle's cells: eg_qid_o, eg_tag_o are 0 on a port that does not send
		p := trailingZeros(uint64(v)) & (MaxP - 1) // v is 32 bits: p < MaxP already
		e.qid[p], e.tag[p] = 0, 0
	}
	cand := e.busy
	if e.RetI && e.RetCntI > 0 {
		cand |= 1 << (e.RetPortI & 31) // a port < P <= MaxP = 32
	}
	var valid, last uint32
	for cand &^= e.wait; cand != 0; cand &= cand - 1 {
		p := trailingZeros(uint64(cand)) & (MaxP - 1)
		pt := &e.port[p]
		var h egCell
		if buf := pt.buf; pt.bn > 0 && len(buf) > 0 { // (always entries: Go then checks no bound)
			h = buf[uint(pt.bh)&uint(len(buf)-1)]
		} else {
			h = egCell{e.RetQidI, e.RetTagI[0]}
		}
		valid |= 1 << uint(p) // p < 32: a shift without Go's >= 32 case
		e.qid[p], e.tag[p] = h.q, h.tag
		if pt.tn > 0 && pt.hl == 1 {
			last |= 1 << uint(p)
			e.cells[p] = uint32(pt.tx[pt.th].cells)
		}
	}
	e.EgValidO, e.EgLastO = valid, last
}

// Commit is the rising edge: the issue's cells become pending, the
// returned cells enter their buffer, the cells sent leave it, and
// port_rdy_o follows the pending counts. A port that sends waits R cycles
// for its line: it joins wait now and leaves it through the free ring in
// cycle now+R.
func (e *Egress) Commit() {
	e.commit()
	e.now++
}

func (e *Egress) commit() {
	if e.IssueI {
		p := int(e.IssuePortI)
		pt := &e.port[p&(MaxP-1)] // p < P <= MaxP: no bound to check
		if pt.tn == len(pt.tx) {
			e.misuse(egTxFull, p)
		} else {
			pt.tx[(pt.th+pt.tn)&(len(pt.tx)-1)] = txPkt{cells: uint16(e.IssueCellsI), left: uint16(e.IssueCellsI)}
			if pt.tn == 0 {
				pt.hl = uint16(e.IssueCellsI)
			}
			pt.tn++
		}
	}
	if e.isv { // last cycle's booking counts now
		e.port[e.isp&(MaxP-1)].pending += e.isc
	}
	if e.RetI && e.RetCntI > 0 {
		p := int(e.RetPortI)
		pt := &e.port[p&(MaxP-1)] // p < P <= MaxP: no bound to check
		if pt.bn+e.RetCntI > len(pt.buf) {
			e.misuse(egBufOver, p)
		}
		buf, at, q := pt.buf, pt.bh+pt.bn, e.RetQidI
		if m := len(buf) - 1; m >= 0 { // (always: a power of two entries) Go then checks no bound below
			for s, t := range e.RetTagI[:e.RetCntI] {
				buf[uint(at+s)&uint(m)] = egCell{q, t}
			}
		}
		pt.bn += e.RetCntI
		e.busy |= 1 << (uint(p) & 31) // p < len(e.ports) <= MaxP = 32
	}
	// port_rdy_o is word 0 of PortRdyO (P <= MaxP = 32): a port that sends
	// is ready when its window has room, then the one booked the cycle
	// before likewise, then the one booked now is not (whichever of these
	// it also is).
	rdy := e.PortRdyO[0]
	for v := e.EgValidO; v != 0; v &= v - 1 {
		p := trailingZeros(uint64(v)) & (MaxP - 1)
		pt := &e.port[p]
		pt.bh = (pt.bh + 1) & (len(pt.buf) - 1)
		if pt.bn--; pt.bn == 0 {
			e.busy &^= 1 << uint(p)
		}
		pt.next = e.now + e.r
		if pt.pending--; pt.pending < e.window {
			rdy |= 1 << uint(p)
		}
		if pt.tn > 0 {
			if pt.hl--; pt.hl == 0 { // the next packet's count comes up
				pt.th = (pt.th + 1) & (len(pt.tx) - 1)
				if pt.tn--; pt.tn > 0 {
					pt.hl = pt.tx[pt.th].left
				}
			}
		}
	}
	if e.isv {
		p := e.isp & (MaxP - 1)
		rdy &^= 1 << uint(p)
		if e.port[p].pending < e.window {
			rdy |= 1 << uint(p)
		}
	}
	if e.isv = e.IssueI; e.isv { // (isp, isc are read only with isv)
		e.isp, e.isc = int(e.IssuePortI), int(e.IssueCellsI)
		rdy &^= 1 << (uint(e.isp) & (MaxP - 1))
	}
	e.PortRdyO[0] = rdy
	if v := e.EgValidO; v|e.wait != 0 {
		fr := e.free
		if m := len(fr) - 1; m >= 0 { // (always: a power of two entries) Go then checks no bound below
			if v != 0 {
				e.wait |= v
				fr[uint(e.now+e.r)&uint(m)] |= v
			}
			// the lines that free next cycle (the ring holds only waiting ports)
			i := uint(e.now+1) & uint(m)
			e.wait &^= fr[i]
			fr[i] = 0
		}
	}
}

// Err returns the first overflow seen (what the Verilog asserts).
func (e *Egress) Err() error {
	if b := e.bad; e.err == nil && b.kind != 0 {
		e.err = fmt.Errorf("tm_egress: cycle %d: port %d %s", b.cycle, b.port, egWhat[b.kind&3])
	}
	return e.err
}

// egError is the first misuse commit saw: its kind (egTxFull, egBufOver;
// 0: none), port and cycle.
type egError struct {
	kind  uint8
	port  int
	cycle uint64
}

const egTxFull, egBufOver = 1, 2

var egWhat = [4]string{egTxFull: "transmit ring full", egBufOver: "buffer overflow"}

// misuse keeps the first misuse (Err's error) and raises the top's flag,
// without a call (commit then calls nothing and needs no frame).
func (e *Egress) misuse(kind uint8, p int) {
	if e.err == nil && e.bad.kind == 0 {
		e.bad = egError{kind, p, e.now}
	}
	if e.errs != nil {
		*e.errs = true
	}
}

func egressPorts(v vw) SubBlock {
	return SubBlock{
		Module: "tm_egress", Instance: "u_egress",
		Params: []Param{{"N", v.N}, {"P", v.P}, {"K", v.K}, {"LW", v.LW}, {"SW", v.SW}, {"TXWIN", v.TXWIN}, {"MAXPKT", v.MAXPKT}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("r_i", 11), in("issue_i", 1), in("issue_port_i", v.PW), in("issue_cells_i", v.LW),
			in("ret_i", 1), in("ret_port_i", v.PW), in("ret_qid_i", v.IW), in("ret_cnt_i", v.WW), in("ret_tag_i", v.K*v.TW),
			out("port_rdy_o", v.P), out("eg_valid_o", v.P), out("eg_qid_o", v.P*v.IW), out("eg_tag_o", v.P*v.TW)),
	}
}

// dataRet is a dequeue round whose cell data reach the egress in cycle at
// (State.Eg.Ret: tm_dequeue's ret_* registers in flight).
type dataRet struct {
	at    uint64
	port  int32
	qid   int32
	cells int32
}

// transmitted counts the packets whose last cell u_egress sends this
// cycle (EgLastO): stage H's accounting.
func (m *TM) transmitted() {
	e := m.u.eg
	for v := e.EgLastO; v != 0; v &= v - 1 {
		p := trailingZeros(uint64(v))
		q := e.EgQidO[p]
		st := &m.obs.stats.Queues[q]
		st.Transmitted.Pkts++
		st.Transmitted.Cells += uint64(e.EgCellsO[p])
		m.event(EvTransmit, int(q), -1, uint32(e.EgTagO[p]>>16))
		m.acct.deqPkts[q]--
	}
}
