package tm

import (
	"fmt"

	"occamy/hw/mem"
)

// FreeList is the free cell-pointer list. Verilog: tm_free_list (u_fl).
// It keeps K banks (cell x is in bank x mod K) threaded through the links
// of the ONE cell-pointer memory u_cp_mem that the packets' sub-lists also
// use: per bank a head, a tail and a count, and, while the head's link is
// being read, which read port will return the next head. Its reads and
// writes go out on u_cp_mem's ports the top lends it.
//
// A cycle, in stage order: EvalHead (before stage E): head_o is each
// bank's head, the read data of the pop that last read its link when that
// read is back; cnt_o the registered counts. EvalPop (stages E, F): the
// banks in pop_i pop their head, reading its link on the read ports from
// pop_port_i on when the bank held more than one cell; then each bank
// takes its stage F append (fa_*: a chain head..tail of fa_n cells of one
// bank), writing the old tail's link on the write ports from 0 on, none
// into an empty bank; cnt_f_o and f_wr_n_o are after them. EvalG (stage
// G): the stage G appends (ga_*) likewise, their writes after stage F's;
// wr_* are all the cycle's writes. Commit lands it. Reset: bank b holds
// b, b+K, b+2K, … in order (u_cp_mem's INIT_STRIDE = K threads them).
//
// Go only: with CP.ReadLatency above 1 a popped bank's next head comes
// back that many cycles later, and the bank cannot pop before (PopOkO).
type FreeList struct {
	RdDataI  []int32 // rd_data_i: u_cp_mem's read data, every port, this cycle
	HeadO    []int32 // head_o: comb, each bank's head
	CntO     []int32 // cnt_o: registered, cells per bank
	PopI     []bool  // pop_i: bank b pops its head (stage E)
	PopPortI int     // pop_port_i: first read port the pops may use
	PopRdNO  int     // pop_rd_n_o: comb, pops that read a link
	RdEnO    []bool  // rd_en_o: comb, the pops' link reads, on ports pop_port_i..
	RdAddrO  []int32 // rd_addr_o: comb, their addresses
	FaI      []bool  // fa_i: stage F append in slot s
	FaHeadI  []int32 // fa_head_i
	FaTailI  []int32 // fa_tail_i
	FaNI     []int32 // fa_n_i: its cells
	CntFO    []int32 // cnt_f_o: comb, counts after the pops and stage F
	FWrNO    int     // f_wr_n_o: comb, stage F's writes
	GaI      []bool  // ga_i: stage G append in slot s
	GaHeadI  []int32 // ga_head_i
	GaTailI  []int32 // ga_tail_i
	GaNI     []int32 // ga_n_i
	WrEnO    []bool  // wr_en_o: comb, u_cp_mem writes, stage F's from port 0, stage G's after
	WrAddrO  []int32 // wr_addr_o
	WrDataO  []int32 // wr_data_o
	WrNO     int     // wr_n_o: comb, all the writes

	PopOkO []bool // Go only: bank b can pop now (a cell, and its head known)

	k     int
	lat   int      // u_cp_mem's read latency
	head  []int32  // head_q (stale while pend)
	tail  []int32  // tail_q
	pend  []bool   // pend_q: the head is the read data of port pport
	pport []int    // pport_q
	ready []uint64 // Go: the cycle that read's data comes back
	now   uint64
	total int // Go: cells on the list

	// This cycle's effects, computed by EvalPop and EvalG.
	popRd  []bool  // bank b's pop reads a link (on RdAddrO's port popPrt[b])
	popPrt []int   // its port
	headF  []int32 // heads after stage F (an append into an empty bank)
	tailF  []int32 // tails after stage F
	headD  []int32 // after stage G
	tailD  []int32 // after stage G
	cntD   []int32 // after stage G
	setF   []bool  // headF holds a stage F append into an empty bank
	setD   []bool  // headD holds a stage G append into an empty bank
	slotF  [mem.MaxK]int
	slotG  [mem.MaxK]int
	nRdEn  int // RdEnO entries set last time, from nRdLo
	nRdLo  int
	nWrEn  int
	err    error
}

