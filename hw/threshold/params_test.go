package threshold_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/threshold"
	"occamy/rtl"
)

func TestParamValidation(t *testing.T) {
	ok := threshold.DefaultParams()
	require.Equal(t, threshold.Params{C: 8, QW: 16, AW: 4}, ok)
	for _, tc := range []struct {
		name  string
		p     threshold.Params
		param string // "" when valid
	}{
		{"defaults", ok, ""},
		{"smallest", threshold.Params{C: 1, QW: 1, AW: 2}, ""},
		{"largest", threshold.Params{C: 64, QW: 32, AW: 8}, ""},
		{"C=0", threshold.Params{C: 0, QW: 16, AW: 4}, "C"},
		{"C=65", threshold.Params{C: 65, QW: 16, AW: 4}, "C"},
		{"QW=0", threshold.Params{C: 8, QW: 0, AW: 4}, "QW"},
		{"QW=33", threshold.Params{C: 8, QW: 33, AW: 4}, "QW"},
		{"AW=1", threshold.Params{C: 8, QW: 16, AW: 1}, "AW"},
		{"AW=9", threshold.Params{C: 8, QW: 16, AW: 9}, "AW"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, err := threshold.New(tc.p)
			if tc.param == "" {
				require.NoError(t, err)
				assert.Len(t, u.AlphaI, tc.p.C)
				assert.Len(t, u.ThrO, tc.p.C)
				return
			}
			var pe *rtl.ParamError
			require.True(t, errors.As(err, &pe), "want *rtl.ParamError, got %v", err)
			assert.Equal(t, tc.param, pe.Param)
			assert.Equal(t, threshold.Block, pe.Block)
			assert.Nil(t, u)
		})
	}
}
