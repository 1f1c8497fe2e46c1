//go:build verilator

package verilator

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim"
	"occamy/rtl/pack"
	"occamy/rtl/port"
)

var counterSpec = Spec{Sources: []string{"testdata/counter.sv"}, Top: "counter"}

// TestCounterVectors drives the counter cycle by cycle from a vector table
// whose first row names the ports; outputs are the values before each
// cycle's rising edge.
func TestCounterVectors(t *testing.T) {
	m := open(t, counterSpec)
	vec := [][]string{
		{"cycle", "rst_ni", "en_i", "load_i", "load_val_i", "cnt_o", "wrap_o", "next_o"},
		{"0", "0", "0", "0", "00", "00", "0", "00"},
		{"1", "1", "1", "0", "00", "00", "0", "01"},
		{"2", "1", "1", "0", "00", "01", "0", "02"},
		{"3", "1", "1", "1", "fe", "02", "0", "fe"},
		{"4", "1", "1", "0", "00", "fe", "0", "ff"},
		{"5", "1", "1", "0", "00", "ff", "1", "00"},
		{"6", "1", "0", "0", "00", "00", "0", "00"},
		{"7", "0", "1", "0", "00", "00", "0", "01"},
		{"8", "1", "0", "1", "55", "00", "0", "55"},
		{"9", "1", "0", "0", "00", "55", "0", "55"},
	}
	runVectors(t, m, vec)
}

// runVectors applies a vector table: columns ending in _i or _ni are
// inputs, _o outputs, values in hex.
func runVectors(t *testing.T, m cosim.Model, vec [][]string) {
	t.Helper()
	f := newFrame(m.Layout())
	head := vec[0]
	for _, row := range vec[1:] {
		for j, name := range head[1:] {
			if !strings.HasSuffix(name, "_o") {
				f.set(t, name, hexVal(t, row[j+1]))
			}
		}
		require.NoError(t, m.Cycle(f.in, f.out), "cycle %s", row[0])
		for j, name := range head[1:] {
			if strings.HasSuffix(name, "_o") {
				want := hexVal(t, row[j+1])
				assert.Equal(t, want, f.get(t, name), "cycle %s: %s want %x, got %x", row[0], name, want, f.get(t, name))
			}
		}
	}
}

func hexVal(t testing.TB, s string) uint64 {
	var v uint64
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | uint64(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | uint64(c-'a'+10)
		default:
			t.Fatalf("bad hex %q", s)
		}
	}
	return v
}

// counterRef is a trivially correct Go model of testdata/counter.sv (W=8).
type counterRef struct {
	cnt  uint64
	q    uint64
	wide [2]uint64
}

// step returns the outputs of one cycle as words (the layout's order) and
// clocks the edge.
func (r *counterRef) step(in []uint32, l *port.Layout) []uint32 {
	g := func(name string) uint64 { return pack.Uint64(l.In(in, l.Input(name))) }
	out := make([]uint32, l.OutWords)
	next := r.cnt
	if g("load_i")&1 == 1 {
		next = g("load_val_i") & 0xff
	} else if g("en_i")&1 == 1 {
		next = (r.cnt + 1) & 0xff
	}
	pack.PutUint64(l.Out(out, l.Output("cnt_o")), r.cnt)
	if r.cnt == 0xff {
		pack.PutUint64(l.Out(out, l.Output("wrap_o")), 1)
	}
	pack.PutUint64(l.Out(out, l.Output("q_o")), r.q)
	pack.From64(l.Out(out, l.Output("wide_o")), r.wide[:])
	pack.PutUint64(l.Out(out, l.Output("next_o")), next)
	if g("rst_ni")&1 == 0 {
		r.cnt, r.q, r.wide = 0, 0, [2]uint64{}
		return out
	}
	r.cnt = next
	r.q = g("q_i") & (1<<40 - 1)
	var w [2]uint64
	pack.To64(w[:], l.In(in, l.Input("wide_i")))
	w[1] &= 1<<36 - 1
	r.wide = w
	return out
}

