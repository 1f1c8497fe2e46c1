package executor

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// coverage counts the interesting cycles the property test must reach, so
// that a change in the traffic generator cannot silently stop testing them.
type coverage struct {
	freeEmptyAppend  int // drop acked while no free cell
	freeOnePopAppend int // enqueue pops the only free cell while a drop appends
	pdEmptyEopWait   int // eop cell waits for a PD
	sameQueueOnlyPkt int // eop and drop on the same queue holding one packet
	sameQueueMany    int // eop and drop on the same queue holding two or more
	backToBack       int // the same queue acked on two consecutive cycles
	invalidQid       int // a drop or eop to a queue index >= N
	resets           int
}

// traffic is a random stimulus whose rates change in phases, so the store
// fills to empty free lists and drains again many times.
type traffic struct {
	rng                  *rand.Rand
	n, qmax              int
	pEnq, pEop, pDrop    float64
	phaseLeft            int
	lastDropQ, lastEnqQ  int
	stickyDrop, stickyEq bool
}

func (tr *traffic) next(e *Executor) (rst, enqValid bool, enqQid int, eop, dropValid bool, dropQid int) {
	if tr.phaseLeft == 0 {
		tr.phaseLeft = 50 + tr.rng.Intn(400)
		tr.pEnq = tr.rng.Float64()
		tr.pEop = 0.1 + 0.9*tr.rng.Float64()
		tr.pDrop = tr.rng.Float64() * 0.8
		tr.stickyDrop = tr.rng.Intn(3) == 0
		tr.stickyEq = tr.rng.Intn(2) == 0
	}
	tr.phaseLeft--
	rst = tr.rng.Intn(3000) != 0
	enqValid = tr.rng.Float64() < tr.pEnq
	eop = tr.rng.Float64() < tr.pEop
	enqQid = tr.rng.Intn(tr.qmax)
	if tr.stickyEq && tr.rng.Intn(4) != 0 {
		enqQid = tr.lastEnqQ
	}
	tr.lastEnqQ = enqQid
	dropValid = tr.rng.Float64() < tr.pDrop
	dropQid = tr.rng.Intn(tr.qmax)
	switch {
	case tr.stickyDrop && tr.rng.Intn(4) != 0:
		dropQid = tr.lastDropQ
	case tr.rng.Intn(3) == 0:
		dropQid = enqQid // same-queue interactions
	}
	tr.lastDropQ = dropQid
	return
}

func TestProperty(t *testing.T) {
	var cov coverage
	cases := 0
	for _, n := range []int{1, 2, 7, 64} {
		for seed := int64(1); seed <= 6; seed++ {
			rng := rand.New(rand.NewSource(seed*1000 + int64(n)))
			b := 8 + rng.Intn(57)
			p := []int{0, b / 2, b + 3, 1 + rng.Intn(b)}[seed%4]
			t.Run(fmt.Sprintf("N=%d/B=%d/P=%d/seed=%d", n, b, p, seed), func(t *testing.T) {
				runProperty(t, Params{N: n, QW: 8, B: b, P: p}, rng, 50000, &cov)
			})
			cases++
		}
	}
	require.NotZero(t, cov.freeEmptyAppend, "coverage: drop into an empty free list never happened")
	require.NotZero(t, cov.freeOnePopAppend, "coverage: pop of the only free cell with an append never happened")
	require.NotZero(t, cov.pdEmptyEopWait, "coverage: eop waiting for a PD never happened")
	require.NotZero(t, cov.sameQueueOnlyPkt, "coverage: eop+drop on a one-packet queue never happened")
	require.NotZero(t, cov.sameQueueMany, "coverage: eop+drop on a longer queue never happened")
	require.NotZero(t, cov.backToBack, "coverage: back-to-back drops of one queue never happened")
	require.NotZero(t, cov.invalidQid, "coverage: queue index >= N never happened")
	require.NotZero(t, cov.resets, "coverage: reset never happened")
	t.Logf("%d cases, coverage %+v", cases, cov)
}

