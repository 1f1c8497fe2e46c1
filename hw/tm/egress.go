package tm

import (
	"fmt"

	"occamy/rtl"
)

// retDepth is the depth of the data-return queue (> MaxLatency).
const retDepth = 32

// Egress is the per-port transmit side. Verilog: tm_egress. The dequeue
// books each granted packet on its port (tx_q, TxWindow+1 packets) and
// counts its cells pending; port_rdy_o[p] is set while port p has fewer
// than TxWindow cells pending (the scheduler's port_rdy_i). Cell data read
// by the dequeue come back CD.ReadLatency cycles later (ret_q) and become
// ready at their port; a port sends one ready cell every R cycles
// (eg_valid_o, eg_qid_o, eg_tag_o: Outputs.Eg*), and a packet is
// transmitted when its last cell leaves.
type Egress struct {
	ports    []port            // per port
	retQ     rtl.Ring[dataRet] // ret_q: data returns in flight
	txBusyQ  uint32            // ports with cells ready to send
	txAtQ    uint64            // first cycle a port in txBusyQ may send
	portRdyO rtl.Bitmap        // port_rdy_o: port has fewer than TxWindow cells pending
	r        uint64            // R
	window   int               // TxWindow
}

// port is one egress port.
type port struct {
	pending int    // cells scheduled and not yet sent
	ready   int    // cells whose data has arrived
	next    uint64 // first cycle of the next send
	txQ     rtl.Ring[txPkt]
}

// txPkt is a packet scheduled on a port, counted down as its cells leave.
type txPkt struct {
	q      int32
	cells  uint16
	left   uint16
	serial uint32
}

// dataRet is a cell-data read whose cells reach a port's transmit buffer.
type dataRet struct {
	at    uint64
	port  int32
	cells int32
}

func (e *Egress) init(c *Config) {
	e.ports = make([]port, c.P)
	for p := range e.ports {
		e.ports[p].txQ = rtl.NewRing[txPkt](c.TxWindow + 1)
		e.portRdyO.Set(p)
	}
	e.retQ = rtl.NewRing[dataRet](retDepth)
	e.r, e.window = uint64(c.R), c.TxWindow
}

// book puts the packet granted from queue q (its cells and serial) on its
// port's transmit queue (stage C).
func (e *Egress) book(m *TM, q int, cells uint16, serial uint32) {
	p := q / m.cfg.Q
	pt := &e.ports[p]
	if !pt.txQ.Push(txPkt{q: int32(q), cells: cells, left: cells, serial: serial}) {
		m.fail(fmt.Errorf("cycle %d: port %d transmit ring full", m.cycle, p))
		return
	}
	pt.pending += int(cells)
	if pt.pending >= e.window {
		e.portRdyO.Clear(p)
	}
}

// ret queues cells of port whose data are usable from cycle at (stage B).
func (e *Egress) ret(m *TM, at uint64, port, cells int) {
	if !e.retQ.Push(dataRet{at: at, port: int32(port), cells: int32(cells)}) {
		m.fail(fmt.Errorf("cycle %d: data-return ring full", m.cycle))
	}
}

// eval (stage H) delivers the cell data that are back to their ports and
// lets every port whose line is free send one cell; a port sends at most
// one cell every R cycles. A packet is transmitted when its last cell
// leaves.
func (e *Egress) eval(m *TM) {
	now := m.cycle
	for e.retQ.Len() > 0 && e.retQ.Front().at <= now {
		x := *e.retQ.Front()
		pt := &e.ports[x.port]
		pt.ready += int(x.cells)
		e.txBusyQ |= 1 << uint(x.port)
		e.txAtQ = min(e.txAtQ, max(now, pt.next))
		e.retQ.Pop()
	}
	if now < e.txAtQ {
		return
	}
	at := ^uint64(0) // first cycle a port still busy after this one may send
	for busy := e.txBusyQ; busy != 0; busy &= busy - 1 {
		p := trailingZeros(uint64(busy))
		pt := &e.ports[p]
		if now < pt.next {
			at = min(at, pt.next)
			continue
		}
		pt.ready--
		pt.next = now + e.r
		if pt.ready == 0 {
			e.txBusyQ &^= 1 << uint(p)
		} else {
			at = min(at, pt.next)
		}
		pt.pending--
		if pt.pending < e.window {
			e.portRdyO.Set(p)
		}
		h := pt.txQ.Front()
		m.out.EgValid |= 1 << uint(p)
		m.out.EgQid[p], m.out.EgTag[p] = h.q, tag(h.serial, int(h.cells-h.left))
		h.left--
		if h.left > 0 {
			continue
		}
		st := &m.stats.Queues[h.q]
		st.Transmitted.Pkts++
		st.Transmitted.Cells += uint64(h.cells)
		m.event(EvTransmit, int(h.q), -1, h.serial)
		m.deqPkts[h.q]--
		pt.txQ.Pop()
	}
	e.txAtQ = at
}
