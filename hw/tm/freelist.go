package tm

import (
	"fmt"

	"occamy/rtl/port"

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
// into an empty bank; f_wr_n_o is after them, and ne_f_o (EvalNe, a
// Go-only split of EvalPop that follows it). EvalG (stage
// G): the stage G appends (ga_*: slot b is a chain of bank b, checkG)
// likewise, their writes on the ports their asks take from the last down
// (a lane holding a front, ga_hold_i, asks for a write when its bank is
// not empty after stage F; issue 29, cpdown), where stage F leaves them;
// wr_* are all the cycle's writes. Commit lands it. Reset: bank b holds
// b, b+K, b+2K, … in order (u_cp_mem's INIT_STRIDE = K threads them).
//
// Go only: with CP.ReadLatency above 1 a popped bank's next head comes
// back that many cycles later, and the bank cannot pop before (PopOkO).
type FreeList struct {
	RdDataI  []int32 // rd_data_i: u_cp_mem's read data, every port, this cycle
	HeadO    []int32 // head_o: comb, each bank's head
	CntO     []int32 // cnt_o: registered, cells per bank
	PopI     uint8   // pop_i: bit b, bank b pops its head (stage E)
	PopPortI int     // pop_port_i: first read port the pops may use
	PopRdNO  int     // pop_rd_n_o: comb, pops that read a link
	RdEnO    uint64  // rd_en_o: comb, the pops' link reads, on ports pop_port_i.. (bit p)
	RdAddrO  []int32 // rd_addr_o: comb, their addresses
	FaI      uint8   // fa_i: stage F append in slot s (bit s)
	FaHeadI  []int32 // fa_head_i
	FaTailI  []int32 // fa_tail_i
	FaNI     []int32 // fa_n_i: its cells
	NeFO     uint8   // ne_f_o: comb (EvalNe), bit b: bank b holds a cell after the pops and stage F
	FWrNO    int     // f_wr_n_o: comb, stage F's writes
	GaHoldI  uint8   // ga_hold_i: the executor's lane b holds a front (asks for a write when bank b is not empty)
	GaI      uint8   // ga_i: stage G append in slot b, a chain of bank b
	GaHeadI  []int32 // ga_head_i
	GaTailI  []int32 // ga_tail_i
	GaNI     []int32 // ga_n_i
	WrEnO    uint64  // wr_en_o: comb, u_cp_mem writes, stage F's from port 0, stage G's from the last port down
	WrAskO   uint64  // wr_ask_o: comb, stage F's ports and those stage G's asks take where stage F leaves them
	WrAddrO  []int32 // wr_addr_o: their words (what a port not asked for holds is not read)
	WrDataO  []int32 // wr_data_o
	WrNO     int     // wr_n_o: comb, all the writes

	PopOkO uint8 // Go only: bit b, bank b can pop now (a cell, and its head known)

	k    int
	lat  uint64 // u_cp_mem's read latency
	rp   int    // u_cp_mem's read and write ports
	wp   int
	bank [mem.MaxK]flBank // the registers
	head [mem.MaxK]int32  // head_o, cnt_o (the ports are views of these)
	cnt  [mem.MaxK]int32
	cntF [mem.MaxK]int32 // the counts after the pops and stage F (ne_f_o their non-zero bits)
	pend uint8           // pend_q, a bit per bank: the head is the read data of bank.port
	now  uint64

	// This cycle, from the evaluations: the banks touched (popped or
	// appended) and the heads read back now.
	touch   uint8 // popped or appended in stage F
	fa, ga  uint8 // appended in stage F, in stage G
	gAsk    bool  // evalG drove a stage G ask's port
	gN      int   // stage G's writes (gAddr, gData: to u_cp_mem in lane order)
	due     uint8 // the head read back now
	popPort [mem.MaxK]int8
	slotF   [mem.MaxK]int8
	err     error
	errs    *bool // the top's flag: set when err is
	full    bool  // tests: every touched bank takes commit's general path (no short one)

	// rd_addr_o, wr_addr_o, wr_data_o (their slices are views of these):
	// indexed by a port masked to mem.MaxPorts, no bound to check.
	rdAddr, wrAddr, wrData [mem.MaxPorts]int32
	gAddr, gData           [mem.MaxK]int32
}

// flBank is one bank's registers: head (stale while its link read is in
// flight), tail, count, and that read's port and cycle.
type flBank struct {
	head, tail int32
	cnt        int32
	pend       bool
	port       int32
	ready      uint64
}

// newFreeList builds the free list of b cells in k banks over a memory
// of rp read and wp write ports, every cell free, and threads the links
// in cp (the reset sequence).
func newFreeList(b, k, rp, wp, lat int, cp *mem.Memory[int32]) *FreeList {
	f := &FreeList{k: k, lat: uint64(lat), rp: min(rp, 64), wp: min(wp, 64),
		RdDataI: make([]int32, rp),
		FaHeadI: make([]int32, k), FaTailI: make([]int32, k), FaNI: make([]int32, k),
		GaHeadI: make([]int32, k), GaTailI: make([]int32, k), GaNI: make([]int32, k)}
	f.views()
	for bk := 0; bk < k; bk++ {
		r := &f.bank[bk]
		r.head, r.tail = mem.Nil, mem.Nil
		for x := bk; x < b; x += k {
			if r.cnt == 0 {
				r.head = int32(x)
			} else {
				cp.Init(int(r.tail), int32(x))
			}
			r.tail = int32(x)
			r.cnt++
		}
		if r.tail != mem.Nil {
			cp.Init(int(r.tail), mem.Nil)
		}
		f.show(bk)
	}
	return f
}

// views points head_o, cnt_o, rd_addr_o, wr_addr_o and wr_data_o
// at f's own arrays: at New, and after a copy of the sub-block (a Unit's
// reset).
func (f *FreeList) views() {
	f.HeadO, f.CntO = f.head[:f.k], f.cnt[:f.k]
	f.RdAddrO, f.WrAddrO, f.WrDataO = f.rdAddr[:f.rp], f.wrAddr[:f.wp], f.wrData[:f.wp]
}

// show refreshes bank b's head_o, cnt_o, its count after stage F and PopOkO from its
// registers (a bank whose link read is in flight shows no head).
func (f *FreeList) show(b int) {
	r := &f.bank[b&(mem.MaxK-1)]
	f.head[b&(mem.MaxK-1)], f.cnt[b&(mem.MaxK-1)], f.cntF[b&(mem.MaxK-1)] = r.head, r.cnt, r.cnt
	bit := uint8(1) << uint(b)
	if f.PopOkO &^= bit; r.cnt > 0 && !r.pend {
		f.PopOkO |= bit
	}
}

// bankOf is the bank of cell x.
func (f *FreeList) bankOf(x int32) int { return int(x) & (f.k - 1) }

// EvalHead drives head_o (and PopOkO) for the banks whose head is a
// link read: its data when back now; the other banks show their head
// register (kept in head_o by Commit).
func (f *FreeList) EvalHead() {
	if f.pend != 0 {
		f.evalHead()
	}
}

//go:noinline
func (f *FreeList) evalHead() {
	due, ok, rd := uint8(0), f.PopOkO, f.RdDataI // rd once: the stores below would reload it
	for m := f.pend; m != 0; m &= m - 1 {
		b := trailingZeros(uint64(m)) & (mem.MaxK - 1)
		bit := uint8(1) << uint(b)
		if r := &f.bank[b]; r.ready == f.now {
			f.head[b] = rd[r.port]
			ok |= bit
			due |= bit
		} else {
			ok &^= bit
		}
	}
	f.due, f.PopOkO = due, ok
}

// EvalPop is stages E and F: the pops and their link reads, then the
// stage F appends and their writes, in bank order.
// With nothing to pop or append and no earlier evaluation to undo, its
// outputs are already zero (pop_rd_n_o and f_wr_n_o count rd_en_o's and
// wr_en_o's bits).
//
// ne_f_o is EvalNe's.
func (f *FreeList) EvalPop() {
	if f.touch|f.PopI|f.FaI != 0 || f.RdEnO|f.WrEnO != 0 {
		f.evalPop()
	}
}

// EvalNe drives ne_f_o: the banks whose count after the pops and stage F
// is not 0 (the executor reads only that, not the count: issue 29,
// flcut). Go only, it is EvalPop's evaluation split off: it follows
// EvalPop (it reads the counts EvalPop leaves), every cycle in a Unit,
// and in the TM only on the cycles u_hd's lanes run (u_hd is the one
// reader of ne_f_o, and its lanes are idle on most cycles).
func (f *FreeList) EvalNe() {
	var ne uint8
	for b := 0; b < f.k && b < mem.MaxK; b++ {
		ne |= b2i(f.cntF[b] != 0) << uint(b)
	}
	f.NeFO = ne
}

// evalPop takes the pops in bank order (their reads on ports pop_port_i
// on), then the stage F appends in bank order (their writes on ports 0
// on): the read and write ports are numbered apart, so the two passes
// give the port order of one pass over the banks.
//
//go:noinline
func (f *FreeList) evalPop() {
	if f.touch|f.PopI|f.FaI == 0 {
		f.RdEnO, f.WrEnO, f.WrAskO, f.PopRdNO, f.FWrNO, f.WrNO = 0, 0, 0, 0, 0, 0
		return
	}
	for m := f.touch; m != 0; m &= m - 1 { // an earlier evaluation of this cycle
		b := trailingZeros(uint64(m)) & (mem.MaxK - 1)
		f.cntF[b] = f.cnt[b]
	}
	var rdEn uint64
	rp := f.PopPortI
	for m := f.PopI; m != 0; m &= m - 1 {
		b := trailingZeros(uint64(m)) & (mem.MaxK - 1)
		c := f.cnt[b]
		if c > 1 && rp < f.rp {
			rdEn |= 1 << (uint(rp) & 63) // rp < f.rp <= 64: a shift without Go's >= 64 case
			f.rdAddr[rp&(mem.MaxPorts-1)] = f.head[b]
			f.popPort[b] = int8(rp)
			rp++
		}
		f.cntF[b] = c - 1
	}
	f.RdEnO, f.PopRdNO = rdEn, rp-f.PopPortI
	fa := f.slots(f.FaI, f.FaHeadI, &f.slotF)
	f.touch, f.fa = f.PopI|fa, fa
	f.WrEnO, f.WrAskO, f.FWrNO, f.WrNO = 0, 0, 0, 0
	if fa == 0 {
		return
	}
	wp, over := 0, false
	fh, fn := f.FaHeadI, f.FaNI // once: the stores below would reload them
	for m := fa; m != 0; m &= m - 1 {
		b := trailingZeros(uint64(m)) & (mem.MaxK - 1)
		s := f.slotF[b] & (mem.MaxK - 1)
		if f.cntF[b] > 0 {
			wp, over = f.write(wp, f.bank[b].tail, fh[s], over)
		}
		f.cntF[b] += fn[s]
	}
	f.FWrNO, f.WrNO, f.WrAskO = wp, wp, f.WrEnO
	if over {
		f.writeOver()
	}
}

// EvalG is stage G: the stage G appends and asks after stage F's writes.
// With none now and none from an earlier evaluation of this cycle, wr_*
// are stage F's (evalPop leaves wr_n_o at f_wr_n_o).
func (f *FreeList) EvalG() {
	if f.GaI|f.GaHoldI|f.ga != 0 || f.gAsk || f.WrNO != f.FWrNO {
		f.evalG()
	}
}

// evalG gives each lane holding a front whose bank is not empty after
// stage F (an ask) the next port from the last down; where stage F does
// not take it, the port shows the ask's link write, and the lanes that
// go (ga_i) write there.
//
//go:noinline
func (f *FreeList) evalG() {
	fw := f.FWrNO
	f.WrEnO &= 1<<uint(fw) - 1 // stage F's writes
	f.WrAskO, f.WrNO, f.ga, f.gN, f.gAsk = f.WrEnO, fw, 0, 0, false
	hold := f.GaHoldI & (1<<uint(f.k) - 1)
	f.ga = f.GaI & (1<<uint(f.k) - 1)
	if f.ga&^hold != 0 {
		f.fail(fmt.Errorf("tm_free_list: cycle %d: stage G appends in slots %#b whose lanes hold no front", f.now, f.ga&^hold))
	}
	gp := f.wp - 1
	for m := hold; m != 0; m &= m - 1 {
		b := trailingZeros(uint64(m)) & (mem.MaxK - 1)
		g := f.ga>>uint(b)&1 != 0
		if g {
			f.checkG(b)
		}
		if f.cntF[b] == 0 { // into an empty bank: no write, no ask
			continue
		}
		p := gp
		gp--
		tl := f.bank[b].tail
		if f.fa>>uint(b)&1 != 0 {
			tl = f.FaTailI[f.slotF[b]]
		}
		if p >= fw {
			f.WrAskO |= 1 << (uint(p) & 63)
			f.wrAddr[p&(mem.MaxPorts-1)], f.wrData[p&(mem.MaxPorts-1)] = tl, f.GaHeadI[b]
			f.gAsk = true
		}
		if !g {
			continue
		}
		if p < fw {
			f.fail(fmt.Errorf("tm_free_list: cycle %d: stage G slot %d writes on port %d, which stage F takes", f.now, b, p))
			continue
		}
		f.WrEnO |= 1 << (uint(p) & 63)
		f.gAddr[f.gN&(mem.MaxK-1)], f.gData[f.gN&(mem.MaxK-1)] = tl, f.GaHeadI[b]
		f.gN++
	}
	f.WrNO = fw + f.gN
}

// GWrites are stage G's link writes this cycle in lane order (their ports
// are WrEnO's bits from the last port down), for u_cp_mem after stage F's.
func (f *FreeList) GWrites() (addr, data []int32) { return f.gAddr[:f.gN], f.gData[:f.gN] }

// checkG is tm_free_list's contract on stage G (issue 29, flg): slot s
// is a chain of bank s (the executor's lane s) of at least one cell. The
// Verilog reads the slot as its bank's, with no pick by the head's bank,
// and asserts both.
func (f *FreeList) checkG(s int) {
	h, t, n := f.GaHeadI[s], f.GaTailI[s], f.GaNI[s]
	if f.bankOf(h) != s || f.bankOf(t) != s {
		f.fail(fmt.Errorf("tm_free_list: cycle %d: stage G slot %d appends head %d, tail %d: not bank %d", f.now, s, h, t, s))
	}
	if n < 1 {
		f.fail(fmt.Errorf("tm_free_list: cycle %d: stage G slot %d appends a chain of %d cells", f.now, s, n))
	}
}

// slots maps the banks appended to their slot (to[b]) and returns them:
// an append's cells are of its head's bank.
func (f *FreeList) slots(v uint8, head []int32, to *[mem.MaxK]int8) uint8 {
	var m uint8
	for ; v != 0; v &= v - 1 {
		s := trailingZeros(uint64(v))
		b := f.bankOf(head[s]) & (mem.MaxK - 1)
		to[b] = int8(s)
		m |= 1 << uint(b)
	}
	return m
}

// write puts a link write of data at addr on write port wp, or reports
// it over the ports (the caller records that once, writeOver).
func (f *FreeList) write(wp int, addr, data int32, over bool) (int, bool) {
	if wp >= f.wp {
		return wp, true
	}
	f.WrEnO |= 1 << (uint(wp) & 63) // wp < f.wp <= 64
	f.wrAddr[wp&(mem.MaxPorts-1)], f.wrData[wp&(mem.MaxPorts-1)] = addr, data
	return wp + 1, over
}

func (f *FreeList) writeOver() {
	f.fail(fmt.Errorf("tm_free_list: cycle %d: more than %d cp_mem writes", f.now, f.wp))
}

// Commit is the rising edge: per bank, the head read back now is kept,
// then the pop (the next head is the data of its link read,
// CP.ReadLatency cycles on), then stage F's append, then stage G's (an
// append into an empty bank is its new head).
func (f *FreeList) Commit() {
	if f.touch|f.ga|f.due != 0 {
		f.commit()
	}
	f.now++
}

//go:noinline
func (f *FreeList) commit() {
	pop, fa, ga, due := f.PopI, f.fa, f.ga, f.due
	if bad := pop &^ f.PopOkO; bad != 0 {
		f.popBad(bad)
	}
	// A bank whose head came back and that nothing else touched keeps it
	// as its head register (it holds a cell: it was popped with more than
	// one).
	touch := f.touch | ga
	keep := due &^ touch
	for m := keep; m != 0; m &= m - 1 {
		b := trailingZeros(uint64(m)) & (mem.MaxK - 1)
		r := &f.bank[b]
		r.head, r.pend = f.head[b], false
	}
	// The touched banks' bits are set again below.
	waiting := f.pend &^ due // link reads still in flight
	pend, popOk := waiting&^touch, (f.PopOkO|keep)&^touch
	// A bank only popped, holding a cell, takes a short path: with more
	// than one its next head is the link read's data (head_o, the head
	// register, stays until then), with one it is empty. The others take
	// the general path below.
	if only := pop &^ (f.fa | ga); only != 0 && !f.full {
		for m := only; m != 0; m &= m - 1 {
			b := trailingZeros(uint64(m)) & (mem.MaxK - 1)
			r := &f.bank[b]
			switch cnt := r.cnt; {
			case cnt > 1:
				r.head, r.cnt, r.pend, r.port, r.ready = f.head[b], cnt-1, true, int32(f.popPort[b]), f.now+f.lat
				f.cnt[b], f.cntF[b] = cnt-1, cnt-1
				pend |= 1 << uint(b)
			case cnt == 1:
				r.head, r.tail, r.cnt, r.pend = mem.Nil, mem.Nil, 0, false
				f.head[b], f.cnt[b], f.cntF[b] = mem.Nil, 0, 0
			default: // a pop of an empty bank (an error, popBad): the general path
				continue
			}
			touch &^= 1 << uint(b)
		}
	}
	// A bank only appended in stage F (a chain of cells) takes another: the
	// chain becomes its tail, and its head when it was empty.
	if only := f.fa &^ (pop | ga); only != 0 && !f.full {
		for m := only; m != 0; m &= m - 1 {
			b := trailingZeros(uint64(m)) & (mem.MaxK - 1)
			r := &f.bank[b]
			s := f.slotF[b] & (mem.MaxK - 1)
			cnt, n := r.cnt, f.FaNI[s]
			if cnt < 0 || n <= 0 { // not a chain into a list: the general path
				continue
			}
			bit := uint8(1) << uint(b)
			head, p := f.head[b], waiting&bit != 0
			if cnt == 0 {
				head, p = f.FaHeadI[s], false
			}
			cnt += n
			r.head, r.tail, r.cnt, r.pend = head, f.FaTailI[s], cnt, p
			f.head[b], f.cnt[b], f.cntF[b] = head, cnt, cnt
			if p {
				pend |= bit
			} else {
				popOk |= bit
			}
			touch &^= bit
		}
	}
	for m := touch; m != 0; m &= m - 1 {
		b := trailingZeros(uint64(m)) & (mem.MaxK - 1)
		bit := uint8(1) << uint(b)
		r := &f.bank[b]
		// head_o is the head register, or the link read back now.
		head, tail, cnt := f.head[b], r.tail, r.cnt
		p := waiting&bit != 0
		if pop&bit != 0 {
			if cnt > 1 {
				p, r.port, r.ready = true, int32(f.popPort[b]), f.now+f.lat
			}
			cnt--
		}
		if fa&bit != 0 {
			s := f.slotF[b] & (mem.MaxK - 1)
			if cnt == 0 {
				head, p = f.FaHeadI[s], false
			}
			tail = f.FaTailI[s]
			cnt += f.FaNI[s]
		}
		if ga&bit != 0 {
			if cnt == 0 {
				head, p = f.GaHeadI[b], false
			}
			tail = f.GaTailI[b]
			cnt += f.GaNI[b]
		}
		if cnt == 0 {
			head, tail, p = mem.Nil, mem.Nil, false
		} else if p {
			pend |= bit
		} else if cnt > 0 {
			popOk |= bit
		}
		r.head, r.tail, r.cnt, r.pend = head, tail, cnt, p
		f.head[b], f.cnt[b], f.cntF[b] = head, cnt, cnt
	}
	f.pend, f.PopOkO = pend, popOk
	f.touch, f.fa, f.ga, f.due = 0, 0, 0, 0
}

func (f *FreeList) popBad(bad uint8) {
	b := trailingZeros(uint64(bad))
	f.fail(fmt.Errorf("tm_free_list: cycle %d: pop of free bank %d with %d cells, head not ready", f.now, b, f.cnt[b&(mem.MaxK-1)]))
}

// cells is the number of cells on the list (Go only: the banks' counts).
func (f *FreeList) cells() int {
	n := 0
	for b := 0; b < f.k; b++ {
		n += int(f.bank[b&(mem.MaxK-1)].cnt)
	}
	return n
}

// Err returns the first misuse seen (what the Verilog asserts).
func (f *FreeList) Err() error { return f.err }

func (f *FreeList) fail(err error) {
	if f.err == nil {
		f.err = err
		if f.errs != nil {
			*f.errs = true
		}
	}
}

func freeListPorts(v vw) SubBlock {
	return SubBlock{
		Module: "tm_free_list", Instance: "u_fl",
		Params: []Param{{"B", v.B}, {"K", v.K}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("rd_data_i", 2*v.K*v.CW), out("head_o", v.K*v.CW), out("cnt_o", v.K*v.BNW),
			in("pop_i", v.K), in("pop_port_i", v.RW), out("pop_rd_n_o", v.RW),
			out("rd_en_o", 2*v.K), out("rd_addr_o", 2*v.K*v.CW),
			in("fa_i", v.K), in("fa_head_i", v.K*v.CW), in("fa_tail_i", v.K*v.CW), in("fa_n_i", v.K*v.BNW),
			out("ne_f_o", v.K), out("f_wr_n_o", v.WW),
			in("ga_hold_i", v.K), in("ga_i", v.K), in("ga_head_i", v.K*v.CW), in("ga_tail_i", v.K*v.CW), in("ga_n_i", v.K*v.BNW),
			out("wr_en_o", v.K), out("wr_ask_o", v.K), out("wr_addr_o", v.K*v.CW), out("wr_data_o", v.K*v.CW), out("wr_n_o", v.WW)),
	}
}

// appendNow is the ideal Pushout's backdoor: a chain of n cells of bank b
// joins it at once, the old tail's link stored in cp without a port, and
// can be popped in this same cycle (it runs before EvalHead).
func (f *FreeList) appendNow(b int, head, tail int32, n int, cp *mem.Memory[int32]) {
	r := &f.bank[b&(mem.MaxK-1)]
	if r.cnt == 0 {
		r.head = head
	} else {
		cp.Init(int(r.tail), head)
	}
	r.tail = tail
	r.cnt += int32(n)
	f.show(b)
}

// walk calls visit for every cell of bank b, head first, following the
// links in cp without a port; pending is the bank's head while its link
// read is in flight (the read data to come). It reports a list that
// leaves the memory or does not end at the tail.
func (f *FreeList) walk(b int, cp *mem.Memory[int32], pending func(ready uint64, port int) int32, visit func(x int32)) error {
	r := &f.bank[b]
	x := r.head
	if r.pend {
		x = pending(r.ready, int(r.port))
	}
	for i := int32(0); i < r.cnt; i++ {
		if x < 0 || int(x) >= cp.Entries() {
			return fmt.Errorf("free bank %d: cell %d of %d is %d, outside the cell-pointer memory", b, i, r.cnt, x)
		}
		visit(x)
		if i == r.cnt-1 {
			if x != r.tail {
				return fmt.Errorf("free bank %d: list ends at cell %d, tail register is %d", b, x, r.tail)
			}
			break
		}
		x = cp.Peek(int(x))
	}
	return nil
}

// flPend is a read in flight whose data is a register's next value
// (State.FLPend, State.HD.Pend).
type flPend struct {
	Pend  bool
	Port  int
	Ready uint64
}

// state copies the registers in hw/mem's form (State.FL) and the pending
// reads (State.FLPend).
func (f *FreeList) state() (mem.FreeListState, []flPend) {
	s := mem.FreeListState{Total: f.cells()}
	p := make([]flPend, f.k)
	for b := 0; b < f.k; b++ {
		r := f.bank[b]
		s.Head, s.Tail, s.Count = append(s.Head, r.head), append(s.Tail, r.tail), append(s.Count, r.cnt)
		if r.pend {
			p[b] = flPend{true, int(r.port), r.ready}
		}
	}
	return s, p
}
