package tm

import (
	hw "occamy/hw/tm"
	"occamy/rtl/port"
	"occamy/testbench/scenario"
	"occamy/testbench/stimulus"
	"occamy/testbench/traffic"
)

// Stages of the TM's directed sequence.
const (
	tmdFlood    = iota // one cycle: every ingress slot valid
	tmdToWide          // reset, into the wide configuration (chain mode where LW bits cannot hold a cycle's freed cells)
	tmdWide            // long packets expelled back to back while short dequeues take write ports: hd_freed_wide
	tmdFromWide        // reset, busy, back into the configuration
	tmdCongest         // overload: every class of port 0, one queue of every other port, queue N-1
	tmdToLong          // reset, busy, into the configuration with R = 1
	tmdLong            // MAXPKT-cell packets to queue N-1, any size to the others
	tmdToFill          // reset, busy, into the fill configuration (R = MaxR, dt)
	tmdFill            // one-cell packets until every cell and every PD is held
	tmdToHDFill        // reset, busy, into the configuration with R = MaxR
	tmdHDFill          // the buffer kept full under the configuration's own policy
	tmdBack            // reset, busy, back into the configuration
	tmdRest            // idle
	tmdDone
)

// Directed is the directed sequence of occamy_tm, closed loop through the
// golden model (model returns the adapter's TM; nil before the reset):
//
//  1. one cycle with every ingress slot valid (one-cell packets);
//     under occamy in chain mode where the lanes can free more cells in a
//     cycle than LW bits hold (MAXPKT = 2^LW-1 and K*ceil(MAXPKT/K) =
//     2^LW: the matrix's k4-tight), a reset into the wide configuration
//     and freedWide's fill and flood until the lanes did so wideHits times
//     (hd_freed_wide on purpose: k4-tight's first at cycle 174), then a
//     reset back into the configuration;
//  2. overload (max(B, 20000) cycles): every class of port 0 at one line
//     rate each (DRR contention, deficits carried), one queue of every
//     other port and queue N-1 at two line rates: thresholds refuse
//     packets with the buffer not full, the executor drops heads while
//     the dequeue holds the ports, back to back on one queue, stale
//     grants;
//  3. a reset into the configuration with R = 1 and α = 1 for every
//     class (a queue goes over its threshold while the free count still
//     admits a MAXPKT packet), and long packets (20000
//     cycles): MAXPKT-cell packets to queue N-1 at two line rates
//     (expelled: its sub-lists fill every lane, the longest a lane
//     holds), packets of K-1 or 2K-1 cells to the first queue of every
//     other port at 0.9 (dequeued at once: one that ends after its unlink
//     blocks every lane for writes, one freed in its unlink's cycle takes
//     K-1 writes and leaves the lanes one, and some banks are empty), so
//     that the lanes of one long packet go partly, and the next packet's
//     long sub-lists join the rest: the lanes may free two packets' long
//     sub-lists in one cycle (hd_freed_wide, by chance: stage 1 does it
//     on purpose);
//  4. a reset while busy (3 cycles, the first with the old configuration)
//     into the same configuration with R = hw.MaxR, so that the ports
//     hardly drain, and policy dt (no head drop refills the buffer);
//  5. fill with one-cell packets, the queues of the class with the largest
//     α but one kept empty until the threshold stops the others, then
//     exactly the free count offered to them each cycle, until the free
//     count and the free PDs are 0 (B one-cell packets held);
//  6. when the policy drops heads, a reset into the configuration with
//     R = hw.MaxR and every class at the largest α (the policy keeps a
//     free count of about B/(α·N + 1): a cell or two at the defaults'
//     α = 128), and B + 10000 cycles of a fill under the policy itself
//     (fillHD): the buffer fills with K-cell packets to the other queues,
//     one a cycle (the enqueue's rate), until the policy's thresholds stop
//     the free count falling; then every cycle one packet of exactly the
//     free count's cells goes to the shortest spare queue, which the
//     threshold admits: the free count falls to 0 and the free list
//     empties, the executor expels from the queues over their threshold
//     (all of them) and its cells are taken again in the next cycle, so
//     its head drops return cells to empty free banks;
//  7. a reset back into the configuration, and rest.
//
// The configuration is driven from cycle 0; cycles 0 and 1 reset.
func Directed(c hw.Config, sw int, l *port.Layout, seed int64, model func() *hw.TM) (stimulus.Finite, error) {
	t, err := newTMIn(l, c, sw)
	if err != nil {
		return nil, err
	}
	n := c.N()
	q := func(v int) *int { return &v }
	cb := c.CellBytes
	uniform := &traffic.SizeSpec{Dist: traffic.DistUniform, Min: 1, Max: c.MaxPkt * cb}
	var specs []traffic.Spec
	for cl := 0; cl < c.Q; cl++ {
		specs = append(specs, traffic.Spec{Kind: traffic.KindConstant, Queue: q(cl), Rate: 1, Size: uniform})
	}
	for p := 1; p < c.P; p++ {
		specs = append(specs, traffic.Spec{Kind: traffic.KindConstant, Queue: q(p*c.Q + p%c.Q), Rate: 2, Size: uniform})
	}
	if n > 1 {
		specs = append(specs, traffic.Spec{Kind: traffic.KindConstant, Queue: q(n - 1), Rate: 2, Size: uniform})
	}
	mix, err := traffic.BuildAll(specs, scenario.Env(&c), uint64(seed), "tm directed")
	if err != nil {
		return nil, err
	}
	// Long packets: R = 1 and α = 1 for every class, so that queue N-1
	// goes over its threshold (its length above the free count) while
	// the free count still admits a MAXPKT packet, and the free list runs
	// short: some banks empty, the others not.
	lc := directedCfg(c, 1, 0)
	long := []traffic.Spec{{Kind: traffic.KindConstant, Queue: q(n - 1), Rate: 2,
		Size: &traffic.SizeSpec{Dist: traffic.DistUniform, Min: c.MaxPkt * cb, Max: c.MaxPkt * cb}}}
	short, short2 := max(min(c.K-1, c.MaxPkt), 1)*cb, min(2*c.K-1, c.MaxPkt)*cb
	for p := 0; p < c.P; p++ {
		if p*c.Q != n-1 {
			long = append(long, traffic.Spec{Kind: traffic.KindConstant, Queue: q(p * c.Q), Rate: 0.9,
				Size: &traffic.SizeSpec{Dist: traffic.DistBimodal, Small: short, Large: short2, LargeFrac: 0.5}})
		}
	}
	longMix, err := traffic.BuildAll(long, scenario.Env(&lc), uint64(seed)+1, "tm directed long packets")
	if err != nil {
		return nil, err
	}
	lt, err := newTMIn(l, lc, sw)
	if err != nil {
		return nil, err
	}
	fc := c
	fc.R = hw.MaxR
	// The fill runs under DT: the pipelined executor expels a packet every
	// cycle while queues are over their thresholds (all of them, as the
	// free count falls), so under Occamy a cycle's admissions never take
	// the last free cell before the head drop returns one.
	fc.Policy = hw.PolicyDT
	ft, err := newTMIn(l, fc, sw)
	if err != nil {
		return nil, err
	}
	// The head-drop fill: R = hw.MaxR and every class at the largest α the
	// AW bits hold, so that the policy's equilibrium free count,
	// B/(α·queues + 1), is a cell or two: the free list runs empty.
	hc := directedCfg(c, hw.MaxR, 1<<(c.AW-1)-1)
	ht, err := newTMIn(l, hc, sw)
	if err != nil {
		return nil, err
	}
	wt, err := newWideIn(l, c, sw) // nil where tmdWide cannot reach hd_freed_wide
	if err != nil {
		return nil, err
	}
	d := &tmDirected{wideIn: wt, in: t, longIn: lt, fillIn: ft, hdIn: ht, cur: t, model: model, mix: mix, long: longMix, pend: newTMPending(c),
		congest: max(c.B, 20000), hdFill: c.B + 10000, expels: c.Policy.Expels(), flying: hw.NewCellsInFlight(hw.SettleLag)}
	// Spare queues: those of the class with the largest α, all but the
	// first when that leaves one; one queue in four at least.
	best := 0
	for cl, a := range c.AlphaExp {
		if a > c.AlphaExp[best] {
			best = cl
		}
	}
	for i := best; i < n; i += c.Q {
		d.spare = append(d.spare, i)
	}
	if len(d.spare) > 1 {
		d.spare = d.spare[1:]
	}
	d.isSpare = make([]bool, n)
	for _, s := range d.spare {
		d.isSpare[s] = true
	}
	return d, nil
}

