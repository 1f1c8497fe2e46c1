package tm

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/mem"
)

// flBench is tm_free_list's Go twin with an sram_mp as occamy_tm wires it:
// the memory's read data on rd_data_i, the list's reads and writes on the
// memory's ports.
type flBench struct {
	f    *FreeList
	cp   *mem.Memory[int32]
	rd   rdPipe[int32]
	hold uint8 // ga_hold_i beside the appends': lanes asking without going
}

func newFLBench(t *testing.T, b, k, lat int) *flBench {
	cp, err := mem.New[int32](mem.Params{Name: "cp_mem", Entries: b, ReadPorts: 2 * k, WritePorts: k, ReadLatency: lat})
	require.NoError(t, err)
	return &flBench{f: newFreeList(b, k, 2*k, k, lat, cp), cp: cp, rd: newRdPipe[int32](2*k, lat)}
}

// cycle runs one cycle: pops, stage F appends (bank → {head, tail, n}),
// stage G appends; it returns the outputs seen before the edge.
type flOut struct {
	head, cnt    []int32
	neF          uint8 // ne_f_o
	popRdN, fWrN int
	rdAddr       []int32 // the pops' read addresses, in port order from pop_port_i
	wr           [][2]int32
	ask          uint64 // wr_ask_o
}

func (x *flBench) cycle(t *testing.T, popPort int, pops []int, fa, ga map[int][3]int32) flOut {
	f := x.f
	f.PopI, f.FaI, f.GaI, f.GaHoldI = 0, 0, 0, 0
	f.RdDataI = x.rd.out
	f.EvalHead()
	var o flOut
	o.head, o.cnt = append([]int32(nil), f.HeadO...), append([]int32(nil), f.CntO...)
	for _, b := range pops {
		require.True(t, f.PopOkO>>uint(b)&1 != 0, "bank %d cannot pop", b)
		f.PopI |= 1 << uint(b)
	}
	s := 0
	for _, v := range fa {
		f.FaI |= 1 << uint(s)
		f.FaHeadI[s], f.FaTailI[s], f.FaNI[s] = v[0], v[1], v[2]
		s++
	}
	f.PopPortI = popPort
	f.EvalPop()
	f.EvalNe()
	o.neF, o.popRdN, o.fWrN = f.NeFO, f.PopRdNO, f.FWrNO
	for p := popPort; p < popPort+f.PopRdNO; p++ {
		require.True(t, f.RdEnO>>uint(p)&1 != 0)
		o.rdAddr = append(o.rdAddr, f.RdAddrO[p])
		x.rd.put(p, x.cp.Read(int(f.RdAddrO[p])))
	}
	for b, v := range ga {
		f.GaI |= 1 << uint(b)
		f.GaHeadI[b], f.GaTailI[b], f.GaNI[b] = v[0], v[1], v[2]
	}
	f.GaHoldI |= f.GaI | x.hold
	f.EvalG()
	n := 0
	for p := range f.WrAddrO { // port order: stage F's from 0, stage G's from the last down
		if f.WrEnO>>uint(p)&1 != 0 {
			require.NotZero(t, f.WrAskO>>uint(p)&1, "port %d written, not asked for (wr_ask_o)", p)
			o.wr = append(o.wr, [2]int32{f.WrAddrO[p], f.WrDataO[p]})
			x.cp.Write(int(f.WrAddrO[p]), f.WrDataO[p])
			n++
		}
	}
	require.Equal(t, n, f.WrNO, "wr_n_o counts wr_en_o's bits")
	o.ask = f.WrAskO
	f.Commit()
	x.cp.Commit()
	x.rd.commit()
	require.NoError(t, f.Err())
	require.NoError(t, x.cp.Err())
	return o
}

