package memports

import (
	"occamy/hw/mem"
	"occamy/rtl"
)

// PDListsBlock is the Verilog module name of PDLists.
const PDListsBlock = "pd_lists"

// PDListsParams are pd_lists's parameters.
type PDListsParams struct {
	N   int // queues, 1..64
	P   int // PDs, 1..4096
	Lat int // PD-memory read latency, 1..16
	LW  int // width of a packet's cell count, 1..16
	DW  int // width of the rest of a PD (opaque payload, mem.PD.Serial), 1..32
}

// Validate returns a *rtl.ParamError naming the first parameter out of range.
func (p PDListsParams) Validate() error {
	checks := []struct {
		name      string
		v, lo, hi int
	}{
		{"N", p.N, 1, 64}, {"P", p.P, 1, 4096}, {"LAT", p.Lat, 1, mem.MaxLatency},
		{"LW", p.LW, 1, 16}, {"DW", p.DW, 1, 32},
	}
	for _, c := range checks {
		if err := rtl.CheckRange(PDListsBlock, c.name, c.v, c.lo, c.hi); err != nil {
			return err
		}
	}
	return nil
}

// IW, PW and KW are the queue index, PD index and PD count widths.
func (p PDListsParams) IW() int { return rtl.IdxWidth(p.N) }

// PW is the PD index width, max(1, clog2(P)).
func (p PDListsParams) PW() int { return rtl.IdxWidth(p.P) }

// KW is the PD count width, clog2(P+1).
func (p PDListsParams) KW() int { return rtl.Clog2(p.P + 1) }

// pdRead is one head read in flight.
type pdRead struct {
	valid bool
	q     uint32
	pd    int32
	v     mem.PD
}

// PDLists is the port-level model of pd_lists over mem.PDLists (PD memory
// with 1 read and 2 write ports, read latency Lat).
//
// A cycle, in this order (the Verilog's): the Unlink of the read issued Lat
// cycles ago, whose data shows on UnlValidO..UnlDataO (the head moves to a
// forwarded PD or to the link read with the PD; the PD returns to the free
// FIFO at the edge); ReadHead on the lists after that unlink; Alloc and
// Link (a link behind a PD whose read is in flight is forwarded,
// mem.PDLists). So a queue read in cycle t is unlinked in cycle t+Lat and
// can be read again in that same cycle (docs/tm.md's schedule).
//
// Outputs: LinkOkO = LinkQidI < N and a free PD (not counting one unlinked
// this cycle); LinkPdO the PD the link takes (the free FIFO's head); RdOkO =
// RdQidI < N, the queue holds a PD and has no read in flight, after this
// cycle's unlink; RdPdO its head; CntO, HeadLenO (0 when empty) and FreeO
// after this cycle's unlink. The model unlinks at the end of the previous
// Commit, which gives the same lists as unlinking first in the cycle, and
// keeps the free FIFO's head staged outside mem.PDLists (taken with Alloc
// before that unlink's release), which keeps the FIFO order and lets Eval
// show it without taking it. A cycle with RstNI low rebuilds the lists as
// New does and drops its requests.
type PDLists struct {
	P PDListsParams
	L *mem.PDLists

	// Inputs.
	RstNI      bool
	LinkI      bool
	LinkQidI   uint32
	LinkCellsI uint32
	LinkDataI  uint32
	RdI        bool
	RdQidI     uint32

	// Outputs.
	LinkOkO   bool
	LinkPdO   uint32
	RdOkO     bool
	RdPdO     uint32
	UnlValidO bool
	UnlQidO   uint32
	UnlPdO    uint32
	UnlCellsO uint32
	UnlDataO  uint32
	CntO      []uint32
	HeadLenO  []uint32
	FreeO     uint32

	pipe  []pdRead // stage Lat-1 returns (and is unlinked) this cycle
	taken int32    // the free FIFO's head, staged for the next link; mem.Nil if none
	err   error
}

// NewPDLists validates p and returns empty lists with every PD free.
func NewPDLists(p PDListsParams) (*PDLists, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	l := &PDLists{P: p, CntO: make([]uint32, p.N), HeadLenO: make([]uint32, p.N), pipe: make([]pdRead, p.Lat)}
	if err := l.reset(); err != nil {
		return nil, err
	}
	l.Eval()
	return l, nil
}

func (l *PDLists) reset() error {
	var err error
	l.L, err = mem.NewPDLists(mem.Params{Name: PDListsBlock, Entries: l.P.P, ReadPorts: 1, WritePorts: 2, ReadLatency: l.P.Lat}, l.P.N)
	clear(l.pipe)
	l.taken = mem.Nil
	if err == nil {
		l.stage()
	}
	return err
}

