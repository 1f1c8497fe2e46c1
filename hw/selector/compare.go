package selector

import "occamy/rtl"

//go:generate go run gen_compare.go

// Compare writes into dst the bitmap whose bit i is (qlen[i]&mask) >
// (thr[i]&mask) for i < n, and zero at and above n. It is the selector's
// comparator bank without the register, free of branches on the data: the
// difference thr-qlen, taken in 64 bits, has its top bit set exactly when
// qlen > thr. qlen and thr must hold at least n entries; n is 1..256.
func Compare(dst *rtl.Bitmap, qlen, thr []uint32, n int, mask uint32) {
	w := compareWords(dst, qlen, thr, n, mask)
	for ; w < len(dst); w++ {
		dst[w] = 0
	}
}

// over is one comparator: 1 when (qlen&mask) > (thr&mask), else 0, from
// the top bit of thr-qlen taken in 64 bits (compare64 unrolls the same).
func over(qlen, thr, mask uint32) uint64 {
	return (uint64(thr&mask) - uint64(qlen&mask)) >> 63
}

// compareWords writes the words of dst that hold bits below n and returns
// how many it wrote; the words above are left alone.
func compareWords(dst *rtl.Bitmap, qlen, thr []uint32, n int, mask uint32) int {
	qlen, thr = qlen[:n], thr[:n]
	w := 0
	for ; w*64+64 <= n; w++ {
		dst[w] = compare64((*[64]uint32)(qlen[w*64:]), (*[64]uint32)(thr[w*64:]), mask)
	}
	if w*64 < n {
		q := qlen[w*64:]
		t := thr[w*64:][:len(q)]
		var x uint64
		for j := range q {
			x |= over(q[j], t[j], mask) << uint(j)
		}
		dst[w] = x
		w++
	}
	return w
}
