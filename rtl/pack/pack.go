// Package pack is the one bit-packing implementation of the project: fields
// of a Verilog packed array port (field i at bits [i*w +: w]) in 32-bit
// words (the Verilated model's port words and the co-simulator's layouts)
// and in 64-bit words (rtl.Signal, rtl.Bitmap and .vec values), and the
// conversions between the two word widths. Every word array is little
// endian: bit 0 of a port is bit 0 of its first word.
//
// Nothing here allocates; the golden models call it every cycle.
package pack

// Get reads field i of width w (1..32) from 32-bit words.
func Get(words []uint32, i, w int) uint64 {
	bit := i * w
	k, sh := bit>>5, uint(bit&31)
	v := uint64(words[k])
	if k+1 < len(words) {
		v |= uint64(words[k+1]) << 32
	}
	return v >> sh & (1<<uint(w) - 1)
}

// Put writes v (its low w bits, w 1..32) into field i of 32-bit words,
// keeping the other fields.
func Put(words []uint32, i, w int, v uint64) {
	bit := i * w
	k, sh := bit>>5, uint(bit&31)
	m := uint64(1)<<uint(w) - 1
	v &= m
	lo := uint64(words[k])
	if k+1 < len(words) {
		lo |= uint64(words[k+1]) << 32
	}
	lo = lo&^(m<<sh) | v<<sh
	words[k] = uint32(lo)
	if k+1 < len(words) {
		words[k+1] = uint32(lo >> 32)
	}
}

// Unpack reads n fields of width w (1..32) from words into dst. Width 16
// (the selector's ports at the default QW) is widened by SSE2 on amd64 in
// groups of eight fields, the golden side's largest per-cycle cost after
// the model itself (docs/perf.md).
func Unpack(dst []uint32, words []uint32, n, w int) {
	switch w {
	case 32:
		copy(dst[:n], words)
		return
	case 16:
		g := min(n/8, len(words)/4)
		if g > 0 {
			widen16(dst[:8*g], words[:4*g])
		}
		if n > 8*g {
			unpackLoop(dst[8*g:], words[4*g:], n-8*g, 16)
		}
		return
	}
	unpackLoop(dst, words, n, w)
}

// unpackLoop is the portable Unpack.
func unpackLoop(dst []uint32, words []uint32, n, w int) {
	if w == 16 {
		// Four words at a time: slicing ahead drops the bounds checks.
		ws, d := words[:n/2], dst[:n/2*2]
		for len(ws) >= 4 && len(d) >= 8 {
			a, b, c, e := ws[0], ws[1], ws[2], ws[3]
			d[0], d[1], d[2], d[3] = a&0xffff, a>>16, b&0xffff, b>>16
			d[4], d[5], d[6], d[7] = c&0xffff, c>>16, e&0xffff, e>>16
			ws, d = ws[4:], d[8:]
		}
		for k, x := range ws {
			d[2*k], d[2*k+1] = x&0xffff, x>>16
		}
		if n&1 == 1 {
			dst[n-1] = words[n>>1] & 0xffff
		}
		return
	}
	m := uint64(1)<<uint(w) - 1
	for i := 0; i < n; i++ {
		bit := i * w
		k := bit >> 5
		v := uint64(words[k])
		if k+1 < len(words) {
			v |= uint64(words[k+1]) << 32
		}
		dst[i] = uint32(v >> uint(bit&31) & m)
	}
}

// Pack writes n fields of width w (1..32) from src into words, which it
// clears first.
func Pack(words []uint32, src []uint32, n, w int) {
	switch w {
	case 32:
		copy(words, src[:n])
		return
	case 16:
		for i := 0; i+1 < n; i += 2 {
			words[i>>1] = src[i]&0xffff | src[i+1]<<16
		}
		if n&1 == 1 {
			words[n>>1] = src[n-1] & 0xffff
		}
		return
	}
	clear(words)
	m := uint64(1)<<uint(w) - 1
	for i := 0; i < n; i++ {
		bit := i * w
		k, sh := bit>>5, uint(bit&31)
		v := (uint64(src[i]) & m) << sh
		words[k] |= uint32(v)
		if v>>32 != 0 {
			words[k+1] |= uint32(v >> 32)
		}
	}
}

