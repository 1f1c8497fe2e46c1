package rtl

import "math/bits"

// MaxBitmap is the widest bitmap the kernel models: the largest N a block
// accepts.
const MaxBitmap = 256

// Bitmap is a fixed 256-bit vector, bit i at word i/64, bit i%64. It is a
// plain comparable value, so it can sit in a block's state struct and be
// compared with ==. Bits at or above a block's N are kept zero by the block.
type Bitmap [MaxBitmap / 64]uint64

// Bit returns bit i (0 or 1).
func (b *Bitmap) Bit(i int) uint64 { return b[i>>6] >> uint(i&63) & 1 }

// Test reports whether bit i is set.
func (b *Bitmap) Test(i int) bool { return b.Bit(i) == 1 }

// Set sets bit i.
func (b *Bitmap) Set(i int) { b[i>>6] |= 1 << uint(i&63) }

// Clear clears bit i.
func (b *Bitmap) Clear(i int) { b[i>>6] &^= 1 << uint(i&63) }

// Put sets bit i to v&1.
func (b *Bitmap) Put(i int, v uint64) {
	b[i>>6] = b[i>>6]&^(1<<uint(i&63)) | (v&1)<<uint(i&63)
}

// Any reports whether any bit is set.
func (b *Bitmap) Any() bool { return b[0]|b[1]|b[2]|b[3] != 0 }

// Count returns the number of set bits.
func (b *Bitmap) Count() int {
	return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) + bits.OnesCount64(b[2]) + bits.OnesCount64(b[3])
}

// FirstFrom returns the index of the first set bit at or after from, or -1.
// from must be in [0, 256].
func (b *Bitmap) FirstFrom(from int) int {
	if from >= MaxBitmap {
		return -1
	}
	w := from >> 6
	x := b[w] &^ (1<<uint(from&63) - 1)
	for {
		if x != 0 {
			return w<<6 | bits.TrailingZeros64(x)
		}
		w++
		if w == len(b) {
			return -1
		}
		x = b[w]
	}
}

// Words copies the low n bits into dst as little-endian 64-bit words, the
// layout the tracer uses for wide signals.
func (b *Bitmap) Words(dst []uint64, n int) {
	for i := range dst {
		dst[i] = 0
		if i < len(b) {
			dst[i] = b[i]
		}
	}
	if r := n & 63; r != 0 && n>>6 < len(dst) {
		dst[n>>6] &= 1<<uint(r) - 1
	}
}
