// Package scheduler is the golden model of egress_sched, the traffic
// manager's egress scheduler: P ports × Q queues, queue i being port i/Q and
// class i%Q. Each cycle it grants at most one packet start to the dequeue
// pipeline (the PD memory reads one head PD per cycle).
//
// Choice, all combinational from the inputs and the registers:
//  1. Port: round robin over the ports with port_rdy_i set and at least one
//     eligible queue, starting at the port pointer. On a taken grant the
//     pointer moves just past the granted port.
//  2. Queue within the port:
//     - "sp": strict priority, the eligible queue of lowest class wins
//     (class 0 is the highest priority).
//     - "drr": deficit round robin with a quantum per class, in cells. The
//     port's class pointer visits its queues in order; on arriving at a
//     queue it adds the quantum to that queue's deficit once; the queue is
//     granted while its deficit covers its head packet (deficit -= length
//     on the taken grant), and the pointer stays on it; otherwise the
//     pointer moves on. A visited queue with no packet (nonempty_i clear)
//     has its deficit reset to 0. A queue that has packets but is not
//     eligible (its head is locked by a head drop in flight) is passed over
//     with its deficit kept. One grant search visits at most 2Q queues; if
//     it grants nothing (quanta smaller than packets), the visits made are
//     still committed so the next cycle continues from there.
//
// Registers change only at a rising edge with rst_ni high: the port pointer
// and the DRR state of the granted port when ack_i takes the grant, or the
// DRR progress of a search that granted nothing. A grant that is not taken
// leaves every register unchanged, so the same grant is offered again.
// A synchronous active-low reset clears every register.
package scheduler

import (
	"fmt"
	"math/bits"

	"occamy/rtl"
)

// Block is the module name used in errors.
const Block = "egress_sched"

// Parameter ranges accepted by New.
const (
	MaxP       = 32
	MaxQ       = 8
	MaxQuantum = 65535
)

// Params are the elaboration parameters of egress_sched.
type Params struct {
	P       int   // ports, 1..32
	Q       int   // queues per port, 1..8
	Mode    Mode  // SP or DRR
	Quantum []int // DRR quantum per class in cells, len Q, 1..65535 (ignored by "sp")
}

// Validate returns an error naming the first bad parameter.
func (p Params) Validate() error {
	if err := rtl.CheckRange(Block, "P", p.P, 1, MaxP); err != nil {
		return err
	}
	if err := rtl.CheckRange(Block, "Q", p.Q, 1, MaxQ); err != nil {
		return err
	}
	switch p.Mode {
	case SP:
		return nil
	case DRR:
	default:
		return fmt.Errorf("%s: unknown Mode %d, allowed %d (sp), %d (drr)", Block, uint8(p.Mode), SP, DRR)
	}
	if len(p.Quantum) != p.Q {
		return &rtl.ParamError{Block: Block, Param: "len(Quantum)", Value: int64(len(p.Quantum)), Min: int64(p.Q), Max: int64(p.Q), Note: "one quantum per class"}
	}
	for c, q := range p.Quantum {
		if err := rtl.CheckRange(Block, fmt.Sprintf("Quantum[%d]", c), q, 1, MaxQuantum); err != nil {
			return err
		}
	}
	return nil
}

// State is the scheduler's registers.
type State struct {
	PortPtrQ uint8               // port_ptr_q: where the port search starts
	CurQ     [MaxP]uint8         // cur_q: DRR class pointer per port
	AddedQ   [MaxP]bool          // added_q: the quantum was added at CurQ on this visit
	DefQ     [MaxP * MaxQ]uint32 // def_q: DRR deficit per queue, cells
}

// delta is the next-state change computed by Eval for one port.
type delta struct {
	port   int
	commit bool // a search that granted nothing still commits its visits
	cur    uint8
	added  bool
	def    [MaxQ]uint32
}

// Scheduler is one egress_sched instance. It implements rtl.Clocked and
// rtl.Traceable.
type Scheduler struct {
	P         Params
	RstNI     bool       // rst_ni
	EligI     rtl.Bitmap // elig_i: queue may start a packet now
	NonEmptyI rtl.Bitmap // nonempty_i: queue holds a packet (DRR resets the deficit of an empty queue)
	PortRdyI  rtl.Bitmap // port_rdy_i: port may take another packet (bits 0..P-1; P <= 32, so word 0)
	HeadLenI  []uint32   // head_len_i: head packet length per queue, cells (len P*Q)
	AckI      bool       // ack_i: the grant is taken this cycle
	ValidO    bool       // gnt_valid_o
	QidO      uint16     // gnt_qid_o: granted queue, 0 when !ValidO
	PortO     uint16     // gnt_port_o: its port

	q     State
	d     delta
	drr   bool
	quant [MaxQ]uint32
	mask  uint64
	first uint64 // bits 0, Q, 2Q, … of a word (Q a power of two)
}

// New validates p and returns a scheduler with cleared registers.
func New(p Params) (*Scheduler, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	s := &Scheduler{P: p, HeadLenI: make([]uint32, p.P*p.Q), drr: p.Mode == DRR, mask: 1<<uint(p.Q) - 1}
	for i := 0; i < 64; i += p.Q {
		s.first |= 1 << uint(i)
	}
	if s.drr {
		for c, q := range p.Quantum {
			s.quant[c] = uint32(q)
		}
	}
	return s, nil
}

// State returns the registers.
func (s *Scheduler) State() State { return s.q }

// SetState loads the registers.
func (s *Scheduler) SetState(st State) { s.q = st }

