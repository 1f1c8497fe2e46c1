package cpsublists

import (
	"occamy/rtl/pack"
	"occamy/testbench/blocks"
)

// props: a chase hands out each cell of its packet exactly once, in
// packet order, and one chase at a time. A start taken (start_i &&
// start_ok_o) with n cells is followed by ceil(n/K) rounds at out_idx_o 0,
// K, 2K, ..., each with the low min(K, n-idx) slots masked and out_last_o
// on the last only; slot s of a round holds cell idx+s of the packet: the
// heads first, then each sub-list's links as the write ports left them
// when the round read them (a write in the round's own cycle lands after
// the read). start_ok_o is 1 only when no round is left, busy_o says
// whether one is left after the cycle (registered: latency 1), and a round
// left comes within LAT cycles of the one before (the link memory's
// latency: the dequeue's pace). When a design emits its rounds is its own
// otherwise (round 0 need not be in the start's cycle). A reset drops the
// chase and that cycle's writes; the links keep their words. Nothing is
// Held: the stimulus is closed loop (it links a packet before it starts
// it, and never rewrites a link of a packet until its chase ends).
var props = &blocks.Props{
	Latency: func(_ map[string]int, out string) int {
		if out == "busy_o" {
			return 1
		}
		return 0
	},
	New:     newCPProps,
	Monitor: monitor,
}

const (
	cpOnce = iota
	cpOrder
	cpOneChase
)

type cpProps struct {
	cells, k, lat, maxN, cw, nw int
	cpSlots
	link       []uint32 // the link of each cell, as written
	linked     []bool   // the cell's link was written
	pkt        []uint32 // the chased packet's cells, in packet order
	pktKnown   []bool   // pkt[i] is known (its head given, or its link read)
	active     bool     // a chase has rounds left
	done, size int      // cells emitted, cells of the chase
	wait       int      // rows without a round since the active chase's last one
	known      bool     // the state follows the design (a reset seen, no row skipped since)
}

// cpSlots are the ports' offsets in the layout's words.
type cpSlots struct {
	start, heads, n, ok    int
	wrEn, wrAddr, wrData   int
	valid, mask, cell, idx int
	last, busy             int
}

func newCPProps(c blocks.PropConfig) (blocks.PropChecker, error) {
	s := blocks.Slot{L: c.Layout}
	p := cpSubListsParams.Decode(c.Params)
	return &cpProps{cells: p.Cells, k: p.K, lat: p.Lat, maxN: p.MaxN, cw: p.CW(), nw: p.NW(),
		cpSlots: cpSlots{start: s.In("start_i"), heads: s.In("start_heads_i"), n: s.In("start_n_i"), ok: s.Out("start_ok_o"),
			wrEn: s.In("wr_en_i"), wrAddr: s.In("wr_addr_i"), wrData: s.In("wr_data_i"),
			valid: s.Out("out_valid_o"), mask: s.Out("out_mask_o"), cell: s.Out("out_cell_o"), idx: s.Out("out_idx_o"),
			last: s.Out("out_last_o"), busy: s.Out("busy_o")},
		link: make([]uint32, p.Cells), linked: make([]bool, p.Cells),
		pkt: make([]uint32, p.MaxN), pktKnown: make([]bool, p.MaxN)}, nil
}

// Names implements blocks.PropChecker.
func (x *cpProps) Names() []blocks.PropName {
	return []blocks.PropName{
		{Name: "each_cell_once", Desc: "a chase of n cells emits rounds at out_idx_o 0, K, 2K, ... once each, the low min(K, n-idx) slots masked, out_last_o on its last only; no round outside a chase"},
		{Name: "in_order", Desc: "slot s of a round holds cell out_idx_o+s of the packet: its heads, then each sub-list's links as written"},
		{Name: "one_chase", Desc: "start_ok_o only when no round is left; busy_o = a round left after the cycle; a round left comes within LAT cycles"},
	}
}

func bitOf(w []uint32, i int) bool { return w[i>>5]>>uint(i&31)&1 != 0 }

// Step implements blocks.PropChecker.
func (x *cpProps) Step(c *blocks.PropCycle) {
	switch {
	case c.Reset:
		x.active, x.done, x.size, x.wait, x.known = false, 0, 0, 0, true
		return // a reset drops the chase and the cycle's writes
	case c.Skip:
		x.known = false
	case x.known:
		x.taken(c)
		x.round(c)
		x.pace(c)
	}
	x.writes(c)
}