// TestFreeListPorts drives tm_free_list's Go twin (B=8, K=2: bank 0 holds
// 0,2,4,6 and bank 1 holds 1,3,5,7 from reset) through its ports, cycle
// by cycle, and checks the contract of its Verilog header: a pop reads
// its head's link on the ports from pop_port_i (none for a bank's last
// cell) and the next head is that read's data; a stage F append writes
// the old tail's link from write port 0 (none into an empty bank, whose
// head it becomes); a stage G append comes after, at the tail stage F
// left; which banks hold a cell after the pops and stage F on ne_f_o; a
// head read back and not popped is kept.
func TestFreeListPorts(t *testing.T) {
	x := newFLBench(t, 8, 2, 1)
	o := x.cycle(t, 3, []int{0}, nil, nil)
	assert.Equal(t, []int32{0, 1}, o.head, "reset heads")
	assert.Equal(t, []int32{4, 4}, o.cnt, "reset counts")
	assert.Equal(t, uint8(0b11), o.neF, "ne_f_o: counts 3, 4 after the pop")
	assert.Equal(t, []int32{0}, o.rdAddr, "the pop reads cell 0's link on port 3")
	assert.Equal(t, 1, o.popRdN)

	// Cycle 1: bank 0's head is cell 0's link, 2; both banks pop.
	o = x.cycle(t, 0, []int{0, 1}, nil, nil)
	assert.Equal(t, []int32{2, 1}, o.head)
	assert.Equal(t, []int32{2, 1}, o.rdAddr, "bank order, from port 0")
	// Cycle 2: nobody pops; the heads read back are kept in cycle 3.
	o = x.cycle(t, 0, nil, nil, nil)
	assert.Equal(t, []int32{4, 3}, o.head)
	o = x.cycle(t, 0, nil, nil, nil)
	assert.Equal(t, []int32{4, 3}, o.head, "latched")
	assert.Equal(t, []int32{2, 3}, o.cnt)

	// Cycle 4: bank 0 frees cell 0 (stage F: one write of tail 6's link)
	// and, in stage G, the chain 2 (one cell): tail is now 0.
	o = x.cycle(t, 0, nil, map[int][3]int32{0: {0, 0, 1}}, map[int][3]int32{0: {2, 2, 1}})
	assert.Equal(t, 1, o.fWrN)
	assert.Equal(t, uint8(0b11), o.neF, "ne_f_o: counts 3, 3 after stage F")
	assert.Equal(t, [][2]int32{{6, 0}, {0, 2}}, o.wr, "stage F's write, then stage G's at the tail F left")
	o = x.cycle(t, 0, nil, nil, nil)
	assert.Equal(t, []int32{4, 3}, o.cnt)

	// Drain bank 1 (3 cells): 5, then 7 (read), then its last cell with
	// no read; refill it in stage F of the same cycle: no write, the
	// chain is the list.
	o = x.cycle(t, 0, []int{1}, nil, nil)
	assert.Equal(t, []int32{3}, o.rdAddr)
	o = x.cycle(t, 0, []int{1}, nil, nil)
	assert.Equal(t, []int32{5}, o.rdAddr)
	o = x.cycle(t, 2, []int{1}, map[int][3]int32{0: {1, 1, 1}}, nil)
	assert.Equal(t, []int32{4, 7}, o.head)
	assert.Empty(t, o.rdAddr, "the bank's last cell: no read")
	assert.Empty(t, o.wr, "an append into an empty bank writes nothing")
	assert.Equal(t, uint8(0b11), o.neF, "ne_f_o: bank 1 emptied by its pop, refilled in stage F")
	o = x.cycle(t, 0, nil, nil, nil)
	assert.Equal(t, []int32{4, 1}, o.head)
	assert.Equal(t, []int32{4, 1}, o.cnt)
	// Bank 1 pops its one cell, nothing refills it: empty after stage F.
	o = x.cycle(t, 0, []int{1}, nil, nil)
	assert.Equal(t, uint8(0b01), o.neF, "ne_f_o: bank 1 empty after its last pop")
	o = x.cycle(t, 0, nil, nil, nil)
	assert.Equal(t, []int32{4, 0}, o.cnt)
	assert.Equal(t, uint8(0b01), o.neF, "ne_f_o: bank 1 stays empty")
}

