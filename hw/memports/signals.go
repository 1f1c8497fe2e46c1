package memports

import "occamy/rtl"

// packBools traces a []bool as an n-bit packed port, entry i at bit i.
func packBools(name string, v []bool) rtl.Signal {
	return rtl.Packed(name, len(v), 1, func(i int) uint64 {
		if v[i] {
			return 1
		}
		return 0
	})
}

// packU32 traces a []uint32 as a packed port of w-bit entries.
func packU32(name string, v []uint32, w int) rtl.Signal {
	return rtl.Packed(name, len(v), w, func(i int) uint64 { return uint64(v[i]) })
}

// packU64 traces a []uint64 as a packed port of w-bit entries.
func packU64(name string, v []uint64, w int) rtl.Signal {
	return rtl.Packed(name, len(v), w, func(i int) uint64 { return v[i] })
}
