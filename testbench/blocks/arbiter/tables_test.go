package arbiter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	hw "occamy/hw/arbiter"
	"occamy/testbench/vectors"
)

// Hand-written tables. gnt_valid_o and gnt_idx_o are combinational, from
// req_i and the pointer; the pointer moves at the edge ending a row with
// gnt_valid_o=1 and ack_i=1, to gnt_idx_o+1 mod N. The "ptr" notes give
// the pointer during the row.
var vectorTables = []struct {
	name string
	p    hw.Params
	vec  string
}{
	{
		name: "N4",
		p:    hw.Params{N: 4},
		vec: `# block=rr_arbiter N=4
cycle rst_ni req_i ack_i gnt_valid_o gnt_idx_o
# reset while busy and acked: reset wins, ptr stays 0
0 0 f 1 1 0
1 0 f 1 1 0
# ack without valid: nothing happens, gnt_idx_o is 0
2 1 0 1 0 0
# tie at ptr 0: the pointer's own bit wins; not acked, so it holds
3 1 5 0 1 0
4 1 5 1 1 0
# ptr 1: next at or after it is 2; ptr 3: wraps to 0
5 1 5 1 1 2
6 1 5 1 1 0
# ptr 1: only 3; not acked then acked: ptr wraps to 0
7 1 8 0 1 3
8 1 8 1 1 3
9 1 9 1 1 0
10 1 9 1 1 3
11 1 1 1 1 0
# ptr 1: only 0, found by wrapping
12 1 1 0 1 0
13 1 e 1 1 1
# ptr 2, reset while acked: grant shown from ptr 2, ptr becomes 0
14 0 e 1 1 2
15 1 e 1 1 1
16 1 0 0 0 0
`,
	},
	{
		name: "N1",
		p:    hw.Params{N: 1},
		vec: `# block=rr_arbiter N=1
cycle rst_ni req_i ack_i gnt_valid_o gnt_idx_o
0 0 1 1 1 0
1 1 0 1 0 0
2 1 1 1 1 0
3 1 1 0 1 0
4 1 1 1 1 0
5 1 0 0 0 0
`,
	},
	{
		name: "N6_wrap",
		p:    hw.Params{N: 6},
		vec: `# block=rr_arbiter N=6
cycle rst_ni req_i ack_i gnt_valid_o gnt_idx_o
0 0 00 0 0 0
# ptr 0 -> 5 granted, ptr wraps to 0 -> 0 granted -> ptr 1
1 1 21 0 1 0
2 1 20 1 1 5
3 1 21 1 1 0
4 1 21 1 1 5
5 1 3f 1 1 0
6 1 3f 1 1 1
7 1 3f 1 1 2
8 1 3f 1 1 3
9 1 3f 1 1 4
10 1 3f 1 1 5
11 1 3f 1 1 0
`,
	},
}

func TestVectorTables(t *testing.T) {
	for _, tc := range vectorTables {
		t.Run(tc.name, func(t *testing.T) {
			tb, err := vectors.Parse(strings.NewReader(tc.vec))
			require.NoError(t, err)
			require.Equal(t, []string{"rst_ni", "req_i", "ack_i", "gnt_valid_o", "gnt_idx_o"}, tb.Ports, "first row names the ports")
			d, err := rrArbiter(tc.p)
			require.NoError(t, err)
			require.NoError(t, vectors.Check(tb, d))
		})
	}
}
