package executor

// refModel is the trivially correct reference for the property test: plain
// Go slices, FIFO semantics, cell and PD identities tracked explicitly. It
// follows the same documented rules (free lists pop their head and append at
// their tail, pop before append; a packet joins its queue at eop) but has no
// pointers to get wrong.
type refModel struct {
	n, b, p int
	free    []uint16   // free cells, head first
	freePD  []uint16   // free PDs, head first
	queues  [][]refPkt // per queue, head first
	bld     []uint16   // cells of the packet under construction
}

// refPkt is one complete packet: its PD and its cells in order.
type refPkt struct {
	PD    uint16
	Cells []uint16
}

// refOut are the combinational outputs the reference expects.
type refOut struct {
	ready, ack bool
	cells      uint32
}

func newRef(n, b, p int) *refModel {
	r := &refModel{n: n, b: b, p: p}
	r.reset()
	return r
}

func (r *refModel) reset() {
	r.free = r.free[:0]
	for i := 0; i < r.b; i++ {
		r.free = append(r.free, uint16(i))
	}
	r.freePD = r.freePD[:0]
	for i := 0; i < r.p; i++ {
		r.freePD = append(r.freePD, uint16(i))
	}
	r.queues = make([][]refPkt, r.n)
	r.bld = nil
}

// step runs one cycle with the given inputs (queue ids already truncated to
// IW bits) and returns the outputs of that cycle.
func (r *refModel) step(rst bool, enqValid bool, enqQid int, eop bool, dropValid bool, dropQid int) refOut {
	var o refOut
	o.ack = dropValid && dropQid < r.n && len(r.queues[dropQid]) > 0
	if o.ack {
		o.cells = uint32(len(r.queues[dropQid][0].Cells))
	}
	o.ready = len(r.free) > 0 && (!eop || (len(r.freePD) > 0 && enqQid < r.n))
	if !rst {
		r.reset()
		return o
	}
	var dropped refPkt
	if o.ack {
		dropped = r.queues[dropQid][0]
		r.queues[dropQid] = r.queues[dropQid][1:]
	}
	if enqValid && o.ready {
		c := r.free[0]
		r.free = r.free[1:]
		r.bld = append(r.bld, c)
		if eop {
			pd := r.freePD[0]
			r.freePD = r.freePD[1:]
			r.queues[enqQid] = append(r.queues[enqQid], refPkt{PD: pd, Cells: r.bld})
			r.bld = nil
		}
	}
	if o.ack {
		r.free = append(r.free, dropped.Cells...)
		r.freePD = append(r.freePD, dropped.PD)
	}
	return o
}

// snapshot reads the executor's store into the reference's shape by walking
// its lists. It assumes Check passed (every walk is bounded by a count).
func snapshot(e *Executor) *refModel {
	r := &refModel{n: e.P.N, b: e.P.B, p: e.P.P}
	s := e.q
	r.free = walkChain(e.cellNext, s.FreeHeadQ, s.FreeCntQ)
	r.freePD = walkChain(e.pdNext, s.PdFreeHeadQ, s.PdFreeCntQ)
	r.bld = walkChain(e.cellNext, s.BldFirstQ, s.BldCntQ)
	r.queues = make([][]refPkt, e.P.N)
	for q := range r.queues {
		for _, pd := range walkChain(e.pdNext, e.qHead[q], e.qPkts[q]) {
			info := e.pd[pd]
			r.queues[q] = append(r.queues[q], refPkt{PD: pd, Cells: walkChain(e.cellNext, info.First, info.Cnt)})
		}
	}
	return r
}

// walkChain follows n links from first.
func walkChain(next []uint16, first uint16, n uint32) []uint16 {
	out := []uint16{}
	cur := first
	for i := uint32(0); i < n; i++ {
		out = append(out, cur)
		cur = next[cur]
	}
	return out
}
