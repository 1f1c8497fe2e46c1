package tm

import (
	"math/bits"
	"occamy/testbench/blocks"

	"occamy/hw/arbiter"
	hw "occamy/hw/tm"
	"occamy/rtl"
)

// cov counts the TM's coverpoints from what the adapter sees: the inputs,
// the outputs, Probe and the arbiter's traced grant. Which queue the
// dequeue unlinked is what is left of a queue's length change once the
// cycle's admissions and head drop are accounted for.
type cov struct {
	c                     hw.Config
	n, in                 int
	expels                bool
	pkts                  int          // packets admitted and not yet unlinked
	prevHD, prev2HD       hw.ExecState // the executor's state last cycle, the cycle before
	prevHDCells           int          // the cells of last cycle's head drop (0: none)
	lastDeqQ, lastHDQ     int
	lastDeqCyc, lastHDCyc uint64
	// rr is a round-robin arbiter shadowing the maximum finder's choices
	// (maxfind_not_rr): same requests, acknowledged when a drop issues.
	rr  *arbiter.Arbiter
	mfc bool // the policy chooses with the maximum finder
	// unpopped is the cells admitted and not yet taken from the free list
	// (the enqueue's cell-data writes take them): the free list holds
	// the free count plus these.
	unpopped int
	// effs are the packets the answers of the last hw.AdmitSettle cycles
	// admitted, a ring: effs[effAt], answered hw.AdmitSettle cycles
	// before, take effect this cycle (tm_admission's stage 4: queue
	// length, free count, the enqueue); the others are decided and not
	// yet in effect.
	effs    []offers
	effAt   int
	hdReads int // the executor's link reads last cycle
	wide    int // the lanes freeing more than this in a cycle need freed_o's extra bits
	chain   bool
}

func (v *cov) init(c hw.Config, sh Shape) {
	v.n, v.in = sh.N, sh.IN
	v.rr, _ = arbiter.New(arbiter.Params{N: sh.N}) // N is the TM's, already validated
}

// reset starts counting for a freshly built model.
func (v *cov) reset(c hw.Config) {
	v.c = c
	v.expels = c.Policy.Expels()
	v.mfc = c.Policy == hw.PolicyOccamyLQD || c.Policy == hw.PolicyPushoutPorts
	if v.rr != nil {
		v.rr.RstNI = false
		v.rr.Eval()
		v.rr.Commit()
		v.rr.RstNI = true
	}
	v.pkts, v.prevHD, v.prev2HD, v.prevHDCells = 0, hw.ExecIdle, hw.ExecIdle, 0
	v.lastDeqQ, v.lastHDQ = -1, -1
	v.unpopped, v.hdReads, v.effAt = 0, 0, 0
	if len(v.effs) != hw.AdmitSettle {
		v.effs = make([]offers, hw.AdmitSettle)
	}
	for i := range v.effs {
		v.effs[i].n = 0
	}
	v.wide, v.chain = 1<<lwOf(c)-1, c.FreeMode == hw.FreeChain
}

