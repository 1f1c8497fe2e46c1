package tm

import (
	"fmt"

	"occamy/rtl/port"

	"occamy/hw/mem"
	"occamy/rtl"
)

// Enqueue is the ingress FIFO and the enqueue engine (stage E). Verilog:
// tm_enqueue (u_enq). This cycle's admissions (adm_*, packed from entry 0)
// join the FIFO; the next-packet register (nx_q) loads the oldest packet
// waiting (this cycle's first admission when the FIFO is empty) when it is
// empty or taken; when idle, the engine takes the register's packet
// (EnqTakeLag: a cycle after its admission at the earliest) and the bank
// rotation (sub-list 0's bank; the rotation advances on every take). A
// round pops one cell per sub-list j < min(K, cells left), from bank
// (j + rot) mod K (pop_o, to u_fl; the cell is that bank's head_i), and
// writes its data tag {serial, cell index} (cd_wr_*, port j for sub-list
// j). A round is decided in one cycle and done in the next (EnqGoLag:
// stage X, from registers). A round is all or nothing: it is not decided
// while a bank it needs is empty or, in the packet's first round, holds
// fewer cells than that sub-list's whole length, counts taken at the
// start of the cycle less the pops of the round in stage X then, so that
// each sub-list is a run of one bank's chain and no pointer is written. The round that pops the last cell links the PD
// (link_*: the PD index is the packet's first cell, the body {serial,
// cells, K heads, K tails}). busy_o is registered: a packet is being
// allocated.
//
// Go only: PopOkI (a bank whose popped head is not back yet, CP.ReadLatency
// above 1, cannot pop) and CpRdLeftI (u_cp_mem's reads left after the
// dequeue: the pops' link reads must fit, which occamy_tm's 2K budget
// always does; a smaller Config.CP.ReadPorts can hold a round back).
type Enqueue struct {
	AdmNI      int      // adm_n_i: packets admitted this cycle
	AdmQidI    []uint32 // adm_qid_i: their queues (u_adm's adm_qid_o)
	AdmCellsI  []uint32 // adm_cells_i: their cells
	AdmSerialI []uint32 // adm_serial_i: their serials
	CntI       []int32  // cnt_i: free cells per bank (u_fl's cnt_o)
	HeadI      []int32  // head_i: each bank's head (u_fl's head_o)

	PopO       uint8    // pop_o: registered (stage X, EnqGoLag), banks popped this round (bit b)
	CdWrEnO    uint8    // cd_wr_en_o: registered, tag writes, port j for sub-list j
	CdWrAddrO  []int32  // cd_wr_addr_o
	CdWrDataO  []uint64 // cd_wr_data_o: the tags
	LinkO      bool     // link_o: registered, the last round: link the PD
	LinkQidO   uint16   // link_qid_o
	LinkPdO    int32    // link_pd_o: the PD index, the packet's first cell
	LinkCellsO uint32   // link_cells_o
	LinkBodyO  mem.PD   // link_body_o: {serial, cells, heads, tails}; Next and NextLen are Nil and 0
	CdWrNO     int      // cd_wr_n_o: registered, cell-data writes
	BusyO      bool     // busy_o: registered, a packet is being allocated or its round is in stage X

	// Go only.
	PopOkI    uint8 // bit b: bank b can pop now (u_fl's PopOkO)
	CpRdLeftI int   // u_cp_mem reads left for the pops' link reads

	k      int
	fifoQ  rtl.Ring[enqPkt] // the ingress FIFO
	nxtQ   enqPkt           // nx_q: the next packet (EnqTakeLag), valid with nxtV
	nxtV   bool             // nv_q
	allocQ allocState       // the packet being allocated: its rounds decided
	builtQ allocState       // its rounds done (heads_q, tails_q)
	xQ     xRound           // the round decided last cycle, done now (EnqGoLag)
	dx     xRound           // this cycle: the round decided, with goD
	goD    bool             // this cycle: a round decided
	rotQ   int              // rot_q: bank of the next packet's sub-list 0

	take, run, out bool   // this cycle: a packet taken, a round run, outputs not idle
	ld             bool   // this cycle: the FIFO's oldest (or admission 0) loads nx_q
	active         bool   // a packet waits or is allocated, or the outputs are not idle
	tpkt           enqPkt // the packet taken
	err            error
	errs           *bool // the top's flag: set when err is

	// cd_wr_addr_o, cd_wr_data_o (their slices are views of these):
	// indexed by a sub-list masked to MaxK, no bound to check. A copy of
	// the sub-block needs views.
	cdWrAddr [mem.MaxK]int32
	cdWrData [mem.MaxK]uint64
}

// enqPkt is an admitted packet waiting for the enqueue engine.
type enqPkt struct {
	q      int32
	cells  uint16
	serial uint32
}

// allocState is the enqueue engine's packet in progress: its rounds
// decided (allocQ: done counts their cells) or done (builtQ: done counts
// the cells popped, heads and tails their sub-lists so far; active until
// its last round is done).
type allocState struct {
	active bool
	pkt    enqPkt
	rot    int // bank of sub-list 0
	done   int // cells in the rounds decided (allocQ) or done (builtQ)
	heads  [mem.MaxK]int32
	tails  [mem.MaxK]int32
}

