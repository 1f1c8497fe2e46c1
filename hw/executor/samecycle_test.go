package executor

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// in is one cycle's inputs, with rst_ni high.
type in struct {
	ev  bool // enq_valid_i
	eq  int  // enq_qid_i
	eop bool // enq_eop_i
	dv  bool // drop_valid_i
	dq  int  // drop_qid_i
}

// apply sets e's inputs from x with reset released.
func (x in) apply(e *Executor) {
	e.RstNI, e.EnqValidI, e.EnqQidI, e.EnqEopI, e.DropValidI, e.DropQidI = true, x.ev, uint16(x.eq), x.eop, x.dv, uint16(x.dq)
}

// cell, pkt and drop build the common cycles.
func cell(q int) in      { return in{ev: true, eq: q} }
func pkt(q int) in       { return in{ev: true, eq: q, eop: true} }
func drop(q int) in      { return in{dv: true, dq: q} }
func (x in) and(y in) in { x.dv, x.dq = y.dv, y.dq; return x }
func stepAll(t *testing.T, e *Executor, xs ...in) {
	t.Helper()
	for i, x := range xs {
		x.apply(e)
		e.Eval()
		e.Commit()
		require.NoError(t, e.Check(), "setup cycle %d", i)
	}
}

// TestSameCycle checks, for each same-cycle interaction of the contract,
// which register-file writes Eval enables and the registers after the edge.
func TestSameCycle(t *testing.T) {
	cases := []struct {
		name  string
		p     Params
		setup []in
		now   in
		// expected write enables in the cycle "now"
		cellLink, cellApp, pdLink, pdApp bool
		st                               State    // registers after the edge
		free                             []uint16 // free cell list after the edge, head first
		q                                int      // a queue to inspect after the edge
		qPDs                             []uint16
	}{
		{
			name: "free list of many cells: pop head, append chain at tail",
			p:    Params{N: 2, QW: 4, B: 6, P: 6},
			// X=[0] on q1, A=[1,2] on q0, free [3,4,5]
			setup:    []in{pkt(1), cell(0), pkt(0)},
			now:      cell(1).and(drop(0)),
			cellLink: false, cellApp: true, pdApp: true,
			st:   State{FreeHeadQ: 4, FreeTailQ: 2, FreeCntQ: 4, PdFreeHeadQ: 2, PdFreeTailQ: 1, PdFreeCntQ: 5, BldFirstQ: 3, BldLastQ: 3, BldCntQ: 1},
			free: []uint16{4, 5, 1, 2},
			q:    0, qPDs: []uint16{},
		},
		{
			name: "free list of one cell: the pop empties it, the chain becomes the list",
			p:    Params{N: 2, QW: 4, B: 4, P: 4},
			// A=[0,1] on q0, X=[2] on q1, free [3]
			setup:   []in{cell(0), pkt(0), pkt(1)},
			now:     cell(0).and(drop(1)),
			cellApp: false, pdApp: true,
			st:   State{FreeHeadQ: 2, FreeTailQ: 2, FreeCntQ: 1, PdFreeHeadQ: 2, PdFreeTailQ: 1, PdFreeCntQ: 3, BldFirstQ: 3, BldLastQ: 3, BldCntQ: 1},
			free: []uint16{2},
			q:    1, qPDs: []uint16{},
		},
		{
			name: "free list empty: the chain becomes the list",
			p:    Params{N: 2, QW: 4, B: 3, P: 3},
			// X=[0] on q0, A=[1,2] on q1, free empty (head = cell_next[2] = 0)
			setup:   []in{pkt(0), cell(1), pkt(1)},
			now:     cell(0).and(drop(1)), // the enqueue is not ready
			cellApp: false, pdApp: true,
			st:   State{FreeHeadQ: 1, FreeTailQ: 2, FreeCntQ: 2, PdFreeHeadQ: 2, PdFreeTailQ: 1, PdFreeCntQ: 2, BldFirstQ: 1, BldLastQ: 1},
			free: []uint16{1, 2},
			q:    1, qPDs: []uint16{},
		},
		{
			name:    "eop and drop on a queue holding one packet: new PD is head and tail, no link",
			p:       Params{N: 2, QW: 4, B: 4, P: 4},
			setup:   []in{pkt(0)}, // PD0=[0] on q0
			now:     pkt(0).and(drop(0)),
			cellApp: true, pdLink: false, pdApp: true,
			st:   State{FreeHeadQ: 2, FreeTailQ: 0, FreeCntQ: 3, PdFreeHeadQ: 2, PdFreeTailQ: 0, PdFreeCntQ: 3},
			free: []uint16{2, 3, 0},
			q:    0, qPDs: []uint16{1},
		},
		{
			name:    "eop and drop on a queue holding two packets: head moves, new PD linked at tail",
			p:       Params{N: 2, QW: 4, B: 4, P: 4},
			setup:   []in{pkt(0), pkt(0)}, // PD0, PD1 on q0
			now:     pkt(0).and(drop(0)),
			cellApp: true, pdLink: true, pdApp: true,
			st:   State{FreeHeadQ: 3, FreeTailQ: 0, FreeCntQ: 2, PdFreeHeadQ: 3, PdFreeTailQ: 0, PdFreeCntQ: 2},
			free: []uint16{3, 0},
			q:    0, qPDs: []uint16{1, 2},
		},
		{
			name:    "last PD popped while a drop returns one",
			p:       Params{N: 2, QW: 4, B: 4, P: 2},
			setup:   []in{pkt(0), pkt(1)},                            // PD0 on q0, PD1 on q1, no free PD
			now:     in{ev: true, eq: 1, eop: true, dv: true, dq: 0}, // not ready: no PD this cycle
			cellApp: true, pdApp: false,
			st:   State{FreeHeadQ: 2, FreeTailQ: 0, FreeCntQ: 3, PdFreeHeadQ: 0, PdFreeTailQ: 0, PdFreeCntQ: 1},
			free: []uint16{2, 3, 0},
			q:    1, qPDs: []uint16{1},
		},
		{
			name:     "cell of a longer packet: linked after the previous cell",
			p:        Params{N: 2, QW: 4, B: 4, P: 4},
			setup:    []in{cell(1)},
			now:      cell(1),
			cellLink: true,
			st:       State{FreeHeadQ: 2, FreeTailQ: 3, FreeCntQ: 2, PdFreeTailQ: 3, PdFreeCntQ: 4, BldFirstQ: 0, BldLastQ: 1, BldCntQ: 2},
			free:     []uint16{2, 3},
			q:        1, qPDs: []uint16{},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, err := New(c.p)
			require.NoError(t, err)
			stepAll(t, e, c.setup...)
			c.now.apply(e)
			e.Eval()
			require.Equal(t, c.cellLink, e.w.cellLink.en, "cell_next link write enable")
			require.Equal(t, c.cellApp, e.w.cellApp.en, "cell_next free-tail append write enable")
			require.Equal(t, c.pdLink, e.w.pdLink.en, "pd_next queue-tail link write enable")
			require.Equal(t, c.pdApp, e.w.pdApp.en, "pd_next free-tail append write enable")
			e.Commit()
			require.NoError(t, e.Check())
			require.Equal(t, c.st, e.State(), "registers after the edge")
			s := snapshot(e)
			require.Equal(t, c.free, s.free, "free cell list after the edge")
			pds := []uint16{}
			for _, pk := range s.queues[c.q] {
				pds = append(pds, pk.PD)
			}
			require.Equal(t, c.qPDs, pds, "queue %d PDs after the edge", c.q)
		})
	}
}

