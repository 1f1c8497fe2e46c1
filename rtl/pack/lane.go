package pack

// Lane is where field i of width w sits in 32-bit words, worked out once so
// that a per-cycle writer of a sparse output (a few valid lanes of a wide
// port) costs a store or two per field instead of PutWide's general case.
type Lane struct {
	k  int    // word holding the field's low bit
	sh uint   // the low bit's position in word k
	m  uint64 // the field's mask, w ones
}

// LaneOf is the placement of field i of width w (1..64).
func LaneOf(i, w int) Lane {
	bit := i * w
	return Lane{k: bit >> 5, sh: uint(bit & 31), m: 1<<uint(w) - 1}
}

// Or writes v's low w bits into the lane of words whose bits there are 0
// (words cleared for the cycle). words must hold the whole field, which
// spans up to three words.
func (l Lane) Or(words []uint32, v uint64) {
	v &= l.m
	words[l.k] |= uint32(v << l.sh)
	if hi := v >> (32 - l.sh); hi != 0 {
		words[l.k+1] |= uint32(hi)
		if top := uint32(v >> (64 - l.sh)); top != 0 {
			words[l.k+2] |= top
		}
	}
}
