package tm

import (
	"occamy/hw/arbiter"
	"occamy/hw/mem"
	"occamy/hw/scheduler"
	"occamy/hw/selector"
	"occamy/rtl"
)

// State is the TM's registers and memory words between cycles (after
// Commit), one field per sub-block, named after its instance. It is
// deep-comparable: two TMs driven alike have reflect.DeepEqual (testify
// Equal) states every cycle, and any difference in a register or a memory
// word makes them differ. FIFOs are their entries, oldest first.
//
// Not included: the counters (Stats), the events and outputs of the last
// cycle, and the model's caches of combinational values (start-of-cycle
// copies, the threshold spread, the pushout maximum), which follow from the
// registers. Taking a State allocates: it is
// for tests and debugging, not the per-cycle path.
type State struct {
	Cycle uint64
	Top   TopState          // occamy_tm's queue accounting
	Adm   AdmissionState    // u_adm: tm_admission's stage registers
	DeqRd pdRead            // the dequeue's head-PD read in flight
	HDRd  pdRead            // the head drop's
	Enq   EnqueueState      // u_enq: tm_enqueue
	Deq   DequeueState      // u_deq: tm_dequeue
	HD    HDExecState       // u_hd: tm_hd_exec
	Sched scheduler.State   // u_sched: tm_sched
	Eg    EgressState       // u_egress: tm_egress
	Sel   selector.State    // u_sel: hd_selector
	Arb   arbiter.State     // u_arb: rr_arbiter
	ArbG  arbGrant          // agv_q, agq_q: u_arb's grant registered
	ArbS  arbGrant          // agsv_q, agsq_q: a grant dropped unused, loaded first when its queue is over again
	PD    mem.PDListsState  // u_pdl: tm_pd_lists' registers
	PDMem []mem.PD          // u_pd_mem: the PD words
	FL    mem.FreeListState // u_fl: tm_free_list
	// FLPend is u_fl's link reads in flight, per bank: the head is the
	// read data of that port in that cycle.
	FLPend []flPend
	CP     []int32  // u_cp_mem: the cell-pointer links (sub-lists and free list)
	CD     []uint64 // u_cd_mem: the cell-data tags
}

// TopState is the top's queue accounting.
type TopState struct {
	Qlen, Qpkts, DeqPkts []uint32
	Active               []int // per class, non-empty queues
	Free, Inflight       int
	HDFly                int // fly_q: the executor's cells the thresholds' free count credits
	HDFreed              int // hdf_q: the cells the executor freed in the last cycle, not yet in Free (HDFreeLag)
	Unpopped             int
	Serial               uint32
	NonEmpty, Locked     rtl.Bitmap
}

// AdmissionState is tm_admission's registers: stage 1's offers (with
// what the model keeps of them: lengths, threshold, sums), stage 2's
// decisions and stage 3's admitted packets (packed).
type AdmissionState struct {
	S1    []admReg
	S1Max uint32
	S2OK  []bool
	S2Q   []uint32
	S2N   []uint32
	S3Q   []uint32
	S3N   []uint32
}

// EnqueueState is tm_enqueue's registers.
type EnqueueState struct {
	Fifo  []enqPkt // fifo_q
	Next  enqPkt   // nx_q, valid with NextV (nv_q)
	NextV bool
	Alloc allocState // the rounds decided
	Built allocState // heads_q, tails_q: the rounds done
	X     xRound     // the round in stage X (EnqGoLag)
	Rot   int
}

// DequeueState is tm_dequeue's registers: its job FIFO, oldest first, and
// the front's progress (cells handled, first cycle of its next round).
type DequeueState struct {
	Jobs  []cellJob
	Done  int
	Ready uint64
}

// HDExecState is tm_hd_exec's registers: each lane's entries (lane b is
// free-list bank b's), oldest first, and the stale flag of the read in
// flight.
type HDExecState struct {
	Lanes [][]hdEntry
	Pend  []flPend // per lane, the front's link read in flight
	Stale bool
}

// EgressState is tm_egress's registers.
type EgressState struct {
	Ports   []PortState
	Ret     []dataRet
	TxBusy  uint32
	TxWait  uint32 // Go: ports whose line is not free yet (derived from Ports[p].Next)
	PortRdy rtl.Bitmap
}

// PortState is one egress port's registers: cells pending, cells in its
// buffer (Ready, and Buf, oldest first), the first cycle of its next
// send, and the packets booked on it.
type PortState struct {
	Pending, Ready int
	Next           uint64
	Tx             []txPkt
	Buf            []egCell
}

// State returns the registers and memory words (see State).
func (m *TM) State() State {
	s := State{
		Cycle: m.cycle,
		Top: TopState{
			Qlen: append([]uint32(nil), m.r.qlenD...), Qpkts: append([]uint32(nil), m.acct.qpkts...),
			DeqPkts: append([]uint32(nil), m.acct.deqPkts...), Active: append([]int(nil), m.acct.active...),
			Free: m.r.freeD, Inflight: m.acct.inflight, Unpopped: m.acct.unpopped, Serial: m.r.serial,
			HDFly: m.r.hdFly, HDFreed: m.r.hdFreed, NonEmpty: m.u.pdl.ne, Locked: m.u.pdl.locked,
		},
		Adm: m.u.adm.state(),
		Enq: EnqueueState{Fifo: m.u.enq.fifoQ.Items(nil), Next: m.u.enq.nxtQ, NextV: m.u.enq.nxtV,
			Alloc: m.u.enq.allocQ, Built: m.u.enq.builtQ, X: m.u.enq.xQ, Rot: m.u.enq.rotQ},
		DeqRd: m.r.deqRd, HDRd: m.r.hdRd,
		Deq:   DequeueState{Jobs: m.u.deq.jobsQ.Items(nil), Done: m.u.deq.done, Ready: m.u.deq.ready},
		HD:    HDExecState{Stale: m.r.hdStale},
		Sched: m.u.sch.u.State(),
		Eg: EgressState{Ret: m.u.deq.retInFlight(), TxBusy: m.u.eg.busy, TxWait: m.u.eg.wait, PortRdy: m.u.eg.PortRdyO,
			Ports: make([]PortState, len(m.u.eg.ports))},
		Sel: m.u.sel.State(), Arb: m.u.arb.State(), ArbG: m.r.ag, ArbS: m.r.ags,
		PD: m.u.pdl.state(), PDMem: m.ram.pd.Words(),
		CP: m.ram.cp.Words(), CD: m.ram.cd.Words(),
	}
	s.FL, s.FLPend = m.u.fl.state()
	s.HD.Lanes, s.HD.Pend = m.u.hd.laneItems()
	for p := range m.u.eg.ports {
		pt := &m.u.eg.ports[p]
		s.Eg.Ports[p] = PortState{Pending: pt.pending, Ready: pt.bn, Next: pt.next, Tx: items(pt.tx, pt.th, pt.tn), Buf: items(pt.buf, pt.bh, pt.bn)}
		if pt.tn > 0 { // the head packet's count is kept in the port
			s.Eg.Ports[p].Tx[0].left = pt.hl
		}
	}
	return s
}
