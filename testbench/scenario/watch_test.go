package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
)

// TestWatch drives a watch of queues {1, 2} with hand-made counters and
// checks every field against what happened, cycle by cycle.
func TestWatch(t *testing.T) {
	st := &tm.Stats{Queues: make([]tm.QueueStats, 4)}
	qlen := make([]uint32, 4)
	w := newWatch(Group{Name: "g", Queues: []int{1, 2}, Snap: 2}, 4)
	type ev struct {
		q                      int
		arr, adm, hd, tx, qlen int // packets of 2 cells; qlen in cells
	}
	steps := [][]ev{
		0: {{q: 0, arr: 1, qlen: 2}},                  // another queue: nothing for the group
		1: {{q: 1, arr: 1, qlen: 2}},                  // first arrival
		2: {{q: 2, arr: 2, qlen: 8}, {q: 3, qlen: 7}}, // snapshot at the end of cycle 2
		3: {{q: 2, arr: 1, adm: 1, qlen: 4}},          // first drop: admission
		4: {{q: 1, tx: 1, qlen: 0}, {q: 2, hd: 1, qlen: 2}},
		5: {{q: 3, qlen: 5}}, // the end of cycle 3+AdmitSettle: the lengths read
	}
	for c, evs := range steps {
		for _, e := range evs {
			s := &st.Queues[e.q]
			s.Arrived.Pkts += uint64(e.arr)
			s.Arrived.Cells += uint64(2 * e.arr)
			s.AdmDropped.Pkts += uint64(e.adm)
			s.AdmDropped.Cells += uint64(2 * e.adm)
			s.HeadDropped.Pkts += uint64(e.hd)
			s.HeadDropped.Cells += uint64(2 * e.hd)
			s.Transmitted.Pkts += uint64(e.tx)
			qlen[e.q] = uint32(e.qlen)
		}
		w.observe(uint64(c), st, qlen)
	}
	assert.Equal(t, int64(1), w.FirstArrival, "FirstArrival")
	assert.Equal(t, int64(3), w.LastArrival, "LastArrival")
	assert.Equal(t, int64(3), w.FirstDrop, "FirstDrop")
	// An admission drop: the lengths are read tm.AdmitSettle (2) cycles
	// after its answer, at the end of cycle 5 (queue 3 at 5 cells, 7 in
	// cycle 4).
	require.Equal(t, 2, tm.AdmitSettle, "the expected lengths below are those of cycle 3+AdmitSettle")
	assert.Equal(t, uint64(2), w.LenAtFirstDrop, "LenAtFirstDrop (0 + 2 cells, end of cycle 5)")
	assert.Equal(t, Count{Pkts: 4, Cells: 8}, w.ArrivedAtDrop, "ArrivedAtDrop")
	assert.Equal(t, Count{Pkts: 1, Cells: 2}, w.DropAtDrop, "DropAtDrop")
	assert.Equal(t, int64(4), w.LastTx, "LastTx")
	assert.Equal(t, uint64(10), w.MaxLen, "MaxLen (cycle 2)")
	assert.Equal(t, []uint64{2, 2, 8, 7}, w.QlenAtSnap, "QlenAtSnap (end of cycle 2)")
	assert.Equal(t, []uint64{2, 0, 2, 5}, w.QlenAtDrop, "QlenAtDrop (end of cycle 5)")
	s := w.Sum(st)
	assert.Equal(t, tm.Count{Pkts: 4, Cells: 8}, s.Arrived, "Sum arrived")
	assert.Equal(t, tm.Count{Pkts: 1, Cells: 2}, s.HeadDropped, "Sum head-dropped")
}

// TestWatchHeadDropReadAtOnce: a first drop that is a head drop reads the
// lengths at the end of its own cycle (no answer to wait for).
func TestWatchHeadDropReadAtOnce(t *testing.T) {
	st := &tm.Stats{Queues: make([]tm.QueueStats, 2)}
	qlen := make([]uint32, 2)
	w := newWatch(Group{Name: "g", Queues: []int{0}}, 2)
	lens := []uint32{4, 6, 3, 1}
	for c, l := range lens {
		qlen[0] = l
		if c == 2 {
			st.Queues[0].HeadDropped.Pkts++
		}
		w.observe(uint64(c), st, qlen)
	}
	assert.Equal(t, int64(2), w.FirstDrop, "FirstDrop")
	assert.Equal(t, uint64(3), w.LenAtFirstDrop, "LenAtFirstDrop: end of cycle 2")
	assert.Equal(t, []uint64{3, 0}, w.QlenAtDrop, "QlenAtDrop: end of cycle 2")
}
