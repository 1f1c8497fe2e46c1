package tm

import (
	"fmt"

	"occamy/rtl/port"

	"occamy/hw/mem"
	"occamy/rtl"
)

// deqJobDepth is the dequeue's depth in unlinked packets waiting for their
// cell rounds (tm_dequeue's JD).
const deqJobDepth = 4

// Dequeue is the dequeue pipeline after the PD read (stages A, B, F).
// Verilog: tm_dequeue (u_deq). When the head-PD read issued for the
// scheduler's grant is back (unl_i, with the packet's queue, port and PD
// body), the packet joins the job FIFO (JD = 4 packets). The oldest job
// runs one round per cycle, from its unlink cycle on: cells done ..
// done+cnt−1, cnt = min(K, n−done), cell done+s from sub-list s
// (mem.SubListRound); round 0 takes the PD's heads, round r the links
// round r−1 read (cp_rd_data_i, port s for sub-list s). A round reads
// each cell's data (cd_rd_*) and, when its sub-list goes on, its link
// (cp_rd_*, ports 0..rd_n_o−1). Stage F frees: per cell, the round's
// cells; chain, the K sub-lists of the packet with its last round (fa_*,
// to u_fl; freed_o cells), registered: the outputs hold the frees of the
// round of DeqFreeLag cycles before (tm_dequeue's fa_q..fd_q). room_o: fewer than JD jobs after this
// cycle, so a PD read may be issued (stage C); busy_o: jobs held after
// this cycle. ret_* is registered: the round whose cell data are on
// u_cd_mem's read ports now. chain_i is configuration held constant from
// reset.
//
// Go only: with CP.ReadLatency above 1 a packet's next round waits for
// its links, and with CD.ReadLatency above 1 ret_* shows the round of
// that many cycles ago. RndSerialO, RndIdxO and RndQidO name the round's
// packet and first cell, for the top's check of the tags read.
type Dequeue struct {
	ChainI    bool    // chain_i: free mode chain
	UnlI      bool    // unl_i: the dequeue's head-PD read returns: a packet joins
	PendI     bool    // pend_i: a head-PD read is issued now (it joins next cycle): room_o counts it
	UnlQidI   uint16  // unl_qid_i: its queue
	UnlPortI  uint16  // unl_port_i: its port
	UnlBodyI  mem.PD  // unl_body_i: its PD {serial, cells, heads, tails}
	CpRdDataI []int32 // cp_rd_data_i: u_cp_mem's read data, ports 0..K-1
	CpRdEnO   uint8   // cp_rd_en_o: comb, link reads, slot s on port s (bit s)
	CpRdAddrO []int32 // cp_rd_addr_o
	CdRdEnO   uint8   // cd_rd_en_o: comb, data reads
	CdRdAddrO []int32 // cd_rd_addr_o
	RdNO      int     // rd_n_o: comb, link reads
	CdNO      int     // cd_n_o: comb, data reads
	FaO       uint8   // fa_o: registered, stage F appends (the round of the cycle before)
	FaHeadO   []int32 // fa_head_o
	FaTailO   []int32 // fa_tail_o
	FaNO      []int32 // fa_n_o
	FreedO    int     // freed_o: registered, cells freed
	RoomO     bool    // room_o: comb, fewer than JD jobs after this cycle and the pending one
	RetValidO bool    // ret_valid_o: registered, a round's data are back now
	RetPortO  uint16  // ret_port_o
	RetQidO   int32   // ret_qid_o
	RetCntO   int     // ret_cnt_o
	BusyO     bool    // busy_o: comb, jobs held after this cycle

	// Go only.
	RndSerialO uint32 // the round's packet serial
	RndIdxO    int    // the index of its first cell
	RndQidO    int    // its queue

	k      int
	jobsQ  rtl.Ring[cellJob]      // job_q: unlinked packets, the front in its rounds
	done   int                    // done_q: the front's cells handled
	ready  uint64                 // Go: the first cycle the front's next round may run
	ret    [mem.MaxLatency]retReg // the ret_* registers, one per cycle of CD.ReadLatency (the first retLen)
	retLen int
	now    uint64
	cpLat  uint64
	run    bool   // this cycle: a round runs
	fin    bool   // it is the front's last
	cnt    int    // its cells
	rnd    retReg // the ret_* registers' next value
	retAt  int    // the ret_* registers of this cycle in ret
	retN   int    // ret's valid entries
	evald  bool   // eval ran this cycle
	active bool   // a job, a data return in flight, or outputs not idle
	out    bool   // outputs not idle
	fout   bool   // the free registers (fa_q.., FaO and FreedO) hold frees
	faD    uint8  // fa_d: the round's frees, the free registers' next value
	freedD int    // fd_d
	err    error
	errs   *bool // the top's flag: set when err is

	// cp_rd_addr_o, cd_rd_addr_o and fa_* (their slices are views of
	// these): round indexes them by a slot masked to MaxK, so Go checks
	// no bound. A copy of the sub-block needs views.
	cpRdAddr, cdRdAddr  [mem.MaxK]int32
	faHead, faTail, faN [mem.MaxK]int32
	// fh_d, ft_d, fn_d: the next values of faHead, faTail, faN.
	faHeadD, faTailD, faND [mem.MaxK]int32
}