type tmDirected struct {
	in      *tmIn // the configuration
	longIn  *tmIn // the long packets': R = 1
	fillIn  *tmIn // the fill's: R = hw.MaxR, dt
	hdIn    *tmIn // the head-drop fill's: R = hw.MaxR
	cur     *tmIn // the one driven now
	model   func() *hw.TM
	mix     *traffic.Mix
	long    *traffic.Mix
	pend    *tmPending
	congest int
	hdFill  int  // cycles of the head-drop fill
	expels  bool // the configuration's policy drops heads

	stage, n  int // stage and cycles spent in it
	spare     []int
	isSpare   []bool
	rr, sr    int  // round-robin positions over the other and the spare queues
	minFree   int  // fill: the lowest free count seen
	sinceMin  int  // fill: cycles since it fell
	spareMode bool // fill: offering to the spare queues

	wideIn    *tmIn // tmdWide's configuration; nil: the stage is skipped
	wideHit   int   // tmdWide: cycles the lanes freed more than LW bits hold
	wideT     int   // tmdWide: cycles in its phase
	wideLast  []int // tmdWide: per port, the stage cycle of its last filling packet
	wideFlood bool  // tmdWide: flooding (else filling)

	// The cells offered and not yet answered when a cycle's offers are
	// made: the closed-loop fills offer the free count less them.
	flying *hw.CellsInFlight
}

