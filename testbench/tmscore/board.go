package tmscore

import (
	"math"

	"occamy/hw/threshold"
	hw "occamy/hw/tm"
	"occamy/rtl"
	"occamy/testbench/design"
	"occamy/testbench/scoreboard"
)

// The checks, in report order.
const (
	chkData scoreboard.Check = iota
	chkOrder
	chkConserve
	chkPolicy
	chkLive
	numChecks
)

// CheckNames and CheckDocs name and explain the checks.
var (
	CheckNames = []string{"data", "order", "conservation", "policy", "liveness"}
	CheckDocs  = []string{
		"every cell that leaves belongs to an admitted packet, in order, complete, once, with its first/last marks; no foreign or X data",
		"per queue, packets start leaving in admission order (head drops remove packets, never reorder the rest); a packet finishes before the next of its queue starts",
		"every offer ends exactly once (left, refused, head-dropped, or queued at the end); buffered cells within B; free + Σ qlen and each qlen against the admitted cells; each head drop removed one packet of its size",
		"admission and head drop follow the policy on the state within the declared staleness windows; the threshold is T(free); round-robin expulsion starves no queue; DT's steady state near αB/(1+nα)",
		"every offer is decided within its window; no port idles while a packet admitted long ago waits for it; a port's cells keep the declared spacing of the line rate; nothing is left after the drain",
	}
)

// Packet states.
const (
	stNone uint8 = iota
	stRefused
	stWaiting // admitted, no cell left yet
	stLeaving // some cells left
	stLeft
	stDropped // head-dropped (attributed)
	stLost    // found missing (skipped with no head drop)
	stAged    // head-dropped, matched by the drop's age (egress latency)
)

// pkt is one packet admitted and not finished, in the board's pool.
type pkt struct {
	serial   uint64
	seq      uint64 // admission order, from 1 (the board's decisions, in order)
	offerAt  uint64
	admitAt  uint64
	nextWait int32 // the next packet waiting in its queue (pool index), -1 none
	queue    int32
	cells    int32
	next     int32 // next cell index expected
	state    uint8
}

// gone is a packet that ended (refused, left, dropped, lost), remembered
// by serial for a while to tell what a stray cell was.
type gone struct {
	serial       uint64
	queue, cells int32
	state        uint8
}

// hdrop is a head-drop event not yet matched to the packet it removed, in
// the board's pool of them, listed per queue.
type hdrop struct {
	cells int32
	next  int32 // the queue's next pending drop, -1 none
	at    uint64
}

// queueState is one queue's bookkeeping.
type queueState struct {
	head, tail int32 // waiting list (admitted, no cell left), pool indices, -1 none
	waiting    int
	inProg     int32 // the packet leaving, -1 none
	dh, dt     int32 // pending head drops, oldest and newest (pool indices), -1 none
	dn         int   // their count
	shadow     int   // cells admitted and not finished or dropped
	skips      int   // head drops of others while this one stayed over, none of its own starting
}

// pending is an offer waiting for its decision (admit.valid events).
type pending struct {
	o  Offer
	at uint64
}

// Board checks one run's transactions.
type Board struct {
	u   *Setup
	t   *design.TMSection
	c   hw.Config
	p   Plan
	tal *scoreboard.Tally
	n   int

	packets
	serials
	offerRing
	views
	portWatch

	qs      []queueState
	shadowT int // Σ shadow
	leftT   int // the cells already left of the packets leaving (Σ next over stLeaving)
	admC    int // cells admitted in this cycle
	sat     rtl.Width
	serMask uint64
	idxMask uint64
	note    uint32 // checks violated this cycle (the VCD note)
	idle    int    // drain: cycles in a row with nothing left

	steadySum []float64
	steadyN   uint64
	out       outcomeSide
	ls        lockstep
	counts    Counts
}

// packets are the board's packets and head drops, pooled so that a cycle
// allocates nothing, and the packets that ended.
type packets struct {
	pool  []pkt
	free  []int32 // pool indices not in use
	dpool []hdrop // head drops not yet matched, every queue's
	dfree []int32
	// pendDrops is the head drops not yet matched, every queue's; maxPend
	// the most one queue held at once.
	pendDrops, maxPend int
	gone               []gone // ended packets by serial & goneMask
}

// serials number the packets and admissions.
type serials struct {
	newest uint64 // highest serial numbered
	admits uint64 // admissions so far (tag.serial: admitted numbers them)
	seq    uint64 // admissions so far, every design's (pkt.seq)
	linked uint64 // the highest admission seq proven linked (fairness, linked.go)
}

// offerRing is the offers waiting for their decision (admit.valid), a ring.
type offerRing struct {
	pend   []pending
	ph, pn int
}

// views are the queue lengths and free count: counted, observed, and
// where the policy and admission read them.
type views struct {
	hs, ho history  // the board's own counts, the observed ones
	hv, hn history  // the policy's view of the observed ones, the cells each answer admitted (settle.go)
	hq, hf *history // where the policy reads queue lengths and the free count
	vq, vf *history // where admission reads them: hv when observed (admit.settle)
}

