package tm

import (
	hw "occamy/hw/tm"
	"occamy/rtl/port"
)

// newWideIn is the configuration of the directed stage tmdWide
// (freedWide), or nil where it is skipped: it runs under occamy in chain
// mode where the lanes can free more cells in a cycle than LW bits hold
// (the matrix's k4-tight), with a class for short packets and one for
// long: R = wideR, α = 2^5 for class 0 and 4 for the others, strict
// priority, no re-check (a grant taken on the bitmap of the cycle before
// the last unlink is what expels the long packets back to back).
func newWideIn(l *port.Layout, c hw.Config, sw int) (*tmIn, error) {
	if c.Policy != hw.PolicyOccamy || c.FreeMode != hw.FreeChain || maxFreed(c, true) <= 1<<lwOf(c)-1 || c.Q < 2 || c.AW < 4 {
		return nil, nil
	}
	wc := directedCfg(c, wideR, 2)
	wc.AlphaExp[0] = 5
	wc.Sched, wc.HDRecheck = hw.SchedSP, false
	return newTMIn(l, wc, sw)
}

// tmdWide's run: it ends after wideHits cycles in which the lanes freed
// more cells than LW bits hold, or after wideCycles.
const (
	wideHits = 8
	// wideCycles: 4000 before the grant register (flatcut): with the
	// dequeue's PD read a cycle after its grant, k4-tight's occamy-chain
	// and reconf make 7 of their 8 hits by cycle 4005 (8 by 4168).
	// 10000 since the executor's frees count a cycle later (occamy_tm's
	// hdf_q, hw/tm HDFreeLag): the best point of wideEvery's scan makes
	// its 8th hit at cycle 7511.
	wideCycles   = 10000
	wideFillMax  = 64 // cycles at most of a fill (long packets offered)
	wideFloodMax = 28 // cycles at most of a flood (short packets offered)
	// a port's short packet every wideEvery cycles in a flood: 2 since the
	// thresholds are a register (hw/tm ThrLag); at 4 (and 3, 5, 6) the
	// stage then ended on wideCycles with 0 to 4 hits, at 2 it makes its
	// 8 by cycle 2396 (TestDirectedFreedWide; the cause not traced).
	// 3 since the dequeue's frees are a register (hw/tm DeqFreeLag): at 2
	// k4-tight's occamy-chain and reconf then made 0 hits in 6000 cycles
	// (1: 6, 4: 2, 5: 4; 3: 8 by cycle 2830, 6: 8 by 2036): the dequeue's
	// writes move to the cycle after its round, so the cycle with the
	// write ports free that the stage aims at moved too (not traced).
	// 1, with R = 3 (wideR), since admission's effects are a register
	// too (hw/tm AdmitSettle 2): at R = 2, every 3, the stage made 5 of its 8
	// hits in 6000 cycles (1: 4, 2: 1, 4-6: 0). A hit needs the enqueue's
	// or the dequeue's K-1 writes in the first cycle the first long
	// packet's lanes are ready (two cycles after its grant) and none in
	// the next, when the second's sub-lists have joined. Of the grants
	// back to back, 58 of 61 met those writes in that cycle at main
	// 1677d0d (AdmitSettle 1), 31 of 72 with AdmitSettle 2: in the other
	// 41 the lanes were ready in a cycle with the write ports free and
	// freed the first packet's 15 cells at once (measured: a scratch trace of the
	// stage, the first 6000 cycles; which lag moved the grants against
	// the writes was not traced). With every port offered a short packet
	// in every cycle the enqueue writes whenever the dequeue frees room,
	// and at R = 3 the dequeue frees every third cycle: the lanes meet
	// runs of writes and then a free cycle. 8 hits by cycle 2316, 147 in
	// 30000 cycles (R = 2, every 3: 28; R = 4, every 1: 51; R = 3, every
	// 4: 50; R = 2, every 1: 21).
	// 3, with R = 2 and wideShort = 2, since the enqueue's round is a
	// register (hw/tm EnqGoLag): R = 3, every 1, K-1 cells then made 1 hit
	// in 6000 cycles (first at 404) and 1 in 30000. Scanned on
	// k4-tight/occamy-chain (R 2..5, every 1..4, short K-1, 1, 2; hits in
	// 6000 / 30000 cycles): R = 2, every 3, 2 cells: 9 / 45, the 8th at
	// cycle 4829, the same at α exponent 4, 5, 6 and in reconf; R = 5,
	// every 1, 1 cell: 19 / 156 but 0 at α 2^4; every other point 0 to 3
	// in 6000. Why the enqueue's pops a cycle later move the writes the
	// stage aims at off the lanes' ready cycle, and why 2-cell packets
	// every third cycle put them back, was not traced.
	// 1, with R = 2 and wideShort = 3, since u_arb's grant is registered
	// (occamy_tm's agv_q, arbreg): R = 2, every 3, 2 cells then made 0 hits
	// in 6000 cycles. Scanned on k4-tight's occamy-chain and reconf (R
	// 2..5, every 1..4, short 1..3; hits in 6000 cycles): R = 2, every 1,
	// 3 cells: 8 by cycle 1521 in both; R = 3, every 3, 2 cells: 7; every
	// other point 0 to 5 (not traced).
	// 2, with R = 3 and wideShort = 3, since the executor's frees count a
	// cycle later in the free count (hdf_q, hw/tm HDFreeLag): R = 2, every
	// 1, 3 cells then made 0 hits. Scanned on k4-tight's occamy-chain and
	// reconf (R 2..5, every 1..4, short 1..3; hits in 30000 cycles, the
	// same in both): R = 3, every 2, 3 cells: 30, the 8th at cycle 7511;
	// R = 2, every 2, 2 cells: 6; every other point 0 to 2 (not traced).
	wideEvery = 2
	// wideR is the stage's line rate R (cycles per cell): 2 until the
	// admission's effects register, 3 since (wideEvery), 2 since the
	// enqueue's round register (and since u_arb's grant register), 3
	// since the executor's frees register (hdf_q).
	wideR = 3
	// wideShort is the cells of a flood's short packet: K-1 until the
	// enqueue's round register, 2 since (wideEvery; k4-tight's K-1 is 3),
	// 3 since u_arb's grant register.
	wideShort = 3
)