// The ret_* registers are indexed by retAt masked to MaxLatency: a power of
// two (this constant does not compile otherwise).
const _ = -uint(mem.MaxLatency & (mem.MaxLatency - 1))

// cellJob is an unlinked packet waiting for, or in, its cell rounds.
type cellJob struct {
	q, port int
	v       mem.PD
}

// retReg is the ret_* registers of one round.
type retReg struct {
	valid bool
	port  uint16
	qid   int32
	cnt   int
}

// newDequeue builds tm_dequeue for c.
func newDequeue(c *Config) *Dequeue {
	k := c.K
	d := &Dequeue{k: k, ChainI: c.FreeMode == FreeChain, jobsQ: rtl.NewRing[cellJob](deqJobDepth),
		retLen: c.CD.ReadLatency, cpLat: uint64(c.CP.ReadLatency), RoomO: true}
	d.views()
	return d
}

// views points the port slices at d's own arrays: at New, and after a
// copy of the sub-block (a Unit's reset).
func (d *Dequeue) views() {
	k := d.k
	d.CpRdAddrO, d.CdRdAddrO = d.cpRdAddr[:k], d.cdRdAddr[:k]
	d.FaHeadO, d.FaTailO, d.FaNO = d.faHead[:k], d.faTail[:k], d.faN[:k]
}

// roundSize returns, for a packet of n cells with done handled, the cells
// of the next round (one per sub-list) and how many of them need their
// cell pointer read (those with a successor in their sub-list). It is
// mem.SubListRound, shared with the port-level model of cp_sublists so that
// the Verilog chase and the TM's dequeue follow one formula.
func roundSize(n, done, k int) (cnt, reads int) { return mem.SubListRound(n, done, k) }

// Eval computes the cycle: the unlink's push, the front's round, its
// frees, and room_o/busy_o after them. With no job, no unlink and no data
// return in flight every output is idle as it was.
func (d *Dequeue) Eval() {
	if d.UnlI || d.active {
		d.eval()
	}
}

