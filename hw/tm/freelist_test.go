package tm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/mem"
)

// flBench is tm_free_list's Go twin with an sram_mp as occamy_tm wires it:
// the memory's read data on rd_data_i, the list's reads and writes on the
// memory's ports.
type flBench struct {
	f  *FreeList
	cp *mem.Memory[int32]
	rd rdPipe[int32]
}

func newFLBench(t *testing.T, b, k, lat int) *flBench {
	cp, err := mem.New[int32](mem.Params{Name: "cp_mem", Entries: b, ReadPorts: 2 * k, WritePorts: k, ReadLatency: lat})
	require.NoError(t, err)
	return &flBench{f: newFreeList(b, k, 2*k, k, lat, cp), cp: cp, rd: newRdPipe[int32](2*k, lat)}
}

// cycle runs one cycle: pops, stage F appends (bank → {head, tail, n}),
// stage G appends; it returns the outputs seen before the edge.
type flOut struct {
	head, cnt, cntF []int32
	popRdN, fWrN    int
	rdAddr          []int32 // the pops' read addresses, in port order from pop_port_i
	wr              [][2]int32
}

func (x *flBench) cycle(t *testing.T, popPort int, pops []int, fa, ga map[int][3]int32) flOut {
	f := x.f
	f.PopI, f.FaI, f.GaI = 0, 0, 0
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
	o.cntF, o.popRdN, o.fWrN = append([]int32(nil), f.CntFO...), f.PopRdNO, f.FWrNO
	for p := popPort; p < popPort+f.PopRdNO; p++ {
		require.True(t, f.RdEnO>>uint(p)&1 != 0)
		o.rdAddr = append(o.rdAddr, f.RdAddrO[p])
		x.rd.put(p, x.cp.Read(int(f.RdAddrO[p])))
	}
	for b, v := range ga {
		f.GaI |= 1 << uint(b)
		f.GaHeadI[b], f.GaTailI[b], f.GaNI[b] = v[0], v[1], v[2]
	}
	f.EvalG()
	for p := 0; p < f.WrNO; p++ {
		require.True(t, f.WrEnO>>uint(p)&1 != 0)
		o.wr = append(o.wr, [2]int32{f.WrAddrO[p], f.WrDataO[p]})
		x.cp.Write(int(f.WrAddrO[p]), f.WrDataO[p])
	}
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
// left; counts after the pops and stage F on cnt_f_o; a head read back
// and not popped is kept.
func TestFreeListPorts(t *testing.T) {
	x := newFLBench(t, 8, 2, 1)
	o := x.cycle(t, 3, []int{0}, nil, nil)
	assert.Equal(t, []int32{0, 1}, o.head, "reset heads")
	assert.Equal(t, []int32{4, 4}, o.cnt, "reset counts")
	assert.Equal(t, []int32{3, 4}, o.cntF)
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
	assert.Equal(t, []int32{3, 3}, o.cntF)
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
	assert.Equal(t, []int32{4, 1}, o.cntF)
	o = x.cycle(t, 0, nil, nil, nil)
	assert.Equal(t, []int32{4, 1}, o.head)
	assert.Equal(t, []int32{4, 1}, o.cnt)
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
