package vectors

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sample = `# block=hd_selector N=2 QW=4 seed=1
# a free comment
cycle rst_ni qlen_i thr_i over_o
0 0 00 00 0
1 1 3f 21 0

2 1 3F 21 2
`

func TestParseSample(t *testing.T) {
	tb, err := Parse(strings.NewReader(sample))
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"block": "hd_selector", "N": "2", "QW": "4", "seed": "1"}, tb.Params)
	assert.Equal(t, []string{"a free comment"}, tb.Comments)
	assert.Equal(t, []string{"rst_ni", "qlen_i", "thr_i", "over_o"}, tb.Ports)
	assert.Nil(t, tb.Widths)
	require.Len(t, tb.Rows, 3)
	assert.Equal(t, Row{Cycle: 2, Values: [][]uint64{{1}, {0x3f}, {0x21}, {2}}}, tb.Rows[2])
}

func TestParseWideAndOddLines(t *testing.T) {
	in := "\r\n  #block=x\r\ncycle\tw_i  v_o\r\n7 1234567890abcdef0123 0\r\n8 0 ffffffffffffffff"
	tb, err := Parse(strings.NewReader(in))
	require.NoError(t, err)
	assert.Equal(t, "x", tb.Params["block"])
	require.Len(t, tb.Rows, 2)
	assert.Equal(t, []uint64{0x567890abcdef0123, 0x1234}, tb.Rows[0].Values[0], "20 digits are two words")
	assert.Equal(t, []uint64{^uint64(0)}, tb.Rows[1].Values[1], "last line without newline")
	assert.Equal(t, uint64(7), tb.Rows[0].Cycle, "a table may start at any cycle")
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"empty", "", "no header row"},
		{"only comments", "# a\n# b=c\n", "no header row"},
		{"header without cycle", "# x\ntime a_i\n", "line 2: header must start with \"cycle\""},
		{"header without ports", "cycle\n", "line 1: header names no ports"},
		{"duplicate port", "cycle a_i a_i\n", "line 1: port a_i named twice"},
		{"bad port name", "cycle 9a_i\n", "line 1: bad port name \"9a_i\""},
		{"port named cycle", "cycle cycle\n", "line 1: bad port name \"cycle\""},
		{"too few values", "cycle a_i b_o\n0 1\n", "line 2: 2 values, want 3"},
		{"too many values", "cycle a_i b_o\n0 1 2 3\n", "line 2: 4 values, want 3"},
		{"bad cycle", "cycle a_i\nx 1\n", "line 2: bad cycle number \"x\""},
		{"negative cycle", "cycle a_i\n-1 1\n", "line 2: bad cycle number"},
		{"bad hex", "cycle a_i b_o\n\n0 1 0x2\n", "line 3: cycle 0, port b_o: bad hex digit 'x'"},
		{"skipped cycle", "cycle a_i\n0 1\n1 1\n3 1\n", "line 4: cycle 3 follows cycle 1"},
		{"repeated cycle", "cycle a_i\n5 1\n5 1\n", "line 3: cycle 5 follows cycle 5"},
		{"cycle overflow", "cycle a_i\n18446744073709551615 1\n0 1\n", "line 3: cycle 0 follows cycle 18446744073709551615"},
		{"duplicate param", "# N=2 N=3\ncycle a_i\n", "line 1: parameter N given twice"},
		{"duplicate param across lines", "# N=2\n#N=3\ncycle a_i\n", "line 2: parameter N given twice"},
		{"long line", "cycle a_i\n0 " + strings.Repeat("f", MaxLine) + "\n", "line 2: line longer than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.in))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestParseCommentsVersusParams(t *testing.T) {
	in := "# block=a N=3\n# N is 3\n# k=v and words\n#\ncycle a_i\n# seed=4\n0 1\n"
	tb, err := Parse(strings.NewReader(in))
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"block": "a", "N": "3", "seed": "4"}, tb.Params, "key=value-only lines anywhere are parameters")
	assert.Equal(t, []string{"N is 3", "k=v and words", ""}, tb.Comments)
}

func TestHexHelpers(t *testing.T) {
	for _, tc := range []struct {
		v     []uint64
		width int
		want  string
	}{
		{[]uint64{0}, 0, "0"},
		{[]uint64{0}, 1, "0"},
		{[]uint64{5}, 7, "05"},
		{[]uint64{0x3f}, 64, "000000000000003f"},
		{[]uint64{1, 1}, 65, "10000000000000001"},
		{[]uint64{0xabc}, 4, "abc"}, // wider than its width: written in full
		{[]uint64{0, 0, 0}, 0, "0"},
		{nil, 8, "00"},
	} {
		assert.Equal(t, tc.want, FormatHex(tc.v, tc.width), "FormatHex(%x, %d)", tc.v, tc.width)
	}
	assert.True(t, Fits([]uint64{0xff, 0}, 8))
	assert.False(t, Fits([]uint64{0x100}, 8))
	assert.False(t, Fits([]uint64{0, 1}, 64))
	assert.True(t, Fits([]uint64{^uint64(0), 1}, 65))
	assert.False(t, Fits([]uint64{0, 2}, 65))
	assert.True(t, IsInput("rst_ni"))
	assert.True(t, IsInput("req_i"))
	assert.False(t, IsInput("gnt_idx_o"))
	assert.False(t, IsInput("ptr_q"))
}