// newFreeList builds the free list of b cells in k banks over a memory
// of rp read and wp write ports, every cell free, and threads the links
// in cp (the reset sequence).
func newFreeList(b, k, rp, wp, lat int, cp *mem.Memory[int32]) *FreeList {
	f := &FreeList{k: k, lat: lat,
		HeadO: make([]int32, k), CntO: make([]int32, k), PopI: make([]bool, k),
		RdEnO: make([]bool, rp), RdAddrO: make([]int32, rp),
		FaI: make([]bool, k), FaHeadI: make([]int32, k), FaTailI: make([]int32, k), FaNI: make([]int32, k),
		CntFO: make([]int32, k),
		GaI:   make([]bool, k), GaHeadI: make([]int32, k), GaTailI: make([]int32, k), GaNI: make([]int32, k),
		WrEnO: make([]bool, wp), WrAddrO: make([]int32, wp), WrDataO: make([]int32, wp),
		PopOkO: make([]bool, k),
		head:   make([]int32, k), tail: make([]int32, k), pend: make([]bool, k), pport: make([]int, k), ready: make([]uint64, k),
		popRd: make([]bool, k), popPrt: make([]int, k), headF: make([]int32, k), tailF: make([]int32, k),
		headD: make([]int32, k), tailD: make([]int32, k), cntD: make([]int32, k), setF: make([]bool, k), setD: make([]bool, k),
	}
	for bk := 0; bk < k; bk++ {
		f.head[bk], f.tail[bk] = mem.Nil, mem.Nil
		for x := bk; x < b; x += k {
			if f.CntO[bk] == 0 {
				f.head[bk] = int32(x)
			} else {
				cp.Init(int(f.tail[bk]), int32(x))
			}
			f.tail[bk] = int32(x)
			f.CntO[bk]++
		}
		if f.tail[bk] != mem.Nil {
			cp.Init(int(f.tail[bk]), mem.Nil)
		}
	}
	f.total = b
	return f
}

// bank is the bank of cell x.
func (f *FreeList) bank(x int32) int { return int(x) & (f.k - 1) }

// EvalHead drives head_o (and PopOkO) from the registers and this cycle's
// read data.
func (f *FreeList) EvalHead() {
	for b := 0; b < f.k; b++ {
		h, ok := f.head[b], f.CntO[b] > 0
		if f.pend[b] {
			if f.ready[b] == f.now {
				h = f.RdDataI[f.pport[b]]
			} else {
				ok = false
			}
		}
		f.HeadO[b], f.PopOkO[b] = h, ok
	}
}

// EvalPop is stages E and F: the pops and their link reads, then the
// stage F appends and their writes.
func (f *FreeList) EvalPop() {
	for p := f.nRdLo; p < f.nRdLo+f.nRdEn; p++ {
		f.RdEnO[p], f.RdAddrO[p] = false, 0
	}
	f.slots(f.FaI, f.FaHeadI, &f.slotF)
	rp, wp := f.PopPortI, 0
	for b := 0; b < f.k; b++ {
		c := f.CntO[b]
		f.popRd[b] = false
		if f.PopI[b] {
			if c > 1 && rp < len(f.RdEnO) {
				f.RdEnO[rp], f.RdAddrO[rp] = true, f.HeadO[b]
				f.popRd[b], f.popPrt[b] = true, rp
				rp++
			}
			c--
		}
		f.CntFO[b], f.headF[b], f.tailF[b], f.setF[b] = c, f.HeadO[b], f.tail[b], false
		if s := f.slotF[b]; s >= 0 {
			if c <= 0 {
				f.headF[b], f.setF[b] = f.FaHeadI[s], true
			} else {
				wp = f.write(wp, f.tail[b], f.FaHeadI[s])
			}
			f.tailF[b] = f.FaTailI[s]
			f.CntFO[b] = c + f.FaNI[s]
		}
	}
	f.nRdLo, f.nRdEn = f.PopPortI, rp-f.PopPortI
	f.PopRdNO, f.FWrNO = rp-f.PopPortI, wp
}

// EvalG is stage G: the stage G appends after stage F's.
func (f *FreeList) EvalG() {
	f.slots(f.GaI, f.GaHeadI, &f.slotG)
	wp := f.FWrNO
	for b := 0; b < f.k; b++ {
		f.headD[b], f.tailD[b], f.cntD[b], f.setD[b] = f.headF[b], f.tailF[b], f.CntFO[b], false
		s := f.slotG[b]
		if s < 0 {
			continue
		}
		if f.CntFO[b] <= 0 {
			f.headD[b], f.setD[b] = f.GaHeadI[s], true
		} else {
			wp = f.write(wp, f.tailF[b], f.GaHeadI[s])
		}
		f.tailD[b] = f.GaTailI[s]
		f.cntD[b] = f.CntFO[b] + f.GaNI[s]
	}
	for p := wp; p < f.nWrEn; p++ {
		f.WrEnO[p], f.WrAddrO[p], f.WrDataO[p] = false, 0, 0
	}
	f.nWrEn, f.WrNO = wp, wp
}

// slots maps each bank to its append slot (-1 for none): an append's
// cells are of its head's bank.
func (f *FreeList) slots(v []bool, head []int32, to *[mem.MaxK]int) {
	for b := 0; b < f.k; b++ {
		to[b] = -1
	}
	for s, ok := range v {
		if ok {
			to[f.bank(head[s])] = s
		}
	}
}

// write puts a link write of data at addr on write port wp.
func (f *FreeList) write(wp int, addr, data int32) int {
	if wp >= len(f.WrEnO) {
		f.fail(fmt.Errorf("tm_free_list: cycle %d: more than %d cp_mem writes", f.now, len(f.WrEnO)))
		return wp
	}
	f.WrEnO[wp], f.WrAddrO[wp], f.WrDataO[wp] = true, addr, data
	return wp + 1
}

