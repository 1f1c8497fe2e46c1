// Package maxfind is the golden model of tm_maxfind, the maximum finder
// that a longest-queue policy needs: among the candidate queues, the one
// holding the most cells. It is the paper's Difficulty 3 of Pushout (a
// comparison over every queue length in one cycle) made concrete, so that
// its cost can be measured beside the selector and the arbiter.
//
// Contract: valid_o = some cand_i bit is set; idx_o = the candidate with
// the largest qlen_i entry, the lowest index on ties; max_o = its length
// (idx_o and max_o are 0 when valid_o is 0). The block is combinational:
// the outputs follow the inputs in the same cycle, and Commit does nothing.
//
// Behaviour fixed here, so the Go model and the Verilog agree:
//   - Ties go to the lowest index (the traffic manager's occamy-lqd and
//     pushout-ports choices, hw/tm, rely on it).
//   - A candidate of length 0 still wins when it is the only candidate.
//   - Lengths keep only their low QW bits, as QW-bit wires would.
//
// The Verilog is a balanced tree of ⌈log2 N⌉ compare-and-select levels;
// docs/hardware-cost.md gives its LUTs and logic levels.
package maxfind

import (
	"math/bits"

	"occamy/rtl"
)

// Block is the Verilog module name, used in errors and vector files.
const Block = "tm_maxfind"

// Params are the elaboration parameters of tm_maxfind.
type Params struct {
	N  int // candidates (queues), 1..256
	QW int // width of a queue length, 1..32
}

// Parameter ranges accepted by New.
const (
	MinN, MaxN   = 1, 256
	MinQW, MaxQW = 1, 32
)

// DefaultParams returns N=64, QW=16, the traffic manager's defaults.
func DefaultParams() Params { return Params{N: 64, QW: 16} }

// Validate returns a *rtl.ParamError for the first parameter out of range.
func (p Params) Validate() error {
	if err := rtl.CheckRange(Block, "N", p.N, MinN, MaxN); err != nil {
		return err
	}
	return rtl.CheckRange(Block, "QW", p.QW, MinQW, MaxQW)
}

// IW is the width of idx_o: max(1, clog2(N)).
func (p Params) IW() int { return rtl.IdxWidth(p.N) }

// Unit is one tm_maxfind instance. Drive CandI and QlenI, call Eval, read
// ValidO, IdxO and MaxO. It implements rtl.Clocked and rtl.Traceable.
type Unit struct {
	P      Params
	CandI  rtl.Bitmap // cand_i: bit i set when queue i may be chosen; bits at or above N are ignored
	QlenI  []uint32   // qlen_i: queue i's length; len N
	ValidO bool       // valid_o
	IdxO   uint32     // idx_o
	MaxO   uint32     // max_o

	qw rtl.Width
}

// New validates p and returns a unit with all inputs zero.
func New(p Params) (*Unit, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Unit{P: p, QlenI: make([]uint32, p.N), qw: rtl.Width(p.QW)}, nil
}

// Longest is the pure maximum finder: the candidate of cand with the
// largest qlen entry (lowest index on ties), or -1 when cand has no bit
// below len(qlen). The traffic manager's longest-queue choices call it.
func Longest(cand *rtl.Bitmap, qlen []uint32) int {
	best, bestLen := -1, uint32(0)
	n := len(qlen)
	for w, word := range cand {
		for word != 0 {
			i := w<<6 | bits.TrailingZeros64(word)
			word &= word - 1
			if i >= n {
				return best
			}
			if l := qlen[i]; best < 0 || l > bestLen {
				best, bestLen = i, l
			}
		}
	}
	return best
}

// Eval computes the outputs from the inputs.
func (u *Unit) Eval() {
	var q [MaxN]uint32
	for i, v := range u.QlenI[:u.P.N] {
		q[i] = uint32(u.qw.Trunc(uint64(v)))
	}
	i := Longest(&u.CandI, q[:u.P.N])
	u.ValidO, u.IdxO, u.MaxO = i >= 0, 0, 0
	if i >= 0 {
		u.IdxO, u.MaxO = uint32(i), q[i]
	}
}

// Commit does nothing: tm_maxfind has no registers.
func (u *Unit) Commit() {}

// Signals lists the ports, packed as the contract packs them.
func (u *Unit) Signals() []rtl.Signal {
	b := func(v bool) uint64 {
		if v {
			return 1
		}
		return 0
	}
	return []rtl.Signal{
		rtl.Packed("cand_i", u.P.N, 1, func(i int) uint64 { return u.CandI.Bit(i) }),
		rtl.Packed("qlen_i", u.P.N, u.P.QW, func(i int) uint64 { return u.qw.Trunc(uint64(u.QlenI[i])) }),
		rtl.Scalar("valid_o", 1, func() uint64 { return b(u.ValidO) }),
		rtl.Scalar("idx_o", u.P.IW(), func() uint64 { return uint64(u.IdxO) }),
		rtl.Scalar("max_o", u.P.QW, func() uint64 { return uint64(u.MaxO) }),
	}
}

var (
	_ rtl.Clocked   = (*Unit)(nil)
	_ rtl.Traceable = (*Unit)(nil)
)