func (d *Dequeue) eval() {
	d.evald = true
	if d.out {
		d.CpRdEnO, d.CdRdEnO, d.faD = 0, 0, 0
		d.RdNO, d.CdNO, d.freedD, d.out = 0, 0, 0, false
	}
	r := &d.ret[d.retAt&(mem.MaxLatency-1)] // retAt < retLen <= MaxLatency, a power of two: no bound to check
	d.RetValidO, d.RetPortO, d.RetQidO, d.RetCntO = r.valid, r.port, r.qid, r.cnt
	dn := d.jobsQ.Len()
	d.run, d.fin, d.cnt = false, false, 0
	// The job of the round: the front, or the packet unlinked now into an
	// empty FIFO. (ret_port_o and ret_qid_o follow it even without a
	// round, as the Verilog's registers do.)
	switch {
	case dn > 0:
		j := d.jobsQ.Front()
		d.rnd = retReg{port: uint16(j.port), qid: int32(j.q)}
		if d.ready <= d.now {
			d.round(j.q, &j.v, d.done)
		}
	case d.UnlI: // the PD at the port, not copied: it joins the FIFO at Commit
		d.rnd = retReg{port: d.UnlPortI, qid: int32(d.UnlQidI)}
		d.round(int(d.UnlQidI), &d.UnlBodyI, 0)
	default:
		d.rnd = retReg{port: d.UnlPortI, qid: int32(d.UnlQidI)}
	}
	after := dn + int(b2i(d.UnlI)) - int(b2i(d.fin))
	d.RoomO, d.BusyO = after+int(b2i(d.PendI)) < deqJobDepth, after > 0
}

// round drives the outputs of the round from cell done of the packet of
// queue q whose PD is v.
func (d *Dequeue) round(q int, v *mem.PD, done int) {
	k, n := d.k, int(v.Cells)
	cnt, rds := roundSize(n, done, k)
	for s := 0; s < cnt; s++ {
		i := s & (mem.MaxK - 1) // s < k <= MaxK: no bound to check, no shift's >= 8 case
		cur := v.Heads[i]
		if done > 0 {
			cur = d.CpRdDataI[s]
		}
		d.CdRdEnO |= 1 << uint(i)
		d.cdRdAddr[i] = cur
		if s < rds {
			d.CpRdEnO |= 1 << uint(i)
			d.cpRdAddr[i] = cur
		}
		if !d.ChainI {
			d.faD |= 1 << uint(i)
			d.faHeadD[i], d.faTailD[i], d.faND[i] = cur, cur, 1
		}
	}
	d.run, d.out, d.cnt = true, true, cnt
	d.rnd.valid, d.rnd.cnt = true, cnt
	d.fin = done+cnt == n
	d.RdNO, d.CdNO = rds, cnt
	d.RndSerialO, d.RndIdxO, d.RndQidO = v.Serial, done, q
	if !d.ChainI {
		d.freedD = cnt
		return
	}
	if d.fin {
		for s := 0; s < min(n, k); s++ {
			i := s & (mem.MaxK - 1)
			d.faD |= 1 << uint(i)
			d.faHeadD[i], d.faTailD[i], d.faND[i] = v.Heads[i], v.Tails[i], int32(mem.SubListLen(n, k, s))
		}
		d.freedD = n
	}
}

// Commit is the rising edge: the unlinked packet joins, the front
// advances or leaves, the ret_* registers take this cycle's round.
func (d *Dequeue) Commit() {
	if d.evald {
		d.commit()
	}
	d.now++
}

func (d *Dequeue) commit() {
	d.evald = false
	if d.UnlI { // the job is written in its slot (a cellJob is 92 bytes)
		if j := d.jobsQ.PushSlot(); j != nil {
			j.q, j.port = int(d.UnlQidI), int(d.UnlPortI)
			j.v = d.UnlBodyI // alone: in a tuple the PD goes through a temporary
		} else {
			d.fail(fmt.Errorf("tm_dequeue: job FIFO full at an unlink"))
		}
	}
	if d.run {
		d.done += d.cnt
		d.ready = d.now + d.cpLat
		if d.fin {
			d.jobsQ.Pop()
			d.done, d.ready = 0, 0
		}
	}
	r := &d.ret[d.retAt&(mem.MaxLatency-1)]
	if r.valid {
		d.retN--
	}
	if d.rnd.valid {
		d.retN++
	}
	*r = d.rnd
	if d.retAt++; d.retAt == d.retLen {
		d.retAt = 0
	}
	d.run = false
	if d.fout || d.faD != 0 { // the free registers take the round's frees (DeqFreeLag)
		d.FaO, d.FreedO = d.faD, d.freedD
		// A slot fa_o leaves out is read by nothing (its fa_* hold what
		// they held), so the words are copied only with frees, one array
		// at a time (a tuple of arrays goes through temporaries).
		if d.faD != 0 {
			d.faHead = d.faHeadD
			d.faTail = d.faTailD
			d.faN = d.faND
		}
		d.fout = d.FaO != 0
	}
	d.active = d.jobsQ.Len() > 0 || d.retN > 0 || d.out || d.RetValidO || d.fout
}