// xRound is the round in stage X (xv_q, xpop_q, ...): decided in the
// cycle before (EnqGoLag), done now.
type xRound struct {
	run  bool  // xv_q
	pop  uint8 // xpop_q: its banks
	cnt  int   // xcnt_q: its cells
	rot  int   // xrot_q: the packet's bank of sub-list 0
	done int   // xdone_q: the packet's cells in earlier rounds
	last bool  // xlast_q: it links the PD
	pkt  enqPkt
}

// newEnqueue builds tm_enqueue for c: a FIFO of B+PushoutWait+1 packets
// (every admitted packet holds a cell or a waiting one, so it never
// overflows).
func newEnqueue(c *Config) *Enqueue {
	e := &Enqueue{k: c.K, fifoQ: rtl.NewRing[enqPkt](c.B + c.PushoutWait + 1)}
	e.views()
	return e
}

// views points the port slices at e's own arrays: at New, and after a
// copy of the sub-block (a Unit's reset).
func (e *Enqueue) views() { e.CdWrAddrO, e.CdWrDataO = e.cdWrAddr[:e.k], e.cdWrData[:e.k] }

// tag is the content the model writes in cell i of packet serial, checked
// when the cell is read.
func tag(serial uint32, i int) uint64 { return uint64(serial)<<16 | uint64(i) }

// nilPD is a PD with every sub-list head and tail Nil.
var nilPD = func() mem.PD {
	var v mem.PD
	v.Next = mem.Nil
	for j := range v.Heads {
		v.Heads[j], v.Tails[j] = mem.Nil, mem.Nil
	}
	return v
}()

// Eval is stage E: the take, the round and the link (nothing when no
// packet waits or is being allocated).
func (e *Enqueue) Eval() {
	if e.AdmNI > 0 || e.active {
		e.eval()
	}
}

func (e *Enqueue) eval() {
	if e.out {
		e.PopO, e.CdWrEnO = 0, 0
		e.LinkO, e.CdWrNO, e.out = false, 0, false
	}
	// Stage X: the round decided last cycle (EnqGoLag) pops, writes its
	// tags and links, from registers; its cells are the banks' heads now.
	x := &e.xQ
	e.run = false
	if x.run {
		e.execute(x)
	}
	a := &e.allocQ
	e.BusyO, e.goD = a.active || x.run, false
	// The engine takes from the next-packet register only (EnqTakeLag);
	// it loads the FIFO's oldest (this cycle's first admission when the
	// FIFO is empty) when empty or taken.
	e.take = !a.active && e.nxtV
	e.ld = (e.fifoQ.Len() > 0 || e.AdmNI > 0) && (!e.nxtV || e.take)
	e.active = a.active || e.nxtV || e.fifoQ.Len() > 0 || x.run
	if e.take {
		e.tpkt = e.nxtQ
	}
	// Go only: a round held in stage X holds the decision too.
	if !a.active && !e.take || x.run && !e.run {
		return
	}
	// The packet of the round: the one being allocated, or the one taken now.
	pkt, rot, done := a.pkt, a.rot, a.done
	if e.take {
		rot, done, pkt = e.rotQ, 0, e.nxtQ
	}
	k, n := e.k, int(pkt.cells)
	cnt := min(k, n-done)
	// pop: the round's banks, rot..rot+cnt-1 mod k (shifts masked to 15,
	// as 1 <= cnt, k-rot <= k <= MaxK: no >= 64 case).
	run := uint(1)<<(uint(cnt)&15) - 1
	pop := uint8((run<<(uint(rot)&15) | run>>(uint(k-rot)&15)) & (1<<(uint(k)&15) - 1))
	// The decision reads the counts at the start of the cycle less the
	// pops of the round in stage X now (conservative: this cycle's frees
	// are not counted; EnqGoLag).
	var xpop uint8
	if e.run {
		xpop = x.pop
	}
	for j := 0; j < cnt; j++ {
		b := (j + rot) & (k - 1)
		c := e.CntI[b] - int32(xpop>>uint(b)&1)
		// (A sub-list holds at most n cells: a bank with n or more needs no
		// division.)
		if c <= 0 || done == 0 && int(c) < n && int(c) < mem.SubListLen(n, k, j) {
			return
		}
	}
	e.goD = true
	e.dx = xRound{run: true, pop: pop, cnt: cnt, rot: rot, done: done, last: done+cnt >= n, pkt: pkt}
}