// TestQueueIndex checks truncation to IW bits and indices at or above N.
func TestQueueIndex(t *testing.T) {
	e, err := New(Params{N: 3, QW: 4, B: 8, P: 8}) // IW = 2: index 3 is no queue
	require.NoError(t, err)
	stepAll(t, e, pkt(1))
	cases := []struct {
		name       string
		x          in
		ready, ack bool
	}{
		{"drop of index 3 >= N", drop(3), true, false},
		{"drop of 5 truncates to 1", drop(5), true, true},
		{"eop to index 3 is not ready", pkt(3), false, false},
		{"non-eop cell ignores the index", cell(3), true, false},
		{"eop to 6 truncates to 2", pkt(6), true, false},
	}
	for _, c := range cases {
		c.x.apply(e)
		e.Eval()
		require.Equal(t, c.ready, e.EnqReadyO, "%s: signal enq_ready_o", c.name)
		require.Equal(t, c.ack, e.DropAckO, "%s: signal drop_ack_o", c.name)
	}
	stepAll(t, e, pkt(6))
	require.Equal(t, uint32(1), e.Pkts(2), "eop to qid 6 lands on queue 2")
}

// TestN1 runs the single-queue executor: qid is one bit, 1 is no queue.
func TestN1(t *testing.T) {
	e, err := New(Params{N: 1, QW: 2, B: 3, P: 2})
	require.NoError(t, err)
	stepAll(t, e, pkt(0), cell(0), pkt(0))
	require.Equal(t, uint32(3), e.QlenO(0))
	require.Equal(t, uint32(0), e.FreeO())
	drop(1).apply(e)
	e.Eval()
	require.False(t, e.DropAckO, "index 1 is no queue when N=1")
	stepAll(t, e, drop(0))
	require.Equal(t, uint32(2), e.QlenO(0))
	stepAll(t, e, drop(0))
	require.Equal(t, uint32(0), e.QlenO(0))
	require.Equal(t, uint32(3), e.FreeO())
}
