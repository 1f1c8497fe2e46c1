// Package selector is the golden model of hd_selector, Occamy's head-drop
// selector: a bank of N comparators and an N-bit register marking every
// over-allocated queue.
//
// Contract (docs/blocks.md): at each rising edge
//
//	over_o[i] <= qlen_i[i] > thr_i[i]
//
// and a synchronous active-low reset clears over_o.
//
// Behaviour fixed here, so that the Go model and the Verilog agree:
//   - Strictly greater: a queue exactly at its threshold is not
//     over-allocated, one cell above it is. A threshold of 2^QW-1 (the
//     saturated DT threshold) therefore never marks a queue.
//   - Latency one cycle: over_o in cycle c shows the comparison of the
//     inputs of cycle c-1. Eval copies the register to OverO and computes the
//     next value; Commit is the edge.
//   - Reset: while RstNI is false, OverO still shows the register; at the
//     edge the register becomes all zeros whatever the inputs. The first
//     comparison after reset shows in the second cycle with RstNI true.
//   - Inputs wider than their wires: only the low QW bits of each QlenI and
//     ThrI entry are compared, as QW-bit wires would carry them.
//   - N=1: one comparator, over_o is one bit.
//   - Bits of OverO at or above N are always zero.
package selector

import (
	"math/bits"

	"occamy/rtl"
)

// Block is the Verilog module name, used in errors and vector files.
const Block = "hd_selector"

// Params are the elaboration parameters of hd_selector.
type Params struct {
	N  int // number of queues, 1..256
	QW int // width of a queue length and of a threshold, 1..32
}

// Parameter ranges accepted by New.
const (
	MinN, MaxN   = 1, rtl.MaxBitmap
	MinQW, MaxQW = 1, 32
)

// DefaultParams returns the defaults of the port contract: N=64, QW=16.
func DefaultParams() Params { return Params{N: 64, QW: 16} }

// Validate returns a *rtl.ParamError for the first parameter out of range.
func (p Params) Validate() error {
	if err := rtl.CheckRange(Block, "N", p.N, MinN, MaxN); err != nil {
		return err
	}
	return rtl.CheckRange(Block, "QW", p.QW, MinQW, MaxQW)
}

// State is the selector's register: over_q, the bitmap over_o shows.
type State struct {
	OverQ rtl.Bitmap // over_q; bits at or above N are zero
}

// Selector is one hd_selector instance. It implements rtl.Clocked and
// rtl.Traceable.
//
// QlenI and ThrI have length N. A caller may point them at its own slices of
// length N (for example the traffic manager's queue-length array) instead of
// copying into them; that costs nothing per cycle.
type Selector struct {
	P     Params
	RstNI bool       // rst_ni: synchronous, active low
	QlenI []uint32   // qlen_i: queue lengths; only the low QW bits are used
	ThrI  []uint32   // thr_i: per-queue thresholds; only the low QW bits are used
	OverO rtl.Bitmap // over_o: the register over_q, valid after Eval

	q, d State
	mask uint32
}

// New validates p and returns a selector with all inputs zero, RstNI false
// and the register cleared.
func New(p Params) (*Selector, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Selector{
		P:     p,
		QlenI: make([]uint32, p.N),
		ThrI:  make([]uint32, p.N),
		mask:  uint32(rtl.Width(p.QW).Mask()),
	}, nil
}

// State returns the register.
func (s *Selector) State() State { return s.q }

// SetState loads the register, as a test or a checkpoint restore would. Bits
// at or above N are dropped.
func (s *Selector) SetState(st State) {
	keepN(&st.OverQ, s.P.N)
	s.q = st
	s.d = st
}

// Eval shows the register on OverO and computes its next value.
func (s *Selector) Eval() {
	s.OverO = s.q.OverQ
	if !s.RstNI {
		s.d = State{}
		return
	}
	// Words at or above N stay zero in d: New, SetState and reset make them
	// zero and nothing writes them.
	if s.P.N == 64 {
		s.d.OverQ[0] = compare64((*[64]uint32)(s.QlenI), (*[64]uint32)(s.ThrI), s.mask)
		return
	}
	compareWords(&s.d.OverQ, s.QlenI, s.ThrI, s.P.N, s.mask)
}

// EvalChanged is Eval for a caller that knows what changed since the last
// Eval or EvalChanged (with no SetState between): rst_ni and thr_i did
// not, and qlen_i did only for the queues in changed. It computes the same
// next value as Eval, comparing those queues alone.
func (s *Selector) EvalChanged(changed *rtl.Bitmap) {
	s.OverO = s.q.OverQ
	if !s.RstNI {
		s.d = State{}
		return
	}
	n := s.P.N
	for w := range changed[:(n+63)>>6] { // the words that hold queues
		for x := changed[w]; x != 0; x &= x - 1 {
			i := w<<6 | bits.TrailingZeros64(x)
			if i >= n {
				break
			}
			s.d.OverQ.Put(i, over(s.QlenI[i], s.ThrI[i], s.mask))
		}
	}
}

// Commit is the rising edge: over_q <= over_d.
func (s *Selector) Commit() { s.q = s.d }

// Signals lists rst_ni, qlen_i, thr_i and over_o, packed as the port
// contract packs them (queue i at [i*QW +: QW]).
func (s *Selector) Signals() []rtl.Signal {
	n, qw := s.P.N, s.P.QW
	return []rtl.Signal{
		rtl.Flag("rst_ni", func() bool { return s.RstNI }),
		rtl.Packed("qlen_i", n, qw, func(i int) uint64 { return uint64(s.QlenI[i]) }),
		rtl.Packed("thr_i", n, qw, func(i int) uint64 { return uint64(s.ThrI[i]) }),
		{Name: "over_o", Width: n, Read: func(dst []uint64) { s.OverO.Words(dst, n) }},
	}
}

// keepN clears the bits of b at or above n.
func keepN(b *rtl.Bitmap, n int) {
	for w := range b {
		lo := w * 64
		switch {
		case lo >= n:
			b[w] = 0
		case n-lo < 64:
			b[w] &= 1<<uint(n-lo) - 1
		}
	}
}

var (
	_ rtl.Clocked   = (*Selector)(nil)
	_ rtl.Traceable = (*Selector)(nil)
)
