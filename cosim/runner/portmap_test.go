package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
)

// A user's top with the contract's ports in another order: the port map
// carries every port's words to its place in the other layout, for each
// of n cycles, and back.
func TestPortMapReordered(t *testing.T) {
	contract := []port.Port{{Name: "clk_i", Dir: port.In, Width: 1}, {Name: "a_i", Dir: port.In, Width: 40},
		{Name: "b_i", Dir: port.In, Width: 8}, {Name: "x_o", Dir: port.Out, Width: 8}, {Name: "y_o", Dir: port.Out, Width: 64}}
	user := []port.Port{contract[2], contract[0], contract[1], contract[4], contract[3]}
	c, err := port.NewLayout(contract, "clk_i", "", false)
	require.NoError(t, err)
	r, err := port.NewLayout(user, "clk_i", "", false)
	require.NoError(t, err)
	pm, err := newPortMap(&c, &r)
	require.NoError(t, err)
	require.False(t, pm.identity)

	const n = 3
	in := make([]uint32, n*c.InWords)
	for i := range in {
		in[i] = uint32(100 + i)
	}
	rin := make([]uint32, n*r.InWords)
	pm.toRTL(n, in, c.InWords, rin, r.InWords)
	rout := make([]uint32, n*r.OutWords)
	for i := range rout {
		rout[i] = uint32(200 + i)
	}
	out := make([]uint32, n*c.OutWords)
	pm.fromRTL(n, rout, r.OutWords, out, c.OutWords)
	for k := 0; k < n; k++ {
		for i, p := range c.Inputs {
			j := r.Input(p.Name)
			assert.Equal(t, c.In(in[k*c.InWords:], i), r.In(rin[k*r.InWords:], j), "cycle %d input %s", k, p.Name)
		}
		for i, p := range c.Outputs {
			j := r.Output(p.Name)
			assert.Equal(t, r.Out(rout[k*r.OutWords:], j), c.Out(out[k*c.OutWords:], i), "cycle %d output %s", k, p.Name)
		}
	}
}
