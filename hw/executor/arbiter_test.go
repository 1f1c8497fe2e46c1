package executor

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/hw/arbiter"
	"occamy/rtl"
)

// TestWithArbiter wires the executor to the project's rr_arbiter as
// docs/hd_executor.md shows and checks that every queue with a packet is
// dropped once per round, one packet per cycle, and that a request for an
// empty queue (no ack) holds the grant for one cycle.
func TestWithArbiter(t *testing.T) {
	const n = 8
	ex, err := New(Params{N: n, QW: 8, B: 64})
	require.NoError(t, err)
	for q := 0; q < n; q++ {
		if q != 5 { // queue 5 stays empty
			stepAll(t, ex, cell(q), pkt(q), pkt(q))
		}
	}
	arb, err := arbiter.New(arbiter.Params{N: n})
	require.NoError(t, err)
	for q := 0; q < n; q++ {
		arb.ReqI.Set(q) // all requesting, as a stale bitmap would
	}
	sim := rtl.NewSim()
	sim.Add("arb", arb)
	sim.Add("grant", rtl.Comb(func() { ex.DropValidI, ex.DropQidI = arb.GntValidO, arb.GntIdxO }))
	sim.Add("hd_executor", ex)
	sim.Add("ack", rtl.Comb(func() { arb.AckI = ex.DropAckO; arb.Eval() }))
	in{}.apply(ex) // enqueue port idle
	arb.RstNI = true

	// Round 1: queues 0..7; queue 5 is granted but not acked, so the grant
	// holds on 5 (the arbiter only moves on a taken grant): the executor idles.
	want := []struct {
		q     uint16
		ack   bool
		cells uint32
	}{
		{0, true, 2}, {1, true, 2}, {2, true, 2}, {3, true, 2}, {4, true, 2}, {5, false, 0},
	}
	for cyc, w := range want {
		sim.Eval()
		require.Equal(t, w.q, ex.DropQidI, "cycle %d: signal drop_qid_i", cyc)
		require.Equal(t, w.ack, ex.DropAckO, "cycle %d: signal drop_ack_o", cyc)
		require.Equal(t, w.cells, ex.DropCellsO, "cycle %d: signal drop_cells_o", cyc)
		require.NoError(t, sim.Step())
		require.NoError(t, ex.Check(), "cycle %d", cyc)
	}
	arb.ReqI.Clear(5) // the selector's bitmap catches up
	for cyc, q := range []uint16{6, 7, 0, 1, 2, 3, 4, 6, 7} {
		sim.Eval()
		require.Equal(t, q, ex.DropQidI, "cycle %d: signal drop_qid_i", cyc+6)
		require.True(t, ex.DropAckO, "cycle %d: signal drop_ack_o", cyc+6)
		require.NoError(t, sim.Step())
	}
	for q := 0; q < n; q++ {
		require.Zero(t, ex.QlenO(q), "queue %d drained", q)
	}
	require.Equal(t, uint32(64), ex.FreeO())
}