// TestCounterRandomAgainstReference compares every output word of every
// cycle with the Go reference over random inputs, whose bits above each
// port's width are random too (the wrapper must ignore them). It runs the
// same inputs through Cycle on one model and Run on another.
func TestCounterRandomAgainstReference(t *testing.T) {
	const cycles = 3000
	lib := build(t, counterSpec)
	a, err := Open(lib)
	require.NoError(t, err)
	defer a.Close()
	b, err := Open(lib)
	require.NoError(t, err)
	defer b.Close()
	l := a.Layout()
	r := rand.New(rand.NewSource(7))
	in := make([]uint32, cycles*l.InWords)
	for i := range in {
		in[i] = r.Uint32()
	}
	rst := l.InOff[l.Input("rst_ni")]
	for c := 0; c < cycles; c++ {
		if r.Intn(20) != 0 {
			in[c*l.InWords+rst] |= 1
		} else {
			in[c*l.InWords+rst] &^= 1
		}
	}
	ref := &counterRef{}
	out := make([]uint32, l.OutWords)
	for c := 0; c < cycles; c++ {
		cin := in[c*l.InWords : (c+1)*l.InWords]
		require.NoError(t, a.Cycle(cin, out))
		want := ref.step(cin, l)
		for i, p := range l.Outputs {
			require.Equal(t, l.Out(want, i), l.Out(out, i), "cycle %d: %s want %x, got %x", c, p.Name, l.Out(want, i), l.Out(out, i))
		}
	}
	assert.Equal(t, uint64(cycles), a.Cycles())

	// Run the same inputs in batches of uneven size on a second model.
	ref = &counterRef{}
	runOut := make([]uint32, cycles*l.OutWords)
	for done := 0; done < cycles; {
		n := min(1+r.Intn(700), cycles-done)
		require.NoError(t, b.Run(n, in[done*l.InWords:(done+n)*l.InWords], runOut[done*l.OutWords:(done+n)*l.OutWords]))
		done += n
	}
	for c := 0; c < cycles; c++ {
		want := ref.step(in[c*l.InWords:(c+1)*l.InWords], l)
		got := runOut[c*l.OutWords : (c+1)*l.OutWords]
		for i, p := range l.Outputs {
			require.Equal(t, l.Out(want, i), l.Out(got, i), "Run, cycle %d: %s want %x, got %x", c, p.Name, l.Out(want, i), l.Out(got, i))
		}
	}
	assert.Equal(t, uint64(cycles), b.Cycles())
}

// TestCombExhaustive checks a combinational top (no clock) at W=4 over
// every input pair in one Run.
func TestCombExhaustive(t *testing.T) {
	m := open(t, Spec{Sources: []string{"testdata/comb.sv"}, Top: "comb", Params: map[string]string{"W": "4"}})
	l := m.Layout()
	require.Equal(t, "", l.Clock)
	require.Equal(t, []port.Port{port.Input("a_i", 4), port.Input("b_i", 4)}, l.Inputs)
	const n = 256
	in := make([]uint32, n*l.InWords)
	out := make([]uint32, n*l.OutWords)
	for c := 0; c < n; c++ {
		in[c*2], in[c*2+1] = uint32(c>>4), uint32(c&15)
	}
	require.NoError(t, m.Run(n, in, out))
	for c := 0; c < n; c++ {
		a, b := uint32(c>>4), uint32(c&15)
		assert.Equal(t, a+b, out[c*2], "cycle %d: sum_o of %d+%d", c, a, b)
		assert.Equal(t, a^b, out[c*2+1], "cycle %d: xor_o of %d^%d", c, a, b)
	}
}

// miniArbRef is a trivially correct round-robin arbiter: scan from the
// pointer.
type miniArbRef struct{ n, ptr int }

func (r *miniArbRef) step(req uint64, ack bool, rst bool) (valid bool, idx int) {
	for k := 0; k < r.n; k++ {
		if i := (r.ptr + k) % r.n; req>>uint(i)&1 == 1 {
			valid, idx = true, i
			break
		}
	}
	switch {
	case rst:
		r.ptr = 0
	case valid && ack:
		r.ptr = (idx + 1) % r.n
	}
	return valid, idx
}

func TestMiniArbAgainstReference(t *testing.T) {
	for _, n := range []int{1, 3, 4, 5} {
		m := open(t, Spec{Sources: []string{"testdata/mini_arb.sv"}, Top: "mini_arb", Params: map[string]string{"N": itoa(n)}})
		require.NoError(t, m.Reset(1))
		f := newFrame(m.Layout())
		ref := &miniArbRef{n: n}
		r := rand.New(rand.NewSource(int64(n)))
		for c := 0; c < 2000; c++ {
			req := r.Uint64() & (1<<uint(n) - 1)
			ack, rst := r.Intn(3) != 0, r.Intn(50) == 0
			f.set(t, "req_i", req)
			f.set(t, "ack_i", b2u(ack))
			f.set(t, "rst_ni", b2u(!rst))
			require.NoError(t, m.Cycle(f.in, f.out))
			valid, idx := ref.step(req, ack, rst)
			require.Equal(t, b2u(valid), f.get(t, "gnt_valid_o"), "N=%d cycle %d: gnt_valid_o", n, c)
			if valid {
				require.Equal(t, uint64(idx), f.get(t, "gnt_idx_o"), "N=%d cycle %d: gnt_idx_o want %d, got %d", n, c, idx, f.get(t, "gnt_idx_o"))
			}
		}
	}
}

