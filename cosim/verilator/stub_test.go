//go:build !verilator

package verilator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"occamy/cosim"
)

func TestOpenWithoutVerilatorTag(t *testing.T) {
	assert.False(t, Supported())
	m, err := Open(&Library{Top: "x"})
	assert.Nil(t, m)
	assert.Equal(t, cosim.ErrNoVerilatorSupport, err)
	assert.Equal(t, "cosim: this binary was built without Verilator support (rebuild with -tags verilator)", err.Error())
}