// Eval computes the outputs from the registers.
func (l *PDLists) Eval() {
	lq, rq := int(l.LinkQidI), int(l.RdQidI)
	l.LinkOkO = lq < l.P.N && l.taken != mem.Nil
	l.LinkPdO = 0
	if l.LinkOkO {
		l.LinkPdO = uint32(l.taken)
	}
	l.RdOkO = rq < l.P.N && l.L.Count[rq] > 0 && l.L.Reading(rq) == mem.Nil
	l.RdPdO = 0
	if l.RdOkO {
		l.RdPdO = uint32(l.L.Head[rq])
	}
	u := l.pipe[l.P.Lat-1]
	l.UnlValidO, l.UnlQidO, l.UnlPdO, l.UnlCellsO, l.UnlDataO = u.valid, 0, 0, 0, 0
	if u.valid {
		l.UnlQidO, l.UnlPdO, l.UnlCellsO, l.UnlDataO = u.q, uint32(u.pd), uint32(u.v.Cells), u.v.Serial
	}
	for q := 0; q < l.P.N; q++ {
		l.CntO[q], l.HeadLenO[q] = uint32(l.L.Count[q]), 0
		if l.L.Count[q] > 0 {
			l.HeadLenO[q] = l.L.HeadLen[q]
		}
	}
	l.FreeO = uint32(l.L.FreePDs())
	if l.taken != mem.Nil {
		l.FreeO++ // the staged PD is still free
	}
}

// stage takes the free FIFO's head into the staging register when it is
// empty: the PD the next link will use, in the FIFO's order.
func (l *PDLists) stage() {
	if l.taken == mem.Nil {
		if pd, ok := l.L.Alloc(); ok {
			l.taken = pd
		}
	}
}

// Commit is the rising edge: ReadHead, Link, the PD memory's edge and the
// pipeline shift; then the FIFO head is staged and the read that returns
// in the next cycle is unlinked, so that the next cycle's outputs and
// requests see the lists after its unlink (the Verilog unlinks first in
// that cycle, combinationally, from the returning data).
func (l *PDLists) Commit() {
	if !l.RstNI {
		if err := l.reset(); err != nil && l.err == nil {
			l.err = err
		}
		l.Eval()
		return
	}
	fail := func(err error) {
		if err != nil && l.err == nil {
			l.err = err
		}
	}
	issued := pdRead{}
	if l.RdI && l.RdOkO {
		q := int(l.RdQidI)
		pd, v, err := l.L.ReadHead(q)
		fail(err)
		issued = pdRead{valid: true, q: uint32(q), pd: pd, v: v}
	}
	if l.LinkI && l.LinkOkO {
		q := int(l.LinkQidI)
		mask := uint32(1)<<l.P.DW - 1
		if l.P.DW == 32 {
			mask = ^uint32(0)
		}
		l.L.Link(q, l.taken, mem.PD{Cells: uint16(l.LinkCellsI & (1<<l.P.LW - 1)), Serial: l.LinkDataI & mask})
		l.taken = mem.Nil
	}
	fail(l.L.Mem.Err())
	copy(l.pipe[1:], l.pipe[:l.P.Lat-1])
	l.pipe[0] = issued
	l.L.Mem.Commit()
	l.stage()
	if u := l.pipe[l.P.Lat-1]; u.valid {
		fail(l.L.Unlink(int(u.q), u.v))
	}
	l.Eval()
}

// Err returns the first usage error (a lost list, a port over budget).
func (l *PDLists) Err() error { return l.err }

// Signals lists pd_lists's ports in the order of the vector table, then
// pd_reads and pd_writes: the PD memory's served reads and writes since the
// last reset (mem.Memory's TotalReads, TotalWrites), which the testbench
// counts from the module's memory ports.
func (l *PDLists) Signals() []rtl.Signal {
	iw, pw, kw := l.P.IW(), l.P.PW(), l.P.KW()
	u32 := func(name string, w int, v *uint32) rtl.Signal {
		return rtl.Scalar(name, w, func() uint64 { return uint64(*v) })
	}
	return []rtl.Signal{
		rtl.Flag("rst_ni", func() bool { return l.RstNI }),
		rtl.Flag("link_i", func() bool { return l.LinkI }),
		u32("link_qid_i", iw, &l.LinkQidI),
		u32("link_cells_i", l.P.LW, &l.LinkCellsI),
		u32("link_data_i", l.P.DW, &l.LinkDataI),
		rtl.Flag("link_ok_o", func() bool { return l.LinkOkO }),
		u32("link_pd_o", pw, &l.LinkPdO),
		rtl.Flag("rd_i", func() bool { return l.RdI }),
		u32("rd_qid_i", iw, &l.RdQidI),
		rtl.Flag("rd_ok_o", func() bool { return l.RdOkO }),
		u32("rd_pd_o", pw, &l.RdPdO),
		rtl.Flag("unl_valid_o", func() bool { return l.UnlValidO }),
		u32("unl_qid_o", iw, &l.UnlQidO),
		u32("unl_pd_o", pw, &l.UnlPdO),
		u32("unl_cells_o", l.P.LW, &l.UnlCellsO),
		u32("unl_data_o", l.P.DW, &l.UnlDataO),
		packU32("cnt_o", l.CntO, kw),
		packU32("head_len_o", l.HeadLenO, l.P.LW),
		u32("free_o", kw, &l.FreeO),
		rtl.Scalar("pd_reads", 32, func() uint64 { return l.L.Mem.TotalReads & 0xffffffff }),
		rtl.Scalar("pd_writes", 32, func() uint64 { return l.L.Mem.TotalWrites & 0xffffffff }),
	}
}
