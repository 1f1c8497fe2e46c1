package executor

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// TestCheckFindsCorruption corrupts a consistent store in one place at a
// time and checks that Check names what is wrong.
func TestCheckFindsCorruption(t *testing.T) {
	// Store for every case: N=2, B=6, P=4. Queue 0: PD0=[0,1], PD1=[2];
	// queue 1: PD2=[3]; under construction: [4]; free cells [5]; free PDs [3].
	build := func(t *testing.T) *Executor {
		e, err := New(Params{N: 2, QW: 4, B: 6, P: 4})
		require.NoError(t, err)
		stepAll(t, e, cell(0), pkt(0), pkt(0), pkt(1), cell(1))
		require.NoError(t, e.Check())
		return e
	}
	cases := []struct {
		name    string
		corrupt func(e *Executor)
		want    string
	}{
		{"cell on the free list and in a packet", func(e *Executor) { e.cellNext[5], e.q.FreeTailQ, e.q.FreeCntQ = 2, 2, 2 },
			"cell 2 is on the free cell list and on queue 0 packet PD 1"},
		{"free tail not at the end of the walk", func(e *Executor) { e.q.FreeTailQ = 4 },
			"the free cell list: walk of 1 cells ends at cell 5, but its last-cell pointer is 4"},
		{"free count too small: a cell leaks", func(e *Executor) { e.q.FreeCntQ = 0 },
			"cell 5 is on no list (leaked)"},
		{"free count above B", func(e *Executor) { e.q.FreeCntQ = 7 },
			"free_cnt_q=7 exceeds B=6"},
		{"chain link broken inside a packet", func(e *Executor) { e.cellNext[0] = 3 },
			"queue 0 packet PD 0: walk of 2 cells ends at cell 3, but its last-cell pointer is 1"},
		{"PD on two queues", func(e *Executor) { e.qHead[1] = 1 },
			"PD 1 is on queue 0 and on queue 1"},
		{"queue tail wrong", func(e *Executor) { e.qTail[0] = 0 },
			"queue 0: walk of 2 PDs ends at PD 1, but its tail pointer is 0"},
		{"qlen disagrees with packets", func(e *Executor) { e.qLen[0] = 2 },
			"queue 0: qlen 2, but its 2 packets hold 3 cells"},
		{"PD with zero cells", func(e *Executor) { e.pd[2].Cnt = 0 },
			"queue 1: PD 2 has cell count 0"},
		{"PD leaks", func(e *Executor) { e.q.PdFreeCntQ = 0 },
			"PD 3 is on no list (leaked)"},
		{"free PD is also queued", func(e *Executor) { e.q.PdFreeHeadQ, e.q.PdFreeTailQ = 2, 2 },
			"PD 2 is on queue 1 and on the free PD list"},
		{"pointer beyond B", func(e *Executor) { e.q.FreeHeadQ, e.q.FreeTailQ = 9, 9 },
			"the free cell list: entry 0 is cell 9, beyond B=6"},
		{"builder count wrong", func(e *Executor) { e.q.BldCntQ = 2 },
			"cell 5 is on the free cell list and on the packet under construction"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := build(t)
			c.corrupt(e)
			err := e.Check()
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
		})
	}
}

// TestEvalDoesNotAllocate checks the per-cycle path on a busy cycle.
func TestEvalDoesNotAllocate(t *testing.T) {
	e, err := New(Params{N: 64, QW: 16, B: 1024})
	require.NoError(t, err)
	stepAll(t, e, pkt(3), cell(5), pkt(5))
	k := 0
	allocs := testing.AllocsPerRun(200, func() {
		q := k % 64
		pkt(q).and(drop((q + 63) % 64)).apply(e)
		e.Eval()
		e.Commit()
		k++
	})
	require.Zero(t, allocs, "allocations per cycle")
}

// TestSignals checks names, widths and values of the traced signals.
func TestSignals(t *testing.T) {
	e, err := New(Params{N: 5, QW: 6, B: 40, P: 20})
	require.NoError(t, err)
	stepAll(t, e, cell(4), pkt(4))
	pkt(2).and(drop(4)).apply(e)
	e.Eval()
	want := []struct {
		name  string
		width int
		value uint64
	}{
		{"rst_ni", 1, 1}, {"enq_valid_i", 1, 1}, {"enq_qid_i", 3, 2}, {"enq_eop_i", 1, 1},
		{"enq_ready_o", 1, 1}, {"drop_valid_i", 1, 1}, {"drop_qid_i", 3, 4}, {"drop_ack_o", 1, 1},
		{"drop_cells_o", 6, 2}, {"qlen_o", 30, 2 << 24}, {"free_o", 6, 38},
		{"free_head_q", 6, 2}, {"free_tail_q", 6, 39}, {"pd_free_head_q", 5, 1}, {"pd_free_tail_q", 5, 19},
		{"pd_free_cnt_q", 5, 19}, {"bld_first_q", 6, 0}, {"bld_last_q", 6, 0}, {"bld_cnt_q", 6, 0},
	}
	sigs := e.Signals()
	require.Len(t, sigs, len(want))
	for i, w := range want {
		s := sigs[i]
		require.Equal(t, w.name, s.Name, "signal %d name", i)
		require.Equal(t, w.width, s.Width, "signal %s width", w.name)
		dst := make([]uint64, rtl.Words(s.Width))
		s.Read(dst)
		require.Equal(t, w.value, dst[0], "signal %s value", w.name)
	}
}

// recorder is a tracer that keeps drop_ack_o per cycle.
type recorder struct {
	ack  rtl.Signal
	acks []uint64
}

func (r *recorder) Declare(scopes []rtl.Scope) error {
	for _, s := range scopes[0].Signals {
		if s.Name == "drop_ack_o" {
			r.ack = s
		}
	}
	return nil
}

func (r *recorder) Sample(c uint64) error {
	var v [1]uint64
	r.ack.Read(v[:])
	r.acks = append(r.acks, v[0])
	return nil
}

func (r *recorder) Close() error { return nil }

// TestInSim runs the executor inside rtl.Sim with a tracer, as the traffic
// manager will: two packets on queue 1, dropped back to back.
func TestInSim(t *testing.T) {
	e, err := New(Params{N: 2, QW: 4, B: 4, P: 4})
	require.NoError(t, err)
	sim := rtl.NewSim()
	script := []in{pkt(1), pkt(1), drop(1), drop(1), drop(1)}
	sim.Add("stim", rtl.Comb(func() { script[sim.Cycle()].apply(e) }))
	sim.Add("hd_executor", e)
	rec := &recorder{}
	require.NoError(t, sim.Trace(rec))
	require.NoError(t, sim.Run(uint64(len(script))))
	require.NoError(t, sim.Close())
	require.Equal(t, []uint64{0, 0, 1, 1, 0}, rec.acks, "drop_ack_o per cycle")
	require.Equal(t, uint32(4), e.FreeO())
}
