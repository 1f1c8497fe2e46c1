package vcd

import (
	"math"
	"strings"
)

// Value is a 4-state bit vector of Width bits held in two bit planes of
// little-endian 64-bit words (bit i is bit i%64 of word i/64), in the
// encoding of the Verilog VPI's aval/bval pairs:
//
//	bit   Val  XZ
//	 0     0    0
//	 1     1    0
//	 z     0    1
//	 x     1    1
//
// Bits at and above Width in the last word are always zero in both planes,
// so two Values compare equal exactly when their planes are equal. A Value
// handed out by a Reader or Sampler is a view into its state, valid until
// the next call to Next; Clone it to keep it.
type Value struct {
	Width int
	Val   []uint64
	XZ    []uint64
}

// NewValue returns a Width-bit Value with every bit 0.
func NewValue(width int) Value {
	n := words(width)
	buf := make([]uint64, 2*n)
	return Value{Width: width, Val: buf[:n:n], XZ: buf[n:]}
}

// NewUnknown returns a Width-bit Value with every bit x.
func NewUnknown(width int) Value {
	v := NewValue(width)
	v.SetX()
	return v
}

// ValueOf returns a fully known Width-bit Value from little-endian words;
// bits beyond Width are dropped and missing words read as zero.
func ValueOf(width int, w ...uint64) Value {
	v := NewValue(width)
	v.SetWords(w)
	return v
}

func words(width int) int {
	if width < 1 {
		return 0
	}
	return (width + 63) / 64
}

// topMask is the mask of the valid bits in the last word of width bits.
func topMask(width int) uint64 {
	if width%64 == 0 {
		return ^uint64(0)
	}
	return ^uint64(0) >> (64 - uint(width%64))
}

// SetWords makes v fully known with the value of w, dropping bits beyond
// v.Width; missing words read as zero.
func (v Value) SetWords(w []uint64) {
	for i := range v.Val {
		v.XZ[i] = 0
		if i < len(w) {
			v.Val[i] = w[i]
		} else {
			v.Val[i] = 0
		}
	}
	v.mask()
}

// SetX sets every bit to x.
func (v Value) SetX() {
	for i := range v.Val {
		v.Val[i], v.XZ[i] = ^uint64(0), ^uint64(0)
	}
	v.mask()
}

func (v Value) mask() {
	if n := len(v.Val); n > 0 {
		m := topMask(v.Width)
		v.Val[n-1] &= m
		v.XZ[n-1] &= m
	}
}

// CopyFrom copies o's bits into v, which must have o's width; it does not
// allocate.
func (v Value) CopyFrom(o Value) {
	copy(v.Val, o.Val)
	copy(v.XZ, o.XZ)
}

// Clone returns a copy of v that does not share storage with it.
func (v Value) Clone() Value {
	c := NewValue(v.Width)
	c.CopyFrom(v)
	return c
}

// Equal reports whether v and o have the same width and the same bits,
// x and z included.
func (v Value) Equal(o Value) bool {
	if v.Width != o.Width || len(v.Val) != len(o.Val) || len(o.XZ) != len(v.XZ) {
		return false
	}
	for i := range v.Val {
		if v.Val[i] != o.Val[i] || v.XZ[i] != o.XZ[i] {
			return false
		}
	}
	return true
}

// EqualWords reports whether v is fully known and equals the little-endian
// words w, read as v.Width bits (bits of w beyond v.Width are ignored,
// missing words read as zero).
func (v Value) EqualWords(w []uint64) bool {
	for i := range v.Val {
		var x uint64
		if i < len(w) {
			x = w[i]
		}
		if i == len(v.Val)-1 {
			x &= topMask(v.Width)
		}
		if v.XZ[i] != 0 || v.Val[i] != x {
			return false
		}
	}
	return true
}

// Known reports whether no bit is x or z.
func (v Value) Known() bool {
	for _, w := range v.XZ {
		if w != 0 {
			return false
		}
	}
	return true
}

// Uint64 returns the value as an unsigned integer. ok is false when a bit
// is x or z or when a bit at or above 64 is set.
func (v Value) Uint64() (u uint64, ok bool) {
	if !v.Known() {
		return 0, false
	}
	for _, w := range v.Val[min(1, len(v.Val)):] {
		if w != 0 {
			return 0, false
		}
	}
	if len(v.Val) == 0 {
		return 0, true
	}
	return v.Val[0], true
}

// Float returns the value's 64 bits as an IEEE 754 double: the reading of
// a real var, which a Reader stores as the bits of its float64.
func (v Value) Float() float64 {
	if len(v.Val) == 0 {
		return 0
	}
	return math.Float64frombits(v.Val[0])
}

// Bit returns bit i as '0', '1', 'x' or 'z'; bits outside the width read
// as '0'.
func (v Value) Bit(i int) byte {
	if i < 0 || i >= v.Width {
		return '0'
	}
	a := v.Val[i>>6] >> uint(i&63) & 1
	b := v.XZ[i>>6] >> uint(i&63) & 1
	return "01zx"[b<<1|a]
}

// setBit sets bit i from its '0'/'1'/'x'/'z' encoding (a, b).
func (v Value) setBit(i int, a, b uint64) {
	w, s := i>>6, uint(i&63)
	v.Val[w] = v.Val[w]&^(1<<s) | a<<s
	v.XZ[w] = v.XZ[w]&^(1<<s) | b<<s
}

// String returns the bits, most significant first, one character each.
func (v Value) String() string {
	var sb strings.Builder
	sb.Grow(v.Width)
	for i := v.Width - 1; i >= 0; i-- {
		sb.WriteByte(v.Bit(i))
	}
	return sb.String()
}

// Hex returns ceil(Width/4) hexadecimal digits, zero-padded, lower case, as
// the .vec vector files write values. A digit whose four bits are all x
// prints 'x', all z prints 'z'; a digit mixing x with other bits prints
// 'X', one mixing z (but no x) with known bits prints 'Z', as Verilog's %h
// does.
func (v Value) Hex() string {
	n := (v.Width + 3) / 4
	b := make([]byte, n)
	for d := 0; d < n; d++ {
		var val, xz, all uint64
		for k := 0; k < 4; k++ {
			i := 4*d + k
			if i >= v.Width {
				break
			}
			all |= 1 << uint(k)
			val |= (v.Val[i>>6] >> uint(i&63) & 1) << uint(k)
			xz |= (v.XZ[i>>6] >> uint(i&63) & 1) << uint(k)
		}
		var c byte
		switch {
		case xz == 0:
			c = "0123456789abcdef"[val]
		case xz == all && val&xz == all:
			c = 'x'
		case xz == all && val&xz == 0:
			c = 'z'
		case val&xz != 0:
			c = 'X'
		default:
			c = 'Z'
		}
		b[n-1-d] = c
	}
	return string(b)
}
