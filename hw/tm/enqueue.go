package tm

import (
	"occamy/hw/mem"
	"occamy/rtl"
)

// Enqueue is the enqueue engine. Verilog: tm_enqueue. Admitted packets
// wait in its FIFO (fifo_q, B+PushoutWait+1 entries, so admission never
// finds it full); one packet at a time is allocated (alloc_q): one round
// per cycle pops up to k cells, one per free bank starting at the bank
// rot_q gives its sub-list 0, writes their data tags (u_cd_mem), and the
// round of its last cells writes and links its PD (u_pd).
type Enqueue struct {
	fifoQ  rtl.Ring[enqPkt] // fifo_q: admitted packets waiting
	allocQ allocState       // alloc_q: the packet being allocated
	rotQ   int              // rot_q: bank of the next packet's sub-list 0
}

// enqPkt is an admitted packet waiting for the enqueue engine.
type enqPkt struct {
	q      int32
	cells  uint16
	serial uint32
}

// allocState is the enqueue engine's packet in progress.
type allocState struct {
	active bool
	pkt    enqPkt
	rot    int // bank of sub-list 0
	done   int // cells popped
	heads  [mem.MaxK]int32
	tails  [mem.MaxK]int32
}

func (e *Enqueue) init(c *Config) { e.fifoQ = rtl.NewRing[enqPkt](c.B + c.PushoutWait + 1) }

// tag is the content the model writes in cell i of packet serial, checked
// when the cell is read.
func tag(serial uint32, i int) uint64 { return uint64(serial)<<16 | uint64(i) }

// eval runs one round of the enqueue engine (stage E): pop up to k cells,
// one per sub-list, each from its own free bank, write their data, and
// when the packet has all its cells write and link its PD.
//
// Ports, after the dequeue: one cell-pointer read per popped cell that is
// not its bank's last (the chase for the bank's next head), one cell-data
// write per cell, and at the end one PD write (two when the queue is not
// empty: the predecessor's link). A round is all or nothing: it waits if a
// bank it needs is empty or its head is not back yet, or ports are short.
//
// A packet's first round also waits until every bank it uses holds that
// sub-list's whole length: then each sub-list is a run of consecutive cells
// of one bank's chain, whose links are already written, even if the bank
// is refilled while the packet is being allocated. (Popping a bank's last
// cell and continuing after a refill would need a link write.)
func (e *Enqueue) eval(m *TM) {
	a := &e.allocQ
	if !a.active {
		if e.fifoQ.Len() == 0 {
			return
		}
		a.active = true
		a.pkt = *e.fifoQ.Front()
		a.done = 0
		a.rot = e.rotQ
		e.rotQ = (e.rotQ + 1) & (m.k - 1)
		e.fifoQ.Pop()
	}
	k, n := m.k, int(a.pkt.cells)
	cnt := min(k, n-a.done)
	reads := 0
	for j := 0; j < cnt; j++ {
		b := (j + a.rot) & (k - 1)
		if !m.fl.PopOkO[b] || a.done == 0 && int(m.fl.CntO[b]) < mem.SubListLen(n, k, j) {
			return
		}
		if m.fl.CntO[b] > 1 {
			reads++
		}
	}
	if reads > m.cp.ReadsLeft() || cnt > m.cd.WritesLeft() {
		return
	}
	last := a.done+cnt == n
	q := int(a.pkt.q)
	if last && 1+int(b2i(m.pdl.NonemptyO.Test(q))) > m.pd.WritesLeft() {
		return
	}
	for j := 0; j < cnt; j++ {
		b := (j + a.rot) & (k - 1)
		x := m.fl.HeadO[b]
		m.fl.PopI[b] = true
		if a.done == 0 {
			a.heads[j] = x
		}
		a.tails[j] = x
		m.cd.Write(int(x), tag(a.pkt.serial, a.done+j))
	}
	a.done += cnt
	m.unpopped -= cnt
	if !last {
		return
	}
	pd := a.heads[0] // the PD index is the packet's first cell
	v := nilPD
	v.Cells, v.Serial = a.pkt.cells, a.pkt.serial
	copy(v.Heads[:min(k, n)], a.heads[:])
	copy(v.Tails[:min(k, n)], a.tails[:])
	l := m.pdl
	l.LinkI, l.LinkQidI, l.LinkPdI, l.LinkCellsI = true, uint16(q), pd, uint32(v.Cells)
	l.EvalLink()
	m.pd.Write(int(pd), v)
	if l.LinkPredO {
		m.pd.WriteMerge(int(l.LinkTailO), mem.PD{Next: pd, NextLen: v.Cells}, mergeLink)
	}
	a.active = false
}

// nilPD is a PD with every sub-list head and tail Nil.
var nilPD = func() mem.PD {
	var v mem.PD
	for j := range v.Heads {
		v.Heads[j], v.Tails[j] = mem.Nil, mem.Nil
	}
	return v
}()

// mergeLink is the partial PD write of a link (u_pd_link's word): the
// tail's next PD and that PD's cells.
func mergeLink(dst *mem.PD, v mem.PD) { dst.Next, dst.NextLen = v.Next, v.NextLen }

func b2i(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
