// Package scheduler is the golden model of the traffic manager's egress
// scheduler (tm_sched): P ports × Q queues, queue i being port i/Q and
// class i%Q. Each cycle it grants at most one packet start to the dequeue
// pipeline (the PD memory reads one head PD per cycle), within 8 LUT6
// levels at the defaults (docs/hardware-cost.md).
//
// Choice, combinational from the inputs and the registers:
//  1. Port: round robin over the candidate ports (port_rdy_i set, and a
//     queue to grant), starting at the port pointer. On a taken grant the
//     pointer moves just past the granted port.
//  2. Queue within the port:
//     - "sp": strict priority, the eligible queue of lowest class wins
//     (class 0 is the highest priority); a port is a candidate when one
//     of its queues is eligible.
//     - "drr": deficit round robin with a quantum per class, in cells,
//     pipelined: every port VISITS one class per cycle, all ports in
//     parallel (not up to 2Q classes of one port in one cycle). A port
//     with no eligible queue stands still. At its class pointer c, a
//     queue that is eligible and has not had its quantum on this visit
//     gets it (deficit += quantum; no grant from it in that cycle); an
//     eligible queue with its quantum whose deficit covers its head
//     packet is READY: the port holds its pointer; any other case passes
//     (the pointer moves to c+1, and a queue with no packet, nonempty_i
//     clear, has its deficit reset to 0; a non-eligible queue with
//     packets keeps it). A port is a candidate in the cycle AFTER its
//     class was ready (rdy_q); its grant is valid when the queue is still
//     eligible and was not unlinked in this cycle (unl_i, unl_qid_i: its
//     head changed since the ready was computed). A winner whose grant is
//     not valid gives no grant this cycle (a bubble). A taken grant takes
//     the head's length from the deficit; the pointer stays, and the port
//     is not a candidate in the next cycle (its head changes: it is ready
//     again once a visit has seen the new head). Without en_i there is no
//     grant; the visits go on.
//
// Hazards of the one-cycle-old ready (verilog/tm_sched.sv's header,
// docs/tm.md): the head changed (an unlink of the queue in the grant's
// cycle: a bubble), the queue no longer eligible (a bubble), and the
// granted port's own ready of that cycle, computed on the head it takes
// (dropped). A valid grant's deficit therefore always covers its head.
//
// Registers change only at a rising edge with rst_ni high. A grant that
// is not taken leaves the port pointer and the deficits unchanged (the
// DRR visits go on). A synchronous active-low reset clears every
// register.
package scheduler

import (
	"fmt"
	"math/bits"

	"occamy/rtl"
)

// Block is the module name used in errors.
const Block = "tm_sched"

// Parameter ranges accepted by New.
const (
	MaxP       = 32
	MaxQ       = 8
	MaxQuantum = 65535
)

// Params are the elaboration parameters of tm_sched.
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
	PortPtrQ uint8               // pm_q: where the port search starts (the Verilog keeps it as a mask)
	CurQ     [MaxP]uint8         // coh_q, cls_q, qid_q: DRR class pointer per port
	AddedQ   [MaxP]bool          // add_q: the quantum was added at CurQ on this visit
	RdyQ     uint32              // rdy_q: bit p, port p's class was ready last cycle
	DefQ     [MaxP * MaxQ]uint32 // def_q: DRR deficit per queue, cells
}

// visit is one port's DRR visit this cycle, computed by Eval.
type visit struct {
	rdy   bool // its class is ready now
	quant bool // the quantum is added now
	pass  bool // the pointer moves on
	zero  bool // ... and the queue's deficit is reset
}

