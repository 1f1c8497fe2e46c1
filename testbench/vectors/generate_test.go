package vectors_test

import (
	"bytes"
	"errors"
	"math/rand"
	"occamy/rtl/pack"
	"occamy/testbench/blocks"
	_ "occamy/testbench/blocks/all"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
	"occamy/testbench/vectors"
)

// gen generates a block's table through its face's vector generator, at
// the face's parameters, as verilog/tb/gen does.
func gen(block string, p map[string]int, cycles int, seed int64) (*vectors.Table, error) {
	b, err := blocks.Lookup(block)
	if err != nil {
		return nil, err
	}
	q, err := b.Resolve(p)
	if err != nil {
		return nil, err
	}
	return vectors.Generate(b.Module, q, b.Checks.Vectors, cycles, seed)
}

// dut is a block's Go model as a DUT, through its face's vector generator.
func dut(block string, p map[string]int) (vectors.DUT, error) {
	b, err := blocks.Lookup(block)
	if err != nil {
		return nil, err
	}
	q, err := b.Resolve(p)
	if err != nil {
		return nil, err
	}
	d, _, err := b.Checks.Vectors(q, rand.New(rand.NewSource(1)))
	return d, err
}

// dutFor builds a fresh DUT for a generated table's block and parameters.
func dutFor(t *testing.T, block string, p map[string]int) vectors.DUT {
	t.Helper()
	d, err := dut(block, p)
	require.NoError(t, err)
	return d
}

var genCases = []struct {
	block  string
	params map[string]int
}{
	{"threshold", nil},
	{"threshold", map[string]int{"C": 1, "QW": 1, "AW": 2}},
	{"threshold", map[string]int{"C": 64, "QW": 32, "AW": 8}},
	{"threshold", map[string]int{"C": 3, "QW": 6, "AW": 4}},
	{"selector", nil},
	{"selector", map[string]int{"N": 1, "QW": 1}},
	{"selector", map[string]int{"N": 2, "QW": 4}},
	{"selector", map[string]int{"N": 65, "QW": 32}},
	{"selector", map[string]int{"N": 256, "QW": 7}},
	{"arbiter", nil},
	{"arbiter", map[string]int{"N": 1}},
	{"arbiter", map[string]int{"N": 5}},
	{"arbiter", map[string]int{"N": 130}},
	{"arbiter", map[string]int{"N": 256}},
}

// TestGeneratedTablesCheckAndRoundTrip: every generated table passes Check
// against a fresh model, and still does after Write and Parse.
func TestGeneratedTablesCheckAndRoundTrip(t *testing.T) {
	for _, tc := range genCases {
		tb, err := gen(tc.block, tc.params, 400, 42)
		require.NoError(t, err, "%s %v", tc.block, tc.params)
		require.Len(t, tb.Rows, 400)
		require.NoError(t, vectors.Check(tb, dutFor(t, tc.block, tc.params)), "%s %v", tc.block, tc.params)
		var b bytes.Buffer
		require.NoError(t, tb.Write(&b))
		back, err := vectors.Parse(&b)
		require.NoError(t, err)
		assert.Equal(t, tb.Params, back.Params)
		back.Widths = tb.Widths
		assert.Equal(t, tb, back, "%s %v: write then parse", tc.block, tc.params)
		require.NoError(t, vectors.Check(back, dutFor(t, tc.block, tc.params)))
		for i, w := range tb.Widths {
			assert.Positive(t, w, "%s: width of %s", tc.block, tb.Ports[i])
		}
	}
}

func TestGenerateHeaderAndReset(t *testing.T) {
	tb, err := gen("selector", map[string]int{"N": 2, "QW": 4}, 10, 5)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"block": "hd_selector", "N": "2", "QW": "4", "seed": "5"}, tb.Params)
	assert.Equal(t, []string{"rst_ni", "qlen_i", "thr_i", "over_o"}, tb.Ports)
	assert.Equal(t, []int{1, 8, 8, 2}, tb.Widths)
	for c := 0; c < 2; c++ {
		assert.Equal(t, uint64(c), tb.Rows[c].Cycle)
		assert.Equal(t, []uint64{0}, tb.Rows[c].Values[0], "cycle %d is under reset", c)
	}
	tb, err = gen("dt_threshold", nil, 3, 5)
	require.NoError(t, err, "the Verilog name is accepted too")
	assert.Equal(t, []string{"free_i", "alpha_i", "thr_o"}, tb.Ports)
	assert.Equal(t, []int{16, 32, 128}, tb.Widths)
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, err := gen("arbiter", nil, 300, 7)
	require.NoError(t, err)
	b, err := gen("arbiter", nil, 300, 7)
	require.NoError(t, err)
	c, err := gen("arbiter", nil, 300, 8)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.NotEqual(t, a.Rows, c.Rows)
}

