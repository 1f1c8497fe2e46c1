package rtl

import "fmt"

// Width is a validated bit width from 1 to 64. Its methods assume the width
// is valid, so they cost nothing on the per-cycle path; construct one with
// NewWidth (or MustWidth in tests) to get the check once.
type Width uint8

// MaxWidth is the widest value the bit-vector helpers handle.
const MaxWidth = 64

// NewWidth validates w and returns it as a Width.
func NewWidth(w int) (Width, error) {
	if w < 1 || w > MaxWidth {
		return 0, fmt.Errorf("rtl: width %d out of range, allowed 1..%d", w, MaxWidth)
	}
	return Width(w), nil
}

// MustWidth is NewWidth for constants known to be valid; it panics otherwise.
// Never call it on user input.
func MustWidth(w int) Width {
	v, err := NewWidth(w)
	if err != nil {
		panic(err)
	}
	return v
}

// Mask is the all-ones value of the width: 2^w - 1.
func (w Width) Mask() uint64 { return ^uint64(0) >> (64 - uint(w)) }

// Max is the largest unsigned value of the width (same as Mask).
func (w Width) Max() uint64 { return w.Mask() }

// Fits reports whether v is representable in w bits, unsigned.
func (w Width) Fits(v uint64) bool { return v&^w.Mask() == 0 }

// Trunc keeps the low w bits of v, as a Verilog assignment to a w-bit wire
// does (wrapping).
func (w Width) Trunc(v uint64) uint64 { return v & w.Mask() }

// Sat clamps v to the largest w-bit value instead of wrapping.
func (w Width) Sat(v uint64) uint64 {
	if m := w.Mask(); v > m {
		return m
	}
	return v
}

// SignExtend reads the low w bits of v as a two's-complement number.
func (w Width) SignExtend(v uint64) int64 {
	sh := 64 - uint(w)
	return int64(v<<sh) >> sh
}

// ShiftPow2 multiplies v by 2^s for a signed exponent s, in w bits:
// v << s saturated to w bits (never wrapped) when s >= 0, and v >> -s
// (truncating toward zero) when s < 0. v is first truncated to w bits.
// Shifts of 64 or more give 0 (right) or saturate unless v is 0 (left).
func (w Width) ShiftPow2(v uint64, s int) uint64 {
	v &= w.Mask()
	if s < 0 {
		if s <= -64 {
			return 0
		}
		return v >> uint(-s)
	}
	if v == 0 {
		return 0
	}
	if s >= 64 {
		return w.Mask()
	}
	// Saturate when any bit would leave the w-bit field.
	if v > w.Mask()>>uint(s) {
		return w.Mask()
	}
	return v << uint(s)
}
