package scenario

import "occamy/hw/tm"

// Watch follows a group of queues cycle by cycle. Cycles are absolute
// (counted from 0); -1 means "never happened". Lengths are in cells,
// summed over the group.
type Watch struct {
	Group
	FirstArrival   int64    // first cycle a packet arrived at the group
	LastArrival    int64    // last cycle a packet arrived at the group
	FirstDrop      int64    // first cycle a packet of the group was dropped (admission or head)
	LastTx         int64    // last cycle a packet of the group finished transmission
	LenAtFirstDrop uint64   // group length when the first drop was seen (readAtDrop)
	ArrivedAtDrop  Count    // group arrivals up to and including the FirstDrop cycle
	DropAtDrop     Count    // what was dropped in the FirstDrop cycle
	MaxLen         uint64   // largest group length seen
	QlenAtDrop     []uint64 // every queue's length when LenAtFirstDrop was read
	QlenAtSnap     []uint64 // every queue's length at the end of cycle Snap

	arr, drop, dropC, tx, adm uint64 // previous sums
	readIn                    int    // cycles until the lengths at the first drop are read (-1: none pending)
}

// readAtDrop is when a watch reads the lengths at the group's first drop:
// at the end of the drop's cycle for a head drop; for an admission drop,
// tm.AdmitSettle cycles after its answer, when the packets admitted in the
// same answer (those the refusal's view counted before it: a wave of an
// incast arrives in one cycle) show in the lengths, as they did at the
// answer before the admission was pipelined.
func readAtDrop(admission bool) int {
	if admission {
		return tm.AdmitSettle
	}
	return 0
}

// newWatch returns a watch of g over n queues.
func newWatch(g Group, n int) *Watch {
	return &Watch{Group: g, FirstArrival: -1, LastArrival: -1, FirstDrop: -1, LastTx: -1, readIn: -1,
		QlenAtDrop: make([]uint64, n), QlenAtSnap: make([]uint64, n)}
}

// observe records cycle c's counters and queue lengths (cells, after the
// cycle); it allocates nothing.
func (w *Watch) observe(c uint64, st *tm.Stats, qlen []uint32) {
	var arr, drop, tx, ln, arrC, dropC, adm uint64
	for _, q := range w.Queues {
		s := &st.Queues[q]
		arr += s.Arrived.Pkts
		arrC += s.Arrived.Cells
		adm += s.AdmDropped.Pkts
		drop += s.AdmDropped.Pkts + s.HeadDropped.Pkts
		dropC += s.AdmDropped.Cells + s.HeadDropped.Cells
		tx += s.Transmitted.Pkts
		ln += uint64(qlen[q])
	}
	if arr != w.arr {
		if w.FirstArrival < 0 {
			w.FirstArrival = int64(c)
		}
		w.LastArrival = int64(c)
	}
	if drop != w.drop && w.FirstDrop < 0 {
		w.FirstDrop = int64(c)
		w.ArrivedAtDrop = Count{Pkts: arr, Cells: arrC}
		w.DropAtDrop = Count{Pkts: drop - w.drop, Cells: dropC - w.dropC}
		w.readIn = readAtDrop(adm != w.adm)
	}
	if w.readIn == 0 {
		w.LenAtFirstDrop = ln
		snapLens(w.QlenAtDrop, qlen)
	}
	if w.readIn >= 0 {
		w.readIn--
	}
	if tx != w.tx {
		w.LastTx = int64(c)
	}
	if ln > w.MaxLen {
		w.MaxLen = ln
	}
	if w.Snap != 0 && c == w.Snap {
		snapLens(w.QlenAtSnap, qlen)
	}
	w.arr, w.drop, w.dropC, w.tx, w.adm = arr, drop, dropC, tx, adm
}

func snapLens(dst []uint64, qlen []uint32) {
	for i := range dst {
		dst[i] = uint64(qlen[i])
	}
}

// Sum adds up per-queue counters of the group from st.
func (w *Watch) Sum(st *tm.Stats) tm.QueueStats {
	var t tm.QueueStats
	for _, q := range w.Queues {
		addStats(&t, &st.Queues[q])
	}
	return t
}

func addStats(t, s *tm.QueueStats) {
	add := func(a *tm.Count, b tm.Count) { a.Pkts += b.Pkts; a.Cells += b.Cells }
	add(&t.Arrived, s.Arrived)
	add(&t.Admitted, s.Admitted)
	add(&t.AdmDropped, s.AdmDropped)
	add(&t.HeadDropped, s.HeadDropped)
	add(&t.Transmitted, s.Transmitted)
	add(&t.Len, s.Len)
	add(&t.MaxLen, s.MaxLen)
}