// cycle counts one cycle after Eval: p is the Probe after Eval, o the
// outputs, a the slots in_ok_o answers (offered hw.AdmitLag cycles
// before), n the valid slots of the cycle, freePre the free count at the
// cycle's start; g.qlen.pre holds the start-of-cycle lengths.
func (v *cov) cycle(g *gold, m *hw.TM, p *hw.Probe, o *hw.Outputs, a *offers, n, freePre int) {
	h, cyc := g.hits, g.cycle
	blocks.Hit(h, tmAllSlots, n == v.in)
	blocks.Hit(h, tmFreeEmpty, freePre == 0)
	blocks.Hit(h, tmPDsOut, freePre == 0 && v.pkts == v.c.B)
	run := freePre // the free count after the admissions taking effect
	eff := &v.effs[v.effAt]
	for i := 0; i < eff.n; i++ {
		run -= eff.cells[i]
		v.pkts++
	}
	room := run // the answers' view, as the decision's: every admission before counted
	for k := range v.effs {
		if k != v.effAt {
			for i := 0; i < v.effs[k].n; i++ {
				room -= v.effs[k].cells[i]
			}
		}
	}
	for i := 0; i < o.NIn; i++ {
		c := a.cells[i]
		if o.InOK[i] {
			room -= c
		} else {
			blocks.Hit(h, tmAdmDropRoom, c <= room)
		}
	}
	if o.HDValid {
		v.pkts--
		blocks.Hit(h, tmHDAny, true)
		blocks.Hit(h, tmHDChain, v.c.FreeMode == hw.FreeChain)
		blocks.Hit(h, tmHDMaxPkt, o.HDCells == v.c.MaxPkt)
		blocks.Hit(h, tmHDOneCell, o.HDCells == 1)
	}
	v.unpopped += freePre - run - p.Ports[hw.MemCD].Writes
	// Only the queues the cycle wrote can differ from their start-of-cycle
	// length (g.qlen.pre) plus admissions less the head drop: the others are
	// still at it, and neither admission nor a head drop touched them.
	deq, cells := -1, 0
	for w, word := range p.QlenChg[:g.qlen.qw] {
		for ; word != 0; word &= word - 1 {
			q := w<<6 | bits.TrailingZeros64(word)
			if q >= len(p.Qlen) {
				break
			}
			if e := v.expected(g, o, q); p.Qlen[q] != e {
				deq, cells = q, int(e)-int(p.Qlen[q])
			}
		}
	}
	if deq >= 0 {
		v.pkts--
		blocks.Hit(h, tmDRRCarry, v.c.Sched == hw.SchedDRR && cells > v.c.Quantum[deq%v.c.Q])
		blocks.Hit(h, tmDeqHDSameQueue, deq == v.lastHDQ && cyc-v.lastHDCyc <= 1)
		v.lastDeqQ, v.lastDeqCyc = deq, cyc
	}
	if o.HDValid {
		blocks.Hit(h, tmDeqHDSameQueue, o.HDQid == v.lastDeqQ && cyc-v.lastDeqCyc <= 1)
		v.lastHDQ, v.lastHDCyc = o.HDQid, cyc
	}
	if v.expels {
		pd, cp := p.Ports[hw.MemPD], p.Ports[hw.MemCP]
		blocks.Hit(h, tmHDWaitsPD, v.prevHD == hw.ExecIdle && p.GntValid && p.HDPorts[hw.MemPD].Reads == 0 && pd.Reads > 0)
		blocks.Hit(h, tmHDWaitsCP, v.prevHD == hw.ExecCells && p.HDPorts[hw.MemCP].Writes == 0 && cp.Writes > 0)
		hp := &p.HDPipe
		blocks.Hit(h, tmLaneBlocked, hp.Blocked > 0)
		blocks.Hit(h, tmLaneTwoPkts, m.HDServedPackets() > 1)
		// PD read latency 1 (the RTL's): no head-drop read is in flight at
		// stage D, so no room means a full lane.
		blocks.Hit(h, tmLaneFull, !hp.Room)
		if v.c.HDRecheck && v.prevHD == hw.ExecIdle && pd.Reads == 0 && !p.GntValid && p.Over.Any() {
			blocks.Hit(h, tmStaleSkipped, v.allStale(p, g.qlen.pre))
		}
		v.lanes(h, p, o)
	}
	issued := p.HDPorts[hw.MemPD].Reads > 0
	blocks.Hit(h, tmDeqHDSameCycle, issued && deq >= 0 && p.GntIdx == deq)
	blocks.Hit(h, tmPushoutNeg, v.c.Policy == hw.PolicyPushoutPorts && issued && run < 0)
	if v.mfc && p.GntValid && v.rr != nil {
		v.rr.ReqI = p.Cand
		if v.c.Policy == hw.PolicyOccamyLQD {
			v.rr.ReqI = andBitmap(p.Cand, p.Over)
		}
		v.rr.AckI = issued
		v.rr.Eval()
		blocks.Hit(h, tmMaxNotRR, v.rr.GntValidO && int(v.rr.GntIdxO) != p.GntIdx)
		v.rr.Commit()
	}
	if last := v.c.P - 1; o.EgValid>>uint(last)&1 != 0 {
		blocks.Hit(h, tmLastQueue, int(o.EgQid[last]) == v.n-1)
	}
	v.prev2HD, v.prevHD, v.prevHDCells = v.prevHD, p.HD, 0
	if o.HDValid {
		v.prevHDCells = o.HDCells
	}
	eff.n = 0 // this cycle's answers: in effect hw.AdmitSettle cycles on
	for i := 0; i < o.NIn; i++ {
		if o.InOK[i] {
			if eff.n == len(eff.cells) {
				eff.cells, eff.qids = append(eff.cells, 0), append(eff.qids, 0)
			}
			eff.cells[eff.n], eff.qids[eff.n] = a.cells[i], a.qids[i]
			eff.n++
		}
	}
	v.effAt = (v.effAt + 1) % len(v.effs)
}

