package tm

import (
	"fmt"

	"occamy/rtl/port"

	"occamy/hw/mem"
	"occamy/rtl"
)

// HDExec is the head-drop executor (stages D, A, G). Verilog: tm_hd_exec
// (u_hd). It is pipelined in lanes, one per free-list bank (lanes.go):
//
//   - stage D (EvalTake, EvalIssue): take_o says the executor takes a
//     grant now: every lane has room for one more entry counting its
//     entries, this cycle's push (stage A's register) and one for this
//     cycle's unlink (on every lane), and the PD read port is free after
//     the dequeue (pd_free_i); with the policy's grant (gnt_valid_i,
//     gnt_idx_i, from u_choice) it issues the head-PD read (pd_rd_o,
//     pd_rd_qid_o);
//   - stage A1: when that read is back (unl_i, unl_body_i) each of the
//     packet's min(n, K) sub-lists is decoded for its bank's lane (a
//     sub-list lives in one bank) into stage A's register; A2, the next
//     cycle: the register's entries join their lanes, usable at once;
//   - stage G (EvalCells): lanes in bank order serve their oldest entry
//     with the cell-pointer ports the dequeue and the enqueue left
//     (rd_left_i less rd_deq_i, the write ports less f_wr_n_i; ne_f_i
//     says which banks are empty after stage F, so an append there
//     writes nothing): chain mode
//     appends the whole sub-list (ga_*, to u_fl); per cell the front's
//     cell is appended and, when the sub-list goes on, its link read
//     (cp_rd_*), the next cell being that read's data (cp_rd_data_i). A
//     lane goes when its write fits behind the writes the lanes before it
//     ask for and its read behind the reads they ask for, granted or not;
//     its read is on the last port less the reads asked before it (ports
//     counted from the top, issue 29 cpdown; docs/tm.md "The executor's
//     pipeline"). cp_rd_ask_o and cp_rd_addr_o are the ports the lanes
//     ask for and their cells, whether they go or not; ga_hold_o the
//     lanes holding a front (tm_free_list gives their writes ports).
//
// busy_o is registered: a lane holds work. chain_i is configuration held
// constant from reset. It never reads cell data.
//
// Go only: RdPendI (its head-drop read is still in flight after this
// cycle's unlink, PD.ReadLatency > 1: no grant is taken meanwhile),
// UnlQidI (the queue expelled, for messages), and what the model's probes
// observe: RoomO, PipeO, ServedPktsO, HeldO. With CP.ReadLatency above 1
// a lane waits for its link read's data.
type HDExec struct {
	ChainI    bool    // chain_i: free mode chain
	PdFreeI   bool    // pd_free_i: the PD read port is free after stage C
	TakeO     bool    // take_o: comb, the executor takes a grant now
	GntValidI bool    // gnt_valid_i: the policy's grant
	GntIdxI   uint16  // gnt_idx_i: its queue
	PdRdO     bool    // pd_rd_o: comb, issue the head-drop PD read
	PdRdQidO  uint16  // pd_rd_qid_o: of this queue
	UnlI      bool    // unl_i: the head-drop PD read returns: unlink
	UnlBodyI  mem.PD  // unl_body_i: the packet's PD
	CpRdDataI []int32 // cp_rd_data_i: u_cp_mem's read data, every port
	RdLeftI   int     // rd_left_i: reads left after the free list's pops
	RdDeqI    int     // rd_deq_i: the dequeue's reads (the lanes' fit in RdLeftI less these)
	FWrNI     int     // f_wr_n_i: stage F's writes (the lanes' fit in the write ports less these)
	NeFI      uint8   // ne_f_i: bit b, free-list bank b holds a cell after stage F (an append to it writes)
	CpRdEnO   uint64  // cp_rd_en_o: comb, its link reads (bit p: port p, from the last port down, a port asked for by a lane that does not go left idle)
	CpRdAskO  uint64  // cp_rd_ask_o: comb, the ports the lanes ask for, going or not
	CpRdAddrO []int32 // cp_rd_addr_o: their cells (what a port no lane asks for holds is not read)
	RdNO      int     // rd_n_o: comb, its reads (the bits of CpRdEnO)
	GaHoldO   uint8   // ga_hold_o: comb, lane b holds a front (it asks for a write into a bank not empty)
	GaO       uint8   // ga_o: comb, stage G appends, slot b = lane b
	GaHeadO   []int32 // ga_head_o: lane b's front chain while it holds one, going or not, else 0 (flg)
	GaTailO   []int32 // ga_tail_o: likewise (per cell: the head)
	GaNO      []int32 // ga_n_o: likewise (per cell: 1)
	FreedO    int     // freed_o: comb, cells freed
	BusyO     bool    // busy_o: registered, a lane holds work

	// Go only.
	RdPendI     bool   // the head-drop PD read is still in flight after this cycle's unlink
	UnlQidI     uint16 // the queue the unlinked packet was expelled from
	RoomO       bool   // take_o without pd_free_i: no read in flight, every lane with room
	PipeO       HDPipe // this cycle's pipeline activity (Probe.HDPipe)
	ServedPktsO int    // distinct packets whose cells the lanes freed this cycle
	HeldO       bool   // a lane holds work after this cycle

	k     int
	wp    int                         // u_cp_mem's write ports
	lat   uint64                      // u_cp_mem's read latency
	lanes [mem.MaxK]rtl.Ring[hdEntry] // per bank, sub-lists waiting, oldest first
	front [mem.MaxK]laneFront         // per lane, where its front's current cell is
	held  int                         // entries in all lanes
	now   uint64

	// Stage A's register (tm_hd_exec's sv_q, scur_q, stail_q, sleft_q):
	// the sub-lists of the packet unlinked last cycle, per lane; this
	// cycle's push.
	push    [mem.MaxK]hdEntry
	pushed  [mem.MaxK]bool
	anyPush bool // some lane has a push this cycle
	// This cycle, from EvalTake and EvalCells.
	next      [mem.MaxK]hdEntry // stage A1: this cycle's unlink, decoded per lane (push_d)
	nexted    [mem.MaxK]bool
	serve     [mem.MaxK]uint8 // 0 not served, 1 served, 2 served with a link read (port in front's next)
	rdPort    [mem.MaxK]int
	latch     [mem.MaxK]int32 // a blocked front's cell read back now
	latched   [mem.MaxK]bool
	servedSer [mem.MaxK]uint32
	out       bool // EvalCells served a lane
	anyLatch  bool // EvalCells latched a blocked front's cell
	gaSet     bool // EvalCells drove a lane's front on ga_head_o, ga_tail_o, ga_n_o
	active    bool // a lane or stage A's register holds work, or EvalCells' outputs are not idle
	err       error
	errs      *bool // the top's flag: set when err is
}

