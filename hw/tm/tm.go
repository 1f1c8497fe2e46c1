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
// The top only wires its sub-blocks, as occamy_tm does: each is a type of
// its own with the ports of its Verilog module as fields (docs/tm.md,
// "Sub-blocks (Go)"); Eval evaluates them in the stage order, driving each
// one's inputs from the others' outputs (most of them aliased once, at
// New), and keeps occamy_tm's own registers (the queue lengths, the free
// count, the serial, the head-PD reads in flight). What the model counts
// beyond the RTL (packets per queue, cells in flight, the counters and
// events) is kept beside them.
type TM struct {
	cfg   Config
	p     derived // constants of cfg, set at New
	cycle uint64
	err   error
	evald bool     // Eval already ran this cycle
	idle  quietRun // the quiet cycles in a row (quiet.go)

	u    units    // the sub-blocks: occamy_tm's instances
	ram  memories // occamy_tm's memories and their read data at the ports
	r    regs     // occamy_tm's own registers, and the nets its wiring computes
	acct counting // the model's counting beyond the RTL's registers
	obs  observed // the cycle's offers, outputs, events and port use; the counters
	chk  checker
}

// derived are constants of the Config.
type derived struct {
	n, k     int
	pol      Policy
	chain    bool
	hdChoice bool // the policy expels through the head-drop executor (occamy, occamy-lqd, pushout-ports)
}

// units are occamy_tm's sub-blocks, named after their instances.
type units struct {
	thr *admission.Unit    // u_thr: dt_threshold, through hw/admission's threshold stage (its saturation cache)
	sel *selector.Selector // u_sel: hd_selector
	adm *Admission         // u_adm: tm_admission
	pdl *PDLists           // u_pdl: tm_pd_lists
	deq *Dequeue           // u_deq: tm_dequeue
	sch *Sched             // u_sched: tm_sched
	arb *arbiter.Arbiter   // u_arb: rr_arbiter
	ch  HDChoice           // u_choice: tm_hd_choice
	hd  *HDExec            // u_hd: tm_hd_exec
	enq *Enqueue           // u_enq: tm_enqueue
	fl  *FreeList          // u_fl: tm_free_list
	eg  *Egress            // u_egress: tm_egress

	// chIdle: u_choice and u_arb's last evaluation was with over_i all
	// zero under occamy or occamy-lqd, so their outputs hold the values
	// such an evaluation gives (Eval skips the next one).
	chIdle bool
	failed bool // a sub-block below has recorded an error (their errs flag)
}

// memories are occamy_tm's sram_mp instances (port-budgeted hw/mem
// memories) and the read data at their ports.
type memories struct {
	pd   *mem.Memory[mem.PD] // u_pd_mem and u_pd_link: the PD words (body, and link as a partial write)
	cp   *mem.Memory[int32]  // u_cp_mem: the cell-pointer links (sub-lists and free list)
	cd   *mem.Memory[uint64] // u_cd_mem: the cell data (tags)
	cpRd rdPipe[int32]       // u_cp_mem's read data
	cdRd rdPipe[uint64]      // u_cd_mem's read data
}

// regs are occamy_tm's own registers (qlen_q/_d, free_q/_d, serial_q, the
// head-PD read registers with u_pd_mem's read data) and the nets its
// wiring computes (thrq). The running _d values are updated in place by
// the stages; the _q copies are taken at stage 0.
type regs struct {
	qlenD    []uint32   // qlen_d: per queue, cells from admission to unlink, running (after Commit: the register)
	qlenQ    []uint32   // qlen_q: its start-of-cycle copy (u_sel's, u_adm's and u_choice's qlen_i, the trace)
	qChg     rtl.Bitmap // queues whose qlen_d changed since qlen_q was copied
	freeD    int        // free_d: B - Σqlen - in flight, running (negative while pushout-ports' cells wait)
	freeQ    int        // free_q: its start-of-cycle copy
	hdFly    int        // fly_d: the executor's cells unlinked, not yet in freeD, running (the thresholds' free count, tfree_q, is freeD + hdFly at stage 0)
	hdFlyQ   int        // fly_q: its start-of-cycle copy
	hdFreed  int        // hdf_q: the cells the executor's lanes freed in the cycle before, counted in freeD at stage F (HDFreeLag)
	serial   uint32     // serial_q: serial of the last admitted packet
	deqGnt   pdGrant    // the scheduler's grant of last cycle, read this cycle (gv_q, gq_q, gp_q)
	deqRd    pdRead     // the dequeue's head-PD read in flight (rdv_q, rdq_q, rdp_q and u_pd_mem's data)
	hdRd     pdRead     // the head drop's (rdhd_q)
	hdStale  bool       // the head drop's read went to a queue at or below its threshold (StaleHeadDropped)
	thrq     []uint32   // thrq: each queue's class threshold, thr_q spread (u_thr's of ThrLag cycles before)
	thrFree  int        // free count u_thr was last evaluated for
	thrValid bool       // thrFree is meaningful
	thrPend  bool       // u_thr's outputs moved in the last Eval: thr_q takes them at its edge, thrq at the next stage 0
	selHeld  bool       // u_sel's over_o shows its register, which holds its next value (stage 0)
	ag, agD  arbGrant   // agv_q, agq_q: u_arb's grant of last cycle (occamy; issue 29, arbreg), and its next value
	ags      arbGrant   // agsv_q, agsq_q: a grant dropped unused (its queue out of the bitmap when u_arb granted another), loaded first when its queue is over again
	agsD     arbGrant   // its next value
}

