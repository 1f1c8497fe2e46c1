package tm

import (
	"fmt"

	"occamy/hw/admission"
	"occamy/hw/arbiter"
	"occamy/hw/mem"
	"occamy/hw/selector"
	"occamy/rtl"
)

// Short names for the policies inside the model.
const (
	polDT          = PolicyDT
	polOccamy      = PolicyOccamy
	polLQD         = PolicyOccamyLQD
	polPushout     = PolicyPushout
	polPushoutPort = PolicyPushoutPorts
	polABM         = PolicyABM
)

// TM is the traffic-manager model. Verilog: occamy_tm. It implements
// rtl.Clocked, rtl.Traceable and rtl.Hierarchical. One Step (or one Eval
// and one Commit in an rtl.Sim) is one clock cycle; see docs/tm.md for the
// stage order and "Sub-blocks (Go)" for the sub-blocks wired here.
//
// The top holds the sub-block instances (named as in the Verilog) and the
// queue accounting every one of them reads: queue lengths in cells and
// packets, the free and in-flight counts, the non-empty and locked
// bitmaps.
type TM struct {
	cfg   Config
	n, k  int
	pol   Policy
	chain bool
	drr   bool
	// hdChoice: the policy expels through the head-drop executor (occamy,
	// occamy-lqd, pushout-ports); the others never run stage D.
	hdChoice bool
	cycle    uint64
	err      error
	evald    bool // Eval already ran this cycle
	gntIdx   int  // the last head-drop choice's queue (Probe.GntIdx, trace hd_gnt_idx: held while no choice is shown)

	adm  *Admission          // u_adm: tm_admission
	thr  *admission.Unit     // u_thr: dt_threshold, through hw/admission's threshold stage (its saturation cache)
	enq  *Enqueue            // u_enq: tm_enqueue
	deq  *Dequeue            // u_deq: tm_dequeue
	ch   HDChoice            // u_choice: tm_hd_choice
	hd   *HDExec             // u_hd: tm_hd_exec
	sch  *Sched              // u_sched: tm_sched
	eg   *Egress             // u_egress: tm_egress
	sel  *selector.Selector  // u_sel: hd_selector
	arb  *arbiter.Arbiter    // u_arb: rr_arbiter
	pdl  *PDLists            // u_pdl: tm_pd_lists
	pd   *mem.Memory[mem.PD] // u_pd_mem and u_pd_link: sram_mp, the PD words (body and link)
	cp   *mem.Memory[int32]  // u_cp_mem: sram_mp, the cell-pointer links (sub-lists and free list)
	fl   *FreeList           // u_fl: tm_free_list
	cpRd rdPipe[int32]       // u_cp_mem's read data at its ports
	cd   *mem.Memory[uint64] // u_cd_mem: sram_mp, the cell data (tags)
	cdRd rdPipe[uint64]      // u_cd_mem's read data at its ports

	qlenD    []uint32   // qlen_d: per queue, cells from admission to unlink, running (after Commit: the register)
	qlenQ    []uint32   // qlen_q: its start-of-cycle copy (selector input, trace)
	qpkts    []uint32   // per queue, packets from admission to unlink
	active   []int      // per class, queues holding at least one cell (ABM's n_p)
	deqPkts  []uint32   // per queue, dequeued packets not yet transmitted
	freeD    int        // free_d: accounting free count B - Σqlen - inflight, running
	freeQ    int        // free_q: its start-of-cycle copy
	inflight int        // cells of unlinked packets not yet freed
	unpopped int        // admitted cells not yet popped from the free list
	sumQlen  int        // Σ qlen
	sumPkts  int        // Σ qpkts
	serial   uint32     // serial of the last admitted packet
	qChg     rtl.Bitmap // queues whose qlen changed since qlenQ was copied
	thrq     []uint32   // occamy_tm's thrq: each queue's class threshold
	thrFree  int        // free count thrq was last evaluated for
	thrValid bool       // thrFree is meaningful
	offers   []Arrival  // this cycle's offers, Offer order (the first IN drive the ingress slots)
	admDone  int        // ingress slots whose admission the top has accounted this cycle
	deqRd    pdRead     // the dequeue's head-PD read in flight (u_pd_mem's read pipeline)
	hdRd     pdRead     // the head drop's
	hdStale  bool       // the head drop's read was issued to a queue at or below its threshold (StaleHeadDropped)

	events []Event // this cycle's packet events (Config.Events)
	use    [NumMems]PortUse
	hdUse  [NumMems]PortUse
	stats  Stats
	out    Outputs // this cycle's occamy_tm outputs

	chk               checker
	chkCells, chkPkts []int
}

