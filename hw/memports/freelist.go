package memports

import (
	"fmt"

	"occamy/hw/mem"
	"occamy/rtl"
)

// FreeListBlock is the Verilog module name of FreeList.
const FreeListBlock = "free_list"

// FreeListParams are free_list's parameters.
type FreeListParams struct {
	Cells int // cells, K..65536
	K     int // banks: 1, 2, 4 or 8
	Lat   int // link-memory read latency, 1..16
}

// Validate returns a *rtl.ParamError naming the first parameter out of range.
func (p FreeListParams) Validate() error {
	if p.K != 1 && p.K != 2 && p.K != 4 && p.K != 8 {
		return &rtl.ParamError{Block: FreeListBlock, Param: "K", Value: int64(p.K), Min: 1, Max: 8, Note: "1, 2, 4 or 8"}
	}
	if p.Cells < p.K || p.Cells > 65536 {
		return &rtl.ParamError{Block: FreeListBlock, Param: "CELLS", Value: int64(p.Cells), Min: int64(p.K), Max: 65536, Note: "at least one cell per bank"}
	}
	return rtl.CheckRange(FreeListBlock, "LAT", p.Lat, 1, mem.MaxLatency)
}

// CW is the cell index width, max(1, clog2(Cells)).
func (p FreeListParams) CW() int { return rtl.IdxWidth(p.Cells) }

// FW is the count width, clog2(Cells+1).
func (p FreeListParams) FW() int { return rtl.Clog2(p.Cells + 1) }

// FreeList is the port-level model of free_list over mem.FreeList, whose
// link memory is a mem.Memory[int32] with K read and K write ports and
// read latency Lat.
//
// Per bank b and cycle: PopOkO[b] = CanPop(b) (a cell and no link read in
// flight); PopCellO[b] is the head when PopOkO[b], else 0. At the edge, a
// bank with PopI && PopOkO pops (mem.FreeList.Pop), then a bank with AppI
// takes the chain AppHeadI..AppTailI of AppNI cells (AppendChain): pops
// before appends, as mem.FreeList requires. CntO and FreeO are the counts
// (registers). A cycle with RstNI low rebuilds the list as New does (bank b
// holds b, b+K, ... in order) and drops its pops and appends; it is the
// only step that allocates.
type FreeList struct {
	P  FreeListParams
	FL *mem.FreeList

	// Inputs.
	RstNI    bool
	PopI     []bool
	AppI     []bool
	AppHeadI []uint32
	AppTailI []uint32
	AppNI    []uint32

	// Outputs.
	PopOkO   []bool
	PopCellO []uint32
	CntO     []uint32
	FreeO    uint32

	err error
}

// NewFreeList validates p and returns the list with every cell free.
func NewFreeList(p FreeListParams) (*FreeList, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	f := &FreeList{
		P:    p,
		PopI: make([]bool, p.K), AppI: make([]bool, p.K),
		AppHeadI: make([]uint32, p.K), AppTailI: make([]uint32, p.K), AppNI: make([]uint32, p.K),
		PopOkO: make([]bool, p.K), PopCellO: make([]uint32, p.K), CntO: make([]uint32, p.K),
	}
	if err := f.reset(); err != nil {
		return nil, err
	}
	f.Eval()
	return f, nil
}

// reset builds a fresh link memory and free list (the reset sequence).
func (f *FreeList) reset() error {
	cp, err := mem.New[int32](mem.Params{Name: FreeListBlock, Entries: f.P.Cells, ReadPorts: f.P.K, WritePorts: f.P.K, ReadLatency: f.P.Lat})
	if err != nil {
		return err
	}
	f.FL, err = mem.NewFreeList(cp, f.P.K)
	return err
}

// Eval computes the outputs from the list's registers.
func (f *FreeList) Eval() {
	for b := 0; b < f.P.K; b++ {
		ok, _ := f.FL.CanPop(b)
		f.PopOkO[b], f.PopCellO[b] = ok, 0
		if ok {
			f.PopCellO[b] = uint32(f.FL.Head[b])
		}
		f.CntO[b] = uint32(f.FL.Count[b])
	}
	f.FreeO = uint32(f.FL.Total())
}

// Commit is the rising edge: pops, then appends, then the link memory's
// edge.
func (f *FreeList) Commit() {
	if !f.RstNI {
		if err := f.reset(); err != nil && f.err == nil {
			f.err = err
		}
		f.Eval()
		return
	}
	for b := 0; b < f.P.K; b++ {
		if ok, _ := f.FL.CanPop(b); ok && f.PopI[b] {
			if _, err := f.FL.Pop(b); err != nil && f.err == nil {
				f.err = err
			}
		}
	}
	for b := 0; b < f.P.K; b++ {
		if !f.AppI[b] {
			continue
		}
		h, t, n := f.AppHeadI[b], f.AppTailI[b], f.AppNI[b]
		if f.err == nil && (n == 0 || int(h)%f.P.K != b || int(t)%f.P.K != b || int(n)+int(f.FL.Count[b]) > f.P.Cells) {
			f.err = fmt.Errorf("%s: cycle %d: append of %d cells %d..%d to bank %d with %d free", FreeListBlock, f.FL.Mem.Cycle(), n, h, t, b, f.FL.Count[b])
		}
		f.FL.AppendChain(b, int32(h), int32(t), int(n))
	}
	if f.err == nil && f.FL.Mem.Err() != nil {
		f.err = f.FL.Mem.Err()
	}
	f.FL.Mem.Commit()
	f.Eval()
}

// Err returns the first usage error: what the Verilog asserts.
func (f *FreeList) Err() error { return f.err }

// Signals lists free_list's ports in the order of the vector table, then
// link_reads and link_writes: the link memory's served reads and writes
// since the last reset (mem.Memory's TotalReads, TotalWrites), which the
// testbench counts from the module's memory ports, so that port use is
// checked too, not only the ports' values.
func (f *FreeList) Signals() []rtl.Signal {
	cw, fw := f.P.CW(), f.P.FW()
	return []rtl.Signal{
		rtl.Flag("rst_ni", func() bool { return f.RstNI }),
		packBools("pop_i", f.PopI),
		packBools("pop_ok_o", f.PopOkO),
		packU32("pop_cell_o", f.PopCellO, cw),
		packBools("app_i", f.AppI),
		packU32("app_head_i", f.AppHeadI, cw),
		packU32("app_tail_i", f.AppTailI, cw),
		packU32("app_n_i", f.AppNI, fw),
		packU32("cnt_o", f.CntO, fw),
		rtl.Scalar("free_o", fw, func() uint64 { return uint64(f.FreeO) }),
		rtl.Scalar("link_reads", 32, func() uint64 { return f.FL.Mem.TotalReads & 0xffffffff }),
		rtl.Scalar("link_writes", 32, func() uint64 { return f.FL.Mem.TotalWrites & 0xffffffff }),
	}
}
