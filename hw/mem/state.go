package mem

// The State methods below copy a list block's registers between cycles
// (after Commit, when no write is posted) for comparison: two models
// driven alike have deep-equal states (reflect.DeepEqual, testify's
// Equal). They allocate; they are not for the per-cycle path.

// Words returns a copy of the memory's array.
func (m *Memory[T]) Words() []T { return append([]T(nil), m.data...) }

// PDListsState is PDLists' registers: per queue head, tail, count, head
// length, the PD whose read is in flight, the forwarded link and the cycle
// of the last link; the PD free FIFO in order.
type PDListsState struct {
	Head, Tail, Count []int32
	HeadLen           []uint32
	Reading, Fwd      []int32
	FwdLen            []uint16
	LinkedAt          []uint64
	FreePDs           []int32
}

// State copies the registers (not the PD memory: Mem.Words).
func (l *PDLists) State() PDListsState {
	s := PDListsState{
		Head: append([]int32(nil), l.Head...), Tail: append([]int32(nil), l.Tail...),
		Count: append([]int32(nil), l.Count...), HeadLen: append([]uint32(nil), l.HeadLen...),
		Reading: append([]int32(nil), l.reading...), Fwd: append([]int32(nil), l.fwd...),
		FwdLen: append([]uint16(nil), l.fwdLen...), LinkedAt: append([]uint64(nil), l.linkedAt...),
		FreePDs: make([]int32, 0, l.fn),
	}
	for i := 0; i < l.fn; i++ {
		j := l.fr + i
		if j >= len(l.freeRing) {
			j -= len(l.freeRing)
		}
		s.FreePDs = append(s.FreePDs, l.freeRing[j])
	}
	return s
}

// FreeListState is FreeList's registers: per bank head, tail, count, the
// first cycle the head may be popped and the cycle of the last append.
type FreeListState struct {
	Head, Tail, Count []int32
	Ready, Appended   []uint64
	Total             int
}

// State copies the registers (the links are the cell-pointer memory's
// words: Mem.Words).
func (f *FreeList) State() FreeListState {
	return FreeListState{
		Head: append([]int32(nil), f.Head...), Tail: append([]int32(nil), f.Tail...),
		Count: append([]int32(nil), f.Count...), Ready: append([]uint64(nil), f.ready...),
		Appended: append([]uint64(nil), f.appended...), Total: f.total,
	}
}