// portWatch is what the board keeps per port about egress.
type portWatch struct {
	lastSent []uint64 // per port, the last cycle a cell left
	sentAt   []uint64 // per port, the cycle its last cell left (egress.spacing), noCell none
	sentPkt  []uint64 // per port, that cell's packet's serial
	stalled  []bool   // per port, a liveness violation is open
}

// newBoard makes the board of setup u.
func newBoard(u *Setup) *Board {
	t := u.Map.TM
	c := u.Config
	b := &Board{u: u, t: t, c: c, p: u.Plan, n: c.N(), tal: scoreboard.New(CheckNames, CheckDocs)}
	// The board holds the packets in the design (at most Live) and those
	// removed by head drops not yet matched to them: at most one drop a
	// cycle, each matched within Latency cycles (age).
	size := 2*b.p.Live + b.p.Latency + 1024
	b.pool, b.free = make([]pkt, size), make([]int32, size)
	b.dpool, b.dfree = make([]hdrop, size), make([]int32, size)
	for i := range b.free {
		b.free[i], b.dfree[i] = int32(size-1-i), int32(size-1-i)
	}
	b.gone = make([]gone, goneSize)
	b.qs = make([]queueState, b.n)
	for i := range b.qs {
		b.qs[i] = queueState{head: -1, tail: -1, inProg: -1, dh: -1, dt: -1}
	}
	b.pend = make([]pending, max(t.Ingress.Slots*(t.Admit.Window+2)+t.Ingress.Backlog+64, 64))
	d := histDepth(t)
	b.hs, b.ho = newHistory(b.n, d, c.B, c.Q), newHistory(b.n, d, c.B, c.Q)
	b.hv, b.hn = newHistory(b.n, d, c.B, c.Q), newHistory(b.n, d, c.B, c.Q)
	b.hq, b.hf, b.vq, b.vf = &b.hs, &b.hs, &b.hs, &b.hs
	if t.Observe.Qlen != "" {
		b.hq, b.vq = &b.ho, &b.hv
	}
	if t.Observe.Free != "" {
		b.hf, b.vf = &b.ho, &b.hv
	}
	b.sat = 62
	if t.Observe.Qlen != "" {
		b.sat = 0 // set by the binding's lane width (Scoreboard.New)
	}
	b.serMask, b.idxMask = mask(t.Tag.SerialBits), mask(t.Tag.IndexBits)
	b.lastSent, b.stalled = make([]uint64, c.P), make([]bool, c.P)
	b.sentAt, b.sentPkt = make([]uint64, c.P), make([]uint64, c.P)
	for i := range b.sentAt {
		b.sentAt[i] = noCell
	}
	for i := range b.lastSent {
		b.lastSent[i] = b.p.TrafficAt
	}
	b.steadySum = make([]float64, b.p.SteadyFlows)
	b.out = newOutcomeSide(b.n)
	b.ls = newLockstep()
	return b
}

func mask(bits int) uint64 {
	if bits >= 64 {
		return math.MaxUint64
	}
	return 1<<uint(bits) - 1
}

// fail records a violation of check k and notes it for the VCD window.
func (b *Board) fail(k scoreboard.Check, c uint64, q int, serial int64, format string, a ...any) {
	b.note |= 1 << uint(k)
	b.tal.Fail(k, c, q, serial, format, a...)
}

// goneSize is how many ended packets the board remembers (a power of 2).
const goneSize = 1 << 14

// at is the packet at pool index i, nil for -1.
func (b *Board) at(i int32) *pkt {
	if i < 0 {
		return nil
	}
	return &b.pool[i]
}

// alloc takes a pool slot for a new packet, -1 when the pool is full (the
// design holds more packets than it can: flagged).
func (b *Board) alloc(c uint64, q int) int32 {
	if len(b.free) == 0 {
		b.fail(chkConserve, c, q, -1, "more than %d packets admitted and not finished: the board stops following new ones", len(b.pool))
		return -1
	}
	i := b.free[len(b.free)-1]
	b.free = b.free[:len(b.free)-1]
	return i
}

// end forgets the packet at pool index i, remembering how it ended.
func (b *Board) end(i int32, state uint8) {
	p := &b.pool[i]
	if p.state == stLeaving {
		b.leftT -= int(p.next)
	}
	b.remember(p.serial, p.queue, p.cells, state)
	p.state = stNone
	b.free = append(b.free, i)
}

func (b *Board) remember(serial uint64, q, cells int32, state uint8) {
	b.gone[serial&(goneSize-1)] = gone{serial: serial, queue: q, cells: cells, state: state}
	if serial > b.newest {
		b.newest = serial
	}
}

// thr is class k's DT threshold at free count f (negative: 0).
func (b *Board) thr(k int, f int) int {
	if f <= 0 {
		return 0
	}
	if b.sat >= 32 {
		v := float64(f) * math.Ldexp(1, b.c.AlphaExp[k])
		return int(math.Min(math.Floor(v), 1<<40))
	}
	return int(threshold.Threshold(uint32(f), b.c.AlphaExp[k], b.sat))
}
