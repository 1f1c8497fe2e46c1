package executor

import "testing"

// saved is a copy of a whole store, to refill a benchmark quickly.
type saved struct {
	q State
	m mems
}

func save(e *Executor) saved { return saved{q: e.q, m: cloneMems(e)} }

func (s saved) restore(e *Executor) {
	e.q, e.d = s.q, s.q
	copy(e.cellNext, s.m.cellNext)
	copy(e.pdNext, s.m.pdNext)
	copy(e.pd, s.m.pd)
	copy(e.qHead, s.m.qHead)
	copy(e.qTail, s.m.qTail)
	copy(e.qPkts, s.m.qPkts)
	copy(e.qLen, s.m.qLen)
}

// prefill enqueues packets of 1..8 cells round-robin over the queues until
// the free list is empty, and returns the number of packets.
func prefill(b *testing.B, e *Executor) int {
	pkts, size, q := 0, 1, 0
	for e.FreeO() > 0 {
		for k := 1; k <= size && e.FreeO() > 0; k++ {
			x := cell(q)
			x.eop = k == size || e.FreeO() == 1
			x.apply(e)
			e.Eval()
			e.Commit()
			if x.eop {
				pkts++
			}
		}
		size = size%8 + 1
		q = (q + 1) % e.P.N
	}
	if err := e.Check(); err != nil {
		b.Fatal(err)
	}
	return pkts
}

// BenchmarkExecutor drops one packet per cycle (one op = one cycle: set
// inputs, Eval, Commit) from a store pre-filled with 1..8-cell packets over
// N=64 queues, B=16384; when the store is empty it is restored from a copy
// with the timer stopped.
func BenchmarkExecutor(b *testing.B) {
	e, err := New(DefaultParams())
	if err != nil {
		b.Fatal(err)
	}
	pkts := prefill(b, e)
	full := save(e)
	left := pkts
	q := 0
	e.RstNI, e.EnqValidI, e.DropValidI = true, false, true
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if left == 0 {
			b.StopTimer()
			full.restore(e)
			left = pkts
			b.StartTimer()
		}
		for e.qPkts[q] == 0 { // the arbiter's job: find a queue with a packet
			q = (q + 1) & 63
		}
		e.DropQidI = uint16(q)
		e.Eval()
		e.Commit()
		left--
		q = (q + 1) & 63
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cycles/s")
	if !e.DropAckO {
		b.Fatal("last cycle did not drop")
	}
}

// BenchmarkExecutorEnqDrop runs both ports every cycle: a 1-cell packet
// enqueued on one queue and a head packet dropped from another, so the
// store stays at its pre-filled level.
func BenchmarkExecutorEnqDrop(b *testing.B) {
	e, err := New(DefaultParams())
	if err != nil {
		b.Fatal(err)
	}
	prefill(b, e)
	// Drain half, so that enqueues always find a free cell and a free PD.
	e.RstNI, e.DropValidI = true, true
	for q := 0; e.FreeO() < 8192; q = (q + 1) & 63 {
		e.DropQidI = uint16(q)
		e.Eval()
		e.Commit()
	}
	e.EnqValidI, e.EnqEopI = true, true
	q := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for e.qPkts[q] == 0 {
			q = (q + 1) & 63
		}
		e.DropQidI = uint16(q)
		e.EnqQidI = uint16((q + 32) & 63)
		e.Eval()
		e.Commit()
		q = (q + 1) & 63
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cycles/s")
	if err := e.Check(); err != nil {
		b.Fatal(err)
	}
}