// New validates c and builds a TM with an empty buffer at cycle 0: every
// cell on the free list, every PD free, all registers reset.
func New(c Config) (*TM, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	n := c.N()
	m := &TM{cfg: c, n: n, k: c.K, pol: c.Policy, chain: c.FreeMode == FreeChain, drr: c.Sched == SchedDRR,
		hdChoice: c.Policy == polOccamy || c.Policy == polLQD || c.Policy == polPushoutPort}
	m.cfg.AlphaExp = append([]int(nil), c.AlphaExp...)
	m.cfg.Quantum = append([]int(nil), c.Quantum...)
	var err error
	if m.adm, err = newAdmission(&c); err != nil {
		return nil, fmt.Errorf("u_adm: %w", err)
	}
	if m.thr, err = admission.New(admission.Params{N: n, Q: c.Q, QW: c.QW, AW: c.AW}); err != nil {
		return nil, fmt.Errorf("u_thr: %w", err)
	}
	for i, s := range c.AlphaExp {
		m.thr.AlphaI[i] = int8(s)
	}
	if m.sel, err = selector.New(selector.Params{N: n, QW: c.QW}); err != nil {
		return nil, fmt.Errorf("u_sel: %w", err)
	}
	if m.arb, err = arbiter.New(arbiter.Params{N: n}); err != nil {
		return nil, fmt.Errorf("u_arb: %w", err)
	}
	if m.sch, err = newSched(&c); err != nil {
		return nil, fmt.Errorf("u_sched: %w", err)
	}
	if m.pd, err = mem.New[mem.PD](mem.Params{Name: "pd_mem", Entries: c.B, ReadPorts: c.PD.ReadPorts, WritePorts: c.PD.WritePorts, ReadLatency: c.PD.ReadLatency}); err != nil {
		return nil, err
	}
	m.pdl = newPDLists(n)
	if m.cp, err = mem.New[int32](mem.Params{Name: "cp_mem", Entries: c.B, ReadPorts: c.CP.ReadPorts, WritePorts: c.CP.WritePorts, ReadLatency: c.CP.ReadLatency}); err != nil {
		return nil, err
	}
	m.fl = newFreeList(c.B, c.K, c.CP.ReadPorts, c.CP.WritePorts, c.CP.ReadLatency, m.cp)
	m.cpRd = newRdPipe[int32](c.CP.ReadPorts, c.CP.ReadLatency)
	if m.cd, err = mem.New[uint64](mem.Params{Name: "cd_mem", Entries: c.B, ReadPorts: c.CD.ReadPorts, WritePorts: c.CD.WritePorts, ReadLatency: c.CD.ReadLatency}); err != nil {
		return nil, err
	}
	m.enq = newEnqueue(&c)
	m.deq = newDequeue(&c)
	m.hd = newHDExec(&c)
	m.cdRd = newRdPipe[uint64](c.CD.ReadPorts, c.CD.ReadLatency)
	m.sel.RstNI, m.arb.RstNI = true, true
	m.qlenD, m.qlenQ, m.qpkts, m.deqPkts = make([]uint32, n), make([]uint32, n), make([]uint32, n), make([]uint32, n)
	m.thrq = make([]uint32, n)
	m.active = make([]int, c.Q)
	m.offers = make([]Arrival, 0, c.MaxOffers)
	m.sel.QlenI, m.sel.ThrI = m.qlenQ, m.thrq
	m.ch.QlenI, m.ch.ThrI, m.ch.PolicyI, m.ch.RecheckI = m.qlenQ, m.thrq, c.Policy, c.HDRecheck
	m.adm.QlenI, m.adm.QlenO, m.adm.QlenHeld, m.adm.ThrI, m.adm.ActiveI = m.qlenQ, m.qlenD, true, m.thrq, m.active
	m.enq.AdmQidI, m.enq.AdmCellsI, m.enq.AdmSerialI = m.adm.AdmQidO, m.adm.AdmCellsO, m.adm.AdmSerialO
	m.enq.CntI, m.enq.HeadI, m.enq.PopOkI, m.fl.PopI = m.fl.CntO, m.fl.HeadO, m.fl.PopOkO, m.enq.PopO
	m.fl.FaI, m.fl.FaHeadI, m.fl.FaTailI, m.fl.FaNI = m.deq.FaO, m.deq.FaHeadO, m.deq.FaTailO, m.deq.FaNO
	m.fl.GaI, m.fl.GaHeadI, m.fl.GaTailI, m.fl.GaNI, m.hd.CntFI = m.hd.GaO, m.hd.GaHeadO, m.hd.GaTailO, m.hd.GaNO, m.fl.CntFO
	if c.Policy == polPushout {
		m.adm.MakeRoom = m.makeRoom
	}
	m.sch.HeadLenI = m.pdl.HeadLenO
	m.sch.AckI = true
	m.freeD, m.freeQ = c.B, c.B
	if c.Events {
		m.events = make([]Event, 0, 2*c.MaxOffers+4*c.P+16)
	}
	m.eg = newEgress(&c)
	m.stats.Queues = make([]QueueStats, n)
	m.initOutputs()
	m.chkCells, m.chkPkts = make([]int, n), make([]int, n)
	return m, nil
}