// PackBools writes bit i of words from src[i], clearing the rest.
func PackBools(words []uint32, src []bool) {
	clear(words)
	for i, b := range src {
		if b {
			words[i>>5] |= 1 << uint(i&31)
		}
	}
}

// UnpackBools reads bit i of words into dst[i].
func UnpackBools(dst []bool, words []uint32) {
	for i := range dst {
		dst[i] = words[i>>5]>>uint(i&31)&1 != 0
	}
}

// PutUint64 stores v into a port's words: dst[0] gets the low 32 bits,
// dst[1] (if present) the high 32 bits, and any further words are cleared.
func PutUint64(dst []uint32, v uint64) {
	switch len(dst) {
	case 0:
	case 1:
		dst[0] = uint32(v)
	default:
		dst[0], dst[1] = uint32(v), uint32(v>>32)
		clear(dst[2:])
	}
}

// Uint64 reads the low 64 bits of a port's words (see PutUint64).
func Uint64(src []uint32) uint64 {
	var v uint64
	if len(src) > 0 {
		v = uint64(src[0])
	}
	if len(src) > 1 {
		v |= uint64(src[1]) << 32
	}
	return v
}

// From64 stores 64-bit words into 32-bit words, dropping what does not
// fit and clearing what src does not reach.
func From64(dst []uint32, src []uint64) {
	for i := range dst {
		w := uint64(0)
		if i/2 < len(src) {
			w = src[i/2]
		}
		dst[i] = uint32(w >> (32 * uint(i&1)))
	}
}

// To64 loads 32-bit words into 64-bit words, clearing the rest of dst.
func To64(dst []uint64, src []uint32) {
	clear(dst)
	for i, w := range src {
		if i/2 < len(dst) {
			dst[i/2] |= uint64(w) << (32 * uint(i&1))
		}
	}
}

// Get64 reads field i of width w (1..64) from 64-bit words.
func Get64(words []uint64, i, w int) uint64 {
	bit := i * w
	v := words[bit>>6] >> uint(bit&63)
	if bit&63+w > 64 {
		v |= words[bit>>6+1] << uint(64-bit&63)
	}
	return v & mask64(w)
}

// Or64 ORs v (its low w bits, w 1..64) into field i of 64-bit words; the
// field must be zero before.
func Or64(words []uint64, i, w int, v uint64) {
	v &= mask64(w)
	bit := i * w
	words[bit>>6] |= v << uint(bit&63)
	if bit&63+w > 64 {
		words[bit>>6+1] |= v >> uint(64-bit&63)
	}
}

func mask64(w int) uint64 { return ^uint64(0) >> (64 - uint(w)) }

// GetWide reads field i of width w (1..64) from 32-bit words.
func GetWide(words []uint32, i, w int) uint64 {
	if w <= 32 {
		return Get(words, i, w)
	}
	bit := i * w
	var v uint64
	for b := 0; b < w; {
		k, sh := (bit+b)>>5, uint((bit+b)&31)
		n := min(32-int(sh), w-b)
		v |= (uint64(words[k]) >> sh & (1<<uint(n) - 1)) << uint(b)
		b += n
	}
	return v
}

// PutWide writes v (its low w bits, w 1..64) into field i of 32-bit words.
func PutWide(words []uint32, i, w int, v uint64) {
	if w <= 32 {
		Put(words, i, w, v)
		return
	}
	bit := i * w
	for b := 0; b < w; {
		k, sh := (bit+b)>>5, uint((bit+b)&31)
		n := min(32-int(sh), w-b)
		m := uint32(1<<uint(n)-1) << sh
		words[k] = words[k]&^m | uint32(v>>uint(b))<<sh&m
		b += n
	}
}
