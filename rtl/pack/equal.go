package pack

import (
	"bytes"
	"unsafe"
)

// Bytes views 32-bit words as their bytes, little endian on the project's
// targets (no copy).
func Bytes(w []uint32) []byte {
	if len(w) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(w))), 4*len(w))
}

// Equal reports whether a and b hold the same words, comparing them as
// bytes (bytes.Equal is vectorised: a few instructions per 32 bytes).
func Equal(a, b []uint32) bool { return bytes.Equal(Bytes(a), Bytes(b)) }

// Equal64 reports whether two little-endian 64-bit word values are the
// same number whatever their lengths: the words one lacks read as zero.
func Equal64(a, b []uint64) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	for i := range a {
		var y uint64
		if i < len(b) {
			y = b[i]
		}
		if a[i] != y {
			return false
		}
	}
	return true
}

// NextDiff returns the first index from i on at which a and b (b at least
// as long as a) differ, or -1 when none does. It compares four words at a
// time as two 64-bit loads each, for the per-cycle scans of the golden
// adapters (a few of 64 queue lengths change per cycle).
func NextDiff(a, b []uint32, i int) int {
	b = b[:len(a)]
	for ; i+4 <= len(a); i += 4 {
		x := *(*[2]uint64)(unsafe.Pointer(&a[i]))
		y := *(*[2]uint64)(unsafe.Pointer(&b[i]))
		if (x[0]^y[0])|(x[1]^y[1]) != 0 {
			break
		}
	}
	for ; i < len(a); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}
