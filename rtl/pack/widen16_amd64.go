//go:build amd64

package pack

// widen16 sets dst[i] to field i of the 16-bit fields of words;
// len(dst) == 2*len(words), a multiple of 8. It is SSE2 code
// (widen16_amd64.s), part of the amd64 baseline.
func widen16(dst, words []uint32) {
	widen16x8(&dst[0], &words[0], len(dst)/8)
}

// widen16x8 widens groups of eight 16-bit fields (16 bytes of src) to
// eight uint32 (32 bytes of dst).
//
//go:noescape
func widen16x8(dst, src *uint32, groups int)