// freedWide is stage tmdWide, closed loop through the model, in two
// alternating phases (the wide configuration: R = wideR, α = 2^5 for class 0
// and 4 for the others, strict priority):
//   - fill: one MAXPKT packet a cycle to the last class's queue of a port
//     that holds none, while the free count admits one, until every such
//     queue holds one (or wideFillMax cycles);
//   - flood: wideShort-cell packets (at most K-1) to class 0 of every
//     port, each every wideEvery cycles, until the long queues are empty
//     (or wideFloodMax cycles). Class 0's α takes the free count to a
//     cell or two, so the long queues go over their threshold and are
//     expelled one after the other (a grant every two or three cycles: the credit at the unlink
//     is taken again by class 0 at once); class 0 holds the ports
//     (strict priority), and its packets, dequeued at the line rate, are
//     freed in one round with K-1 writes into non-empty banks (with
//     K-1-cell packets; wideShort since EnqGoLag). That leaves the
//     lanes one write: the lane of the first long packet's short
//     sub-list goes (or the first in bank order), the others wait
//     with their full sub-lists of ceil(MAXPKT/K) cells. The next long
//     packet's sub-lists join behind them and, on the lanes that went,
//     become the front; in the first cycle with the write ports free
//     every lane frees a full sub-list: K*ceil(MAXPKT/K) = 2^LW cells
//     when MAXPKT = 2^LW-1 (hd_freed_wide, k4-tight: 16 cells, LW = 4).
//
// It runs only where that can happen (d.wideIn: chain mode, occamy, the
// lanes' bound above LW bits); under occamy-lqd the longest queue is
// class 0's and the long packets are not expelled.
func (d *tmDirected) freedWide(m *hw.TM, in []uint32) {
	if m == nil {
		return
	}
	slots, cfg := d.in.slots, &d.wideIn.cfg
	if m.Probe().HDPipe.Freed > 1<<lwOf(*cfg)-1 {
		d.wideHit++
	}
	if d.wideHit >= wideHits || d.n >= wideCycles {
		d.next(tmdFromWide)
		return
	}
	qlen, free := m.Registers()
	free -= d.fly()
	held := 0
	for p := 0; p < cfg.P; p++ {
		if int(qlen[p*cfg.Q+cfg.Q-1]) >= cfg.MaxPkt {
			held++
		}
	}
	d.wideT++
	if !d.wideFlood && (held == cfg.P || d.wideT > wideFillMax) {
		d.wideFlood, d.wideT = true, 0
	} else if d.wideFlood && (held == 0 || d.wideT > wideFloodMax) {
		d.wideFlood, d.wideT = false, 0
	}
	if !d.wideFlood {
		if len(d.wideLast) != cfg.P {
			d.wideLast = make([]int, cfg.P) // once per configuration shape
		}
		for p := 0; p < cfg.P; p++ {
			// A packet offered is in its queue's length hw.SettleLag
			// cycles later (tm_admission's stage 4): not again before.
			recent := d.wideLast[p] > 0 && d.n >= d.wideLast[p] && d.n-d.wideLast[p] <= hw.SettleLag
			if q := p*cfg.Q + cfg.Q - 1; qlen[q] == 0 && free >= cfg.MaxPkt && !recent {
				slots.Put(in, 0, q, cfg.MaxPkt)
				d.wideLast[p] = d.n
				return
			}
		}
		return
	}
	k := 0
	for p := 0; p < cfg.P && k < slots.Sh.IN; p++ {
		if (d.n+p)%wideEvery == 0 {
			slots.Put(in, k, p*cfg.Q, min(wideShort, max(cfg.K-1, 1)))
			k++
		}
	}
}