// arbGrant is u_arb's grant registered in occamy_tm (agv_q, agq_q),
// kept until it is used: u_choice's arb_valid_i (while its queue is over
// in the bitmap, holds a PD and is not the dequeue's read) and arb_idx_i
// from the cycle after u_arb gave it (wire.go's stage D).
type arbGrant struct {
	v bool   // agv_q
	q uint16 // agq_q
}

// counting is what the model counts beyond occamy_tm's registers, for its
// counters and invariants.
type counting struct {
	qpkts    []uint32 // per queue, packets from admission to unlink
	active   []int    // per class, queues holding a cell (ABM's n_p)
	deqPkts  []uint32 // per queue, dequeued packets not yet transmitted
	inflight int      // cells of unlinked packets not yet freed
	unpopped int      // admitted cells not yet popped from the free list
	sumQlen  int      // Σ qlen
	sumPkts  int      // Σ qpkts
	poRun    []uint32 // the ideal Pushout's running lengths while it makes room (pushout.go)
}

// observed is the cycle's view: the offers, occamy_tm's outputs, the
// packet events, the port use, and the counters since New.
type observed struct {
	offers  []Arrival // this cycle's offers, Offer order (the first IN drive u_adm's slots)
	admDone int       // slots whose admission the top has accounted this cycle
	effDone bool      // u_adm's stage 3 accounted this cycle
	events  []Event
	use     [NumMems]PortUse
	hdUse   [NumMems]PortUse
	stats   Stats
	out     Outputs
	gntIdx  int // the last head-drop choice's queue (Probe.GntIdx, trace hd_gnt_idx: held while no choice is shown)
}

