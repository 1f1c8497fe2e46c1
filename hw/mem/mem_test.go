package mem

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

func okParams() Params {
	return Params{Name: "t_mem", Entries: 16, ReadPorts: 2, WritePorts: 1, ReadLatency: 1}
}

func TestParamsValidate(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(*Params)
		param string
	}{
		{"entries zero", func(p *Params) { p.Entries = 0 }, "Entries"},
		{"entries huge", func(p *Params) { p.Entries = MaxEntries + 1 }, "Entries"},
		{"no read port", func(p *Params) { p.ReadPorts = 0 }, "ReadPorts"},
		{"too many reads", func(p *Params) { p.ReadPorts = MaxPorts + 1 }, "ReadPorts"},
		{"no write port", func(p *Params) { p.WritePorts = 0 }, "WritePorts"},
		{"latency zero", func(p *Params) { p.ReadLatency = 0 }, "ReadLatency"},
		{"latency huge", func(p *Params) { p.ReadLatency = MaxLatency + 1 }, "ReadLatency"},
	}
	require.NoError(t, okParams().Validate())
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := okParams()
			tc.edit(&p)
			_, err := New[int32](p)
			var pe *rtl.ParamError
			require.ErrorAs(t, err, &pe, "params %+v", p)
			assert.Equal(t, tc.param, pe.Param, "error %v", err)
			assert.Equal(t, "t_mem", pe.Block)
		})
	}
}

// TestPortBudget drives a 2-read/1-write memory with a cycle-by-cycle table
// of requests and checks which are served and which are recorded as
// modelling errors.
func TestPortBudget(t *testing.T) {
	vec := []struct {
		cycle         int
		reads, writes int
		wantErr       bool
		wantOp        string
		wantRequested int
		wantBudget    int
	}{
		// cycle reads writes err op requested budget
		{0, 2, 1, false, "", 0, 0},
		{1, 0, 0, false, "", 0, 0},
		{2, 3, 0, true, "read", 3, 2},
		{3, 1, 2, true, "write", 2, 1},
		{4, 2, 1, false, "", 0, 0},
	}
	m, err := New[int32](okParams())
	require.NoError(t, err)
	for _, r := range vec {
		m.Clear()
		for i := 0; i < r.writes; i++ {
			m.Write(i, int32(100*r.cycle+i))
		}
		for i := 0; i < r.reads; i++ {
			v := m.Read(i)
			if i >= m.P.ReadPorts {
				assert.Zero(t, v, "cycle %d: refused read %d must return zero, got %d", r.cycle, i, v)
			}
		}
		err := m.Err()
		if !r.wantErr {
			assert.NoError(t, err, "cycle %d", r.cycle)
			m.Commit()
			continue
		}
		var pe *PortError
		require.ErrorAs(t, err, &pe, "cycle %d: want a port error", r.cycle)
		assert.Equal(t, PortError{Mem: "t_mem", Cycle: uint64(r.cycle), Op: r.wantOp, Requested: r.wantRequested, Budget: r.wantBudget}, *pe,
			"cycle %d: port error", r.cycle)
		assert.Contains(t, err.Error(), "t_mem")
		m.Commit()
	}
	// The refused write of cycle 3 (to address 1) never landed.
	assert.Equal(t, int32(400+0), m.Peek(0), "address 0 after cycle 4")
	assert.Equal(t, int32(0), m.Peek(1), "address 1: the refused write of cycle 3 must not land")
}

func TestReadBeforeWriteAndLatency(t *testing.T) {
	p := okParams()
	p.ReadLatency = 3
	m, err := New[int32](p)
	require.NoError(t, err)
	m.Init(5, 7)
	m.Write(5, 9)
	assert.Equal(t, int32(7), m.Read(5), "cycle 0: a read in the cycle of a write returns the old word")
	assert.Equal(t, uint64(3), m.ReadyAt(0), "cycle 0: data of a read usable at issue+latency")
	m.Commit()
	assert.Equal(t, int32(9), m.Read(5), "cycle 1: the write landed at the edge")
	r, w := m.Use()
	assert.Equal(t, [2]int{1, 0}, [2]int{r, w}, "cycle 1: port use")
	assert.Equal(t, 1, m.ReadsLeft())
	assert.Equal(t, 1, m.WritesLeft())
}

func TestMergeAndAddr(t *testing.T) {
	m, err := New[PD](Params{Name: "pd_mem", Entries: 4, ReadPorts: 1, WritePorts: 2, ReadLatency: 1})
	require.NoError(t, err)
	m.Init(2, PD{Cells: 5, Serial: 11, Next: Nil})
	m.WriteMerge(2, PD{Next: 3, NextLen: 4, Cells: 99}, mergeLink)
	m.Commit()
	assert.Equal(t, PD{Cells: 5, Serial: 11, Next: 3, NextLen: 4}, m.Peek(2), "a link write changes only Next and NextLen")
	m.Read(4)
	var ae *AddrError
	require.ErrorAs(t, m.Err(), &ae)
	assert.Equal(t, 4, ae.Addr)
	assert.Equal(t, 1, m.Errors())
	m.Clear()
	m.Write(-1, PD{})
	require.ErrorAs(t, m.Err(), &ae)
	assert.True(t, errors.As(m.Err(), &ae))
}