// Scheduler is one tm_sched instance. It implements rtl.Clocked and
// rtl.Traceable.
type Scheduler struct {
	P         Params
	RstNI     bool       // rst_ni
	EligI     rtl.Bitmap // elig_i: queue may start a packet now
	NonEmptyI rtl.Bitmap // nonempty_i: queue holds a packet (DRR resets the deficit of an empty queue)
	PortRdyI  rtl.Bitmap // port_rdy_i: port may take another packet (bits 0..P-1; P <= 32, so word 0)
	HeadLenI  []uint32   // head_len_i: head packet length per queue, cells (len P*Q)
	AckI      bool       // ack_i: the grant is taken this cycle
	UnlI      bool       // unl_i: a queue is unlinked this cycle (its head changed)
	UnlQidI   uint16     // unl_qid_i: that queue
	Unl2I     bool       // a second unlink this cycle (hw/tm with PD.ReadPorts > 1; not in tm_sched)
	Unl2QidI  uint16     // its queue
	EnI       bool       // en_i: a grant may be given this cycle (the visits go on without)
	ValidO    bool       // gnt_valid_o
	QidO      uint16     // gnt_qid_o: granted queue, 0 when !ValidO
	PortO     uint16     // gnt_port_o: its port

	q     State
	v     [MaxP]visit
	vis   uint32 // ports whose visit changes a register this cycle
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
	s := &Scheduler{P: p, HeadLenI: make([]uint32, p.P*p.Q), drr: p.Mode == DRR, mask: 1<<uint(p.Q) - 1, EnI: true}
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
	any := s.portsWithElig()
	if s.drr {
		s.visits(any)
	}
	var cand uint64
	if s.drr {
		cand = uint64(s.q.RdyQ) & s.PortRdyI[0]
	} else {
		cand = any & s.PortRdyI[0]
	}
	if cand == 0 || !s.EnI {
		return
	}
	// First candidate at or after the pointer, circularly.
	ptr := uint(s.q.PortPtrQ)
	p := bits.TrailingZeros64(cand)
	if hi := cand &^ (1<<ptr - 1); hi != 0 {
		p = bits.TrailingZeros64(hi)
	}
	base := p * s.P.Q
	if !s.drr {
		s.grant(p, base+bits.TrailingZeros64(s.field(&s.EligI, p)))
		return
	}
	// The winner's grant is valid while its queue is still eligible and
	// was not unlinked now.
	q := base + int(s.q.CurQ[p])
	if s.EligI.Test(q) && !(s.UnlI && int(s.UnlQidI) == q) && !(s.Unl2I && int(s.Unl2QidI) == q) {
		s.grant(p, q)
	}
}

// visits computes every port's DRR visit of this cycle.
func (s *Scheduler) visits(any uint64) {
	s.vis = 0
	for m := any | uint64(s.q.RdyQ); m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		v := &s.v[p]
		*v = visit{}
		if any>>uint(p)&1 == 0 {
			continue // no eligible queue: the port stands still (its rdy_q clears)
		}
		c := int(s.q.CurQ[p])
		q := p*s.P.Q + c
		el := s.EligI.Test(q)
		switch {
		case el && s.q.AddedQ[p] && s.q.DefQ[q] >= s.HeadLenI[q]:
			v.rdy = true
		case el && !s.q.AddedQ[p]:
			v.quant = true
		default:
			v.pass = true
			v.zero = !el && !s.NonEmptyI.Test(q)
		}
		s.vis |= 1 << uint(p)
	}
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
	if !s.drr {
		return
	}
	if taken {
		s.q.DefQ[s.QidO] -= s.HeadLenI[s.QidO]
	}
	var rdy uint32
	for m := s.vis; m != 0; m &= m - 1 {
		p := bits.TrailingZeros32(m)
		v := &s.v[p]
		q := p*s.P.Q + int(s.q.CurQ[p])
		switch {
		case v.rdy:
			if !taken || int(s.PortO) != p { // a port just granted waits for its new head
				rdy |= 1 << uint(p)
			}
		case v.quant:
			s.q.DefQ[q] += s.quant[s.q.CurQ[p]]
			s.q.AddedQ[p] = true
		case v.pass:
			if v.zero {
				s.q.DefQ[q] = 0
			}
			s.q.AddedQ[p] = false
			if s.q.CurQ[p]++; int(s.q.CurQ[p]) == s.P.Q {
				s.q.CurQ[p] = 0
			}
		}
	}
	s.q.RdyQ = rdy
	s.vis = 0
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