// New validates c and builds a TM with an empty buffer at cycle 0: every
// cell on the free list, every PD free, all registers reset.
func New(c Config) (*TM, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	n := c.N()
	m := &TM{cfg: c, p: derived{n: n, k: c.K, pol: c.Policy, chain: c.FreeMode == FreeChain,
		hdChoice: c.Policy == polOccamy || c.Policy == polLQD || c.Policy == polPushoutPort}}
	m.cfg.AlphaExp = append([]int(nil), c.AlphaExp...)
	m.cfg.Quantum = append([]int(nil), c.Quantum...)
	var err error
	if m.u.adm, err = newAdmission(&c); err != nil {
		return nil, fmt.Errorf("u_adm: %w", err)
	}
	if m.u.thr, err = admission.New(admission.Params{N: n, Q: c.Q, QW: c.QW, AW: c.AW}); err != nil {
		return nil, fmt.Errorf("u_thr: %w", err)
	}
	for i, s := range c.AlphaExp {
		m.u.thr.AlphaI[i] = int8(s)
	}
	if m.u.sel, err = selector.New(selector.Params{N: n, QW: c.QW}); err != nil {
		return nil, fmt.Errorf("u_sel: %w", err)
	}
	if m.u.arb, err = arbiter.New(arbiter.Params{N: n}); err != nil {
		return nil, fmt.Errorf("u_arb: %w", err)
	}
	if m.u.sch, err = newSched(&c); err != nil {
		return nil, fmt.Errorf("u_sched: %w", err)
	}
	if m.ram.pd, err = mem.New[mem.PD](mem.Params{Name: "pd_mem", Entries: c.B, ReadPorts: c.PD.ReadPorts, WritePorts: c.PD.WritePorts, ReadLatency: c.PD.ReadLatency}); err != nil {
		return nil, err
	}
	m.u.pdl = newPDLists(n)
	if m.ram.cp, err = mem.New[int32](mem.Params{Name: "cp_mem", Entries: c.B, ReadPorts: c.CP.ReadPorts, WritePorts: c.CP.WritePorts, ReadLatency: c.CP.ReadLatency}); err != nil {
		return nil, err
	}
	m.u.fl = newFreeList(c.B, c.K, c.CP.ReadPorts, c.CP.WritePorts, c.CP.ReadLatency, m.ram.cp)
	m.ram.cpRd = newRdPipe[int32](c.CP.ReadPorts, c.CP.ReadLatency)
	if m.ram.cd, err = mem.New[uint64](mem.Params{Name: "cd_mem", Entries: c.B, ReadPorts: c.CD.ReadPorts, WritePorts: c.CD.WritePorts, ReadLatency: c.CD.ReadLatency}); err != nil {
		return nil, err
	}
	m.u.enq = newEnqueue(&c)
	m.u.deq = newDequeue(&c)
	m.u.hd = newHDExec(&c)
	m.ram.cdRd = newRdPipe[uint64](c.CD.ReadPorts, c.CD.ReadLatency)
	m.u.sel.RstNI, m.u.arb.RstNI = true, true
	m.r.qlenD, m.r.qlenQ, m.acct.qpkts, m.acct.deqPkts = make([]uint32, n), make([]uint32, n), make([]uint32, n), make([]uint32, n)
	m.r.thrq = make([]uint32, n)
	m.acct.active = make([]int, c.Q)
	m.obs.offers = make([]Arrival, 0, c.MaxOffers)
	m.u.sel.QlenI, m.u.sel.ThrI = m.r.qlenQ, m.r.thrq
	m.u.ch.QlenI, m.u.ch.ThrI, m.u.ch.PolicyI, m.u.ch.RecheckI = m.r.qlenQ, m.r.thrq, c.Policy, c.HDRecheck
	m.u.ch.setN(len(m.r.qlenQ))
	m.u.ch.ChgKnownI = true // stage 0 marks the queues whose qlen_q it changes (QlenChgI)
	m.u.adm.QlenI, m.u.adm.QlenO, m.u.adm.QlenHeld, m.u.adm.ThrI, m.u.adm.ActiveI = m.r.qlenQ, m.r.qlenD, true, m.r.thrq, m.acct.active
	m.u.enq.AdmQidI, m.u.enq.AdmCellsI, m.u.enq.AdmSerialI = m.u.adm.AdmQidO, m.u.adm.AdmCellsO, m.u.adm.AdmSerialO
	m.u.enq.CntI, m.u.enq.HeadI = m.u.fl.CntO, m.u.fl.HeadO
	m.u.fl.FaHeadI, m.u.fl.FaTailI, m.u.fl.FaNI = m.u.deq.FaHeadO, m.u.deq.FaTailO, m.u.deq.FaNO
	m.u.fl.GaHeadI, m.u.fl.GaTailI, m.u.fl.GaNI = m.u.hd.GaHeadO, m.u.hd.GaTailO, m.u.hd.GaNO
	if c.Policy == polPushout {
		m.u.adm.MakeRoom = m.makeRoom
		m.acct.poRun = make([]uint32, len(m.r.qlenD))
	}
	m.u.sch.HeadLenI = m.u.pdl.HeadLenO
	m.u.sch.AckI = true
	m.r.freeD, m.r.freeQ = c.B, c.B
	m.resetThr()
	if c.Events {
		m.obs.events = make([]Event, 0, 2*c.MaxOffers+4*c.P+16)
	}
	m.u.eg = newEgress(&c)
	m.u.fl.RdDataI, m.u.deq.CpRdDataI, m.u.hd.CpRdDataI, m.u.eg.RetTagI = m.ram.cpRd.out, m.ram.cpRd.out, m.ram.cpRd.out, m.ram.cdRd.out
	m.u.pdl.errs, m.u.deq.errs, m.u.hd.errs, m.u.enq.errs, m.u.fl.errs, m.u.eg.errs = &m.u.failed, &m.u.failed, &m.u.failed, &m.u.failed, &m.u.failed, &m.u.failed
	m.ram.pd.SetErrFlag(&m.u.failed) // the memories' too (Commit tests only u.failed)
	m.ram.cp.SetErrFlag(&m.u.failed)
	m.ram.cd.SetErrFlag(&m.u.failed)
	m.obs.stats.Queues = make([]QueueStats, n)
	m.initOutputs()
	m.chk.cells, m.chk.pkts = make([]int, n), make([]int, n)
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
func (m *TM) Offer(a Arrival) { m.obs.offers = append(m.obs.offers, a) }

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

// Cycle returns the number of cycles stepped.
func (m *TM) Cycle() uint64 { return m.cycle }

var (
	_ rtl.Clocked      = (*TM)(nil)
	_ rtl.Traceable    = (*TM)(nil)
	_ rtl.Hierarchical = (*TM)(nil)
)
