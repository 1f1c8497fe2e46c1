package dpi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
	"occamy/testbench/blocks"
)

// TestErrorsNameTheField: every bad call is a typed error naming what was
// wrong; nothing panics.
func TestErrorsNameTheField(t *testing.T) {
	_, err := New("nosuch", nil)
	var ue *blocks.UnknownError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, err.Error(), `unknown block "nosuch" (known: threshold, selector, arbiter`)

	_, err = New("arbiter", map[string]int{"M": 3})
	var pe *blocks.ParamError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "arbiter has no parameter M (parameters: N)", err.Error())

	_, err = New("rr_arbiter", map[string]int{"N": 0})
	var rpe *rtl.ParamError
	require.ErrorAs(t, err, &rpe)
	assert.Equal(t, "N", rpe.Param)
	assert.Contains(t, err.Error(), "1..256")

	m, err := New("arbiter", map[string]int{"N": 40})
	require.NoError(t, err)
	var we *WordsError
	require.ErrorAs(t, m.SetInputs(make([]uint32, 2)), &we)
	assert.Equal(t, "inputs: 2 words given, the layout has 4", we.Error())
	_, err = m.Check(make([]uint32, 4), make([]uint32, 3))
	require.ErrorAs(t, err, &we)
	assert.Equal(t, "dut outputs", we.Field)

	req, err := m.Port("req_i")
	require.NoError(t, err)
	require.ErrorAs(t, m.SetInput(req, []uint32{1, 2}, 32), &we)
	assert.Equal(t, "req_i: 32 bits given, the layout has 40", we.Error())
	require.ErrorAs(t, m.SetInput(req, []uint32{1}, 40), &we)
	assert.Equal(t, "req_i: 1 words given, the layout has 2", we.Error())
	_, err = m.Port("gnt_o")
	var porte *PortError
	require.ErrorAs(t, err, &porte)
	assert.Equal(t, "arbiter has no port gnt_o (ports: in=rst_ni:1@0,req_i:40@1,ack_i:1@3;out=gnt_valid_o:1@0,gnt_idx_o:6@1)", err.Error())
	valid, err := m.Port("gnt_valid_o")
	require.NoError(t, err)
	require.ErrorAs(t, m.SetInput(valid, []uint32{1}, 1), &porte)
	require.ErrorAs(t, m.GetOutput(req, []uint32{0, 0}, 40), &porte)
	_, _, _, _, err = m.PortInfo(99)
	require.ErrorAs(t, err, &porte)

	var ph *PhaseError
	require.ErrorAs(t, m.Commit(), &ph)
	require.NoError(t, m.Eval())
	require.ErrorAs(t, m.Eval(), &ph)
	require.ErrorAs(t, m.SetInputs(make([]uint32, 4)), &ph)
	require.NoError(t, m.Commit())
	require.NoError(t, m.Step())
	_, err = m.Compare([]uint32{0, 0})
	require.NoError(t, err)
	_, err = m.Compare([]uint32{0, 0})
	require.ErrorAs(t, err, &ph, "a cycle is compared once")

	th, err := New("threshold", nil)
	require.NoError(t, err)
	require.ErrorAs(t, th.Reset(2), &porte, "a combinational block has no reset")
	var ae *ArgError
	require.ErrorAs(t, m.Reset(0), &ae)
	assert.Equal(t, "cycles: 0, want at least 1", ae.Error())
}
