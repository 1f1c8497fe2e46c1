//go:build !amd64

package runner

// widen16 sets dst[i] to field i of the 16-bit fields of words;
// len(dst) == 2*len(words). Other architectures use the portable loop.
func widen16(dst, words []uint32) {
	unpack(dst, words, len(dst), 16)
}
