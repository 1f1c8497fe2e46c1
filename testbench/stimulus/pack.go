package stimulus

// Unpack reads n packed fields of width w (1..32) from words into dst:
// field i at bits [i*w +: w].
func Unpack(dst []uint32, words []uint32, n, w int) {
	switch w {
	case 32:
		copy(dst[:n], words)
		return
	case 16:
		// Four words at a time: slicing ahead lets the compiler drop
		// the bounds checks (this is on the golden side's hot path).
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
// clears first: field i at bits [i*w +: w].
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
	for k := range words {
		words[k] = 0
	}
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
