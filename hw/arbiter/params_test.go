package arbiter_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/arbiter"
	"occamy/rtl"
)

func TestParamValidation(t *testing.T) {
	require.Equal(t, arbiter.Params{N: 64}, arbiter.DefaultParams())
	for _, tc := range []struct {
		n  int
		ok bool
	}{{1, true}, {64, true}, {256, true}, {0, false}, {-1, false}, {257, false}} {
		a, err := arbiter.New(arbiter.Params{N: tc.n})
		if tc.ok {
			require.NoError(t, err, "N=%d", tc.n)
			continue
		}
		var pe *rtl.ParamError
		require.True(t, errors.As(err, &pe), "N=%d: want *rtl.ParamError, got %v", tc.n, err)
		assert.Equal(t, "N", pe.Param)
		assert.Equal(t, arbiter.Block, pe.Block)
		assert.Nil(t, a)
	}
}
