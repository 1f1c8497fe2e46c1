package rtl

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckRange(t *testing.T) {
	require.NoError(t, CheckRange("b", "N", 1, 1, 4))
	require.NoError(t, CheckRange("b", "N", 4, 1, 4))
	for _, v := range []int{0, 5, -3} {
		err := CheckRange("hd_selector", "N", v, 1, 4)
		var pe *ParamError
		require.True(t, errors.As(err, &pe), "v=%d: want *ParamError, got %T", v, err)
		assert.Equal(t, ParamError{Block: "hd_selector", Param: "N", Value: int64(v), Min: 1, Max: 4}, *pe)
		assert.Contains(t, err.Error(), "hd_selector: parameter N=")
		assert.Contains(t, err.Error(), "allowed 1..4")
	}
	e := &ParamError{Block: "x", Param: "K", Value: 3, Min: 1, Max: 8, Note: "must be a power of two"}
	assert.Equal(t, "x: parameter K=3 out of range, allowed 1..8 (must be a power of two)", e.Error())
}

func TestClog2AndIdxWidth(t *testing.T) {
	for n := 0; n <= 1024; n++ {
		want := 0
		for (1 << want) < n {
			want++
		}
		require.Equal(t, want, Clog2(n), "Clog2(%d)", n)
		require.Equal(t, max(want, 1), IdxWidth(n), "IdxWidth(%d)", n)
	}
	assert.Equal(t, 8, Clog2(256))
	assert.Equal(t, 9, Clog2(257))
	assert.Equal(t, 1, IdxWidth(1))
	assert.Equal(t, 1, IdxWidth(2))
}
