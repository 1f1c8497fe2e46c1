package selector

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	hw "occamy/hw/selector"
	"occamy/testbench/vectors"
)

// Hand-written tables. With N=2, QW=4 each packed column reads "queue 1,
// queue 0". over_o is registered: row c shows the comparison of row c-1.
var vectorTables = []struct {
	name string
	p    hw.Params
	vec  string
}{
	{
		name: "N2_QW4",
		p:    hw.Params{N: 2, QW: 4},
		vec: `# block=hd_selector N=2 QW=4
cycle rst_ni qlen_i thr_i over_o
# reset with busy inputs; over_o is the register, clear
0 0 ff 00 0
1 0 ff 00 0
# at the threshold: not over (strictly greater)
2 1 55 55 0
# queue 1 one above, queue 0 one below
3 1 65 56 0
4 1 56 65 2
5 1 f0 ef 1
6 1 0f fe 2
# the saturated threshold f is never exceeded
7 1 ff ff 1
8 1 ff 00 0
# reset while both are over: over_o holds this cycle, clears at the edge
9 0 ff 00 3
10 1 ff 00 0
11 1 10 01 3
12 1 00 00 2
13 1 00 00 0
`,
	},
	{
		name: "N1_QW1",
		p:    hw.Params{N: 1, QW: 1},
		vec: `# block=hd_selector N=1 QW=1
cycle rst_ni qlen_i thr_i over_o
0 0 1 0 0
1 1 1 0 0
2 1 1 1 1
3 1 0 1 0
4 1 1 0 0
5 0 1 0 1
6 1 0 0 0
`,
	},
}

func TestVectorTables(t *testing.T) {
	for _, tc := range vectorTables {
		t.Run(tc.name, func(t *testing.T) {
			tb, err := vectors.Parse(strings.NewReader(tc.vec))
			require.NoError(t, err)
			require.Equal(t, []string{"rst_ni", "qlen_i", "thr_i", "over_o"}, tb.Ports, "first row names the ports")
			d, err := hdSelector(tc.p)
			require.NoError(t, err)
			require.NoError(t, vectors.Check(tb, d))
		})
	}
}
