package tm

import (
	"fmt"

	"occamy/hw/admission"
	"occamy/hw/arbiter"
	"occamy/hw/mem"
	"occamy/hw/scheduler"
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

// Pipeline depths (packets), fixed.
const (
	deqJobDepth = 4  // unlinked packets waiting for their cell rounds
	retDepth    = 32 // data-return events in flight (> MaxLatency)
)

// pdRead is a PD read in flight, waiting for its data to unlink the head.
type pdRead struct {
	valid bool
	q     int
	v     mem.PD
	ready uint64 // first cycle the data may be used
}

// cellJob is an unlinked packet going through its cell rounds: each round
// handles cells done..done+k-1, one per sub-list.
type cellJob struct {
	q, port int
	v       mem.PD
	cur     [mem.MaxK]int32 // next cell of each sub-list
	done    int             // cells handled
	ready   uint64          // first cycle the next round may run (cell-pointer read latency)
	chains  uint8           // chain mode: sub-lists still to append to the free list
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

// txPkt is a packet scheduled on a port, counted down as its cells leave.
type txPkt struct {
	q      int32
	cells  uint16
	left   uint16
	serial uint32
}

// port is one egress port.
type port struct {
	pending int    // cells scheduled and not yet sent
	ready   int    // cells whose data has arrived
	next    uint64 // first cycle of the next send
	ring    []txPkt
	head, n int
}

// dataRet is a cell-data read whose cells reach a port's transmit buffer.
type dataRet struct {
	at    uint64
	port  int32
	cells int32
}

// TM is the traffic-manager model. It implements rtl.Clocked,
// rtl.Traceable and rtl.Hierarchical. One Step (or one Eval and one Commit
// in an rtl.Sim) is one clock cycle; see docs/tm.md for the stage order.
type TM struct {
	cfg   Config
	n, k  int
	pol   Policy
	chain bool
	cycle uint64
	err   error
	evald bool // Eval already ran this cycle

	adm *admission.Unit
	sel *selector.Selector
	arb *arbiter.Arbiter
	sch *scheduler.Scheduler
	pds *mem.PDLists
	cp  *mem.Memory[int32]
	fl  *mem.FreeList
	cd  *mem.Memory[uint64]

	qlen     []uint32 // per queue, cells from admission to unlink
	qlenQ    []uint32 // start-of-cycle copy: selector input and trace
	qpkts    []uint32 // per queue, packets from admission to unlink
	active   []int    // per class, queues holding at least one cell (ABM's n_p)
	deqPkts  []uint32 // per queue, dequeued packets not yet transmitted
	thrQ     []uint32 // per queue threshold (its class's), selector input
	free     int      // accounting free count: B - Σqlen - inflight
	freeQ    int      // start-of-cycle copy
	inflight int      // cells of unlinked packets not yet freed
	unpopped int      // admitted cells not yet popped from the free list
	sumQlen  int
	sumPkts  int
	serial   uint32
	thrFree  int        // free count the thresholds were last evaluated for
	thrValid bool       // thrFree is meaningful
	qChg     rtl.Bitmap // queues whose qlen changed since qlenQ was copied
	drr      bool       // Sched is "drr"
	txBusy   uint32     // ports with cells ready to send
	txAt     uint64     // first cycle a port in txBusy may send

	portRdy  rtl.Bitmap // port has fewer than TxWindow cells pending
	nonEmpty rtl.Bitmap // queue has a linked PD
	locked   rtl.Bitmap // queue's head PD read is in flight

	offers []Arrival
	nOff   int
	events []Event // this cycle's packet events (Config.Events)

	enq      []enqPkt // ring of admitted packets
	eh, en   int
	alloc    allocState
	rot      int
	enqWait  []uint32 // per queue packets in the enqueue ring or allocating
	maxQ     uint32   // pushout: start-of-cycle longest queue length
	deqRd    pdRead
	deqJobs  [deqJobDepth]cellJob
	dh, dn   int
	freeBuf  [mem.MaxK]int32 // dequeue cells to free this cycle (per-cell mode)
	nFree    int
	freeJob  cellJob // dequeue packet to chain-free this cycle
	hasChain bool
	hdRd     pdRead
	hdJob    cellJob
	hdBusy   bool
	hdStale  bool // the head drop in flight was issued to a queue at or below its threshold
	hdCells  int  // cells of the head-drop packet in flight, read to freed

	ports  []port
	ret    [retDepth]dataRet
	rh, rn int

	gntValid bool
	gntIdx   int
	use      [NumMems]PortUse
	hdUse    [NumMems]PortUse
	stats    Stats

	out Outputs // this cycle's occamy_tm outputs

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
	m := &TM{cfg: c, n: n, k: c.K, chain: c.FreeMode == "chain"}
	m.cfg.AlphaExp = append([]int(nil), c.AlphaExp...)
	m.cfg.Quantum = append([]int(nil), c.Quantum...)
	m.pol = c.Policy
	mode, wait := admission.DT, c.PushoutWait
	switch m.pol {
	case polPushout:
		// The ideal Pushout makes room before admission decides, so the
		// admission unit's rule is "admit iff it fits" (no wait).
		mode, wait = admission.Pushout, 0
	case polPushoutPort:
		mode = admission.Pushout
	case polABM:
		mode = admission.ABM
	}
	var err error
	if m.adm, err = admission.New(admission.Params{N: n, Q: c.Q, QW: c.QW, AW: c.AW, Mode: mode, Wait: wait}); err != nil {
		return nil, fmt.Errorf("u_adm: %w", err)
	}
	for i, s := range c.AlphaExp {
		m.adm.AlphaI[i] = int8(s)
	}
	if m.sel, err = selector.New(selector.Params{N: n, QW: c.QW}); err != nil {
		return nil, fmt.Errorf("u_sel: %w", err)
	}
	if m.arb, err = arbiter.New(arbiter.Params{N: n}); err != nil {
		return nil, fmt.Errorf("u_arb: %w", err)
	}
	quantum := c.Quantum
	if c.Sched != "drr" {
		quantum = nil
	}
	if m.sch, err = scheduler.New(scheduler.Params{P: c.P, Q: c.Q, Mode: c.Sched, Quantum: quantum}); err != nil {
		return nil, fmt.Errorf("u_sched: %w", err)
	}
	if m.pds, err = mem.NewPDLists(mem.Params{Name: "pd_mem", Entries: c.B, ReadPorts: c.PD.ReadPorts, WritePorts: c.PD.WritePorts, ReadLatency: c.PD.ReadLatency}, n); err != nil {
		return nil, err
	}
	if m.cp, err = mem.New[int32](mem.Params{Name: "cp_mem", Entries: c.B, ReadPorts: c.CP.ReadPorts, WritePorts: c.CP.WritePorts, ReadLatency: c.CP.ReadLatency}); err != nil {
		return nil, err
	}
	if m.fl, err = mem.NewFreeList(m.cp, c.K); err != nil {
		return nil, err
	}
	if m.cd, err = mem.New[uint64](mem.Params{Name: "cd_mem", Entries: c.B, ReadPorts: c.CD.ReadPorts, WritePorts: c.CD.WritePorts, ReadLatency: c.CD.ReadLatency}); err != nil {
		return nil, err
	}
	m.drr = c.Sched == "drr"
	m.sel.RstNI, m.arb.RstNI, m.sch.RstNI = true, true, true
	m.qlen, m.qlenQ, m.qpkts = make([]uint32, n), make([]uint32, n), make([]uint32, n)
	m.deqPkts, m.thrQ, m.enqWait = make([]uint32, n), make([]uint32, n), make([]uint32, n)
	m.sel.QlenI, m.sel.ThrI = m.qlenQ, m.thrQ
	m.active = m.adm.ActiveI
	m.sch.HeadLenI = m.pds.HeadLen
	m.free, m.freeQ = c.B, c.B
	m.offers = make([]Arrival, c.MaxOffers)
	if c.Events {
		m.events = make([]Event, 0, 2*c.MaxOffers+4*c.P+16)
	}
	m.enq = make([]enqPkt, c.B+c.PushoutWait+1)
	m.ports = make([]port, c.P)
	for p := range m.ports {
		m.ports[p].ring = make([]txPkt, c.TxWindow+1)
		m.portRdy.Set(p)
	}
	m.stats.Queues = make([]QueueStats, n)
	m.initOutputs()
	m.chkCells, m.chkPkts = make([]int, n), make([]int, n)
	return m, nil
}

// Config returns the configuration the TM was built with.
func (m *TM) Config() Config { return m.cfg }

// Offer queues one packet to arrive in the coming cycle: the next Eval (or
// Step) decides it, in Offer order. It never allocates. Offers beyond
// MaxOffers in one cycle, or with a queue or size out of range, make that
// Step return an error.
func (m *TM) Offer(a Arrival) {
	if m.nOff < len(m.offers) {
		m.offers[m.nOff] = a
	}
	m.nOff++
}

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

// Eval evaluates the cycle: the stages of docs/tm.md in order. It runs once
// per cycle; a second Eval before Commit does nothing.
func (m *TM) Eval() {
	if m.evald {
		return
	}
	m.evald = true
	m.events = m.events[:0]
	m.clearOutputs()
	m.sampleQ()
	m.admit()
	m.unlinkStage()
	m.deqRound()
	m.deqIssue()
	m.hdUse = [NumMems]PortUse{}
	m.hdIssue()
	m.enqueueRound()
	m.deqFree()
	if m.hdBusy {
		cr, cw := m.cp.Use()
		dr, dw := m.cd.Use()
		m.hdCellsStage()
		cr1, cw1 := m.cp.Use()
		dr1, dw1 := m.cd.Use()
		m.hdUse[MemCP] = PortUse{Reads: cr1 - cr, Writes: cw1 - cw}
		m.hdUse[MemCD] = PortUse{Reads: dr1 - dr, Writes: dw1 - dw}
	}
	m.egress()
	m.snapshotUse()
}

// Commit is the rising edge: memory writes land, sub-block registers
// update, the cycle advances, and the invariants are checked if enabled.
func (m *TM) Commit() {
	if !m.evald {
		m.Eval()
	}
	m.pds.Mem.Commit()
	m.cp.Commit()
	m.cd.Commit()
	m.sel.Commit()
	m.arb.Commit()
	m.sch.Commit()
	if m.err == nil {
		if e := m.pds.Mem.Err(); e != nil {
			m.fail(e)
		} else if e := m.cp.Err(); e != nil {
			m.fail(e)
		} else if e := m.cd.Err(); e != nil {
			m.fail(e)
		}
	}
	m.nOff = 0
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

// sampleQ takes the start-of-cycle register copies and evaluates the
// combinational blocks that read them: thresholds and the selector.
func (m *TM) sampleQ() {
	// Only the queues whose length changed since the last copy are copied
	// (admit and unlink mark them in qChg); the pushout maximum follows
	// them, with a full search only when the longest queue shrank.
	selDirty := m.qChg.Any()
	if selDirty {
		mx, full := m.maxQ, false
		for w := range m.qChg {
			for word := m.qChg[w]; word != 0; word &= word - 1 {
				i := w<<6 | trailingZeros(word)
				old, v := m.qlenQ[i], m.qlen[i]
				m.qlenQ[i] = v
				if v >= mx {
					mx = v
				} else if old == mx {
					full = true
				}
			}
		}
		m.qChg = rtl.Bitmap{}
		if m.pol == polPushoutPort {
			if full {
				mx = 0
				for _, v := range m.qlenQ {
					mx = max(mx, v)
				}
			}
			m.maxQ = mx
		}
	}
	m.freeQ = m.free
	// The α exponents are fixed at New, so the thresholds change only with
	// the free count: evaluate the threshold unit and spread its outputs to
	// the queues only then.
	if !m.thrValid || m.free != m.thrFree {
		m.thrValid, m.thrFree = true, m.free
		m.adm.FreeI = m.free
		m.adm.Eval()
		// thrQ[c] for c < Q still holds class c's previous threshold:
		// spread only the classes whose threshold moved, and leave the
		// selector alone when none did.
		thr := m.adm.Thr.ThrO
		if len(thr) > len(m.thrQ) {
			thr = thr[:len(m.thrQ)]
		}
		for c, v := range thr {
			if m.thrQ[c] == v {
				continue
			}
			for i := c; i < len(m.thrQ); i += len(thr) {
				m.thrQ[i] = v
			}
			selDirty = true
		}
	}
	// The selector's next register value depends only on qlen and thr: when
	// neither changed since its last Eval, that value is already in its
	// register, so only its output needs refreshing.
	if selDirty {
		m.sel.Eval()
	} else {
		m.sel.OverO = m.sel.State().OverQ
	}
}

// snapshotUse keeps this cycle's port use for Probe.
func (m *TM) snapshotUse() {
	r, w := m.pds.Mem.Use()
	m.use[MemPD] = PortUse{r, w}
	r, w = m.cp.Use()
	m.use[MemCP] = PortUse{r, w}
	r, w = m.cd.Use()
	m.use[MemCD] = PortUse{r, w}
}

// Stats returns the counters, with Len and the totals brought up to date.
// The pointer stays valid; later Steps update the same struct.
func (m *TM) Stats() *Stats {
	s := &m.stats
	s.Cycles = m.cycle
	var t QueueStats
	for i := range s.Queues {
		q := &s.Queues[i]
		q.Len = Count{Pkts: uint64(m.qpkts[i]), Cells: uint64(m.qlen[i])}
		t.Arrived.add(q.Arrived)
		t.Admitted.add(q.Admitted)
		t.AdmDropped.add(q.AdmDropped)
		t.HeadDropped.add(q.HeadDropped)
		t.StaleHeadDropped.add(q.StaleHeadDropped)
		t.Transmitted.add(q.Transmitted)
		t.Len.add(q.Len)
	}
	t.MaxLen = s.Total.MaxLen
	s.Total = t
	return s
}

func (c *Count) add(o Count) { c.Pkts += o.Pkts; c.Cells += o.Cells }

// Probe returns the view after the last Step: Qlen and Free are the
// registers now; Thr, Over, the head-drop grant, the pipeline states and
// Ports are what the last cycle (Cycle = its index) computed and used.
func (m *TM) Probe() Probe {
	p := Probe{
		Cycle: m.cycle - 1, Qlen: m.qlen, Free: m.free, Thr: m.adm.Thr.ThrO,
		Over: m.sel.OverO, GntValid: m.gntValid, GntIdx: m.gntIdx,
		HD: m.hdState(), Deq: m.deqState(), Ports: m.use, HDPorts: m.hdUse,
	}
	if m.cycle == 0 {
		p.Cycle = 0
	}
	return p
}

func (m *TM) hdState() ExecState {
	switch {
	case m.hdRd.valid:
		return ExecReadPD
	case m.hdBusy:
		return ExecCells
	}
	return ExecIdle
}

func (m *TM) deqState() ExecState {
	switch {
	case m.deqRd.valid:
		return ExecReadPD
	case m.dn > 0:
		return ExecCells
	}
	return ExecIdle
}

var (
	_ rtl.Clocked      = (*TM)(nil)
	_ rtl.Traceable    = (*TM)(nil)
	_ rtl.Hierarchical = (*TM)(nil)
)
