package vectors

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWritePadsToWidth(t *testing.T) {
	tb := &Table{
		Params:   map[string]string{"seed": "1", "block": "rr_arbiter", "N": "70"},
		Comments: []string{"hello"},
		Ports:    []string{"rst_ni", "req_i", "gnt_idx_o"},
		Widths:   []int{1, 70, 7},
		Rows: []Row{
			{Cycle: 0, Values: [][]uint64{{0}, {1, 0x20}, {5}}},
			{Cycle: 1, Values: [][]uint64{{1}, {0, 0}, {0x45}}},
		},
	}
	var b bytes.Buffer
	require.NoError(t, tb.Write(&b))
	assert.Equal(t, `# block=rr_arbiter N=70 seed=1
# hello
cycle rst_ni req_i gnt_idx_o
0 0 200000000000000001 05
1 1 000000000000000000 45
`, b.String())
	back, err := Parse(&b)
	require.NoError(t, err)
	back.Widths = tb.Widths
	assert.Equal(t, tb, back, "write then parse gives the same table")
}

func TestWriteWithoutWidths(t *testing.T) {
	tb := &Table{Ports: []string{"a_i"}, Rows: []Row{{Cycle: 3, Values: [][]uint64{{0x0f, 0}}}}}
	var b bytes.Buffer
	require.NoError(t, tb.Write(&b))
	assert.Equal(t, "cycle a_i\n3 f\n", b.String())
}

func TestWriteRefusesWhatWouldNotReadBack(t *testing.T) {
	good := func() *Table {
		return &Table{Ports: []string{"a_i", "b_o"}, Widths: []int{4, 4}, Rows: []Row{{Cycle: 0, Values: [][]uint64{{1}, {2}}}}}
	}
	for _, tc := range []struct {
		name   string
		change func(*Table)
		want   string
	}{
		{"no ports", func(t *Table) { t.Ports = nil; t.Widths = nil }, "names no ports"},
		{"bad port", func(t *Table) { t.Ports[0] = "a i" }, "bad port name"},
		{"widths count", func(t *Table) { t.Widths = []int{4} }, "1 widths for 2 ports"},
		{"value too wide", func(t *Table) { t.Rows[0].Values[1] = []uint64{0x10} }, "cycle 0, port b_o: value 10 wider than 4 bits"},
		{"values count", func(t *Table) { t.Rows[0].Values = t.Rows[0].Values[:1] }, "cycle 0 has 1 values for 2 ports"},
		{"cycle gap", func(t *Table) { t.Rows = append(t.Rows, Row{Cycle: 2, Values: [][]uint64{{0}, {0}}}) }, "cycle 2 follows cycle 0"},
		{"comment newline", func(t *Table) { t.Comments = []string{"a\nb"} }, "line break"},
		{"comment looks like params", func(t *Table) { t.Comments = []string{"N=3"} }, "would read back as parameters"},
		{"param value blank", func(t *Table) { t.Params = map[string]string{"k": "a b"} }, "cannot be written"},
		{"param key bad", func(t *Table) { t.Params = map[string]string{"k k": "a"} }, "cannot be written"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := good()
			tc.change(tb)
			var b bytes.Buffer
			err := tb.Write(&b)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Zero(t, b.Len(), "nothing written on error")
		})
	}
}

func TestRoundTripSample(t *testing.T) {
	tb, err := Parse(strings.NewReader(sample))
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, tb.Write(&b))
	back, err := Parse(&b)
	require.NoError(t, err)
	assert.Equal(t, tb, back)
}