func itoa(v int) string { return fmtInt(v) }

func fmtInt(v int) string {
	if v < 10 {
		return string(rune('0' + v))
	}
	return fmtInt(v/10) + string(rune('0'+v%10))
}

func b2u(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}

// TestResetSetGetEvalTick covers the fine-grained calls.
func TestResetSetGetEvalTick(t *testing.T) {
	m := open(t, counterSpec)
	l := m.Layout()
	f := newFrame(l)
	f.set(t, "rst_ni", 1)
	f.set(t, "en_i", 1)
	for i := 0; i < 5; i++ {
		require.NoError(t, m.Cycle(f.in, f.out))
	}
	require.Equal(t, uint64(4), f.get(t, "cnt_o"))
	require.NoError(t, m.Reset(2))
	assert.Equal(t, uint64(7), m.Cycles())
	require.NoError(t, m.Cycle(f.in, f.out))
	assert.Equal(t, uint64(0), f.get(t, "cnt_o"), "Reset cleared the counter")

	w := []uint32{1}
	require.NoError(t, m.Set(l.Input("rst_ni"), w))
	require.NoError(t, m.Set(l.Input("load_i"), w))
	require.NoError(t, m.Set(l.Input("load_val_i"), []uint32{0x42}))
	require.NoError(t, m.Eval())
	got := []uint32{0}
	require.NoError(t, m.Get(l.Output("next_o"), got))
	assert.Equal(t, uint32(0x42), got[0], "next_o after Set and Eval")
	require.NoError(t, m.Tick())
	require.NoError(t, m.Get(l.Output("cnt_o"), got))
	assert.Equal(t, uint32(0x42), got[0], "cnt_o after Tick")
	assert.Equal(t, uint64(9), m.Cycles())
}

func TestBadArguments(t *testing.T) {
	m := open(t, counterSpec)
	l := m.Layout()
	assert.ErrorContains(t, m.Cycle(make([]uint32, l.InWords-1), make([]uint32, l.OutWords)), "Cycle got 9 input and 9 output words, want 10 and 9")
	assert.ErrorContains(t, m.Cycle(nil, nil), "Cycle got 0 input and 0 output words")
	assert.ErrorContains(t, m.Run(2, make([]uint32, l.InWords), make([]uint32, 2*l.OutWords)), "Run of 2 cycles")
	assert.Error(t, m.Run(-1, nil, nil))
	assert.NoError(t, m.Run(0, nil, nil))
	assert.Error(t, m.Reset(-1))
	assert.Error(t, m.Set(-1, []uint32{0}))
	assert.Error(t, m.Set(len(l.Inputs), []uint32{0}))
	assert.Error(t, m.Set(l.Input("wide_i"), []uint32{0, 0, 0}), "too few words")
	assert.Error(t, m.Get(len(l.Outputs), []uint32{0}))
	assert.Error(t, m.Trace(t.TempDir()+"/x.vcd"), "built without tracing")
	assert.Equal(t, uint64(0), m.Cycles(), "no bad call ran a cycle")
	require.NoError(t, m.Close())
	require.NoError(t, m.Close(), "Close twice")
	assert.Equal(t, cosim.ErrClosed, m.Cycle(make([]uint32, l.InWords), make([]uint32, l.OutWords)))
	assert.Equal(t, cosim.ErrClosed, m.Run(1, nil, nil))
	assert.Equal(t, cosim.ErrClosed, m.Eval())
	assert.Equal(t, cosim.ErrClosed, m.Tick())
	assert.Equal(t, cosim.ErrClosed, m.Reset(1))
	assert.Equal(t, cosim.ErrClosed, m.Trace(""))
	assert.Equal(t, "", m.Output())
}

