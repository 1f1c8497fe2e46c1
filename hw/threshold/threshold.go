// Package threshold is the golden model of dt_threshold, the Dynamic
// Threshold unit that turns the free-cell count into one threshold per α
// class.
//
// Contract (docs/blocks.md): for each class c with signed exponent
// s_c (α_c = 2^s_c),
//
//	T_c = free << s_c        when s_c >= 0
//	T_c = free >> (-s_c)     when s_c <  0 (truncating toward zero)
//
// saturated to 2^QW-1, never wrapped. The block is combinational: thr_o
// follows free_i and alpha_i in the same cycle, and Commit does nothing.
//
// Corner cases, fixed here so the Go model and the Verilog agree:
//   - Saturation: a left shift whose result needs more than QW bits gives
//     2^QW-1. A free count of 0 gives 0 for every exponent.
//   - Large exponents: a right shift by QW or more gives 0; a left shift of a
//     nonzero free count by QW or more saturates.
//   - Inputs wider than their wires: FreeI keeps only its low QW bits, and
//     each AlphaI entry keeps only its low AW bits read as two's complement
//     (so with AW=4 the value 9 means -7), as QW- and AW-bit wires would.
package threshold

import (
	"occamy/rtl"
)

// Block is the Verilog module name, used in errors and vector files.
const Block = "dt_threshold"

// Params are the elaboration parameters of dt_threshold.
type Params struct {
	C  int // number of α classes, 1..64
	QW int // width of the free count and of a threshold, 1..32
	AW int // width of one signed α exponent, 2..8
}

// Parameter ranges accepted by New.
const (
	MinC, MaxC   = 1, 64
	MinQW, MaxQW = 1, 32
	MinAW, MaxAW = 2, 8
)

// DefaultParams returns the defaults of the port contract: C=8, QW=16, AW=4.
func DefaultParams() Params { return Params{C: 8, QW: 16, AW: 4} }

// Validate returns a *rtl.ParamError for the first parameter out of range.
func (p Params) Validate() error {
	if err := rtl.CheckRange(Block, "C", p.C, MinC, MaxC); err != nil {
		return err
	}
	if err := rtl.CheckRange(Block, "QW", p.QW, MinQW, MaxQW); err != nil {
		return err
	}
	return rtl.CheckRange(Block, "AW", p.AW, MinAW, MaxAW)
}

// Unit is one dt_threshold instance. Drive FreeI and AlphaI, call Eval, read
// ThrO. It implements rtl.Clocked and rtl.Traceable.
type Unit struct {
	P      Params
	FreeI  uint32   // free_i: free cells; only the low QW bits are used
	AlphaI []int8   // alpha_i: class c's exponent s_c, read as its low AW bits in two's complement; len C
	ThrO   []uint32 // thr_o: class c's threshold T_c; len C

	qw rtl.Width
	aw rtl.Width
}

// New validates p and returns a unit with all inputs zero.
func New(p Params) (*Unit, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Unit{
		P:      p,
		AlphaI: make([]int8, p.C),
		ThrO:   make([]uint32, p.C),
		qw:     rtl.Width(p.QW),
		aw:     rtl.Width(p.AW),
	}, nil
}

// Exponent returns the signed exponent that alpha_i entry a encodes in AW
// bits: its low AW bits read as two's complement.
func (u *Unit) Exponent(a int8) int { return int(u.aw.SignExtend(uint64(uint8(a)))) }

// Threshold is the pure DT threshold of one class: free (truncated to qw
// bits) times 2^s, as a saturating shift in qw bits. A qw above 32 is taken
// as 32, the widest threshold the model carries.
func Threshold(free uint32, s int, qw rtl.Width) uint32 {
	if qw > 32 {
		qw = 32
	}
	return uint32(qw.ShiftPow2(uint64(free), s))
}

// Eval computes ThrO from FreeI and AlphaI.
func (u *Unit) Eval() {
	thr := u.ThrO[:u.P.C]
	alpha := u.AlphaI[:len(thr)]
	for c := range thr {
		thr[c] = Threshold(u.FreeI, u.Exponent(alpha[c]), u.qw)
	}
}

// Commit does nothing: dt_threshold has no registers.
func (u *Unit) Commit() {}

// Signals lists free_i, alpha_i and thr_o, packed as the port contract packs
// them (class c at [c*AW +: AW] and [c*QW +: QW]).
func (u *Unit) Signals() []rtl.Signal {
	return []rtl.Signal{
		rtl.Scalar("free_i", u.P.QW, func() uint64 { return u.qw.Trunc(uint64(u.FreeI)) }),
		rtl.Packed("alpha_i", u.P.C, u.P.AW, func(i int) uint64 { return uint64(uint8(u.AlphaI[i])) }),
		rtl.Packed("thr_o", u.P.C, u.P.QW, func(i int) uint64 { return uint64(u.ThrO[i]) }),
	}
}

var (
	_ rtl.Clocked   = (*Unit)(nil)
	_ rtl.Traceable = (*Unit)(nil)
)