// execute is stage X for the round in x: nothing when a bank it pops
// cannot pop now or its link reads do not fit (Go only: never at
// occamy_tm's read latency 1 and 2K read ports).
func (e *Enqueue) execute(x *xRound) {
	if e.PopOkI&x.pop != x.pop {
		return
	}
	k, reads := e.k, 0
	for m := x.pop; m != 0; m &= m - 1 {
		if e.CntI[trailingZeros(uint64(m))&(mem.MaxK-1)] > 1 {
			reads++
		}
	}
	if reads > e.CpRdLeftI {
		return
	}
	// The outputs were idle (e.out false): pop_o and cd_wr_en_o are 0.
	e.run, e.out = true, true
	e.PopO, e.CdWrEnO, e.CdWrNO = x.pop, uint8(1)<<uint(x.cnt)-1, x.cnt
	for j := 0; j < x.cnt; j++ {
		i := j & (mem.MaxK - 1) // j < k <= MaxK
		e.cdWrAddr[i], e.cdWrData[i] = e.HeadI[(j+x.rot)&(k-1)], tag(x.pkt.serial, x.done+j)
	}
	if !x.last {
		return
	}
	// The last round: link the PD {serial, cells, heads, tails}; the heads
	// are round 0's pops (this one's for a one-round packet), the tails
	// this round's for the sub-lists it pops, earlier ones' for the others.
	n, b := int(x.pkt.cells), &e.builtQ
	v := &e.LinkBodyO
	*v = nilPD
	v.Cells, v.Serial = x.pkt.cells, x.pkt.serial
	for j := 0; j < min(k, n); j++ {
		i := j & (mem.MaxK - 1)
		v.Heads[i], v.Tails[i] = b.heads[i], b.tails[i]
		if x.done == 0 {
			v.Heads[i] = e.cdWrAddr[i]
		}
		if j < x.cnt {
			v.Tails[i] = e.cdWrAddr[i]
		}
	}
	e.LinkO, e.LinkQidO, e.LinkPdO, e.LinkCellsO = true, uint16(x.pkt.q), v.Heads[0], uint32(n)
}

// Commit is the rising edge: the admissions join the FIFO, a packet taken
// leaves it, the round in stage X is done, the engine's registers take
// the round decided.
func (e *Enqueue) Commit() {
	if e.AdmNI > 0 || e.take || e.run || e.ld || e.goD {
		e.commit()
	}
}

func (e *Enqueue) commit() {
	for i := 0; i < e.AdmNI; i++ {
		if !e.fifoQ.Push(enqPkt{q: int32(e.AdmQidI[i]), cells: uint16(e.AdmCellsI[i]), serial: e.AdmSerialI[i]}) {
			e.fail(fmt.Errorf("tm_enqueue: ingress FIFO overflow (%d entries)", e.fifoQ.Cap()))
		}
	}
	a := &e.allocQ
	if e.take {
		a.active, a.pkt, a.rot, a.done = true, e.tpkt, e.rotQ, 0
		e.rotQ = (e.rotQ + 1) & (e.k - 1)
		e.nxtV, e.take = false, false
	}
	if e.ld {
		e.nxtQ, e.nxtV, e.ld = *e.fifoQ.Front(), true, false
		e.fifoQ.Pop()
	}
	if e.run { // stage X's round is done: its cells are the packet's
		x, b := &e.xQ, &e.builtQ
		if x.done == 0 {
			b.pkt, b.done = x.pkt, 0
		}
		for j := 0; j < e.CdWrNO; j++ {
			i := j & (mem.MaxK - 1) // j < k <= MaxK
			if x.done == 0 {
				b.heads[i] = e.cdWrAddr[i]
			}
			b.tails[i] = e.cdWrAddr[i]
		}
		b.done += e.CdWrNO
		b.active = !e.LinkO
		x.run, e.run = false, false
	}
	if e.goD {
		e.xQ, e.goD = e.dx, false
		a.done += e.dx.cnt
		a.active = !e.dx.last
	}
	e.active = e.out || a.active || e.nxtV || e.fifoQ.Len() > 0 || e.xQ.run
}

// Err returns the first overflow seen (what the Verilog asserts).
func (e *Enqueue) Err() error { return e.err }

func (e *Enqueue) fail(err error) {
	if e.err == nil {
		e.err = err
		if e.errs != nil {
			*e.errs = true
		}
	}
}

func enqueuePorts(v vw, wait int) SubBlock {
	return SubBlock{
		Module: "tm_enqueue", Instance: "u_enq",
		Params: []Param{{"N", v.N}, {"B", v.B}, {"K", v.K}, {"LW", v.LW}, {"IN", v.IN}, {"SW", v.SW}, {"WAIT", wait}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("adm_n_i", v.NW), in("adm_qid_i", v.IN*v.IW), in("adm_cells_i", v.IN*v.LW), in("adm_serial_i", v.IN*v.SW),
			in("cnt_i", v.K*v.BNW), in("head_i", v.K*v.CW), out("pop_o", v.K),
			out("cd_wr_en_o", v.K), out("cd_wr_addr_o", v.K*v.CW), out("cd_wr_data_o", v.K*v.TW),
			out("link_o", 1), out("link_qid_o", v.IW), out("link_pd_o", v.CW), out("link_cells_o", v.LW),
			out("link_body_o", v.BW), out("cd_wr_n_o", v.WW), out("busy_o", 1)),
	}
}

// mergeLink is the partial PD write of a link (u_pd_link's word): the
// tail's next PD and that PD's cells.
func mergeLink(dst *mem.PD, v mem.PD) { dst.Next, dst.NextLen = v.Next, v.NextLen }