// laneFront is tm_hd_exec's curp_q/port_q for a lane: the front entry's
// current cell is the read data of port port in cycle due (Go: due is the
// issue cycle plus the read latency).
type laneFront struct {
	pend bool
	port int
	due  uint64
}

// newHDExec builds tm_hd_exec for c: K lanes of HDLaneDepth entries.
func newHDExec(c *Config) *HDExec {
	k := c.K
	h := &HDExec{k: k, wp: c.CP.WritePorts, lat: uint64(c.CP.ReadLatency), ChainI: c.FreeMode == FreeChain,
		CpRdAddrO: make([]int32, c.CP.ReadPorts),
		GaHeadO:   make([]int32, k), GaTailO: make([]int32, k), GaNO: make([]int32, k)}
	for b := 0; b < k; b++ {
		h.lanes[b] = rtl.NewRing[hdEntry](HDLaneDepth)
	}
	return h
}

// bank is the bank (and lane) of cell x.
func (h *HDExec) bank(x int32) int { return int(x) & (h.k - 1) }

// EvalTake is stage D's first half: this cycle's unlink push and take_o.
func (h *HDExec) EvalTake() {
	if h.UnlI || h.active {
		h.evalTake()
		return
	}
	h.RoomO = !h.RdPendI // busy_o is false: held 0, nothing pushed (commit keeps it)
	h.TakeO = h.RoomO && h.PdFreeI
}

