package selector_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/selector"
	"occamy/rtl"
)

func TestParamValidation(t *testing.T) {
	require.Equal(t, selector.Params{N: 64, QW: 16}, selector.DefaultParams())
	for _, tc := range []struct {
		name  string
		p     selector.Params
		param string // "" when valid
	}{
		{"defaults", selector.DefaultParams(), ""},
		{"smallest", selector.Params{N: 1, QW: 1}, ""},
		{"largest", selector.Params{N: 256, QW: 32}, ""},
		{"N=0", selector.Params{N: 0, QW: 16}, "N"},
		{"N=257", selector.Params{N: 257, QW: 16}, "N"},
		{"QW=0", selector.Params{N: 64, QW: 0}, "QW"},
		{"QW=33", selector.Params{N: 64, QW: 33}, "QW"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := selector.New(tc.p)
			if tc.param == "" {
				require.NoError(t, err)
				assert.Len(t, s.QlenI, tc.p.N)
				assert.Len(t, s.ThrI, tc.p.N)
				return
			}
			var pe *rtl.ParamError
			require.True(t, errors.As(err, &pe), "want *rtl.ParamError, got %v", err)
			assert.Equal(t, tc.param, pe.Param)
			assert.Equal(t, selector.Block, pe.Block)
			assert.Nil(t, s)
		})
	}
}
