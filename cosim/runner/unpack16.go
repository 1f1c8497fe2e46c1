package runner

// unpack16 writes the len(dst) 16-bit fields of words into dst (field i
// at bits [16i +: 16] of the little-endian word array), exactly as
// stimulus.Unpack(dst, words, len(dst), 16) does, which it falls back to
// for the fields past the last whole group of eight. On amd64 the groups
// of eight are widened by SSE2 (unpack16_amd64.s): at N=64 the selector's
// qlen_i and thr_i are 128 fields per cycle, the largest per-cycle cost of
// the golden side after the model itself, and the golden side shares the
// machine's cores with the Verilated model (docs/perf.md).
func unpack16(dst, words []uint32) {
	n := len(dst)
	g := min(n/8, len(words)/4)
	if g > 0 {
		widen16(dst[:8*g], words[:4*g])
	}
	if n > 8*g {
		unpack(dst[8*g:], words[4*g:], n-8*g, 16)
	}
}
