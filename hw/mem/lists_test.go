package mem

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFreeListProperty drives the banked free list with random runs of pops
// (one bank per run, started only when the bank holds the whole run, as the
// TM's enqueue does) and random frees, per cell or as whole chains, and
// compares every bank with a reference FIFO of cells after every cycle.
func TestFreeListProperty(t *testing.T) {
	for _, k := range []int{1, 2, 4, 8} {
		for _, lat := range []int{1, 2, 3} {
			t.Run(fmt.Sprintf("k%d/lat%d", k, lat), func(t *testing.T) {
				freeListProperty(t, k, lat, uint64(k*10+lat))
			})
		}
	}
}

func freeListProperty(t *testing.T, k, lat int, seed uint64) {
	const B = 96
	cp, err := New[int32](Params{Name: "cp_mem", Entries: B, ReadPorts: 2, WritePorts: 3, ReadLatency: lat})
	require.NoError(t, err)
	f, err := NewFreeList(cp, k)
	require.NoError(t, err)
	ref := make([][]int32, k)
	for x := 0; x < B; x++ {
		ref[x%k] = append(ref[x%k], int32(x))
	}
	type run struct {
		b     int
		cells []int32
		want  int
	}
	active := make([]*run, k)
	var held []*run
	r := rand.New(rand.NewPCG(seed, 3))
	for cy := 0; cy < 4000; cy++ {
		// Start runs on idle banks.
		for b := 0; b < k; b++ {
			if active[b] == nil && len(ref[b]) > 0 && r.IntN(3) == 0 {
				active[b] = &run{b: b, want: 1 + r.IntN(min(len(ref[b]), 5))}
			}
		}
		// Pops first.
		for b := 0; b < k; b++ {
			a := active[b]
			if a == nil {
				continue
			}
			ok, needs := f.CanPop(b)
			if !ok || needs && cp.ReadsLeft() == 0 {
				continue
			}
			x, err := f.Pop(b)
			require.NoError(t, err, "cycle %d: bank %d", cy, b)
			require.Equal(t, ref[b][0], x, "cycle %d: bank %d popped cell", cy, b)
			ref[b] = ref[b][1:]
			a.cells = append(a.cells, x)
			if len(a.cells) == a.want {
				held = append(held, a)
				active[b] = nil
			}
		}
		// Then frees, while write ports last.
		for len(held) > 0 && r.IntN(2) == 0 {
			i := r.IntN(len(held))
			h := held[i]
			if r.IntN(2) == 0 {
				if f.AppendWrites(h.b) > cp.WritesLeft() {
					break
				}
				f.AppendChain(h.b, h.cells[0], h.cells[len(h.cells)-1], len(h.cells))
				ref[h.b] = append(ref[h.b], h.cells...)
			} else {
				if len(h.cells) > cp.WritesLeft() {
					break
				}
				for _, x := range h.cells {
					f.Append(x)
				}
				ref[h.b] = append(ref[h.b], h.cells...)
			}
			held = append(held[:i], held[i+1:]...)
		}
		require.NoError(t, cp.Err(), "cycle %d", cy)
		cp.Commit()
		total := 0
		for b := 0; b < k; b++ {
			var got []int32
			require.NoError(t, f.Walk(b, func(x int32) { got = append(got, x) }), "cycle %d: bank %d", cy, b)
			require.Equal(t, fmt.Sprint(ref[b]), fmt.Sprint(got), "cycle %d: bank %d contents", cy, b)
			require.Equal(t, int32(len(ref[b])), f.Count[b], "cycle %d: bank %d count", cy, b)
			total += len(ref[b])
		}
		require.Equal(t, total, f.Total(), "cycle %d: total free", cy)
	}
}

func TestFreeListPopAfterAppend(t *testing.T) {
	cp, err := New[int32](Params{Name: "cp_mem", Entries: 8, ReadPorts: 2, WritePorts: 2, ReadLatency: 1})
	require.NoError(t, err)
	f, err := NewFreeList(cp, 1)
	require.NoError(t, err)
	x, err := f.Pop(0)
	require.NoError(t, err)
	_, err = f.Pop(0)
	require.Error(t, err, "cycle 0: a second pop before the head read returns must be refused")
	cp.Commit()
	f.Append(x)
	_, err = f.Pop(0)
	require.ErrorContains(t, err, "after an append")
	_, err = NewFreeList(cp, 3)
	require.ErrorContains(t, err, "allowed 1, 2, 4, 8")
}