func (h *HDExec) evalTake() {
	h.nexted = [mem.MaxK]bool{}
	if h.UnlI { // stage A1
		v := &h.UnlBodyI
		n := int(v.Cells)
		for s := 0; s < min(n, h.k); s++ {
			b := h.bank(v.Heads[s])
			h.nexted[b] = true
			h.next[b] = hdEntry{q: int(h.UnlQidI), ser: v.Serial, cur: v.Heads[s], tail: v.Tails[s], left: mem.SubListLen(n, h.k, s)}
		}
	}
	// A read issued now pushes two cycles on, behind this cycle's push and
	// the unlink's (counted on every lane: its banks are not decoded for
	// the room).
	room, unl := true, int(b2i(h.UnlI))
	if h.held+int(b2i(h.anyPush))+unl >= HDLaneDepth { // some lane may be full
		for b := 0; b < h.k; b++ {
			if h.lanes[b].Len()+int(b2i(h.pushed[b]))+unl >= HDLaneDepth {
				room = false
			}
		}
	}
	h.RoomO = room && !h.RdPendI
	h.TakeO = h.RoomO && h.PdFreeI
}

// EvalIssue is stage D's second half: the PD read of the grant taken.
func (h *HDExec) EvalIssue() {
	h.PdRdO, h.PdRdQidO = h.GntValidI && h.TakeO, h.GntIdxI
}

// EvalCells is stage G: each lane serves its front with the ports left.
func (h *HDExec) EvalCells() {
	if h.UnlI || h.active {
		h.evalCells()
		return
	}
	h.PipeO.Room, h.PipeO.Issued, h.HeldO = h.RoomO, h.PdRdO, false
}

func (h *HDExec) evalCells() {
	if h.out || h.anyLatch {
		h.CpRdEnO, h.GaO = 0, 0
		h.serve, h.latched = [mem.MaxK]uint8{}, [mem.MaxK]bool{}
		h.out, h.anyLatch = false, false
	}
	if h.gaSet {
		clear(h.GaHeadO)
		clear(h.GaTailO)
		clear(h.GaNO)
		h.gaSet = false
	}
	h.FreedO, h.RdNO, h.ServedPktsO = 0, 0, 0
	h.CpRdAskO, h.GaHoldO = 0, 0
	p := HDPipe{Room: h.RoomO, Issued: h.PdRdO}
	h.HeldO = h.held > 0 || h.UnlI
	if h.held == 0 && !h.anyPush {
		h.PipeO = p
		h.active = h.out || h.anyLatch || h.UnlI
		return
	}
	// Lane b goes when its write fits behind the writes the lanes before
	// it ask for and its read behind their reads, granted or not; its read
	// is on the last port less the reads asked before it.
	wreq, rreq, nrd := 0, 0, 0
	rtop, rfree, wfree := len(h.CpRdAddrO)-1, h.RdLeftI-h.RdDeqI, h.wp-h.FWrNI
	for b := 0; b < h.k; b++ {
		l := &h.lanes[b]
		var e hdEntry
		switch {
		case l.Len() > 0:
			e = *l.Front()
		case h.pushed[b]:
			e = h.push[b]
		default:
			continue
		}
		p.Pending++
		f := &h.front[b]
		if l.Len() > 0 && f.pend {
			if f.due > h.now {
				continue // its link read is not back yet (Go: CP.ReadLatency > 1)
			}
			e.cur = h.CpRdDataI[f.port]
		}
		p.Ready++
		// ga_*: the front's chain whether the lane goes or not (issue 29,
		// flg: tm_free_list adds ga_n_o beside the decision, ga_o selects).
		h.GaHeadO[b], h.GaTailO[b], h.GaNO[b], h.gaSet = e.cur, e.cur, 1, true
		h.GaHoldO |= 1 << uint(b)
		if h.ChainI {
			h.GaTailO[b], h.GaNO[b] = e.tail, int32(e.left)
		}
		need := h.NeFI>>uint(b)&1 != 0
		rdn := !h.ChainI && e.left > 1
		rp := rtop - rreq
		wreq += int(b2i(need))
		rreq += int(b2i(rdn))
		if rdn && rp >= 0 { // the port it asks for, going or not
			h.CpRdAskO |= 1 << uint(rp)
			h.CpRdAddrO[rp] = e.cur
		}
		if need && wreq > wfree || rdn && rreq > rfree {
			p.Blocked++
			if l.Len() > 0 && f.pend {
				h.latch[b], h.latched[b], h.anyLatch = e.cur, true, true
			}
			continue
		}
		h.out = true
		h.GaO |= 1 << uint(b)
		if h.ChainI {
			h.FreedO += e.left
		} else {
			h.FreedO++
		}
		h.serve[b] = 1
		if rdn {
			h.CpRdEnO |= 1 << uint(rp)
			h.serve[b], h.rdPort[b] = 2, rp
			nrd++
		}
		h.served(e.ser)
		p.Served++
	}
	h.RdNO = nrd
	after := h.held
	for b := 0; b < h.k; b++ {
		if h.pushed[b] {
			after++
		}
		if h.serve[b] == 1 {
			after--
		}
	}
	h.HeldO = after > 0 || h.UnlI
	p.Freed = h.FreedO
	h.PipeO = p
	h.active = h.held > 0 || h.out || h.anyLatch || h.anyPush || h.UnlI
}