// TestRefusalsRecordedInOrder: a cycle's refusals are recorded whenever
// they are looked at (Err, Errors, or after Commit): the first refusal
// ever is the error, each refusal counts once, and one recorded before
// another cycle's keeps its cycle.
func TestRefusalsRecordedInOrder(t *testing.T) {
	m, err := New[int32](Params{Name: "t_mem", Entries: 4, ReadPorts: 1, WritePorts: 1, ReadLatency: 1})
	require.NoError(t, err)
	m.Read(9) // cycle 0: out of range, then over budget twice
	m.Read(0)
	m.Read(1)
	m.Commit()
	m.Write(0, 1) // cycle 1: served, then over budget
	m.Write(1, 2)
	assert.Equal(t, 4, m.Errors(), "refusals so far")
	var ae *AddrError
	require.ErrorAs(t, m.Err(), &ae, "the first refusal is the error")
	assert.Equal(t, AddrError{Mem: "t_mem", Cycle: 0, Op: "read", Addr: 9, Entries: 4}, *ae)
	m.Clear()
	m.Write(2, 3) // cycle 1 still: over budget
	m.Commit()
	var pe *PortError
	require.ErrorAs(t, m.Err(), &pe, "recorded at the edge")
	assert.Equal(t, PortError{Mem: "t_mem", Cycle: 1, Op: "write", Requested: 3, Budget: 1}, *pe)
	assert.Equal(t, 1, m.Errors())
	assert.Equal(t, int32(1), m.Peek(0), "the served write landed")
	assert.Equal(t, int32(0), m.Peek(1), "the refused ones did not")
}

// TestFailedIsErrNotNil: Failed says whether Err would return an error,
// at every point of a sequence of refusals, edges and a Clear, and asking
// it records nothing (the error keeps the refusal's cycle).
func TestFailedIsErrNotNil(t *testing.T) {
	m, err := New[int32](Params{Name: "t_mem", Entries: 4, ReadPorts: 1, WritePorts: 1, ReadLatency: 1})
	require.NoError(t, err)
	steps := []struct {
		name string
		do   func()
		want bool
	}{
		{"new", func() {}, false},
		{"a served read", func() { m.Read(0) }, false},
		{"an edge", m.Commit, false},
		{"a refused write, pending", func() { m.Write(7, 1) }, true},
		{"an edge, then asked", func() { m.Commit(); m.Commit() }, true},
		{"cleared", m.Clear, false},
		{"over budget", func() { m.Read(0); m.Read(1) }, true},
	}
	for _, s := range steps {
		s.do()
		assert.Equal(t, s.want, m.Failed(), "%s: Failed", s.name)
		assert.Equal(t, s.want, m.Err() != nil, "%s: Err", s.name)
	}
	var ae *AddrError
	m.Clear()
	m.Write(9, 1)
	m.Commit()
	m.Commit()
	require.True(t, m.Failed())
	require.ErrorAs(t, m.Err(), &ae)
	assert.Equal(t, uint64(3), ae.Cycle, "recorded at its cycle's edge, not when asked")
}

// TestWriteLastIsWrite steps two memories with the same random cycles:
// reads, posted writes, then a last batch of writes, through Write on
// one and WriteLast on the other. After every edge their words, errors,
// error counts and served writes must be equal, the batches sometimes
// over the budget or out of range, sometimes after a posted write (which
// WriteLast must not overtake: it writes the same address).
func TestWriteLastIsWrite(t *testing.T) {
	p := Params{Name: "t_mem", Entries: 16, ReadPorts: 2, WritePorts: 3, ReadLatency: 1}
	post, last := must(New[int32](p)), must(New[int32](p))
	r := rand.New(rand.NewPCG(7, 11))
	direct := 0
	for cy := 0; cy < 5000; cy++ {
		for i := r.IntN(3); i > 0; i-- {
			a := r.IntN(p.Entries)
			require.Equal(t, post.Read(a), last.Read(a), "cycle %d: read of %d", cy, a)
		}
		var addr []int32
		if r.IntN(4) == 0 { // a posted write first, then the batch writes its address
			a, v := r.IntN(p.Entries), int32(r.Uint32())
			post.Write(a, v)
			last.Write(a, v)
			addr = append(addr, int32(a))
		}
		for i := r.IntN(6); i > 0; i-- { // up to 5: over the budget of 3
			addr = append(addr, int32(r.IntN(p.Entries+1))) // Entries: out of range
		}
		v := make([]int32, len(addr))
		for i := range v {
			v[i] = int32(r.Uint32())
			post.Write(int(addr[i]), v[i])
		}
		if last.npost == 0 && len(addr) > 0 && addr[0] < int32(p.Entries) {
			direct++
		}
		last.WriteLast(addr, v)
		sameAfterEdge(t, cy, post, last)
	}
	assert.Greater(t, direct, 1000, "writes landed at once")
}