// TestFreeListLatency: with a read latency of 3 (Go only), a popped
// bank's next head comes back 3 cycles later; it cannot pop meanwhile.
func TestFreeListLatency(t *testing.T) {
	x := newFLBench(t, 8, 2, 3)
	x.cycle(t, 0, []int{0}, nil, nil)
	for i := 0; i < 2; i++ {
		x.f.PopI = 0
		x.f.RdDataI = x.rd.out
		x.f.EvalHead()
		assert.Zero(t, x.f.PopOkO&1, "cycle %d: the head is not back", 1+i)
		assert.NotZero(t, x.f.PopOkO&2)
		x.cycle(t, 0, nil, nil, nil)
	}
	o := x.cycle(t, 0, []int{0}, nil, nil)
	assert.Equal(t, int32(2), o.head[0], "cell 0's link, three cycles on")
}

// TestFreeListShortMatchesGeneral steps two tm_free_list twins with the
// same random inputs, one whose commit takes the short paths for banks
// only popped or only appended in stage F and one that takes the general
// path for every bank (full),
// and requires the same outputs every evaluation and the same registers
// after every edge. Pops take banks that can pop; stage F and G append
// chains of 1 to 3 cells popped earlier from one bank (their links set in
// both memories), alone or in a bank popped the same cycle, rarely in half
// the cycles so that banks run dry; read latencies 1 and 3 (heads in
// flight).
func TestFreeListShortMatchesGeneral(t *testing.T) {
	for _, lat := range []int{1, 3} {
		const b, k = 64, 4
		short, full := newFLBench(t, b, k, lat), newFLBench(t, b, k, lat)
		full.f.full = true
		r := rand.New(rand.NewPCG(uint64(lat), 7))
		var held [k][]int32     // cells popped and not yet freed, per bank
		only, last := 0, 0      // banks only popped; of them, popping their last cell
		faOnly, faEmpty := 0, 0 // banks only appended in stage F; of them, empty ones
		for cy := 0; cy < 20000; cy++ {
			msg := fmt.Sprintf("latency %d, cycle %d", lat, cy)
			for _, x := range []*flBench{short, full} {
				x.f.RdDataI = x.rd.out
				x.f.EvalHead()
			}
			f, g := short.f, full.f
			require.Equal(t, g.HeadO, f.HeadO, "%s: head_o", msg)
			require.Equal(t, g.CntO, f.CntO, "%s: cnt_o", msg)
			require.Equal(t, g.PopOkO, f.PopOkO, "%s: PopOkO", msg)
			var pop uint8
			for bk := 0; bk < k; bk++ {
				if f.PopOkO>>uint(bk)&1 != 0 && r.IntN(3) == 0 {
					pop |= 1 << uint(bk)
				}
			}
			// appends: a chain of up to 3 held cells of one bank, per slot
			odds := 2 // appends rare for 300 cycles in 600: banks run dry
			if cy%600 < 300 {
				odds = 24
			}
			// (the slots, their banks, the chains; at most max slots;
			// stage G's slot is its bank, stage F's packed from 0)
			chain := func(max int, byBank bool) (uint8, uint8, [k][3]int32) {
				var v, banks uint8
				var c [k][3]int32
				s := 0
				for bk := 0; bk < k && s < max; bk++ {
					h := held[bk]
					if len(h) == 0 || r.IntN(odds) != 0 {
						continue
					}
					n := 1 + r.IntN(min(3, len(h)))
					for i := 0; i+1 < n; i++ {
						short.cp.Init(int(h[i]), h[i+1])
						full.cp.Init(int(h[i]), h[i+1])
					}
					sl := s
					if byBank {
						sl = bk
					}
					c[sl] = [3]int32{h[0], h[n-1], int32(n)}
					v, banks = v|1<<uint(sl), banks|1<<uint(bk)
					held[bk] = h[n:]
					s++
				}
				return v, banks, c
			}
			fa, faBanks, fc := chain(k, false)
			ga, gaBanks, gc := chain(k-bits.OnesCount8(fa), true) // the writes fit u_cp_mem's k ports
			for m := faBanks &^ (pop | gaBanks); m != 0; m &= m - 1 {
				faOnly++
				if f.CntO[bits.TrailingZeros8(m)] == 0 {
					faEmpty++
				}
			}
			for m := pop &^ (faBanks | gaBanks); m != 0; m &= m - 1 {
				only++
				if f.CntO[bits.TrailingZeros8(m)] == 1 {
					last++
				}
			}
			for _, x := range []*flBench{short, full} {
				x.f.PopI, x.f.FaI, x.f.PopPortI = pop, fa, 1
				for s := 0; s < k; s++ {
					x.f.FaHeadI[s], x.f.FaTailI[s], x.f.FaNI[s] = fc[s][0], fc[s][1], fc[s][2]
					x.f.GaHeadI[s], x.f.GaTailI[s], x.f.GaNI[s] = gc[s][0], gc[s][1], gc[s][2]
				}
				x.f.EvalPop()
				x.f.EvalNe()
			}
			require.Equal(t, g.NeFO, f.NeFO, "%s: ne_f_o", msg)
			require.Equal(t, g.RdEnO, f.RdEnO, "%s: rd_en_o", msg)
			require.Equal(t, g.PopRdNO, f.PopRdNO, "%s: pop_rd_n_o", msg)
			require.Equal(t, g.RdAddrO, f.RdAddrO, "%s: rd_addr_o", msg)
			require.Equal(t, g.FWrNO, f.FWrNO, "%s: f_wr_n_o", msg)
			for bk := 0; bk < k; bk++ {
				if pop>>uint(bk)&1 != 0 {
					held[bk] = append(held[bk], f.HeadO[bk])
				}
			}
			for _, x := range []*flBench{short, full} {
				for p := x.f.PopPortI; p < x.f.PopPortI+x.f.PopRdNO; p++ {
					x.rd.put(p, x.cp.Read(int(x.f.RdAddrO[p])))
				}
				x.f.GaI, x.f.GaHoldI = ga, ga
				x.f.EvalG()
				for p := range x.f.WrAddrO {
					if x.f.WrEnO>>uint(p)&1 != 0 {
						x.cp.Write(int(x.f.WrAddrO[p]), x.f.WrDataO[p])
					}
				}
			}
			require.Equal(t, g.WrEnO, f.WrEnO, "%s: wr_en_o", msg)
			require.Equal(t, g.WrNO, f.WrNO, "%s: wr_n_o", msg)
			require.Equal(t, g.WrAddrO, f.WrAddrO, "%s: wr_addr_o", msg)
			require.Equal(t, g.WrDataO, f.WrDataO, "%s: wr_data_o", msg)
			for _, x := range []*flBench{short, full} {
				x.f.Commit()
				x.cp.Commit()
				x.rd.commit()
				require.NoError(t, x.f.Err(), msg)
				require.NoError(t, x.cp.Err(), msg)
			}
			require.Equal(t, g.bank, f.bank, "%s: registers after the edge", msg)
			require.Equal(t, g.pend, f.pend, "%s: pend_q after the edge", msg)
			require.Equal(t, g.PopOkO, f.PopOkO, "%s: PopOkO after the edge", msg)
		}
		assert.Greater(t, only, 1000, "latency %d: the short path was exercised", lat)
		assert.Greater(t, last, 100, "latency %d: and emptied banks", lat)
		assert.Greater(t, faOnly, 1000, "latency %d: the stage F short path was exercised", lat)
		assert.Greater(t, faEmpty, 100, "latency %d: and refilled empty banks", lat)
	}
}

