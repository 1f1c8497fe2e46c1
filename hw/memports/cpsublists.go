package memports

import (
	"fmt"

	"occamy/hw/mem"
	"occamy/rtl"
)

// CPSubListsBlock is the Verilog module name of CPSubLists.
const CPSubListsBlock = "cp_sublists"

// CPSubListsParams are cp_sublists's parameters.
type CPSubListsParams struct {
	Cells int // cells (link memory words), 1..65536
	K     int // sub-lists per packet: 1, 2, 4 or 8
	Lat   int // link-memory read latency, 1..16
	MaxN  int // most cells of one packet, 1..Cells
}

// Validate returns a *rtl.ParamError naming the first parameter out of range.
func (p CPSubListsParams) Validate() error {
	if p.K != 1 && p.K != 2 && p.K != 4 && p.K != 8 {
		return &rtl.ParamError{Block: CPSubListsBlock, Param: "K", Value: int64(p.K), Min: 1, Max: 8, Note: "1, 2, 4 or 8"}
	}
	if err := rtl.CheckRange(CPSubListsBlock, "CELLS", p.Cells, 1, 65536); err != nil {
		return err
	}
	if err := rtl.CheckRange(CPSubListsBlock, "LAT", p.Lat, 1, mem.MaxLatency); err != nil {
		return err
	}
	if p.MaxN < 1 || p.MaxN > p.Cells {
		return &rtl.ParamError{Block: CPSubListsBlock, Param: "MAXN", Value: int64(p.MaxN), Min: 1, Max: int64(p.Cells), Note: "CELLS"}
	}
	return nil
}

// CW is the cell index width, max(1, clog2(Cells)).
func (p CPSubListsParams) CW() int { return rtl.IdxWidth(p.Cells) }

// NW is the cell count width, clog2(MaxN+1).
func (p CPSubListsParams) NW() int { return max(rtl.Clog2(p.MaxN+1), 1) }

// CPSubLists is the port-level model of cp_sublists: the cell-pointer
// memory of one packet's k sub-lists (cell i of a packet is element i/k of
// sub-list i%k) with the dequeue's chase. The link memory is a
// mem.Memory[int32] with K read ports (sub-list s reads on port s) and K
// write ports, read latency Lat; round sizes come from mem.SubListRound.
//
// Chase: a start (StartI && StartOkO, StartOkO = !BusyO) with the packet's
// K sub-list heads and its cell count n (1..MaxN) emits round 0 in the same
// cycle (the heads), round r in cycle start + r*Lat, ceil(n/k) rounds in
// all: OutValidO, OutMaskO (slot s holds cell OutIdxO+s, so slots are in
// packet order; cnt = min(K, n-OutIdxO) low slots), OutCellO, OutLastO on
// the final round. In a round, slot s reads its cell's link (one read on
// port s) iff the sub-list goes on; round r+1's cells are those reads'
// data. Heads of sub-lists s >= n are ignored. One chase at a time: a
// start while busy is held off (StartOkO = 0), not an error; the next chase
// may start in the cycle after the last round, as hw/tm's stage B runs one
// round per cycle. Rounds are never stalled: the module owns its K read
// ports, as the dequeue does in hw/tm (stage B takes cp reads first).
// Outputs of an idle cycle are 0.
//
// Link writes (WrEnI, WrAddrI, WrDataI, up to K per cycle, distinct
// addresses) go straight to the memory's write ports: posted, landing at
// the edge, after that edge's reads sampled the array (read-before-write).
//
// A cycle with RstNI low drops the chase, its reads in flight and that
// cycle's writes; the array keeps its words.
type CPSubLists struct {
	P   CPSubListsParams
	Mem *mem.Memory[int32]

	// Inputs.
	RstNI       bool
	StartI      bool
	StartHeadsI []uint32
	StartNI     uint32
	WrEnI       []bool
	WrAddrI     []uint32
	WrDataI     []uint32

	// Outputs.
	StartOkO  bool
	OutValidO bool
	OutMaskO  []bool
	OutCellO  []uint32
	OutIdxO   uint32
	OutLastO  bool
	BusyO     bool

	// Registers: the chase and the link read pipeline (stage j holds the
	// reads issued j+1 cycles ago; port s of stage j at j*K+s).
	busy    bool
	done, n uint32
	vld     []bool
	dat     []uint32

	// Eval's decisions, used at Commit.
	fire  bool
	rdEn  []bool
	nDone uint32
	nN    uint32
	nBusy bool
	err   error
}

// NewCPSubLists validates p and returns an idle chase over a zero memory.
func NewCPSubLists(p CPSubListsParams) (*CPSubLists, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	m, err := mem.New[int32](mem.Params{Name: CPSubListsBlock, Entries: p.Cells, ReadPorts: p.K, WritePorts: p.K, ReadLatency: p.Lat})
	if err != nil {
		return nil, err
	}
	k := p.K
	c := &CPSubLists{
		P: p, Mem: m,
		StartHeadsI: make([]uint32, k), WrEnI: make([]bool, k), WrAddrI: make([]uint32, k), WrDataI: make([]uint32, k),
		OutMaskO: make([]bool, k), OutCellO: make([]uint32, k),
		vld: make([]bool, p.Lat*k), dat: make([]uint32, p.Lat*k), rdEn: make([]bool, k),
	}
	c.Eval()
	return c, nil
}

