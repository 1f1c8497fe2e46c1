// Package expulsion is the golden model of occamy_expulsion, the whole
// expulsion path of Occamy wired as one block:
//
//	executor.free_o ─► dt_threshold ─► thr per class ─┐
//	executor.qlen_o ──────────────────────────────────┴─► hd_selector ─► over_o
//	over_o ─► rr_arbiter.req_i;  gnt ─► hd_executor.drop_*;  drop_ack_o ─► rr_arbiter.ack_i
//
// Queue i belongs to α class (i mod Q), Q being the queues per egress port,
// so its threshold is the threshold unit's output for that class.
//
// Timing: queue lengths and the free count are registered in the executor;
// the selector registers its comparison, so the bitmap the arbiter sees in
// cycle c compares lengths and thresholds of cycle c-1, which themselves
// reflect drops committed at the end of cycle c-2. A queue therefore keeps
// being granted for up to two cycles after the drop that brings it under its
// threshold; each such grant drops one more packet if the queue still holds
// one. This lag is the hardware's, and the model keeps it on purpose.
package expulsion

import (
	"fmt"

	"occamy/hw/arbiter"
	"occamy/hw/executor"
	"occamy/hw/selector"
	"occamy/hw/threshold"
	"occamy/rtl"
)

// Params are the parameters of occamy_expulsion.
type Params struct {
	N  int // queues, 1..256
	Q  int // α classes = queues per egress port, 1..64 and at most N
	QW int // queue length / threshold / free count width, 1..32
	AW int // α exponent width, 2..8
	B  int // buffer cells, 1..65536 and below 2^QW
	P  int // packet descriptors, 1..65536
}

// DefaultParams is 8 ports × 8 queues, a 16384-cell buffer.
func DefaultParams() Params { return Params{N: 64, Q: 8, QW: 16, AW: 4, B: 16384, P: 16384} }

// Validate checks every parameter and returns the first one out of range.
func (p Params) Validate() error {
	const blk = "occamy_expulsion"
	for _, c := range []struct {
		name      string
		v, lo, hi int
	}{
		{"N", p.N, 1, rtl.MaxBitmap},
		{"Q", p.Q, 1, min(64, max(p.N, 1))},
		{"QW", p.QW, 1, 32},
		{"AW", p.AW, 2, 8},
		{"P", p.P, 1, 65536},
	} {
		if err := rtl.CheckRange(blk, c.name, c.v, c.lo, c.hi); err != nil {
			return err
		}
	}
	hi := 65536
	if p.QW < 17 {
		hi = 1<<p.QW - 1
	}
	if err := rtl.CheckRange(blk, "B", p.B, 1, hi); err != nil {
		e := err.(*rtl.ParamError)
		e.Note = "the free count must fit in QW bits"
		return e
	}
	return nil
}

// Top is the expulsion path. Drive RstNI, AlphaI and the enqueue port, then
// let a Sim step it; the sub-blocks are exported for inspection.
type Top struct {
	P Params

	RstNI     bool   // rst_ni
	AlphaI    []int8 // alpha_i: signed exponent per class, len Q
	EnqValidI bool   // enq_valid_i
	EnqQidI   uint16 // enq_qid_i
	EnqEopI   bool   // enq_eop_i

	Thr *threshold.Unit
	Sel *selector.Selector
	Arb *arbiter.Arbiter
	Exe *executor.Executor
}

// New builds the expulsion path with every sub-block validated.
func New(p Params) (*Top, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	thr, err := threshold.New(threshold.Params{C: p.Q, QW: p.QW, AW: p.AW})
	if err != nil {
		return nil, fmt.Errorf("u_thr: %w", err)
	}
	sel, err := selector.New(selector.Params{N: p.N, QW: p.QW})
	if err != nil {
		return nil, fmt.Errorf("u_sel: %w", err)
	}
	arb, err := arbiter.New(arbiter.Params{N: p.N})
	if err != nil {
		return nil, fmt.Errorf("u_arb: %w", err)
	}
	exe, err := executor.New(executor.Params{N: p.N, QW: p.QW, B: p.B, P: p.P})
	if err != nil {
		return nil, fmt.Errorf("u_exe: %w", err)
	}
	// The selector reads the executor's registered lengths in place.
	sel.QlenI = exe.QlenQ()
	return &Top{P: p, AlphaI: make([]int8, p.Q), Thr: thr, Sel: sel, Arb: arb, Exe: exe}, nil
}

// Eval wires the sub-blocks for one cycle. The arbiter is evaluated twice:
// once to produce its grant, and again after the executor has answered with
// drop_ack_o, so that its next pointer sees the acknowledgement. Its outputs
// do not depend on ack_i, so both evaluations give the same grant.
func (t *Top) Eval() {
	free := uint64(t.Exe.FreeO())
	t.Thr.FreeI = uint32(rtl.Width(t.P.QW).Sat(free))
	copy(t.Thr.AlphaI, t.AlphaI)
	t.Thr.Eval()

	// Queue i takes class (i mod Q)'s threshold; striding by Q avoids a
	// division per queue.
	q, n, thrI := t.P.Q, t.P.N, t.Sel.ThrI
	for c, v := range t.Thr.ThrO[:q] {
		for i := c; i < n; i += q {
			thrI[i] = v
		}
	}
	t.Sel.RstNI = t.RstNI
	t.Sel.Eval()

	t.Arb.RstNI = t.RstNI
	t.Arb.ReqI = t.Sel.OverO
	t.Arb.AckI = false
	t.Arb.Eval()

	t.Exe.RstNI = t.RstNI
	t.Exe.EnqValidI, t.Exe.EnqQidI, t.Exe.EnqEopI = t.EnqValidI, t.EnqQidI, t.EnqEopI
	t.Exe.DropValidI, t.Exe.DropQidI = t.Arb.GntValidO, t.Arb.GntIdxO
	t.Exe.Eval()

	t.Arb.AckI = t.Exe.DropAckO
	t.Arb.Eval()
}

// Commit is the rising edge for every sub-block.
func (t *Top) Commit() {
	t.Thr.Commit()
	t.Sel.Commit()
	t.Arb.Commit()
	t.Exe.Commit()
}

// Signals are the top's own ports.
func (t *Top) Signals() []rtl.Signal {
	iw := rtl.IdxWidth(t.P.N)
	return []rtl.Signal{
		rtl.Flag("rst_ni", func() bool { return t.RstNI }),
		rtl.Packed("alpha_i", t.P.Q, t.P.AW, func(i int) uint64 { return uint64(uint8(t.AlphaI[i])) }),
		rtl.Flag("enq_valid_i", func() bool { return t.EnqValidI }),
		rtl.Scalar("enq_qid_i", iw, func() uint64 { return uint64(t.EnqQidI) }),
		rtl.Flag("enq_eop_i", func() bool { return t.EnqEopI }),
		rtl.Flag("enq_ready_o", func() bool { return t.Exe.EnqReadyO }),
		rtl.Flag("drop_valid_o", func() bool { return t.Exe.DropAckO }),
		rtl.Scalar("drop_qid_o", iw, func() uint64 { return uint64(t.Arb.GntIdxO) }),
	}
}

// Scopes are the sub-blocks, named as instances in occamy_expulsion.sv.
func (t *Top) Scopes() []rtl.Scope {
	return []rtl.Scope{
		{Name: "u_thr", Signals: t.Thr.Signals()},
		{Name: "u_sel", Signals: t.Sel.Signals()},
		{Name: "u_arb", Signals: t.Arb.Signals()},
		{Name: "u_exe", Signals: t.Exe.Signals()},
	}
}