// TestFreeListStageGAsks (issue 29, cpdown): a lane holding a front asks
// for a write when its bank is not empty after stage F, whether it goes
// or not; the asks take the write ports from the last down in bank
// order, and a port stage F does not take shows its ask's words
// (wr_ask_o); only the lanes that go write (wr_en_o).
func TestFreeListStageGAsks(t *testing.T) {
	x := newFLBench(t, 8, 2, 1)
	x.cycle(t, 0, []int{0, 1}, nil, nil) // pops cells 0 and 1
	x.cycle(t, 0, []int{0, 1}, nil, nil) // and 2, 3: free to append
	// Lane 0 goes with cell 0; lane 1 holds cell 1 and does not go.
	x.hold = 0b10
	x.f.GaHeadI[1], x.f.GaTailI[1], x.f.GaNI[1] = 1, 1, 1
	o := x.cycle(t, 0, nil, nil, map[int][3]int32{0: {0, 0, 1}})
	assert.Equal(t, [][2]int32{{6, 0}}, o.wr, "lane 0's write: bank 0's tail 6 links cell 0, on the last port")
	assert.Equal(t, uint64(0b11), o.ask, "both lanes asked: lane 0 port 1, lane 1 port 0")
	assert.Equal(t, []int32{7, 1}, []int32{x.f.WrAddrO[0], x.f.WrDataO[0]}, "lane 1's ask shows its words on port 0")
	assert.Equal(t, uint64(0b10), x.f.WrEnO)
	// Stage F takes port 0: lane 1's ask (port 0) is not shown; lane 0's
	// write stays on port 1.
	o = x.cycle(t, 0, nil, map[int][3]int32{0: {2, 2, 1}}, map[int][3]int32{0: {4, 4, 1}})
	assert.Equal(t, [][2]int32{{0, 2}, {2, 4}}, o.wr, "stage F on port 0, then lane 0 at the tail F left, on port 1")
	assert.Equal(t, uint64(0b11), o.ask)
}