// Eval computes the outputs and the round's link reads from the registers,
// the read pipeline's last stage and the start inputs.
func (c *CPSubLists) Eval() {
	k := c.P.K
	last := c.dat[(c.P.Lat-1)*k:]
	lastV := c.vld[(c.P.Lat-1)*k:]
	c.StartOkO, c.BusyO = !c.busy, c.busy
	c.OutValidO, c.OutIdxO, c.OutLastO = false, 0, false
	clear(c.OutMaskO)
	clear(c.OutCellO)
	clear(c.rdEn)
	c.fire, c.nDone, c.nN, c.nBusy = false, c.done, c.n, c.busy
	var cur []uint32
	var done, n uint32
	switch {
	case !c.busy && c.StartI:
		cur, done, n = c.StartHeadsI, 0, c.StartNI
		if n == 0 || int(n) > c.P.MaxN {
			c.setErr(fmt.Errorf("%s: cycle %d: start of a chase of %d cells, allowed 1..%d", CPSubListsBlock, c.Mem.Cycle(), n, c.P.MaxN))
			return
		}
	case c.busy && lastV[0]:
		cur, done, n = last, c.done, c.n
	default:
		return
	}
	cnt, reads := mem.SubListRound(int(n), int(done), k)
	c.fire, c.OutValidO, c.OutIdxO = true, true, done
	for s := 0; s < cnt; s++ {
		c.OutMaskO[s], c.OutCellO[s] = true, cur[s]
		c.rdEn[s] = s < reads
	}
	c.nDone, c.nN = done+uint32(cnt), n
	c.nBusy = c.nDone < n
	c.OutLastO = !c.nBusy
}

// Commit is the rising edge: the round's link reads sample the array, the
// pipeline shifts, writes land, the chase registers advance.
func (c *CPSubLists) Commit() {
	k := c.P.K
	if !c.RstNI {
		clear(c.vld)
		clear(c.dat)
		c.busy, c.done, c.n = false, 0, 0
		c.Mem.Commit()
		c.Eval()
		return
	}
	copy(c.vld[k:], c.vld[:len(c.vld)-k])
	copy(c.dat[k:], c.dat[:len(c.dat)-k])
	for s := 0; s < k; s++ {
		c.vld[s], c.dat[s] = false, 0
		if c.rdEn[s] {
			x := c.Mem.Read(int(c.OutCellO[s]))
			c.vld[s], c.dat[s] = true, uint32(x)
		}
	}
	for p := 0; p < k; p++ {
		if !c.WrEnI[p] {
			continue
		}
		for o := 0; o < p; o++ {
			if c.WrEnI[o] && c.WrAddrI[o] == c.WrAddrI[p] {
				c.setErr(fmt.Errorf("%s: cycle %d: write ports %d and %d both write address %d", CPSubListsBlock, c.Mem.Cycle(), o, p, c.WrAddrI[p]))
			}
		}
		if int(c.WrDataI[p]) >= c.P.Cells {
			c.setErr(fmt.Errorf("%s: cycle %d: write port %d links cell %d to %d, outside 0..%d", CPSubListsBlock, c.Mem.Cycle(), p, c.WrAddrI[p], c.WrDataI[p], c.P.Cells-1))
		}
		c.Mem.Write(int(c.WrAddrI[p]), int32(c.WrDataI[p]))
	}
	if c.fire {
		c.busy, c.done, c.n = c.nBusy, c.nDone, c.nN
		if !c.nBusy {
			c.done, c.n = 0, 0
		}
	}
	if c.Mem.Err() != nil {
		c.setErr(c.Mem.Err())
	}
	c.Mem.Commit()
	c.Eval()
}

func (c *CPSubLists) setErr(err error) {
	if c.err == nil {
		c.err = err
	}
}

// Err returns the first usage error (a start of 0 or more than MaxN cells,
// a cell outside the memory, two writes of one address): what the Verilog
// asserts.
func (c *CPSubLists) Err() error { return c.err }

// Signals lists cp_sublists's ports in the order of the vector table, then
// link_reads and link_writes: the link memory's served reads and writes
// since New (mem.Memory's TotalReads, TotalWrites, low 32 bits), which the
// testbench counts from the module's memory ports.
func (c *CPSubLists) Signals() []rtl.Signal {
	cw, nw := c.P.CW(), c.P.NW()
	return []rtl.Signal{
		rtl.Flag("rst_ni", func() bool { return c.RstNI }),
		rtl.Flag("start_i", func() bool { return c.StartI }),
		packU32("start_heads_i", c.StartHeadsI, cw),
		rtl.Scalar("start_n_i", nw, func() uint64 { return uint64(c.StartNI) }),
		rtl.Flag("start_ok_o", func() bool { return c.StartOkO }),
		packBools("wr_en_i", c.WrEnI),
		packU32("wr_addr_i", c.WrAddrI, cw),
		packU32("wr_data_i", c.WrDataI, cw),
		rtl.Flag("out_valid_o", func() bool { return c.OutValidO }),
		packBools("out_mask_o", c.OutMaskO),
		packU32("out_cell_o", c.OutCellO, cw),
		rtl.Scalar("out_idx_o", nw, func() uint64 { return uint64(c.OutIdxO) }),
		rtl.Flag("out_last_o", func() bool { return c.OutLastO }),
		rtl.Flag("busy_o", func() bool { return c.BusyO }),
		rtl.Scalar("link_reads", 32, func() uint64 { return c.Mem.TotalReads & 0xffffffff }),
		rtl.Scalar("link_writes", 32, func() uint64 { return c.Mem.TotalWrites & 0xffffffff }),
	}
}
