//go:build verilator

package verilator

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"occamy/cosim"
)

// TestRegInputsLikePlain drives one plain counter model and two built with
// registered inputs (Spec.RegInputs) through the same random mix of Cycle,
// Run (uneven batches), Reset, Set+Eval, Tick and Get, registers starting
// at 0 (random power-up values would differ: the wrapper's registers take
// draws too), and requires every output word of every call to agree.
func TestRegInputsLikePlain(t *testing.T) {
	rs := counterSpec
	rs.RegInputs = true
	plainLib, regLib := build(t, counterSpec), build(t, rs)
	require.False(t, plainLib.RegInputs)
	require.True(t, regLib.RegInputs, "the counter has a clock: the wrapper is used")
	models := make([]cosim.Model, 2)
	for i, lib := range []*Library{plainLib, regLib} {
		m, err := Open(lib)
		require.NoError(t, err)
		t.Cleanup(func() { m.Close() })
		models[i] = m
	}
	l := models[0].Layout()
	r := rand.New(rand.NewSource(11))
	rst := l.InOff[l.Input("rst_ni")]
	draw := func(n int) []uint32 {
		in := make([]uint32, n*l.InWords)
		for i := range in {
			in[i] = r.Uint32()
		}
		for c := 0; c < n; c++ {
			if r.Intn(20) != 0 {
				in[c*l.InWords+rst] |= 1
			} else {
				in[c*l.InWords+rst] &^= 1
			}
		}
		return in
	}
	outs := [2][]uint32{}
	for step := 0; step < 3000; step++ {
		op := r.Intn(10)
		n := 1 + r.Intn(40)
		in := draw(n)
		set, word := r.Intn(len(l.Inputs)), draw(1)
		for i, m := range models {
			switch {
			case op < 5:
				outs[i] = make([]uint32, l.OutWords)
				require.NoError(t, m.Cycle(in[:l.InWords], outs[i]))
			case op < 7:
				outs[i] = make([]uint32, n*l.OutWords)
				require.NoError(t, m.Run(n, in, outs[i]))
			case op == 7:
				require.NoError(t, m.Reset(1+n%3))
				outs[i] = nil
			case op == 8:
				require.NoError(t, m.Set(set, l.In(word, set)))
				require.NoError(t, m.Eval())
				outs[i] = nil
			default:
				require.NoError(t, m.Tick())
				outs[i] = nil
			}
			got := make([]uint32, l.OutWords)
			for o := range l.Outputs {
				require.NoError(t, m.Get(o, l.Out(got, o)))
			}
			outs[i] = append(outs[i], got...)
		}
		require.Equal(t, outs[0], outs[1], "step %d (op %d): plain and registered-input models differ", step, op)
		require.Equal(t, models[0].Cycles(), models[1].Cycles(), "step %d: cycle counts", step)
	}
}

// TestRegInputsSimEvents: with registered inputs, a status raised by a
// cycle's rising edge comes back from the next Cycle call with that
// cycle's number, that call's cycle not run; Run reports it itself.
func TestRegInputsSimEvents(t *testing.T) {
	m := open(t, Spec{Sources: []string{"testdata/checks.sv"}, Top: "checks", RegInputs: true})
	l := m.Layout()
	in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
	step := func(a uint32) error {
		in[0] = a
		return m.Cycle(in, out)
	}
	require.NoError(t, step(0))
	require.NoError(t, step(5), "the edge of cycle 1 runs in the next call")
	err := step(0)
	var se *cosim.SimError
	require.True(t, errors.As(err, &se), "want a *SimError, got %v", err)
	assert.Equal(t, cosim.SimStop, se.Kind)
	assert.Equal(t, uint64(1), se.Cycle, "the stop belongs to the cycle whose edge raised it")
	assert.Contains(t, se.Msg, "a_i is five")
	assert.Equal(t, uint64(2), m.Cycles(), "the reporting call's cycle did not run")
	require.NoError(t, step(0), "the model goes on")
	assert.Equal(t, uint32(5), out[0], "b_o shows a_i=5 of cycle 1")

	start := m.Cycles()
	batch := make([]uint32, 10)
	batch[3] = 5
	outs := make([]uint32, 10)
	err = m.Run(10, batch, outs)
	require.True(t, errors.As(err, &se), "want a *SimError, got %v", err)
	assert.Equal(t, start+3, se.Cycle)
	assert.Equal(t, start+4, m.Cycles(), "Run stopped after the failing cycle")

	batch[3] = 0
	batch[9] = 5
	err = m.Run(10, batch, outs)
	require.True(t, errors.As(err, &se), "the last cycle's edge is reported by its own Run, got %v", err)
	assert.Equal(t, start+4+9, se.Cycle)
}
