package threshold

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	hw "occamy/hw/threshold"
	"occamy/testbench/vectors"
)

// Hand-written tables. alpha_i packs class c's 4-bit exponent at [c*4 +: 4],
// thr_o class c's threshold at [c*QW +: QW]. The block is combinational, so
// each row's outputs follow its own inputs.
var vectorTables = []struct {
	name string
	p    hw.Params
	vec  string
}{
	{
		name: "C2_QW8_AW4",
		p:    hw.Params{C: 2, QW: 8, AW: 4},
		vec: `# block=dt_threshold C=2 QW=8 AW=4
# class 1 | class 0 in every packed column
cycle free_i alpha_i thr_o
# s=0, s=0: thresholds equal the free count
0 5a 00 5a5a
# s=+1, s=-1: one doubled, one halved (truncating)
1 5b f1 2db6
# s=+1 at the saturation edge: 7f<<1 = fe fits, 80<<1 saturates to ff
2 7f 11 fefe
3 80 11 ffff
# s=+7 (largest), s=-8 (smallest): 1<<7 = 80 fits, 1>>8 = 0
4 01 87 0080
# s=+7 with 2: saturates; s=-8 on ff: 0
5 02 87 00ff
# zero free: zero for every exponent
6 00 78 0000
# all-ones free: s=+3 saturates, s=-3 gives 1f
7 ff d3 1fff
# s=-1 on 1 truncates to 0; s=+2 on 3f is fc
8 01 f2 0004
9 3f f2 1ffc
`,
	},
	{
		name: "C1_QW1_AW2",
		p:    hw.Params{C: 1, QW: 1, AW: 2},
		vec: `# block=dt_threshold C=1 QW=1 AW=2
cycle free_i alpha_i thr_o
0 0 0 0
1 1 0 1
2 1 1 1
3 1 3 0
4 1 2 0
5 0 1 0
`,
	},
}

func TestVectorTables(t *testing.T) {
	for _, tc := range vectorTables {
		t.Run(tc.name, func(t *testing.T) {
			tb, err := vectors.Parse(strings.NewReader(tc.vec))
			require.NoError(t, err)
			require.Equal(t, "free_i", tb.Ports[0], "first row names the ports")
			d, err := dtThreshold(tc.p)
			require.NoError(t, err)
			require.NoError(t, vectors.Check(tb, d))
		})
	}
}