// mergeHi is a partial write of a pair: its second word only.
func mergeHi(dst *[2]int32, v [2]int32) { dst[1] = v[1] }

// TestWriteMergeLastIsWriteMerge steps two memories of pairs with the same
// random cycles: reads, sometimes a posted write, then a last run of
// whole and partial writes (the shape of a PD link: the body, then the
// tail's next), through WriteMerge on one and WriteMergeLast on the other.
// After every edge their words, errors, error counts and served writes
// must be equal; the runs go over the budget, out of range, repeat an
// address (the merge must see the earlier write of the run) and follow a
// posted write of the same address (which they must not overtake).
func TestWriteMergeLastIsWriteMerge(t *testing.T) {
	p := Params{Name: "t_mem", Entries: 8, ReadPorts: 2, WritePorts: 2, ReadLatency: 1}
	post, last := must(New[[2]int32](p)), must(New[[2]int32](p))
	r := rand.New(rand.NewPCG(5, 13))
	direct := 0
	for cy := 0; cy < 5000; cy++ {
		for i := r.IntN(3); i > 0; i-- {
			a := r.IntN(p.Entries)
			require.Equal(t, post.Read(a), last.Read(a), "cycle %d: read of %d", cy, a)
		}
		prev := -1
		if r.IntN(4) == 0 {
			prev = r.IntN(p.Entries)
			v := [2]int32{int32(r.Uint32()), int32(r.Uint32())}
			post.Write(prev, v)
			last.Write(prev, v)
		}
		for i := r.IntN(4); i > 0; i-- { // up to 3: over the budget of 2
			a := r.IntN(p.Entries + 1) // Entries: out of range
			if prev >= 0 && r.IntN(2) == 0 {
				a = prev
			}
			prev = a
			v := [2]int32{int32(r.Uint32()), int32(r.Uint32())}
			var mg Merge[[2]int32]
			if r.IntN(2) == 0 {
				mg = mergeHi
			}
			if last.npost == 0 && last.writes < p.WritePorts && a < p.Entries {
				direct++
			}
			post.WriteMerge(a, v, mg)
			last.WriteMergeLast(a, &v, mg)
		}
		sameAfterEdge(t, cy, post, last)
	}
	assert.Greater(t, direct, 1000, "writes landed at once")
}

// sameAfterEdge checks that a memory written through posted writes (post)
// and one written through the *Last forms (last) used the same ports in
// cycle cy, then clocks both and checks their words, first error, error
// count and served writes; every 500 cycles it clears both.
func sameAfterEdge[T any](t *testing.T, cy int, post, last *Memory[T]) {
	t.Helper()
	require.Equal(t, post.portUse, last.portUse, "cycle %d: ports used", cy)
	post.Commit()
	last.Commit()
	require.Equal(t, post.Words(), last.Words(), "cycle %d: words", cy)
	require.Equal(t, post.Err(), last.Err(), "cycle %d: first error", cy)
	require.Equal(t, post.Errors(), last.Errors(), "cycle %d: errors", cy)
	require.Equal(t, post.TotalWrites, last.TotalWrites, "cycle %d: served writes", cy)
	if cy%500 == 499 {
		post.Clear()
		last.Clear()
	}
}

func must[T any](m *Memory[T], err error) *Memory[T] {
	if err != nil {
		panic(err)
	}
	return m
}

// TestReadToIsRead steps two memories of pairs with the same random
// cycles: a few writes, then reads through Read on one and ReadTo on the
// other (into a word holding garbage), some over the read budget, some
// out of range. Every word read must be equal (the zero word when
// refused), and after every edge so must the words, the errors, the error
// counts and the served reads.
func TestReadToIsRead(t *testing.T) {
	p := Params{Name: "t_mem", Entries: 8, ReadPorts: 2, WritePorts: 2, ReadLatency: 1}
	rd, to := must(New[[2]int32](p)), must(New[[2]int32](p))
	r := rand.New(rand.NewPCG(3, 17))
	refused := 0
	for cy := range 5000 {
		for range r.IntN(3) {
			a, v := r.IntN(p.Entries), [2]int32{int32(r.Uint32()), int32(r.Uint32())}
			rd.Write(a, v)
			to.Write(a, v)
		}
		for range r.IntN(4) { // up to 3: over the budget of 2
			a := r.IntN(p.Entries + 1) // Entries: out of range
			got := [2]int32{-1, -1}
			to.ReadTo(a, &got)
			want := rd.Read(a)
			require.Equal(t, want, got, "cycle %d: read of %d", cy, a)
			if to.reads > p.ReadPorts || a == p.Entries {
				refused++
			}
		}
		require.Equal(t, rd.TotalReads, to.TotalReads, "cycle %d: served reads", cy)
		sameAfterEdge(t, cy, rd, to)
	}
	assert.Greater(t, refused, 500, "reads refused")
}