// Config returns the configuration the TM was built with.
func (m *TM) Config() Config { return m.cfg }

// Offer queues one packet to arrive in the coming cycle: the next Eval (or
// Step) decides it, in Offer order. The ingress takes MaxOffers packets
// per cycle (the Verilog's IN slots); offers beyond them are dropped at the
// ingress (counted in AdmDropped and IngressDropped, event EvAdmDrop), as
// the hardware would, never an error. A queue or size out of range makes
// that Step return an error. Offer does not allocate once a cycle's offers
// have reached their largest count so far.
func (m *TM) Offer(a Arrival) { m.offers = append(m.offers, a) }

// Step runs one cycle (Eval, then Commit) and returns the first modelling
// or invariant error seen so far; once an error is returned, every later
// Step returns it too.
func (m *TM) Step() error {
	m.Eval()
	m.Commit()
	return m.err
}

// Err returns the first modelling or invariant error seen so far.
func (m *TM) Err() error { return m.err }

func (m *TM) fail(err error) {
	if m.err == nil {
		m.err = err
	}
}

// Eval evaluates the cycle: the stages of docs/tm.md in order, each run by
// the sub-block that owns it. It runs once per cycle; a second Eval before
// Commit does nothing.
func (m *TM) Eval() {
	if m.evald {
		return
	}
	m.evald = true
	m.events = m.events[:0]
	m.clearOutputs()
	m.eg.IssueI, m.pdl.LinkI = false, false
	m.enq.AdmNI = 0
	// The guards skip a sub-block's stage when it has nothing to do (each
	// stage also checks it): a call less per idle stage on the hot path.
	m.sampleQ() // stage 0
	if len(m.offers) > 0 {
		m.admit() // stage 1
	}
	m.unlinkStage() // stage A
	m.dequeue()     // stage B
	m.deqIssue()    // stage C
	m.hdIssue()     // stage D
	f := m.fl
	f.RdDataI = m.cpRd.out()
	f.EvalHead()
	m.enqueue()           // stage E
	m.freed(m.deq.FreedO) // stage F: u_fl's fa_* alias u_deq's
	f.PopPortI, _ = m.cp.Use()
	f.EvalPop()
	for p := f.PopPortI; p < f.PopPortI+f.PopRdNO; p++ { // u_fl's pop reads
		m.cpRd.put(p, m.cp.Read(int(f.RdAddrO[p])))
	}
	m.hdCells() // stage G
	f.EvalG()
	for p := 0; p < f.WrNO; p++ { // u_fl's writes: stage F's, then stage G's
		m.cp.Write(int(f.WrAddrO[p]), f.WrDataO[p])
	}
	m.hdUse[MemCP].Writes = f.WrNO - f.FWrNO
	m.egress() // stage H
	m.snapshotUse()
}

