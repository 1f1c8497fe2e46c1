// Package arbiter is the golden model of rr_arbiter, the round-robin arbiter
// that picks the next over-allocated queue from the selector's bitmap.
//
// Contract (docs/blocks.md): gnt_valid_o is set when any req_i bit
// is; gnt_idx_o is the first set req_i bit at or after the pointer, going
// circularly (N-1 is followed by 0). Both are combinational. At a rising edge
// with gnt_valid_o && ack_i the pointer becomes (gnt_idx_o + 1) mod N;
// otherwise it holds. A synchronous active-low reset sets the pointer to 0.
//
// Behaviour fixed here, so that the Go model and the Verilog agree:
//   - Ties: among several requesters the one at or after the pointer wins, so
//     the pointer's own bit wins when set; it is not skipped.
//   - The pointer moves only on a taken grant, to just past the winner (not
//     to the pointer plus one). A grant that is not acked stays the same in
//     the next cycle if the requests stay the same.
//   - Ack without valid: ack_i while no req_i bit is set does nothing.
//   - No grant: GntIdxO is 0 whenever GntValidO is false (the Verilog drives
//     0 too, so vectors compare exactly).
//   - Fairness: a requester that keeps requesting is granted within N taken
//     grants.
//   - Reset while busy: reset dominates ack. While RstNI is false the outputs
//     are still computed from req_i and the current pointer, but at the edge
//     the pointer becomes 0 whether or not the grant was acked.
//   - N=1: gnt_idx_o is one bit and always 0; the pointer is always 0.
//   - Request bits at or above N are ignored.
//   - The pointer register is IdxWidth(N) bits wide; SetState keeps only those
//     bits. A pointer at or above N (unreachable from reset) finds no request
//     at or after itself and so wraps to the lowest request.
package arbiter

import (
	"math/bits"

	"occamy/rtl"
)

// Block is the Verilog module name, used in errors and vector files.
const Block = "rr_arbiter"

// Params are the elaboration parameters of rr_arbiter.
type Params struct {
	N int // number of requesters, 1..256
}

// Parameter range accepted by New.
const (
	MinN, MaxN = 1, rtl.MaxBitmap
)

// DefaultParams returns the default of the port contract: N=64.
func DefaultParams() Params { return Params{N: 64} }

// Validate returns a *rtl.ParamError when N is out of range.
func (p Params) Validate() error { return rtl.CheckRange(Block, "N", p.N, MinN, MaxN) }

// State is the arbiter's register.
type State struct {
	PtrQ uint16 // ptr_q: where the next search starts, 0..N-1 from reset
}

// Arbiter is one rr_arbiter instance. It implements rtl.Clocked and
// rtl.Traceable.
type Arbiter struct {
	P         Params
	RstNI     bool       // rst_ni: synchronous, active low
	ReqI      rtl.Bitmap // req_i: request bitmap; bits at or above N are ignored
	AckI      bool       // ack_i: the current grant is taken this cycle
	GntValidO bool       // gnt_valid_o: some request is set (combinational)
	GntIdxO   uint16     // gnt_idx_o: the granted index, 0 when !GntValidO (combinational)

	q, d    State
	words   int    // words of ReqI that hold requesters
	last    uint64 // mask of valid bits in word words-1
	ptrMask uint16 // IdxWidth(N) ones
	n       uint16 // N
}

// New validates p and returns an arbiter with all inputs zero, RstNI false
// and the pointer at 0.
func New(p Params) (*Arbiter, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	a := &Arbiter{P: p, words: (p.N + 63) / 64, n: uint16(p.N)}
	a.last = ^uint64(0) >> uint(a.words*64-p.N)
	a.ptrMask = uint16(rtl.Width(rtl.IdxWidth(p.N)).Mask())
	return a, nil
}

// State returns the register.
func (a *Arbiter) State() State { return a.q }

// SetState loads the register, as a test or a checkpoint restore would,
// keeping the low IdxWidth(N) bits of the pointer as the register would.
func (a *Arbiter) SetState(st State) {
	st.PtrQ &= a.ptrMask
	a.q = st
	a.d = st
}

// Eval computes the grant and the next pointer.
func (a *Arbiter) Eval() {
	idx, ok := a.grant()
	a.GntValidO, a.GntIdxO = ok, idx
	switch {
	case !a.RstNI:
		a.d.PtrQ = 0
	case ok && a.AckI:
		next := idx + 1
		if next == a.n {
			next = 0
		}
		a.d.PtrQ = next
	default:
		a.d.PtrQ = a.q.PtrQ
	}
}

// grant finds the first request at or after the pointer, circularly, with
// one mask and one trailing-zero count per 64-bit word.
func (a *Arbiter) grant() (uint16, bool) {
	p := uint(a.q.PtrQ)
	if a.words == 1 { // N <= 64, so p < 64
		r := a.ReqI[0] & a.last
		if hi := r &^ (1<<p - 1); hi != 0 {
			return uint16(bits.TrailingZeros64(hi)), true
		}
		if r != 0 {
			return uint16(bits.TrailingZeros64(r)), true
		}
		return 0, false
	}
	return a.grantWide(p)
}

// grantWide is grant for N > 64: scan words from the pointer's word up, then
// wrap to word 0 (the pointer's word is searched whole on the wrap, its bits
// at or after the pointer being already known clear).
func (a *Arbiter) grantWide(p uint) (uint16, bool) {
	nw := a.words
	req := a.ReqI
	req[nw-1] &= a.last
	w := int(p >> 6)
	if w < nw {
		if x := req[w] &^ (1<<(p&63) - 1); x != 0 {
			return uint16(w<<6 | bits.TrailingZeros64(x)), true
		}
	}
	for k := w + 1; k < nw; k++ {
		if req[k] != 0 {
			return uint16(k<<6 | bits.TrailingZeros64(req[k])), true
		}
	}
	for k := 0; k < nw && k <= w; k++ {
		if req[k] != 0 {
			return uint16(k<<6 | bits.TrailingZeros64(req[k])), true
		}
	}
	return 0, false
}

// Commit is the rising edge: ptr_q <= ptr_d.
func (a *Arbiter) Commit() { a.q = a.d }

// Signals lists rst_ni, req_i, ack_i, gnt_valid_o, gnt_idx_o and the
// register ptr_q.
func (a *Arbiter) Signals() []rtl.Signal {
	n := a.P.N
	return []rtl.Signal{
		rtl.Flag("rst_ni", func() bool { return a.RstNI }),
		{Name: "req_i", Width: n, Read: func(dst []uint64) { a.ReqI.Words(dst, n) }},
		rtl.Flag("ack_i", func() bool { return a.AckI }),
		rtl.Flag("gnt_valid_o", func() bool { return a.GntValidO }),
		rtl.Scalar("gnt_idx_o", rtl.IdxWidth(n), func() uint64 { return uint64(a.GntIdxO) }),
		rtl.Scalar("ptr_q", rtl.IdxWidth(n), func() uint64 { return uint64(a.q.PtrQ) }),
	}
}

var (
	_ rtl.Clocked   = (*Arbiter)(nil)
	_ rtl.Traceable = (*Arbiter)(nil)
)
