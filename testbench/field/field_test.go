package field

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestError(t *testing.T) {
	cases := []struct {
		err        *Error
		text, flag string
	}{
		{Errorf("Alpha", "6 is not a power of two"), "Alpha: 6 is not a power of two", "--alpha: 6 is not a power of two"},
		{KeyErrorf("Params", "senders=0", "out of range"), "Params senders=0: out of range", "--alpha senders=0: out of range"},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.text, tc.err.Error())
		assert.Equal(t, tc.flag, tc.err.Named("--alpha"))
		fe, ok := As(fmt.Errorf("point 3: %w", tc.err))
		require.True(t, ok)
		assert.Same(t, tc.err, fe)
	}
	_, ok := As(errors.New("plain"))
	assert.False(t, ok)
}