// TestSimEvents checks that assertions, $fatal and $finish come back as
// *SimError with the cycle and Verilator's message, that the model goes on
// afterwards, and that $display output is captured.
func TestSimEvents(t *testing.T) {
	m := open(t, Spec{Sources: []string{"testdata/checks.sv"}, Top: "checks"})
	l := m.Layout()
	in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
	step := func(a uint32) error {
		in[0] = a
		return m.Cycle(in, out)
	}
	require.NoError(t, step(3))
	assert.Equal(t, "a_i is three\n", m.Output())
	assert.Equal(t, "", m.Output(), "Output drains")

	tests := []struct {
		a     uint32
		kind  cosim.SimKind
		cycle uint64
		msg   string
	}{
		{5, cosim.SimStop, 1, "a_i is five"},
		{7, cosim.SimStop, 3, "a_i is seven"},
		{9, cosim.SimFinish, 5, "Verilog $finish"},
	}
	prev := uint32(3)
	for _, tc := range tests {
		err := step(tc.a)
		var se *cosim.SimError
		require.True(t, errors.As(err, &se), "a_i=%d: want a *SimError, got %v", tc.a, err)
		assert.Equal(t, tc.kind, se.Kind, "a_i=%d", tc.a)
		assert.Equal(t, tc.cycle, se.Cycle, "a_i=%d", tc.a)
		assert.Contains(t, se.Msg, "checks.sv:", "a_i=%d", tc.a)
		assert.Contains(t, se.Msg, tc.msg, "a_i=%d", tc.a)
		assert.Equal(t, prev, out[0], "outputs are still filled (b_o is a_i one cycle late)")
		require.NoError(t, step(0), "the model goes on after a_i=%d", tc.a)
		assert.Equal(t, tc.a, out[0], "b_o after a_i=%d", tc.a)
		prev = 0
	}
	assert.Contains(t, m.Output(), "Assertion failed")

	// In a batch, Run stops after the failing cycle.
	start := m.Cycles()
	batch := make([]uint32, 10)
	batch[3] = 5
	outs := make([]uint32, 10)
	err := m.Run(10, batch, outs)
	var se *cosim.SimError
	require.True(t, errors.As(err, &se), "want a *SimError, got %v", err)
	assert.Equal(t, start+3, se.Cycle)
	assert.Equal(t, start+4, m.Cycles(), "Run stopped after the failing cycle")
	assert.Equal(t, "cosim: checks: stop in cycle "+fmtInt(int(start+3))+": "+se.Msg, err.Error())
}

// TestFatalKillsModel: a combinational loop that cannot settle makes
// Verilator's eval fatal; the model reports it and stays dead, and the
// process lives on.
func TestFatalKillsModel(t *testing.T) {
	m := open(t, Spec{Sources: []string{"testdata/loop.sv"}, Top: "loop"})
	in, out := []uint32{0}, []uint32{0}
	require.NoError(t, m.Cycle(in, out))
	in[0] = 1
	err := m.Cycle(in, out)
	var se *cosim.SimError
	require.True(t, errors.As(err, &se), "want a *SimError, got %v", err)
	assert.Equal(t, cosim.SimFatal, se.Kind)
	assert.Contains(t, se.Msg, "did not converge")
	in[0] = 0
	err = m.Cycle(in, out)
	require.True(t, errors.As(err, &se), "a dead model keeps failing, got %v", err)
	assert.Equal(t, cosim.SimFatal, se.Kind)
	assert.Error(t, m.Run(1, in, out))
	require.NoError(t, m.Close())
}

// TestIndependentModels runs two instances of one library and models of
// three libraries interleaved in one process.
func TestIndependentModels(t *testing.T) {
	a := open(t, counterSpec)
	b := open(t, counterSpec)
	c := open(t, Spec{Sources: []string{"testdata/comb.sv"}, Top: "comb"})
	arb := open(t, Spec{Sources: []string{"testdata/mini_arb.sv"}, Top: "mini_arb"})
	fa, fb := newFrame(a.Layout()), newFrame(b.Layout())
	fa.set(t, "rst_ni", 1)
	fa.set(t, "en_i", 1)
	fb.set(t, "rst_ni", 1)
	fc := newFrame(c.Layout())
	fr := newFrame(arb.Layout())
	fr.set(t, "rst_ni", 1)
	fr.set(t, "req_i", 0b1010)
	for i := 0; i < 10; i++ {
		require.NoError(t, a.Cycle(fa.in, fa.out))
		require.NoError(t, b.Cycle(fb.in, fb.out))
		fc.set(t, "a_i", uint64(i*1000))
		fc.set(t, "b_i", 65535)
		require.NoError(t, c.Cycle(fc.in, fc.out))
		require.Equal(t, uint64(i*1000+65535), fc.get(t, "sum_o"), "cycle %d: comb sum_o", i)
		require.NoError(t, arb.Cycle(fr.in, fr.out))
	}
	assert.Equal(t, uint64(9), fa.get(t, "cnt_o"))
	assert.Equal(t, uint64(0), fb.get(t, "cnt_o"))
	assert.Equal(t, uint64(1), fr.get(t, "gnt_idx_o"), "no ack: the pointer holds")
}
