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
	tmdFlood   = iota // one cycle: every ingress slot valid
	tmdCongest        // overload: every class of port 0, one queue of every other port, queue N-1
	tmdToFill         // reset, busy, into the fill configuration (R = MaxR)
	tmdFill           // one-cell packets until every cell and every PD is held
	tmdBack           // reset, busy, back into the configuration
	tmdRest           // idle
	tmdDone
)

// Directed is the directed sequence of occamy_tm, closed loop through the
// golden model (model returns the adapter's TM; nil before the reset):
//
//  1. one cycle with every ingress slot valid (one-cell packets);
//  2. overload (max(4B, 20000) cycles): every class of port 0 at one line
//     rate each (DRR contention, deficits carried), one queue of every
//     other port and queue N-1 at two line rates: thresholds refuse
//     packets with the buffer not full, the executor drops heads while
//     the dequeue holds the ports, back to back on one queue, stale
//     grants;
//  3. a reset while busy (3 cycles, the first with the old configuration)
//     into the same configuration with R = hw.MaxR, so that the ports
//     hardly drain, and policy dt (no head drop refills the buffer);
//  4. fill with one-cell packets, the queues of the class with the largest
//     α but one kept empty until the threshold stops the others, then
//     exactly the free count offered to them each cycle, until the free
//     count and the free PDs are 0 (B one-cell packets held);
//  5. a reset back into the configuration, and rest.
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
	d := &tmDirected{in: t, fillIn: ft, cur: t, model: model, mix: mix, pend: newTMPending(c), congest: max(c.B, 20000)}
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
	fillIn  *tmIn // the fill's: R = hw.MaxR
	cur     *tmIn // the one driven now
	model   func() *hw.TM
	mix     *traffic.Mix
	pend    *tmPending
	congest int

	stage, n  int // stage and cycles spent in it
	spare     []int
	isSpare   []bool
	rr, sr    int  // round-robin positions over the other and the spare queues
	minFree   int  // fill: the lowest free count seen
	sinceMin  int  // fill: cycles since it fell
	spareMode bool // fill: offering to the spare queues
}

func (d *tmDirected) Done() bool { return d.stage >= tmdDone }

// next moves to stage s.
func (d *tmDirected) next(s int) { d.stage, d.n = s, 0 }

func (d *tmDirected) Next(c uint64, in []uint32) {
	if !d.cur.start(c, in) {
		return
	}
	slots, cfg := d.in.slots, &d.in.cfg
	m := d.model()
	d.n++
	switch d.stage {
	case tmdToFill, tmdBack:
		// Reset for 3 cycles: the first with the old configuration.
		if d.n == 2 {
			d.cur = d.fillIn
			if d.stage == tmdBack {
				d.cur = d.in
			}
			copy(in, d.cur.tmpl)
		}
		d.cur.rst.PutBool(in, false)
		if d.n == 3 {
			if d.stage == tmdToFill {
				d.next(tmdFill)
				d.minFree, d.sinceMin, d.spareMode = cfg.B+1, 0, false
			} else {
				d.next(tmdRest)
			}
		}
	case tmdFlood:
		for i := 0; i < slots.Sh.IN; i++ {
			slots.Put(in, i, i%slots.Sh.N, 1)
		}
		d.next(tmdCongest)
	case tmdCongest:
		d.pend.push(d.mix.Tick(c))
		d.pend.emit(slots, in, 0)
		if d.n >= d.congest {
			d.next(tmdToFill)
		}
	case tmdFill:
		d.fill(m, in)
		if d.stage == tmdFill && d.n > 8*cfg.B+20000 {
			d.next(tmdBack)
		}
	case tmdRest:
		if d.n >= 1000 {
			d.next(tmdDone)
		}
	}
}

// fill offers one-cell packets: to the other queues while the free count
// falls, then exactly the free count to the spare queues.
func (d *tmDirected) fill(m *hw.TM, in []uint32) {
	if m == nil {
		return
	}
	slots, cfg := d.in.slots, &d.in.cfg
	free := m.Probe().Free
	if free == 0 && int(m.Stats().Total.Len.Pkts) == cfg.B {
		d.next(tmdBack) // every cell and every PD held
		return
	}
	if free < d.minFree {
		d.minFree, d.sinceMin = free, 0
	} else {
		d.sinceMin++
	}
	if d.sinceMin > 64 || free <= len(d.spare) {
		d.spareMode = true
	}
	k := 0
	if d.spareMode {
		for ; k < min(free, slots.Sh.IN); k++ {
			slots.Put(in, k, d.spare[d.sr], 1)
			d.sr = (d.sr + 1) % len(d.spare)
		}
		return
	}
	for ; k < min(free, slots.Sh.IN); k++ {
		for d.isSpare[d.rr] && len(d.spare) < slots.Sh.N {
			d.rr = (d.rr + 1) % slots.Sh.N
		}
		slots.Put(in, k, d.rr, 1)
		d.rr = (d.rr + 1) % slots.Sh.N
	}
}
