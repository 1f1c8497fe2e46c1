package vectors_test

import (
	"errors"
	"occamy/rtl/pack"
	_ "occamy/testbench/blocks/all"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
	"occamy/testbench/vectors"
)

func TestCheckReportsCyclePortExpectedActual(t *testing.T) {
	tb, err := gen("arbiter", map[string]int{"N": 64}, 20, 3)
	require.NoError(t, err)
	col := tb.PortIndex("gnt_idx_o")
	require.GreaterOrEqual(t, col, 0)
	good := tb.Rows[7].Values[col][0]
	tb.Rows[7].Values[col][0] = (good + 1) & 63 // the table now expects a wrong index
	d, err := dut("arbiter", map[string]int{"N": 64})
	require.NoError(t, err)
	err = vectors.Check(tb, d)
	var ce *vectors.CheckError
	require.True(t, errors.As(err, &ce), "want *CheckError, got %v", err)
	assert.Equal(t, uint64(7), ce.Cycle)
	assert.Equal(t, "cycle 7: gnt_idx_o expected "+vectors.FormatHex([]uint64{(good + 1) & 63}, 6)+", got "+vectors.FormatHex([]uint64{good}, 6), err.Error())
}

func TestCheckListsEveryMismatchOfTheCycle(t *testing.T) {
	vec := "cycle rst_ni req_i ack_i gnt_valid_o gnt_idx_o\n0 0 0 0 1 1\n"
	tb, err := vectors.Parse(strings.NewReader(vec))
	require.NoError(t, err)
	d, err := dut("arbiter", map[string]int{"N": 2})
	require.NoError(t, err)
	assert.EqualError(t, vectors.Check(tb, d), "cycle 0: gnt_valid_o expected 1, got 0; gnt_idx_o expected 1, got 0")
}

func TestCheckBindingErrors(t *testing.T) {
	for _, tc := range []struct {
		name, vec, want string
		widths          []int
	}{
		{"unknown column", "cycle rst_ni req_i ack_i bogus_o\n", "column bogus_o is not a port of the DUT (ports: rst_ni req_i ack_i gnt_valid_o gnt_idx_o)", nil},
		{"undriven input", "cycle rst_ni req_i gnt_idx_o\n", "input ack_i of the DUT has no column", nil},
		{"width mismatch", "cycle rst_ni req_i ack_i\n", "column req_i is 5 bits in the table, 4 in the DUT", []int{1, 5, 1}},
		{"input too wide", "cycle rst_ni req_i ack_i\n0 0 1f 0\n", "cycle 0: req_i value 1f wider than 4 bits", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, err := vectors.Parse(strings.NewReader(tc.vec))
			require.NoError(t, err)
			tb.Widths = tc.widths
			d, err := dut("arbiter", map[string]int{"N": 4})
			require.NoError(t, err)
			err = vectors.Check(tb, d)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// failingDUT is a selector whose Set and Get can be made to fail.
type failingDUT struct {
	vectors.DUT
	setErr, getErr error
}

func (f *failingDUT) Set(p string, w []uint64) error {
	if f.setErr != nil {
		return f.setErr
	}
	return f.DUT.Set(p, w)
}

func (f *failingDUT) Get(p string, w []uint64) error {
	if f.getErr != nil {
		return f.getErr
	}
	return f.DUT.Get(p, w)
}

func TestCheckPassesDUTErrorsOn(t *testing.T) {
	tb, err := gen("selector", map[string]int{"N": 3, "QW": 5}, 4, 1)
	require.NoError(t, err)
	inner, err := dut("selector", map[string]int{"N": 3, "QW": 5})
	require.NoError(t, err)
	boom := errors.New("bridge closed")
	err = vectors.Check(tb, &failingDUT{DUT: inner, setErr: boom})
	require.ErrorIs(t, err, boom)
	assert.Contains(t, err.Error(), "cycle 0: set rst_ni")
	err = vectors.Check(tb, &failingDUT{DUT: inner, getErr: boom})
	require.ErrorIs(t, err, boom)
	assert.Contains(t, err.Error(), "cycle 0: get over_o")
}

func TestAdapterErrors(t *testing.T) {
	d, err := dut("arbiter", map[string]int{"N": 4})
	require.NoError(t, err)
	assert.ErrorContains(t, d.Set("gnt_idx_o", []uint64{1}), "not an input port")
	assert.ErrorContains(t, d.Set("nope_i", []uint64{1}), "not an input port")
	assert.ErrorContains(t, d.Set("req_i", []uint64{0x10}), "does not fit 4 bits")
	assert.ErrorContains(t, d.Set("req_i", nil), "does not fit 4 bits")
	assert.ErrorContains(t, d.Get("nope_o", []uint64{0}), "not a port")
	assert.ErrorContains(t, d.Get("req_i", nil), "0 words for a 4-bit port")
	_, err = dut("arbiter", map[string]int{"N": 0})
	var pe *rtl.ParamError
	assert.ErrorAs(t, err, &pe)
	_, err = dut("selector", map[string]int{"N": 1, "QW": 0})
	assert.ErrorAs(t, err, &pe)
	_, err = dut("threshold", map[string]int{"C": 0, "QW": 1, "AW": 2})
	assert.ErrorAs(t, err, &pe)
}

func TestFieldHelpers(t *testing.T) {
	for _, w := range []int{1, 3, 7, 13, 32, 63, 64} {
		words := make([]uint64, rtl.Words(9*w))
		for i := 0; i < 9; i++ {
			pack.Or64(words, i, w, uint64(i)*0x9e3779b97f4a7c15)
		}
		for i := 0; i < 9; i++ {
			assert.Equal(t, uint64(i)*0x9e3779b97f4a7c15&rtl.Width(w).Mask(), pack.Get64(words, i, w), "w=%d field %d", w, i)
		}
	}
}