// runProperty drives e and the reference with the same random traffic and
// checks, every cycle: the outputs, Eval's purity, Check, and that every
// queue, the free lists and the packet under construction hold exactly the
// cells and PDs, in the order, the reference says.
func runProperty(t *testing.T, p Params, rng *rand.Rand, cycles int, cov *coverage) {
	e, err := New(p)
	require.NoError(t, err)
	p = e.P
	ref := newRef(p.N, p.B, p.P)
	tr := &traffic{rng: rng, n: p.N, qmax: 1 << e.W.IW}
	prevAckQ := -1
	for cyc := 0; cyc < cycles; cyc++ {
		rst, ev, eq, eop, dv, dq := tr.next(e)
		e.RstNI, e.EnqValidI, e.EnqQidI, e.EnqEopI, e.DropValidI, e.DropQidI = rst, ev, uint16(eq), eop, dv, uint16(dq)

		before := e.q
		mems := cloneMems(e)
		e.Eval()
		if rng.Intn(8) == 0 { // Eval may run twice with the same result
			o1, d1, w1 := e.EnqReadyO, e.d, e.w
			e.Eval()
			require.Equal(t, o1, e.EnqReadyO, "cycle %d: second Eval changed enq_ready_o", cyc)
			require.Equal(t, d1, e.d, "cycle %d: second Eval changed the next state", cyc)
			require.Equal(t, w1, e.w, "cycle %d: second Eval changed the writes", cyc)
		}
		if before != e.q || !mems.equal(e) {
			t.Fatalf("cycle %d: Eval wrote state: registers before %+v after %+v", cyc, before, e.q)
		}

		// coverage, from the state before the edge
		s := e.q
		if e.DropAckO && s.FreeCntQ == 0 {
			cov.freeEmptyAppend++
		}
		if e.DropAckO && ev && e.EnqReadyO && s.FreeCntQ == 1 {
			cov.freeOnePopAppend++
		}
		if ev && eop && s.FreeCntQ > 0 && s.PdFreeCntQ == 0 {
			cov.pdEmptyEopWait++
		}
		if e.DropAckO && ev && eop && e.EnqReadyO && eq == dq {
			if e.qPkts[dq] == 1 {
				cov.sameQueueOnlyPkt++
			} else {
				cov.sameQueueMany++
			}
		}
		if e.DropAckO && dq == prevAckQ {
			cov.backToBack++
		}
		if (dv && dq >= p.N) || (ev && eop && eq >= p.N) {
			cov.invalidQid++
		}
		if !rst {
			cov.resets++
		}
		prevAckQ = -1
		if e.DropAckO && rst {
			prevAckQ = dq
		}

		want := ref.step(rst, ev, eq, eop, dv, dq)
		if want.ready != e.EnqReadyO {
			t.Fatalf("cycle %d: signal enq_ready_o expected %v actual %v", cyc, want.ready, e.EnqReadyO)
		}
		if want.ack != e.DropAckO {
			t.Fatalf("cycle %d: signal drop_ack_o expected %v actual %v", cyc, want.ack, e.DropAckO)
		}
		if want.cells != e.DropCellsO {
			t.Fatalf("cycle %d: signal drop_cells_o expected %d actual %d", cyc, want.cells, e.DropCellsO)
		}

		e.Commit()
		if err := e.Check(); err != nil {
			t.Fatalf("cycle %d: store check after the edge: %v", cyc, err)
		}
		compareStore(t, cyc, ref, e)
	}
}

// compareStore checks the registered outputs and the whole store against
// the reference after the edge that ended cycle cyc. It compares with plain
// Go and calls t.Fatalf only on a mismatch, to keep 20000-cycle runs fast.
func compareStore(t *testing.T, cyc int, ref *refModel, e *Executor) {
	t.Helper()
	var queued uint32
	for q := 0; q < ref.n; q++ {
		var cells uint32
		for _, pk := range ref.queues[q] {
			cells += uint32(len(pk.Cells))
		}
		queued += cells
		if got := e.QlenO(q); got != cells {
			t.Fatalf("cycle %d: signal qlen_o[%d] expected %d actual %d", cyc, q, cells, got)
		}
		if got := e.Pkts(q); got != uint32(len(ref.queues[q])) {
			t.Fatalf("cycle %d: queue %d packet count expected %d actual %d", cyc, q, len(ref.queues[q]), got)
		}
	}
	if got := e.FreeO(); got != uint32(len(ref.free)) {
		t.Fatalf("cycle %d: signal free_o expected %d actual %d", cyc, len(ref.free), got)
	}
	if sum := e.FreeO() + queued + e.q.BldCntQ; sum != uint32(ref.b) {
		t.Fatalf("cycle %d: free + queued + under construction expected %d actual %d", cyc, ref.b, sum)
	}
	got := snapshot(e)
	if !slices.Equal(ref.free, got.free) {
		t.Fatalf("cycle %d: free cell list expected %v actual %v", cyc, ref.free, got.free)
	}
	if !slices.Equal(ref.freePD, got.freePD) {
		t.Fatalf("cycle %d: free PD list expected %v actual %v", cyc, ref.freePD, got.freePD)
	}
	if !slices.Equal(ref.bld, got.bld) {
		t.Fatalf("cycle %d: packet under construction expected %v actual %v", cyc, ref.bld, got.bld)
	}
	for q := 0; q < ref.n; q++ {
		if !slices.EqualFunc(ref.queues[q], got.queues[q], func(a, b refPkt) bool {
			return a.PD == b.PD && slices.Equal(a.Cells, b.Cells)
		}) {
			t.Fatalf("cycle %d: queue %d expected %v actual %v", cyc, q, ref.queues[q], got.queues[q])
		}
	}
}

// mems is a copy of the register files, to prove Eval leaves them alone.
type mems struct {
	cellNext, pdNext, qHead, qTail []uint16
	pd                             []pdInfo
	qPkts, qLen                    []uint32
}

func cloneMems(e *Executor) mems {
	return mems{slices.Clone(e.cellNext), slices.Clone(e.pdNext), slices.Clone(e.qHead), slices.Clone(e.qTail),
		slices.Clone(e.pd), slices.Clone(e.qPkts), slices.Clone(e.qLen)}
}

func (m mems) equal(e *Executor) bool {
	return slices.Equal(m.cellNext, e.cellNext) && slices.Equal(m.pdNext, e.pdNext) &&
		slices.Equal(m.qHead, e.qHead) && slices.Equal(m.qTail, e.qTail) && slices.Equal(m.pd, e.pd) &&
		slices.Equal(m.qPkts, e.qPkts) && slices.Equal(m.qLen, e.qLen)
}
