package freelist

import (
	"occamy/rtl/pack"
	"occamy/testbench/blocks"
)

// props: the free list never hands out a cell that is out already (or one
// of another bank, or past CELLS), and its counts are conserved: after
// each cycle free_o is CELLS less the cells out and cnt_o[b] bank b's
// share less its cells out, a reset putting every cell back. A chain
// appended is the next app_n_i cells its bank handed out, in that order
// (how the stimulus returns them: the head and tail name its ends).
// Nothing is Held: the stimulus is closed loop (it appends only cells its
// own model saw popped) and has drain and fill phases of its own; an input
// rewritten after it would append cells never handed out.
var props = &blocks.Props{
	Latency: func(_ map[string]int, out string) int {
		if out == "cnt_o" || out == "free_o" {
			return 1 // registered counts: after the cycle's pops and appends
		}
		return 0
	},
	New:     newFreeListProps,
	Monitor: monitor,
}

const (
	fpUnique = iota
	fpCounts
)

type freeListProps struct {
	cells, k, cw, fw int
	pop, ok, cell    int
	app, appN        int
	cnt, free        int
	out              []bool  // cell handed out and not yet appended back
	fifo             [][]int // per bank: its cells out, in the order handed out (a ring)
	head, n          []int   // ring head and length per bank
	share            []int   // cells of bank b
	known            bool    // the state follows the design (a reset seen, no row skipped since)
}

func newFreeListProps(c blocks.PropConfig) (blocks.PropChecker, error) {
	s := blocks.Slot{L: c.Layout}
	p := freeListParams.Decode(c.Params)
	f := &freeListProps{cells: p.Cells, k: p.K, cw: p.CW(), fw: p.FW(), pop: s.In("pop_i"), ok: s.Out("pop_ok_o"), cell: s.Out("pop_cell_o"),
		app: s.In("app_i"), appN: s.In("app_n_i"), cnt: s.Out("cnt_o"), free: s.Out("free_o"),
		out: make([]bool, p.Cells), fifo: make([][]int, p.K), head: make([]int, p.K), n: make([]int, p.K), share: make([]int, p.K)}
	for b := range f.fifo {
		f.share[b] = (p.Cells - b + p.K - 1) / p.K
		f.fifo[b] = make([]int, f.share[b]+1)
	}
	return f, nil
}

// Names implements blocks.PropChecker.
func (f *freeListProps) Names() []blocks.PropName {
	return []blocks.PropName{
		{Name: "no_double_pop", Desc: "a cell popped is not out already, is below CELLS and belongs to its bank"},
		{Name: "count_conserved", Desc: "free_o = CELLS - cells out, cnt_o[b] = bank b's cells - its cells out, after each cycle"},
	}
}

func bitOf(w []uint32, i int) bool { return w[i>>5]>>uint(i&31)&1 != 0 }

// Step implements blocks.PropChecker.
func (f *freeListProps) Step(c *blocks.PropCycle) {
	switch {
	case c.Reset:
		f.reset()
		if c.Skip {
			return // a row not judged (before the first reset edge): its state only
		}
	case c.Skip:
		f.known = false
		return
	case !f.known:
		return
	default:
		f.ops(c)
	}
	f.counts(c)
}

// reset puts every cell back.
func (f *freeListProps) reset() {
	for i := range f.out {
		f.out[i] = false
	}
	for b := range f.n {
		f.head[b], f.n[b] = 0, 0
	}
	f.known = true
}

// ops applies the row's pops (checked), then its appends.
func (f *freeListProps) ops(c *blocks.PropCycle) {
	v := c.V
	pop, ok, app := c.In[f.pop:], c.Out[f.ok:], c.In[f.app:]
	cells := c.Out[f.cell:]
	popped, bad := false, false // once a row: the counts are of cycles
	for b := 0; b < f.k; b++ {
		if !bitOf(pop, b) || !bitOf(ok, b) {
			continue
		}
		if !popped {
			v.Check(fpUnique)
			popped = true
		}
		cell := int(pack.Get(cells, b, f.cw))
		switch {
		case cell >= f.cells || cell%f.k != b:
			if !bad && v.Fail(fpUnique) {
				v.Describe(fpUnique, c.Cycle, "bank %d popped cell %d (CELLS=%d, K=%d)", b, cell, f.cells, f.k)
			}
			bad = true
			continue
		case f.out[cell]:
			if !bad && v.Fail(fpUnique) {
				v.Describe(fpUnique, c.Cycle, "bank %d popped cell %d, which is out already", b, cell)
			}
			bad = true
			continue
		}
		f.out[cell] = true
		if f.n[b] < len(f.fifo[b]) {
			f.fifo[b][(f.head[b]+f.n[b])%len(f.fifo[b])] = cell
			f.n[b]++
		}
	}
	for b := 0; b < f.k; b++ {
		if !bitOf(app, b) {
			continue
		}
		n := int(pack.Get(c.In[f.appN:], b, f.fw))
		for ; n > 0 && f.n[b] > 0; n-- {
			f.out[f.fifo[b][f.head[b]]] = false
			f.head[b] = (f.head[b] + 1) % len(f.fifo[b])
			f.n[b]--
		}
	}
}

// counts checks free_o and cnt_o after the row.
func (f *freeListProps) counts(c *blocks.PropCycle) {
	v := c.V
	v.Check(fpCounts)
	out := 0
	for b := 0; b < f.k; b++ {
		out += f.n[b]
		want := f.share[b] - f.n[b]
		if got := int(pack.Get(c.Out[f.cnt:], b, f.fw)); got != want {
			if v.Fail(fpCounts) {
				v.Describe(fpCounts, c.Cycle, "cnt_o[%d]=%d, want %d (%d cells out of %d)", b, got, want, f.n[b], f.share[b])
			}
			return
		}
	}
	if got := int(pack.Get(c.Out[f.free:], 0, f.fw)); got != f.cells-out && v.Fail(fpCounts) {
		v.Describe(fpCounts, c.Cycle, "free_o=%d, want %d (%d cells out)", got, f.cells-out, out)
	}
}

// Finish implements blocks.PropChecker.
func (f *freeListProps) Finish(*blocks.Violations) {}