// taken starts the chase a start taken in this row names.
func (x *cpProps) taken(c *blocks.PropCycle) {
	in, out, v := c.In, c.Out, c.V
	okay := out[x.ok]&1 != 0
	if okay && x.active && v.Fail(cpOneChase) { // counted checked in pace, once a row
		v.Describe(cpOneChase, c.Cycle, "start_ok_o=1 with %d of %d cells of the chase left", x.size-x.done, x.size)
	}
	if in[x.start]&1 == 0 || !okay {
		return
	}
	n := int(pack.Get(in[x.n:], 0, x.nw))
	if n < 1 || n > x.maxN {
		x.active = false // outside the contract: the design's own assertion says so
		return
	}
	x.active, x.done, x.size, x.wait = true, 0, n, -1 // round 0 may come a cycle after its start
	for i := range x.pktKnown {
		x.pktKnown[i] = false
	}
	for s := 0; s < x.k && s < n; s++ {
		x.pkt[s], x.pktKnown[s] = uint32(pack.Get(in[x.heads:], s, x.cw)), true
	}
}

// round checks the row's round against the chase's next one, and reads
// the links of its cells that the chase goes on with.
func (x *cpProps) round(c *blocks.PropCycle) {
	out, v := c.Out, c.V
	if out[x.valid]&1 == 0 {
		if x.active {
			x.wait++
		}
		return
	}
	v.Check(cpOnce)
	idx := int(pack.Get(out[x.idx:], 0, x.nw))
	if !x.active {
		if v.Fail(cpOnce) {
			v.Describe(cpOnce, c.Cycle, "a round at out_idx_o=%d outside a chase", idx)
		}
		return
	}
	cnt := min(x.k, x.size-x.done)
	lastWant := x.done+cnt >= x.size
	bad := idx != x.done || (out[x.last]&1 != 0) != lastWant
	for s := 0; s < x.k && !bad; s++ {
		bad = bitOf(out[x.mask:], s) != (s < cnt)
	}
	if bad && v.Fail(cpOnce) {
		v.Describe(cpOnce, c.Cycle, "round at out_idx_o=%d, out_last_o=%d, out_mask_o=%s; want out_idx_o=%d, out_last_o=%d, %d slots (%d of %d cells emitted)",
			idx, out[x.last]&1, blocks.Hex(out[x.mask:], x.k), x.done, blocks.B2W(lastWant), cnt, x.done, x.size)
	}
	checked, wrong := false, false
	for s := 0; s < cnt; s++ {
		j := x.done + s
		if !x.pktKnown[j] {
			continue
		}
		if !checked {
			v.Check(cpOrder)
			checked = true
		}
		if got := uint32(pack.Get(out[x.cell:], s, x.cw)); got != x.pkt[j] && !wrong {
			wrong = true
			if v.Fail(cpOrder) {
				v.Describe(cpOrder, c.Cycle, "slot %d holds cell %d, cell %d of the packet is %d", s, got, j, x.pkt[j])
			}
		}
		// The link read of this round: cell j+K is cell j's link now.
		if n, cell := j+x.k, int(x.pkt[j]); n < x.size {
			x.pktKnown[n] = cell < x.cells && x.linked[cell] // a head past CELLS is outside the contract
			if x.pktKnown[n] {
				x.pkt[n] = x.link[cell]
			}
		}
	}
	x.done += cnt
	x.wait = 0
	if x.done >= x.size {
		x.active = false
	}
}

// pace checks busy_o after the row and the pace of the rounds.
func (x *cpProps) pace(c *blocks.PropCycle) {
	v := c.V
	v.Check(cpOneChase)
	got := c.Out[x.busy]&1 != 0
	switch {
	case got != x.active:
		if v.Fail(cpOneChase) {
			v.Describe(cpOneChase, c.Cycle, "busy_o=%d after the cycle, %d of %d cells of the chase left", blocks.B2W(got), x.size-x.done, x.size)
		}
	case x.active && x.wait >= x.lat: // the reference waits LAT-1 rows between rounds
		if v.Fail(cpOneChase) {
			v.Describe(cpOneChase, c.Cycle, "no round for %d cycles with %d of %d cells left (LAT=%d)", x.wait, x.size-x.done, x.size, x.lat)
		}
		x.wait = 0
	}
}

// writes lands the row's link writes (after the row's reads).
func (x *cpProps) writes(c *blocks.PropCycle) {
	in := c.In
	for s := 0; s < x.k; s++ {
		if !bitOf(in[x.wrEn:], s) {
			continue
		}
		if a := int(pack.Get(in[x.wrAddr:], s, x.cw)); a < x.cells {
			x.link[a], x.linked[a] = uint32(pack.Get(in[x.wrData:], s, x.cw)), true
		}
	}
}

// Finish implements blocks.PropChecker.
func (x *cpProps) Finish(*blocks.Violations) {}