// Commit is the rising edge: the heads, tails and counts after stage G; a
// popped bank's next head is the data of its link read, CP.ReadLatency
// cycles on; a head read back this cycle and not popped is kept.
func (f *FreeList) Commit() {
	for b := 0; b < f.k; b++ {
		if f.PopI[b] && !f.PopOkO[b] {
			f.fail(fmt.Errorf("tm_free_list: cycle %d: pop of free bank %d with %d cells, head not ready", f.now, b, f.CntO[b]))
		}
		switch {
		case f.setD[b]: // a stage G append into an empty bank
			f.head[b], f.pend[b] = f.headD[b], false
		case f.setF[b]: // a stage F append into an empty bank
			f.head[b], f.pend[b] = f.headF[b], false
		case f.popRd[b]: // the next head is the link read now
			f.pend[b], f.pport[b], f.ready[b] = true, f.popPrt[b], f.now+uint64(f.lat)
		case f.pend[b] && f.ready[b] == f.now: // the head read back now
			f.head[b], f.pend[b] = f.HeadO[b], false
		}
		f.total += int(f.cntD[b] - f.CntO[b])
		f.tail[b], f.CntO[b] = f.tailD[b], f.cntD[b]
		if f.CntO[b] == 0 {
			f.head[b], f.tail[b], f.pend[b] = mem.Nil, mem.Nil, false
		}
	}
	f.now++
}

// Err returns the first misuse seen (what the Verilog asserts).
func (f *FreeList) Err() error { return f.err }

func (f *FreeList) fail(err error) {
	if f.err == nil {
		f.err = err
	}
}

func freeListPorts(v vw) SubBlock {
	return SubBlock{
		Module: "tm_free_list", Instance: "u_fl",
		Params: []Param{{"B", v.B}, {"K", v.K}},
		Ports: append(append([]Port(nil), clkRst...),
			in("rd_data_i", 2*v.K*v.CW), out("head_o", v.K*v.CW), out("cnt_o", v.K*v.BNW),
			in("pop_i", v.K), in("pop_port_i", v.RW), out("pop_rd_n_o", v.RW),
			out("rd_en_o", 2*v.K), out("rd_addr_o", 2*v.K*v.CW),
			in("fa_i", v.K), in("fa_head_i", v.K*v.CW), in("fa_tail_i", v.K*v.CW), in("fa_n_i", v.K*v.BNW),
			out("cnt_f_o", v.K*v.BNW), out("f_wr_n_o", v.WW),
			in("ga_i", v.K), in("ga_head_i", v.K*v.CW), in("ga_tail_i", v.K*v.CW), in("ga_n_i", v.K*v.BNW),
			out("wr_en_o", v.K), out("wr_addr_o", v.K*v.CW), out("wr_data_o", v.K*v.CW), out("wr_n_o", v.WW)),
	}
}

// appendNow is the ideal Pushout's backdoor: a chain of n cells of bank b
// joins it at once, the old tail's link stored in cp without a port, and
// can be popped in this same cycle (it runs before EvalHead).
func (f *FreeList) appendNow(b int, head, tail int32, n int, cp *mem.Memory[int32]) {
	if f.CntO[b] == 0 {
		f.head[b], f.pend[b] = head, false
	} else {
		cp.Init(int(f.tail[b]), head)
	}
	f.tail[b] = tail
	f.CntO[b] += int32(n)
	f.total += n
}

// walk calls visit for every cell of bank b, head first, following the
// links in cp without a port; pending is the bank's head while its link
// read is in flight (the read data to come). It reports a list that
// leaves the memory or does not end at the tail.
func (f *FreeList) walk(b int, cp *mem.Memory[int32], pending func(ready uint64, port int) int32, visit func(x int32)) error {
	x := f.head[b]
	if f.pend[b] {
		x = pending(f.ready[b], f.pport[b])
	}
	for i := int32(0); i < f.CntO[b]; i++ {
		if x < 0 || int(x) >= cp.Entries() {
			return fmt.Errorf("free bank %d: cell %d of %d is %d, outside the cell-pointer memory", b, i, f.CntO[b], x)
		}
		visit(x)
		if i == f.CntO[b]-1 {
			if x != f.tail[b] {
				return fmt.Errorf("free bank %d: list ends at cell %d, tail register is %d", b, x, f.tail[b])
			}
			break
		}
		x = cp.Peek(int(x))
	}
	return nil
}

// flPend is a free bank's read in flight (State.FLPend).
type flPend struct {
	Pend  bool
	Port  int
	Ready uint64
}

// state copies the registers in hw/mem's form (State.FL) and the pending
// reads (State.FLPend).
func (f *FreeList) state() (mem.FreeListState, []flPend) {
	s := mem.FreeListState{Head: append([]int32(nil), f.head...), Tail: append([]int32(nil), f.tail...),
		Count: append([]int32(nil), f.CntO...), Total: f.total}
	p := make([]flPend, f.k)
	for b := range p {
		if f.pend[b] {
			p[b] = flPend{true, f.pport[b], f.ready[b]}
		}
	}
	return s, p
}