// TestPDListsProperty drives the per-queue PD lists with random links,
// head reads and unlinks after a random read latency (so packets are often
// linked behind a PD whose read is in flight, exercising the forwarding),
// and compares every queue with a reference FIFO after every cycle.
func TestPDListsProperty(t *testing.T) {
	for _, lat := range []int{1, 2, 4} {
		t.Run(fmt.Sprintf("lat%d", lat), func(t *testing.T) {
			pdListsProperty(t, lat, uint64(lat))
		})
	}
}

func pdListsProperty(t *testing.T, lat int, seed uint64) {
	const N, PDs = 4, 32
	l, err := NewPDLists(Params{Name: "pd_mem", Entries: PDs, ReadPorts: 2, WritePorts: 2, ReadLatency: lat}, N)
	require.NoError(t, err)
	type ent struct {
		pd    int32
		cells uint16
	}
	ref := make([][]ent, N)
	type inflight struct {
		q     int
		v     PD
		ready uint64
	}
	var reads []inflight
	r := rand.New(rand.NewPCG(seed, 5))
	for cy := uint64(0); cy < 5000; cy++ {
		// Unlinks of reads that are back.
		keep := reads[:0]
		for _, rd := range reads {
			if rd.ready > cy {
				keep = append(keep, rd)
				continue
			}
			require.NoError(t, l.Unlink(rd.q, rd.v), "cycle %d: queue %d", cy, rd.q)
			ref[rd.q] = ref[rd.q][1:]
		}
		reads = keep
		// Head reads.
		for q := 0; q < N; q++ {
			if l.Count[q] > 0 && l.Reading(q) == Nil && l.Mem.ReadsLeft() > 0 && r.IntN(3) == 0 {
				pd, v, err := l.ReadHead(q)
				require.NoError(t, err, "cycle %d: queue %d", cy, q)
				require.Equal(t, ref[q][0].pd, pd, "cycle %d: queue %d head PD", cy, q)
				require.Equal(t, ref[q][0].cells, v.Cells, "cycle %d: queue %d head cells", cy, q)
				reads = append(reads, inflight{q, v, l.Mem.ReadyAt(cy)})
			}
		}
		// Links.
		for q := 0; q < N; q++ {
			if r.IntN(3) != 0 || l.LinkWrites(q) > l.Mem.WritesLeft() {
				continue
			}
			pd, ok := l.Alloc()
			if !ok {
				break
			}
			c := uint16(1 + r.IntN(9))
			l.Link(q, pd, PD{Cells: c})
			ref[q] = append(ref[q], ent{pd, c})
		}
		require.NoError(t, l.Mem.Err(), "cycle %d", cy)
		l.Mem.Commit()
		used := 0
		for q := 0; q < N; q++ {
			var got []ent
			require.NoError(t, l.Walk(q, func(pd int32, v *PD) { got = append(got, ent{pd, v.Cells}) }), "cycle %d: queue %d", cy, q)
			require.Equal(t, fmt.Sprint(ref[q]), fmt.Sprint(got), "cycle %d: queue %d list", cy, q)
			if len(ref[q]) > 0 {
				require.Equal(t, uint32(ref[q][0].cells), l.HeadLen[q], "cycle %d: queue %d head length", cy, q)
			}
			used += len(ref[q])
		}
		require.Equal(t, PDs-used, l.FreePDs(), "cycle %d: free PDs", cy)
	}
}

func TestPDListsErrors(t *testing.T) {
	l, err := NewPDLists(Params{Name: "pd_mem", Entries: 4, ReadPorts: 1, WritePorts: 2, ReadLatency: 1}, 2)
	require.NoError(t, err)
	_, _, err = l.ReadHead(0)
	assert.ErrorContains(t, err, "head read of queue 0 with 0 PDs")
	assert.ErrorContains(t, l.Unlink(1, PD{}), "unlink of queue 1 without a head read")
	pd, _ := l.Alloc()
	l.Link(0, pd, PD{Cells: 1})
	_, _, err = l.ReadHead(0)
	assert.ErrorContains(t, err, "after a link to it in the same cycle")
	_, err = NewPDLists(Params{Name: "pd_mem", Entries: 4, ReadPorts: 1, WritePorts: 2, ReadLatency: 1}, 0)
	assert.Error(t, err)
	assert.Equal(t, 3, SubListLen(9, 4, 0))
	assert.Equal(t, 2, SubListLen(9, 4, 1))
	assert.Equal(t, 0, SubListLen(2, 4, 3))
}