func TestGenerateErrors(t *testing.T) {
	_, err := gen("fifo", nil, 10, 1)
	assert.ErrorContains(t, err, `unknown block "fifo"`)
	_, err = gen("selector", map[string]int{"M": 3}, 10, 1)
	assert.EqualError(t, err, `selector has no parameter M (parameters: N, QW)`)
	for _, bad := range []struct {
		block string
		p     map[string]int
		param string
	}{
		{"selector", map[string]int{"N": 257}, "N"},
		{"selector", map[string]int{"QW": 0}, "QW"},
		{"arbiter", map[string]int{"N": 0}, "N"},
		{"threshold", map[string]int{"AW": 9}, "AW"},
	} {
		_, err = gen(bad.block, bad.p, 10, 1)
		var pe *rtl.ParamError
		require.True(t, errors.As(err, &pe), "%s %v: want *rtl.ParamError, got %v", bad.block, bad.p, err)
		assert.Equal(t, bad.param, pe.Param)
	}
	_, err = gen("arbiter", nil, 0, 1)
	assert.ErrorContains(t, err, "cycles=0 out of range")
}

// col returns a port's value (low word) in row r.
func col(tb *vectors.Table, r int, port string) uint64 {
	return tb.Rows[r].Values[tb.PortIndex(port)][0]
}

// TestGeneratorHitsTheEdges counts, over one default table per block, the
// situations the stimulus is meant to produce, so a change that loses one
// is noticed.
func TestGeneratorHitsTheEdges(t *testing.T) {
	const cycles = 3000
	t.Run("selector", func(t *testing.T) {
		tb, err := gen("selector", map[string]int{"N": 8, "QW": 4}, cycles, 1)
		require.NoError(t, err)
		hits := map[string]int{}
		for r := range tb.Rows {
			q, th := col(tb, r, "qlen_i"), col(tb, r, "thr_i")
			for i := 0; i < 8; i++ {
				qi, ti := pack.Get64([]uint64{q}, i, 4), pack.Get64([]uint64{th}, i, 4)
				switch {
				case qi == ti:
					hits["equal"]++
				case qi == ti+1:
					hits["one above"]++
				case qi+1 == ti:
					hits["one below"]++
				}
				if qi == 0 {
					hits["zero"]++
				}
				if qi == 15 {
					hits["all-ones"]++
				}
			}
			if r >= 2 && col(tb, r, "rst_ni") == 0 && q != 0 {
				hits["reset while busy"]++
			}
		}
		for _, k := range []string{"equal", "one above", "one below", "zero", "all-ones", "reset while busy"} {
			assert.Greater(t, hits[k], 10, "selector edge %q hit %d times", k, hits[k])
		}
	})
	t.Run("arbiter", func(t *testing.T) {
		const n = 16
		tb, err := gen("arbiter", map[string]int{"N": n}, cycles, 1)
		require.NoError(t, err)
		hits := map[string]int{}
		ptr := uint64(0)
		for r := range tb.Rows {
			rst, req, ack := col(tb, r, "rst_ni"), col(tb, r, "req_i"), col(tb, r, "ack_i")
			valid, idx := col(tb, r, "gnt_valid_o"), col(tb, r, "gnt_idx_o")
			switch {
			case valid == 0 && ack == 1:
				hits["ack without valid"]++
			case valid == 1 && idx < ptr && rst == 1:
				hits["wrap"]++
			}
			if valid == 1 && idx == ptr && req != 1<<ptr {
				hits["tie at pointer"]++
			}
			if req != 0 && req&(req-1) == 0 {
				hits["single bit"]++
			}
			if req == 1<<n-1 {
				hits["all ones"]++
			}
			if r >= 2 && rst == 0 && valid == 1 && ack == 1 {
				hits["reset while acked"]++
			}
			if rst == 1 && valid == 1 && ack == 1 && idx == n-1 {
				hits["pointer wraps"]++
			}
			if r > 0 && ack != col(tb, r-1, "ack_i") {
				hits["ack toggles"]++
			}
			switch {
			case rst == 0:
				ptr = 0
			case valid == 1 && ack == 1:
				ptr = (idx + 1) % n
			}
		}
		for _, k := range []string{"ack without valid", "wrap", "tie at pointer", "single bit", "all ones", "reset while acked", "pointer wraps", "ack toggles"} {
			assert.Greater(t, hits[k], 10, "arbiter edge %q hit %d times", k, hits[k])
		}
	})
	t.Run("threshold", func(t *testing.T) {
		tb, err := gen("threshold", map[string]int{"C": 4, "QW": 8, "AW": 4}, cycles, 1)
		require.NoError(t, err)
		hits := map[string]int{}
		for r := range tb.Rows {
			free, alpha, thr := col(tb, r, "free_i"), col(tb, r, "alpha_i"), col(tb, r, "thr_o")
			for c := 0; c < 4; c++ {
				s := rtl.Width(4).SignExtend(pack.Get64([]uint64{alpha}, c, 4))
				th := pack.Get64([]uint64{thr}, c, 8)
				if s > 0 && free != 0 && th == 255 {
					hits["saturated"]++
				}
				if s > 0 && free != 0 && th == 255 && free<<uint(s) == 256 {
					hits["just saturated"]++
				}
				if s > 0 && th < 255 && (free+1)<<uint(s) > 255 {
					hits["just below saturation"]++
				}
				if s == -8 || s == 7 {
					hits["exponent extreme"]++
				}
			}
			if free == 0 {
				hits["zero free"]++
			}
			if free == 255 {
				hits["all-ones free"]++
			}
		}
		for _, k := range []string{"saturated", "just saturated", "just below saturation", "exponent extreme", "zero free", "all-ones free"} {
			assert.Greater(t, hits[k], 10, "threshold edge %q hit %d times", k, hits[k])
		}
	})
}