// Err returns the first overflow seen (what the Verilog asserts).
func (d *Dequeue) Err() error { return d.err }

func (d *Dequeue) fail(err error) {
	if d.err == nil {
		d.err = err
		if d.errs != nil {
			*d.errs = true
		}
	}
}

func dequeuePorts(v vw) SubBlock {
	return SubBlock{
		Module: "tm_dequeue", Instance: "u_deq",
		Params: []Param{{"N", v.N}, {"P", v.P}, {"B", v.B}, {"K", v.K}, {"LW", v.LW}, {"SW", v.SW}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("chain_i", 1), in("unl_i", 1), in("pend_i", 1), in("unl_qid_i", v.IW), in("unl_port_i", v.PW), in("unl_body_i", v.BW),
			in("cp_rd_data_i", v.K*v.CW),
			out("cp_rd_en_o", v.K), out("cp_rd_addr_o", v.K*v.CW),
			out("cd_rd_en_o", v.K), out("cd_rd_addr_o", v.K*v.CW),
			out("rd_n_o", v.WW), out("cd_n_o", v.WW),
			out("fa_o", v.K), out("fa_head_o", v.K*v.CW), out("fa_tail_o", v.K*v.CW), out("fa_n_o", v.K*v.BNW), out("freed_o", v.LW),
			out("room_o", 1),
			out("ret_valid_o", 1), out("ret_port_o", v.PW), out("ret_qid_o", v.IW), out("ret_cnt_o", v.WW),
			out("busy_o", 1)),
	}
}

// dequeueReads is stage B's memory side, in a cycle with a round of u_deq
// (Eval evaluates u_deq): its link reads on u_cp_mem's ports 0.. and its
// data reads on u_cd_mem's; the top checks each tag read against the
// round's packet and cell (a modelling error names both).
func (m *TM) dequeueReads() {
	d := m.u.deq
	for s := 0; s < d.RdNO; s++ { // s < k <= MaxK
		m.ram.cpRd.put(s, m.ram.cp.Read(int(d.cpRdAddr[s&(mem.MaxK-1)])))
	}
	for s := 0; s < d.CdNO; s++ {
		x := d.cdRdAddr[s&(mem.MaxK-1)]
		got, want := m.ram.cd.Read(int(x)), tag(d.RndSerialO, d.RndIdxO+s)
		if got != want {
			m.fail(fmt.Errorf("cycle %d: queue %d: cell %d of packet %d read from cell %d holds tag %#x, want %#x",
				m.cycle, d.RndQidO, d.RndIdxO+s, d.RndSerialO, x, got, want))
		}
		m.ram.cdRd.put(s, got)
	}
}

// retInFlight lists the rounds whose data are still to reach the egress,
// oldest first (State.Eg.Ret).
func (d *Dequeue) retInFlight() []dataRet {
	var out []dataRet
	n := d.retLen
	for i := 0; i < n; i++ {
		if r := d.ret[(d.retAt+i)%n]; r.valid {
			out = append(out, dataRet{at: d.now + uint64(i), port: int32(r.port), qid: r.qid, cells: int32(r.cnt)})
		}
	}
	return out
}

func b2i(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
