package pdlists

import (
	"occamy/rtl/pack"
	"occamy/testbench/blocks"
)

// props: the PD lists hand out a PD only when it is free, return each
// queue's PDs in the order they were linked with what was linked in them,
// and count them: cnt_o[q] is queue q's PDs and free_o the free ones,
// after the cycle's unlink, a reset freeing every PD. The outputs are
// events of their own cycle (latency 0 each); the read's latency is the
// design's own. Nothing is Held: the stimulus is closed loop (it reads
// and links as its own model allows), and an input rewritten after it
// would break the contract it keeps.
var props = &blocks.Props{
	New:     newPDProps,
	Monitor: monitor,
}

const (
	ppUnique = iota
	ppOrder
	ppCounts
)

// pd is one linked packet descriptor.
type pd struct {
	id, cells, data uint64
}

type pdProps struct {
	n, p, iw, pw, kw, lw, dw int
	pdSlots
	queue      [][]pd // per queue: a ring of its PDs in link order
	head, size []int
	used       []bool
	known      bool
}

// pdSlots are the ports' offsets in the layout's words.
type pdSlots struct {
	link, lq, lc, ld, lok, lpd int
	rd, rq, rok, rpd           int
	uv, uq, upd, uc, ud        int
	cnt, free                  int
}

func newPDProps(c blocks.PropConfig) (blocks.PropChecker, error) {
	s := blocks.Slot{L: c.Layout}
	p := pdListsParams.Decode(c.Params)
	x := &pdProps{n: p.N, p: p.P, iw: p.IW(), pw: p.PW(), kw: p.KW(), lw: p.LW, dw: p.DW,
		pdSlots: pdSlots{link: s.In("link_i"), lq: s.In("link_qid_i"), lc: s.In("link_cells_i"), ld: s.In("link_data_i"),
			lok: s.Out("link_ok_o"), lpd: s.Out("link_pd_o"), rd: s.In("rd_i"), rq: s.In("rd_qid_i"), rok: s.Out("rd_ok_o"),
			rpd: s.Out("rd_pd_o"), uv: s.Out("unl_valid_o"), uq: s.Out("unl_qid_o"), upd: s.Out("unl_pd_o"), uc: s.Out("unl_cells_o"),
			ud: s.Out("unl_data_o"), cnt: s.Out("cnt_o"), free: s.Out("free_o")},
		queue: make([][]pd, p.N), head: make([]int, p.N), size: make([]int, p.N), used: make([]bool, p.P)}
	for q := range x.queue {
		x.queue[q] = make([]pd, p.P+1)
	}
	return x, nil
}

// Names implements blocks.PropChecker.
func (x *pdProps) Names() []blocks.PropName {
	return []blocks.PropName{
		{Name: "pd_unique", Desc: "a link takes a free PD, below P"},
		{Name: "in_order", Desc: "an unlink returns its queue's oldest PD with the cells and data linked in it; a read names the queue's head"},
		{Name: "count_conserved", Desc: "cnt_o[q] = queue q's PDs, free_o = P - PDs linked, after the cycle's unlink"},
	}
}

func (x *pdProps) get(w []uint32, off, width int) uint64 { return pack.GetWide(w[off:], 0, width) }

// Step implements blocks.PropChecker.
func (x *pdProps) Step(c *blocks.PropCycle) {
	switch {
	case c.Reset:
		for q := range x.size {
			x.head[q], x.size[q] = 0, 0
		}
		for i := range x.used {
			x.used[i] = false
		}
		x.known = true
		return // the counts are combinational: the reset row still shows the state it clears
	case c.Skip:
		x.known = false
		return
	case !x.known:
		return
	}
	x.unlink(c)
	x.counts(c)
	x.read(c)
	x.linkIn(c)
}

