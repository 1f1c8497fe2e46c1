//go:build !amd64

package pack

// widen16 sets dst[i] to field i of the 16-bit fields of words;
// len(dst) == 2*len(words). Other architectures use the portable loop.
func widen16(dst, words []uint32) {
	unpackLoop(dst, words, len(dst), 16)
}