// TestFreeListStageGContract: stage G's slot b is a chain of bank b of at
// least one cell (issue 29, flg: tm_free_list reads the slot as its bank's,
// with no pick, and asserts it); the Go twin fails the run, naming the
// cycle, the slot and what it got, when a driver breaks that.
func TestFreeListStageGContract(t *testing.T) {
	for _, tc := range []struct {
		name string
		slot int
		g    [3]int32 // head, tail, n
		want string   // "" when the append is within the contract
	}{
		{"bank 0 in slot 0", 0, [3]int32{2, 2, 1}, ""},
		{"bank 1 in slot 1", 1, [3]int32{3, 3, 1}, ""},
		{"bank 0 in slot 1", 1, [3]int32{2, 2, 1}, "cycle 2: stage G slot 1 appends head 2, tail 2: not bank 1"},
		{"tail in another bank", 0, [3]int32{2, 3, 2}, "cycle 2: stage G slot 0 appends head 2, tail 3: not bank 0"},
		{"no cell", 0, [3]int32{2, 2, 0}, "cycle 2: stage G slot 0 appends a chain of 0 cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newFLBench(t, 8, 2, 1)
			x.cycle(t, 0, []int{0, 1}, nil, nil) // pops cells 0 and 1
			x.cycle(t, 0, []int{0, 1}, nil, nil) // and 2, 3: free to append
			f := x.f
			f.PopI, f.FaI = 0, 0
			f.RdDataI = x.rd.out
			f.EvalHead()
			f.EvalPop()
			f.EvalNe()
			f.GaI = 1 << uint(tc.slot)
			f.GaHoldI = f.GaI
			f.GaHeadI[tc.slot], f.GaTailI[tc.slot], f.GaNI[tc.slot] = tc.g[0], tc.g[1], tc.g[2]
			f.EvalG()
			if tc.want == "" {
				require.NoError(t, f.Err())
				return
			}
			require.Error(t, f.Err())
			assert.Contains(t, f.Err().Error(), tc.want)
		})
	}
}
