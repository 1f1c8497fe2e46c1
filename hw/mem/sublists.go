package mem

// SubListRound is the dequeue's round arithmetic for a packet of n cells in
// k sub-lists of which done cells (a multiple of k) are handled: the next
// round takes cnt cells, cells done..done+cnt-1 (cell done+s from sub-list
// s), and reads the link of the first reads of them, those whose sub-list
// goes on (cell done+s+k exists). A chase runs ceil(n/k) rounds; round r
// may run ReadLatency cycles after round r-1, when its links are back.
// hw/tm's dequeue (roundSize) and hw/memports.CPSubLists use this formula.
func SubListRound(n, done, k int) (cnt, reads int) {
	cnt = min(k, n-done)
	reads = min(cnt, max(0, n-done-k))
	return
}