// unlink checks the cycle's unlink against its queue's oldest PD.
func (x *pdProps) unlink(c *blocks.PropCycle) {
	out, v := c.Out, c.V
	if out[x.uv]&1 == 0 {
		return
	}
	v.Check(ppOrder)
	q := int(x.get(out, x.uq, x.iw))
	got := pd{x.get(out, x.upd, x.pw), x.get(out, x.uc, x.lw), x.get(out, x.ud, x.dw)}
	if q >= x.n || x.size[q] == 0 {
		if v.Fail(ppOrder) {
			v.Describe(ppOrder, c.Cycle, "unlink of PD %d from queue %d, which holds none", got.id, q)
		}
		return
	}
	want := x.queue[q][x.head[q]]
	if got != want && v.Fail(ppOrder) {
		v.Describe(ppOrder, c.Cycle, "queue %d unlinked PD %d (cells %d, data %x), its oldest is PD %d (cells %d, data %x)",
			q, got.id, got.cells, got.data, want.id, want.cells, want.data)
	}
	x.used[want.id] = false
	x.head[q] = (x.head[q] + 1) % len(x.queue[q])
	x.size[q]--
}

// read checks that a read names its queue's head.
func (x *pdProps) read(c *blocks.PropCycle) {
	in, out, v := c.In, c.Out, c.V
	if in[x.rd]&1 == 0 || out[x.rok]&1 == 0 {
		return
	}
	q := int(x.get(in, x.rq, x.iw))
	v.Check(ppOrder)
	got := x.get(out, x.rpd, x.pw)
	if q >= x.n || x.size[q] == 0 {
		if v.Fail(ppOrder) {
			v.Describe(ppOrder, c.Cycle, "rd_ok_o for queue %d, which holds none", q)
		}
		return
	}
	if want := x.queue[q][x.head[q]].id; got != want && v.Fail(ppOrder) {
		v.Describe(ppOrder, c.Cycle, "a read of queue %d names PD %d, its head is PD %d", q, got, want)
	}
}

// linkIn checks the PD a link takes and adds it to its queue's tail.
func (x *pdProps) linkIn(c *blocks.PropCycle) {
	in, out, v := c.In, c.Out, c.V
	if in[x.link]&1 == 0 || out[x.lok]&1 == 0 {
		return
	}
	v.Check(ppUnique)
	id := x.get(out, x.lpd, x.pw)
	q := int(x.get(in, x.lq, x.iw))
	if int(id) >= x.p || x.used[id] {
		if v.Fail(ppUnique) {
			v.Describe(ppUnique, c.Cycle, "a link to queue %d takes PD %d, which is not free", q, id)
		}
		return
	}
	if q >= x.n || x.size[q] == len(x.queue[q]) {
		return // refused by the contract (link_ok_o), or a broken count that count_conserved reports
	}
	x.used[id] = true
	x.queue[q][(x.head[q]+x.size[q])%len(x.queue[q])] = pd{id, x.get(in, x.lc, x.lw), x.get(in, x.ld, x.dw)}
	x.size[q]++
}

// counts checks cnt_o and free_o after the cycle's unlink.
func (x *pdProps) counts(c *blocks.PropCycle) {
	v := c.V
	v.Check(ppCounts)
	total := 0
	for q := 0; q < x.n; q++ {
		total += x.size[q]
		if got := int(pack.GetWide(c.Out[x.cnt:], q, x.kw)); got != x.size[q] {
			if v.Fail(ppCounts) {
				v.Describe(ppCounts, c.Cycle, "cnt_o[%d]=%d, queue %d holds %d", q, got, q, x.size[q])
			}
			return
		}
	}
	if got := int(x.get(c.Out, x.free, x.kw)); got != x.p-total && v.Fail(ppCounts) {
		v.Describe(ppCounts, c.Cycle, "free_o=%d, want %d (%d PDs linked)", got, x.p-total, total)
	}
}

// Finish implements blocks.PropChecker.
func (x *pdProps) Finish(*blocks.Violations) {}
