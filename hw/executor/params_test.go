package executor

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

func TestParamsValidate(t *testing.T) {
	cases := []struct {
		name  string
		p     Params
		param string // "" when valid
		min   int64
		max   int64
	}{
		{"defaults", DefaultParams(), "", 0, 0},
		{"P defaults to B", Params{N: 1, QW: 1, B: 1}, "", 0, 0},
		{"largest", Params{N: 256, QW: 32, B: 65536, P: 65536}, "", 0, 0},
		{"N zero", Params{N: 0, QW: 16, B: 16, P: 16}, "N", 1, 256},
		{"N too big", Params{N: 257, QW: 16, B: 16, P: 16}, "N", 1, 256},
		{"QW zero", Params{N: 4, QW: 0, B: 16, P: 16}, "QW", 1, 32},
		{"QW too big", Params{N: 4, QW: 33, B: 16, P: 16}, "QW", 1, 32},
		{"B zero", Params{N: 4, QW: 16, B: 0, P: 16}, "B", 1, 65536},
		{"B too big", Params{N: 4, QW: 20, B: 65537, P: 16}, "B", 1, 65536},
		{"P negative", Params{N: 4, QW: 16, B: 16, P: -1}, "P", 1, 65536},
		{"P too big", Params{N: 4, QW: 16, B: 16, P: 65537}, "P", 1, 65536},
		{"QW cannot hold B", Params{N: 4, QW: 4, B: 16, P: 16}, "QW", 5, 32},
		{"QW just holds B", Params{N: 4, QW: 4, B: 15, P: 15}, "", 0, 0},
		{"default QW cannot hold 65536", Params{N: 64, QW: 16, B: 65536}, "QW", 17, 32},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, err := New(c.p)
			if c.param == "" {
				require.NoError(t, err)
				require.NoError(t, e.Check(), "a new executor is a consistent store")
				return
			}
			require.Nil(t, e)
			var pe *rtl.ParamError
			require.True(t, errors.As(err, &pe), "error %v is not a *rtl.ParamError", err)
			require.Equal(t, Block, pe.Block)
			require.Equal(t, c.param, pe.Param, "parameter named")
			require.Equal(t, c.min, pe.Min, "allowed minimum")
			require.Equal(t, c.max, pe.Max, "allowed maximum")
		})
	}
}

func TestWidths(t *testing.T) {
	cases := []struct {
		p    Params
		want Widths
	}{
		{DefaultParams(), Widths{IW: 6, CW: 14, PW: 14, FW: 15, KW: 15}},
		{Params{N: 1, QW: 1, B: 1, P: 1}, Widths{IW: 1, CW: 1, PW: 1, FW: 1, KW: 1}},
		{Params{N: 7, QW: 8, B: 10, P: 3}, Widths{IW: 3, CW: 4, PW: 2, FW: 4, KW: 2}},
		{Params{N: 256, QW: 17, B: 65536}, Widths{IW: 8, CW: 16, PW: 16, FW: 17, KW: 17}},
	}
	for _, c := range cases {
		require.Equal(t, c.want, c.p.Widths(), "widths of %+v", c.p)
	}
}

func TestResetState(t *testing.T) {
	e, err := New(Params{N: 3, QW: 4, B: 5, P: 0})
	require.NoError(t, err)
	require.Equal(t, 5, e.P.P, "P=0 resolves to B")
	require.Equal(t, State{FreeTailQ: 4, FreeCntQ: 5, PdFreeTailQ: 4, PdFreeCntQ: 5}, e.State())
	require.Equal(t, []uint16{1, 2, 3, 4, 0}, e.cellNext, "cells chained in index order, last entry 0")
	require.Equal(t, []uint16{1, 2, 3, 4, 0}, e.pdNext, "PDs chained in index order, last entry 0")
	require.False(t, e.RstNI, "New leaves rst_ni low")
	require.Equal(t, []uint32{0, 0, 0}, e.QlenQ())
	require.Equal(t, uint32(5), e.FreeO())
	require.Equal(t, uint32(5), e.PdFree())
}