// directedCfg is c with line rate r and every class at α exponent exp (a
// copy: c's AlphaExp is not shared), the configuration of a directed stage.
func directedCfg(c hw.Config, r, exp int) hw.Config {
	d := c
	d.R = r
	d.AlphaExp = make([]int, len(c.AlphaExp))
	for i := range d.AlphaExp {
		d.AlphaExp[i] = exp
	}
	return d
}

func (d *tmDirected) Done() bool { return d.stage >= tmdDone }

// next moves to stage s.
func (d *tmDirected) next(s int) { d.stage, d.n = s, 0 }

// gen makes cycle c's inputs.
func (d *tmDirected) gen(c uint64, in []uint32) {
	if !d.cur.start(c, in) {
		return
	}
	slots, cfg := d.in.slots, &d.in.cfg
	m := d.model()
	d.n++
	switch d.stage {
	case tmdToWide, tmdFromWide, tmdToLong, tmdToFill, tmdToHDFill, tmdBack:
		d.flying.Clear() // the offers before a reset are never answered
		// Reset for 3 cycles: the first with the old configuration.
		if d.n == 2 {
			switch d.stage {
			case tmdToWide:
				d.cur = d.wideIn
			case tmdToLong:
				d.cur = d.longIn
			case tmdToFill:
				d.cur = d.fillIn
			case tmdToHDFill:
				d.cur = d.hdIn
			default:
				d.cur = d.in
			}
			copy(in, d.cur.tmpl)
		}
		d.cur.rst.PutBool(in, false)
		if d.n == 3 {
			switch d.stage {
			case tmdToWide:
				d.next(tmdWide)
			case tmdFromWide:
				d.next(tmdCongest)
			case tmdToLong:
				d.next(tmdLong)
			case tmdToFill:
				d.next(tmdFill)
				d.minFree, d.sinceMin, d.spareMode = cfg.B+1, 0, false
			case tmdToHDFill:
				d.next(tmdHDFill)
				d.minFree, d.sinceMin, d.spareMode = cfg.B+1, 0, false
			default:
				d.next(tmdRest)
			}
		}
	case tmdFlood:
		for i := 0; i < slots.Sh.IN; i++ {
			slots.Put(in, i, i%slots.Sh.N, 1)
		}
		d.next(tmdCongest)
		if d.wideIn != nil {
			d.next(tmdToWide)
		}
	case tmdWide:
		d.freedWide(m, in)
	case tmdCongest:
		d.pend.push(d.mix.Tick(c))
		d.pend.emit(slots, in, 0)
		if d.n >= d.congest {
			d.next(tmdToLong)
		}
	case tmdLong:
		d.pend.push(d.long.Tick(c))
		d.pend.emit(slots, in, 0)
		if d.n >= 20000 {
			d.next(tmdToFill)
		}
	case tmdFill:
		d.fill(m, in, true)
		if d.stage == tmdFill && d.n > 8*cfg.B+20000 {
			d.next(tmdBack)
		}
		if d.stage == tmdBack && d.expels {
			d.stage = tmdToHDFill
		}
	case tmdHDFill:
		d.fillHD(m, in)
		if d.n >= d.hdFill {
			d.next(tmdBack)
		}
	case tmdRest:
		if d.n >= 1000 {
			d.next(tmdDone)
		}
	}
}
