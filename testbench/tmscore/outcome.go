package tmscore

import (
	"fmt"
	"math"

	hw "occamy/hw/tm"
)

// QueueOutcome is what happened to one queue's packets.
type QueueOutcome struct {
	Offered     uint64 `json:"offered"`
	Admitted    uint64 `json:"admitted"`
	Refused     uint64 `json:"refused"`
	HeadDropped uint64 `json:"head_dropped"`
	Left        uint64 `json:"left"`
	// BeforeFirstDrop is the cells offered to the queue before its first
	// drop (refusal or head drop): the burst it absorbed.
	BeforeFirstDrop uint64 `json:"cells_before_first_drop"`
	// Lossless is the most cells offered to the queue between two of its
	// drops (or before the first, or after the last): its largest
	// lossless burst in this traffic.
	Lossless uint64 `json:"largest_lossless_cells"`
}

// outcomeSide counts one side's outcomes (the design's or hw/tm's).
type outcomeSide struct {
	q       []QueueOutcome
	run     []uint64 // cells offered since the queue's last drop
	dropped []bool
}

func newOutcomeSide(n int) outcomeSide {
	return outcomeSide{q: make([]QueueOutcome, n), run: make([]uint64, n), dropped: make([]bool, n)}
}

func (o *outcomeSide) arrive(q, cells int) {
	x := &o.q[q]
	x.Offered++
	o.run[q] += uint64(cells)
	if !o.dropped[q] {
		x.BeforeFirstDrop += uint64(cells)
	}
}

func (o *outcomeSide) drop(q int) {
	o.dropped[q] = true
	o.q[q].Lossless = max(o.q[q].Lossless, o.run[q])
	o.run[q] = 0
}

func (o *outcomeSide) refused(q int)  { o.q[q].Refused++; o.drop(q) }
func (o *outcomeSide) headDrop(q int) { o.q[q].HeadDropped++; o.drop(q) }
func (o *outcomeSide) admitted(q int) { o.q[q].Admitted++ }
func (o *outcomeSide) left(q int)     { o.q[q].Left++ }

// close ends the open lossless runs.
func (o *outcomeSide) close() {
	for q := range o.q {
		o.q[q].Lossless = max(o.q[q].Lossless, o.run[q])
	}
}

// total sums the queues; its BeforeFirstDrop and Lossless are the largest
// of any queue.
func (o *outcomeSide) total() QueueOutcome {
	var t QueueOutcome
	for _, x := range o.q {
		t.Offered += x.Offered
		t.Admitted += x.Admitted
		t.Refused += x.Refused
		t.HeadDropped += x.HeadDropped
		t.Left += x.Left
		t.BeforeFirstDrop = max(t.BeforeFirstDrop, x.BeforeFirstDrop)
		t.Lossless = max(t.Lossless, x.Lossless)
	}
	return t
}

// golden runs hw/tm on the same offers, cycle by cycle, and counts its
// outcomes.
type golden struct {
	m     *hw.TM
	out   outcomeSide
	err   error
	cells []goldPkt // hw/tm's packets' sizes by serial, for the lock-step comparison
}

type goldPkt struct {
	serial uint32
	cells  int32
}

const goldCells = 1 << 16

func newGolden(c hw.Config, maxOffers int) (*golden, error) {
	c.Events, c.MaxOffers = true, max(c.MaxOffers, maxOffers)
	m, err := hw.New(c)
	if err != nil {
		return nil, fmt.Errorf("tmscore: hw/tm: %w", err)
	}
	return &golden{m: m, out: newOutcomeSide(c.N()), cells: make([]goldPkt, goldCells)}, nil
}

// cellsOf is the size of hw/tm's packet serial, 0 when forgotten.
func (g *golden) cellsOf(serial uint32) int {
	if x := g.cells[serial&(goldCells-1)]; x.serial == serial {
		return int(x.cells)
	}
	return 0
}

// step offers this cycle's packets and runs one cycle; ans are the
// offers hw/tm answers in it (hw/tm.AdmitLag cycles before).
func (g *golden) step(offers, ans []Offer) {
	if g.err != nil {
		return
	}
	for _, o := range offers {
		g.m.Offer(hw.Arrival{Queue: o.Queue, Cells: o.Cells})
		g.out.arrive(o.Queue, o.Cells)
	}
	if err := g.m.Step(); err != nil {
		g.err = err
		return
	}
	for _, e := range g.m.Events() {
		q := int(e.Queue)
		switch e.Kind {
		case hw.EvAdmit:
			g.out.admitted(q)
			if int(e.Offer) < len(ans) {
				g.cells[e.Serial&(goldCells-1)] = goldPkt{serial: e.Serial, cells: int32(ans[e.Offer].Cells)}
			}
		case hw.EvAdmDrop:
			g.out.refused(q)
		case hw.EvHeadDrop:
			g.out.headDrop(q)
		case hw.EvTransmit:
			g.out.left(q)
		}
	}
}

// Outcome is the design's outcomes beside hw/tm's on the same traffic.
type Outcome struct {
	Design QueueOutcome   `json:"design"`
	Golden QueueOutcome   `json:"hw_tm"`
	Queues []QueueOutcome `json:"design_queues"`
	GQueue []QueueOutcome `json:"hw_tm_queues"`
	// Distance is the largest difference between the two counts
	// (admitted, refused, head-dropped, left) as a fraction of the packets
	// offered. The burst figures are shown beside them, not in it: a
	// queue's largest lossless burst is an extreme of the run, which a
	// change of a cycle in the egress moves by a fifth while the counts
	// move by half a percent (docs/scoreboard.md).
	Distance float64 `json:"distance"`
	Worst    string  `json:"worst"` // which figure is that far apart
	// Tolerance is the largest distance called close.
	Tolerance float64 `json:"tolerance"`
	Close     bool    `json:"close"`
}

// DefaultTolerance is the outcome distance called close when the map does
// not say.
const DefaultTolerance = 0.1

// compare builds the Outcome of the two sides.
func compare(d, g *outcomeSide, tol float64) Outcome {
	d.close()
	g.close()
	o := Outcome{Design: d.total(), Golden: g.total(), Queues: d.q, GQueue: g.q, Tolerance: tol}
	off := math.Max(float64(o.Design.Offered), 1)
	for _, x := range []struct {
		name  string
		a, b  uint64
		scale float64
	}{{"admitted", o.Design.Admitted, o.Golden.Admitted, off}, {"refused", o.Design.Refused, o.Golden.Refused, off},
		{"head-dropped", o.Design.HeadDropped, o.Golden.HeadDropped, off}, {"left", o.Design.Left, o.Golden.Left, off}} {
		if dist := math.Abs(float64(x.a)-float64(x.b)) / x.scale; dist > o.Distance || o.Worst == "" {
			o.Distance, o.Worst = dist, fmt.Sprintf("%s: %d against hw/tm's %d", x.name, x.a, x.b)
		}
	}
	o.Close = o.Distance <= tol
	return o
}
