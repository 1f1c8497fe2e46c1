//go:build verilator

package verilator

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim"
)

var counterSpec = Spec{Sources: []string{"testdata/counter.sv"}, Top: "counter"}

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