// lanes counts the executor's lane coverpoints, from what its ports show
// (tm_hd_exec's ga_*, ne_f_i, cp_rd_*, freed_o as Probe.HDPipe and
// HDPorts give them).
func (v *cov) lanes(h []uint64, p *hw.Probe, o *hw.Outputs) {
	hp := &p.HDPipe
	cp := p.HDPorts[hw.MemCP]
	// Every served lane appends once: one that writes no link went into
	// an empty bank.
	blocks.Hit(h, tmHDEmptyBank, hp.Served > cp.Writes)
	// The free list after the cycle is the free count plus the cells
	// admitted and not yet popped plus the lanes' frees of the cycle,
	// which the free count takes a cycle later (hw.HDFreeLag); stage G
	// appends last, so the banks were all empty before it when the rest
	// is 0.
	blocks.Hit(h, tmHDAllEmpty, hp.Served > 0 && p.Free+v.unpopped == 0)
	blocks.Hit(h, tmHDLinkRead, cp.Reads > 0)
	// A lane that read a link last cycle is ready now (read latency 1)
	// with that link as its cell: when more lanes are blocked than the
	// ready lanes that did not read, one of the blocked holds it.
	blocks.Hit(h, tmHDLaneLatch, !v.chain && hp.Blocked > 0 && hp.Blocked+v.hdReads > hp.Ready)
	v.hdReads = cp.Reads
	blocks.Hit(h, tmHDFreedWide, hp.Freed > v.wide)
	// Lanes and stage A's register empty before last cycle's unlink, and
	// every sub-list of that packet, pushed from the register now, served.
	blocks.Hit(h, tmHDChainWhole, v.chain && v.prevHDCells >= 2 && v.prev2HD != hw.ExecCells &&
		hp.Served == min(v.prevHDCells, v.c.K))
}

// expected is queue q's length after the cycle's admissions (of the
// packets the answers hw.AdmitSettle cycles before admitted, taking effect
// now) and head
// drop alone: its start-of-cycle length (g.qlen.pre) with the admitted
// cells added and the expelled ones taken off (uint32, as g.qlen.pre
// holds them).
func (v *cov) expected(g *gold, o *hw.Outputs, q int) uint32 {
	e := g.qlen.pre[q]
	eff := &v.effs[v.effAt]
	for i := 0; i < eff.n; i++ {
		if eff.qids[i] == q {
			e += uint32(eff.cells[i])
		}
	}
	if o.HDValid && o.HDQid == q {
		e -= uint32(o.HDCells)
	}
	return e
}

// allStale reports whether a queue with cells is in the selector's bitmap
// and none in it is still over its threshold of this cycle: a grant, if
// there is one, is stale, and with HDRecheck nothing was issued.
func (v *cov) allStale(p *hw.Probe, qstart []uint32) bool {
	some := false
	for w, word := range p.Over {
		for ; word != 0; word &= word - 1 {
			q := w<<6 | bits.TrailingZeros64(word)
			if q >= v.n {
				break
			}
			if qstart[q] > p.Thr[q%v.c.Q] {
				return false
			}
			some = some || qstart[q] > 0
		}
	}
	return some
}

func andBitmap(a, b rtl.Bitmap) rtl.Bitmap {
	for w := range a {
		a[w] &= b[w]
	}
	return a
}