// Commit is the rising edge: memory writes land, sub-block registers
// update, the cycle advances, and the invariants are checked if enabled.
func (m *TM) Commit() {
	if !m.evald {
		m.Eval()
	}
	m.pd.Commit()
	m.pdl.Commit()
	m.cp.Commit()
	m.cpRd.commit()
	m.fl.Commit()
	m.cd.Commit()
	m.cdRd.commit()
	m.deq.Commit()
	m.hd.Commit()
	m.sel.Commit()
	m.arb.Commit()
	m.sch.Commit()
	m.enq.Commit()
	m.eg.Commit()
	if m.err == nil {
		if e := m.pd.Err(); e != nil {
			m.fail(e)
		} else if e := m.pdl.Err(); e != nil {
			m.fail(e)
		} else if e := m.cp.Err(); e != nil {
			m.fail(e)
		} else if e := m.cd.Err(); e != nil {
			m.fail(e)
		} else if e := m.eg.Err(); e != nil {
			m.fail(e)
		} else if e := m.fl.Err(); e != nil {
			m.fail(e)
		} else if e := m.enq.Err(); e != nil {
			m.fail(e)
		} else if e := m.deq.Err(); e != nil {
			m.fail(e)
		} else if e := m.hd.Err(); e != nil {
			m.fail(e)
		}
	}
	m.offers = m.offers[:0]
	m.evald = false
	m.cycle++
	if m.cfg.Check && m.err == nil {
		if err := m.Check(); err != nil {
			m.fail(fmt.Errorf("cycle %d: %w", m.cycle-1, err))
		}
	}
}

// Cycle returns the number of cycles stepped.
func (m *TM) Cycle() uint64 { return m.cycle }

// unlinkStage is stage A: the head-PD reads that are back unlink their
// queues in u_pdl (the dequeue's on its unlink port, the head drop's on
// the Go-only second one when both return together), the top accounts
// them, and each pipeline takes its packet.
func (m *TM) unlinkStage() {
	l := m.pdl
	deq := m.deqRd.valid && m.deqRd.ready <= m.cycle
	hd := m.hdRd.valid && m.hdRd.ready <= m.cycle
	l.UnlI, l.Unl2I = deq || hd, deq && hd
	if deq {
		l.UnlQidI, l.UnlNextI, l.UnlNlenI = uint16(m.deqRd.q), m.deqRd.v.Next, uint32(m.deqRd.v.NextLen)
	}
	r2 := &l.UnlQidI
	if deq {
		r2 = &l.Unl2QidI
	}
	if hd {
		*r2 = uint16(m.hdRd.q)
		if deq {
			l.Unl2NextI, l.Unl2NlenI = m.hdRd.v.Next, uint32(m.hdRd.v.NextLen)
		} else {
			l.UnlNextI, l.UnlNlenI = m.hdRd.v.Next, uint32(m.hdRd.v.NextLen)
		}
	}
	l.EvalUnlink()
	d := m.deq
	d.UnlI = deq
	if deq {
		r := &m.deqRd
		r.valid = false
		m.unlinkHead(r)
		m.deqPkts[r.q]++
		d.UnlQidI, d.UnlPortI, d.UnlBodyI = uint16(r.q), uint16(r.port), r.v
	}
	h := m.hd
	h.UnlI = hd
	if hd {
		r := &m.hdRd
		r.valid = false
		m.unlinkHead(r)
		h.UnlQidI, h.UnlBodyI = uint16(r.q), r.v
		st := &m.stats.Queues[r.q]
		st.HeadDropped.Pkts++
		st.HeadDropped.Cells += uint64(r.v.Cells)
		if m.hdStale {
			st.StaleHeadDropped.Pkts++
			st.StaleHeadDropped.Cells += uint64(r.v.Cells)
		}
		m.event(EvHeadDrop, r.q, -1, r.v.Serial)
		m.out.HDValid, m.out.HDQid, m.out.HDCells = true, r.q, int(r.v.Cells)
	}
}

// unlinkHead does the top's accounting of an unlink (stage A): the
// packet's cells move from its queue's length to the in-flight count.
func (m *TM) unlinkHead(r *pdRead) {
	q, n := r.q, int(r.v.Cells)
	m.qlenD[q] -= uint32(n)
	if m.qlenD[q] == 0 {
		m.active[q%m.cfg.Q]--
	}
	m.qChg.Set(q)
	m.qpkts[q]--
	m.sumQlen -= n
	m.sumPkts--
	m.inflight += n
}

// freed returns n in-flight cells to the free count.
func (m *TM) freed(n int) {
	m.freeD += n
	m.inflight -= n
}

// snapshotUse keeps this cycle's port use for Probe.
func (m *TM) snapshotUse() {
	r, w := m.pd.Use()
	m.use[MemPD] = PortUse{r, w}
	r, w = m.cp.Use()
	m.use[MemCP] = PortUse{r, w}
	r, w = m.cd.Use()
	m.use[MemCD] = PortUse{r, w}
}

var (
	_ rtl.Clocked      = (*TM)(nil)
	_ rtl.Traceable    = (*TM)(nil)
	_ rtl.Hierarchical = (*TM)(nil)
)