// served notes that a lane freed cells of packet ser this cycle.
func (h *HDExec) served(ser uint32) {
	for i := 0; i < h.ServedPktsO; i++ {
		if h.servedSer[i] == ser {
			return
		}
	}
	h.servedSer[h.ServedPktsO] = ser
	h.ServedPktsO++
}

// Commit is the rising edge: stage A's register's entries join their
// lanes and the unlink's take their place, the fronts served advance or
// leave, a blocked front keeps the cell read back for it.
func (h *HDExec) Commit() {
	// active (set at the last edge or by evalCells) covers anyPush, out
	// and anyLatch; with only held > 0 besides, commit changes nothing.
	if h.UnlI || h.active {
		h.commit()
	}
	h.now++
}

func (h *HDExec) commit() {
	for b := 0; b < h.k; b++ {
		l := &h.lanes[b]
		if h.pushed[b] {
			if !l.Push(h.push[b]) {
				h.fail(fmt.Errorf("cycle %d: head drop of queue %d: lane %d full (%d entries) at the unlink", h.now, h.push[b].q, b, HDLaneDepth))
			} else {
				h.held++
			}
		}
		f := &h.front[b]
		if h.latched[b] {
			l.Front().cur, f.pend = h.latch[b], false
		}
		switch h.serve[b] {
		case 1: // the front's last cell, or its whole sub-list
			l.Pop()
			h.held--
			f.pend = false
		case 2: // a cell, and the next one's link read
			l.Front().left--
			f.pend, f.port, f.due = true, h.rdPort[b], h.now+h.lat
		}
	}
	h.pushed, h.anyPush = [mem.MaxK]bool{}, h.UnlI
	if h.UnlI {
		h.push, h.pushed = h.next, h.nexted
	}
	h.serve, h.latched, h.anyLatch = [mem.MaxK]uint8{}, [mem.MaxK]bool{}, false
	h.active = h.held > 0 || h.out || h.anyPush
	h.BusyO = h.held > 0 || h.anyPush // registered: from the registers just taken
}

// Err returns the first overflow seen (what the Verilog asserts).
func (h *HDExec) Err() error { return h.err }

func (h *HDExec) fail(err error) {
	if h.err == nil {
		h.err = err
		if h.errs != nil {
			*h.errs = true
		}
	}
}

func hdExecPorts(v vw) SubBlock {
	return SubBlock{
		Module: "tm_hd_exec", Instance: "u_hd",
		Params: []Param{{"N", v.N}, {"B", v.B}, {"K", v.K}, {"LW", v.LW}, {"SW", v.SW}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("chain_i", 1), in("pd_free_i", 1), out("take_o", 1),
			in("gnt_valid_i", 1), in("gnt_idx_i", v.IW), out("pd_rd_o", 1), out("pd_rd_qid_o", v.IW),
			in("unl_i", 1), in("unl_body_i", v.BW),
			in("cp_rd_data_i", 2*v.K*v.CW), in("rd_left_i", v.RW), in("rd_deq_i", v.RW), in("f_wr_n_i", v.WW),
			in("ne_f_i", v.K),
			out("cp_rd_en_o", 2*v.K), out("cp_rd_ask_o", 2*v.K), out("cp_rd_addr_o", 2*v.K*v.CW), out("rd_n_o", v.RW),
			out("ga_o", v.K), out("ga_hold_o", v.K), out("ga_head_o", v.K*v.CW), out("ga_tail_o", v.K*v.CW), out("ga_n_o", v.K*v.BNW),
			out("freed_o", v.LW+v.WW), out("busy_o", 1)),
	}
}