// field returns the Q bits of b for port p.
func (s *Scheduler) field(b *rtl.Bitmap, p int) uint64 {
	lo := p * s.P.Q
	w, off := lo>>6, uint(lo&63)
	v := b[w] >> off
	if off+uint(s.P.Q) > 64 && w+1 < len(b) {
		v |= b[w+1] << (64 - off)
	}
	return v & s.mask
}

// portsWithElig returns bit p set when port p has an eligible queue. For
// Q a power of two each port's queues sit in one word, so an OR-fold of the
// word leaves each port's "any" at its first queue's bit.
func (s *Scheduler) portsWithElig() uint64 {
	var any uint64
	q := s.P.Q
	if q&(q-1) != 0 {
		for p := 0; p < s.P.P; p++ {
			if s.field(&s.EligI, p) != 0 {
				any |= 1 << uint(p)
			}
		}
		return any
	}
	if q == 8 && s.P.P <= 8 {
		// One word: after the fold, bit 8p is port p's "any"; the multiply
		// gathers bits 0, 8, …, 56 into the top byte, bit 56+p (the partial
		// products land on distinct bits, so nothing carries).
		x := s.EligI[0]
		x |= x >> 1
		x |= x >> 2
		x |= x >> 4
		x &= s.first
		return (x * 0x0102040810204080 >> 56) & (1<<uint(s.P.P) - 1)
	}
	perWord, lg := 64/q, uint(bits.TrailingZeros(uint(q)))
	for w := 0; w*perWord < s.P.P; w++ {
		x := s.EligI[w]
		for sh := 1; sh < q; sh <<= 1 {
			x |= x >> uint(sh)
		}
		x &= s.first // each port's first-queue bit
		for ; x != 0; x &= x - 1 {
			any |= 1 << (uint(w*perWord) + uint(bits.TrailingZeros64(x))>>lg)
		}
	}
	return any & (1<<uint(s.P.P) - 1)
}

// Eval computes the grant and the next-state change.
func (s *Scheduler) Eval() {
	s.ValidO, s.QidO, s.PortO = false, 0, 0
	s.d.commit = false
	s.d.port = -1
	cand := s.portsWithElig() & s.PortRdyI[0]
	if cand == 0 {
		return
	}
	// First candidate at or after the pointer, circularly.
	ptr := uint(s.q.PortPtrQ)
	p := bits.TrailingZeros64(cand)
	if hi := cand &^ (1<<ptr - 1); hi != 0 {
		p = bits.TrailingZeros64(hi)
	}
	s.pickIn(p)
}

func (s *Scheduler) pickIn(p int) {
	elig := s.field(&s.EligI, p)
	base := p * s.P.Q
	if !s.drr {
		c := bits.TrailingZeros64(elig)
		s.grant(p, base+c)
		return
	}
	nonEmpty := s.field(&s.NonEmptyI, p)
	d := &s.d
	d.port = p
	d.cur, d.added = s.q.CurQ[p], s.q.AddedQ[p]
	copy(d.def[:s.P.Q], s.q.DefQ[base:base+s.P.Q])
	for v := 0; v < 2*s.P.Q; v++ {
		c := int(d.cur)
		switch {
		case elig>>uint(c)&1 == 1:
			if !d.added {
				d.def[c] += s.quant[c]
				d.added = true
			}
			if n := s.HeadLenI[base+c]; d.def[c] >= n {
				d.def[c] -= n
				s.grant(p, base+c)
				return
			}
		case nonEmpty>>uint(c)&1 == 0:
			d.def[c] = 0
		}
		d.added = false
		d.cur++
		if int(d.cur) == s.P.Q {
			d.cur = 0
		}
	}
	d.commit = true // no grant: keep the progress
}

func (s *Scheduler) grant(p, q int) {
	s.ValidO, s.QidO, s.PortO = true, uint16(q), uint16(p)
}

// Commit is the rising edge.
func (s *Scheduler) Commit() {
	if !s.RstNI {
		s.q = State{}
		return
	}
	taken := s.ValidO && s.AckI
	if taken {
		next := int(s.PortO) + 1
		if next == s.P.P {
			next = 0
		}
		s.q.PortPtrQ = uint8(next)
	}
	if s.drr && s.d.port >= 0 && (taken || s.d.commit) {
		p := s.d.port
		s.q.CurQ[p], s.q.AddedQ[p] = s.d.cur, s.d.added
		copy(s.q.DefQ[p*s.P.Q:(p+1)*s.P.Q], s.d.def[:s.P.Q])
	}
}

// Signals lists the grant and the port pointer.
func (s *Scheduler) Signals() []rtl.Signal {
	n := s.P.P * s.P.Q
	return []rtl.Signal{
		{Name: "elig_i", Width: n, Read: func(dst []uint64) { s.EligI.Words(dst, n) }},
		{Name: "port_rdy_i", Width: s.P.P, Read: func(dst []uint64) { s.PortRdyI.Words(dst, s.P.P) }},
		rtl.Flag("ack_i", func() bool { return s.AckI }),
		rtl.Flag("gnt_valid_o", func() bool { return s.ValidO }),
		rtl.Scalar("gnt_qid_o", rtl.IdxWidth(n), func() uint64 { return uint64(s.QidO) }),
		rtl.Scalar("port_ptr_q", rtl.IdxWidth(s.P.P), func() uint64 { return uint64(s.q.PortPtrQ) }),
	}
}

var (
	_ rtl.Clocked   = (*Scheduler)(nil)
	_ rtl.Traceable = (*Scheduler)(nil)
)
