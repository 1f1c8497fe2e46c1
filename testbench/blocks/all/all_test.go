package all_test

import (
	"errors"
	"occamy/testbench/blocks"
	_ "occamy/testbench/blocks/all"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
	"occamy/rtl/port"
)

// TestReferencePorts: the registry's ports of the three reference
// contracts (docs/blocks.md) at default and other parameters.
func TestReferencePorts(t *testing.T) {
	In, Out := port.In, port.Out
	pt := func(name string, d port.Dir, w int) port.Port { return port.Port{Name: name, Dir: d, Width: w} }
	tests := []struct {
		block  string
		params map[string]int
		want   []port.Port
	}{
		{"threshold", nil, []port.Port{pt("free_i", In, 16), pt("alpha_i", In, 32), pt("thr_o", Out, 128)}},
		{"threshold", map[string]int{"C": 2, "QW": 5, "AW": 3}, []port.Port{pt("free_i", In, 5), pt("alpha_i", In, 6), pt("thr_o", Out, 10)}},
		{"selector", nil, []port.Port{pt("clk_i", In, 1), pt("rst_ni", In, 1), pt("qlen_i", In, 1024), pt("thr_i", In, 1024), pt("over_o", Out, 64)}},
		{"hd_selector", map[string]int{"N": 4, "QW": 3}, []port.Port{pt("clk_i", In, 1), pt("rst_ni", In, 1), pt("qlen_i", In, 12), pt("thr_i", In, 12), pt("over_o", Out, 4)}},
		{"arbiter", nil, []port.Port{pt("clk_i", In, 1), pt("rst_ni", In, 1), pt("req_i", In, 64), pt("ack_i", In, 1), pt("gnt_valid_o", Out, 1), pt("gnt_idx_o", Out, 6)}},
		{"arbiter", map[string]int{"N": 1}, []port.Port{pt("clk_i", In, 1), pt("rst_ni", In, 1), pt("req_i", In, 1), pt("ack_i", In, 1), pt("gnt_valid_o", Out, 1), pt("gnt_idx_o", Out, 1)}},
		{"rr_arbiter", map[string]int{"N": 5}, []port.Port{pt("clk_i", In, 1), pt("rst_ni", In, 1), pt("req_i", In, 5), pt("ack_i", In, 1), pt("gnt_valid_o", Out, 1), pt("gnt_idx_o", Out, 3)}},
	}
	for _, tc := range tests {
		b, err := blocks.Lookup(tc.block)
		require.NoError(t, err)
		p, err := b.Resolve(tc.params)
		require.NoError(t, err)
		assert.Equal(t, tc.want, b.Ports(p), "%s %v", tc.block, tc.params)
	}
}

// TestParamsFromModel: defaults are the Go model's, ranges what its
// Validate states (cut to what validates at the other defaults), and a
// value past either end is the model's *rtl.ParamError naming it.
func TestParamsFromModel(t *testing.T) {
	sel, err := blocks.Lookup("selector")
	require.NoError(t, err)
	assert.Equal(t, []blocks.Param{{Name: "N", Default: 64, Min: 1, Max: 256}, {Name: "QW", Default: 16, Min: 1, Max: 32}}, sel.Params)
	fl, err := blocks.Lookup("free_list")
	require.NoError(t, err)
	assert.Equal(t, blocks.Param{Name: "K", Default: 4, Min: 1, Max: 8, Note: "1, 2, 4 or 8"}, fl.Params[1])
	for _, b := range blocks.Every() {
		for _, q := range b.Params {
			for _, v := range []int{q.Min - 1, q.Max + 1} {
				_, err := b.Resolve(map[string]int{q.Name: v})
				var pe *rtl.ParamError
				require.True(t, errors.As(err, &pe), "%s %s=%d: want a *rtl.ParamError, got %v", b.Name, q.Name, v, err)
			}
			for _, v := range []int{q.Min, q.Max, q.Default} {
				_, err := b.Resolve(map[string]int{q.Name: v})
				require.NoError(t, err, "%s %s=%d is in the stated range", b.Name, q.Name, v)
			}
		}
	}
	_, err = sel.Resolve(map[string]int{"M": 1})
	assert.EqualError(t, err, "selector has no parameter M (parameters: N, QW)")
}

// TestLookupNames: one name per block, aliases and modules accepted, every
// name unique.
func TestLookupNames(t *testing.T) {
	// The listing order is each face's Order: these keep the order they
	// always had, whatever block is added between them.
	names := blocks.Names()
	at := -1
	for _, n := range []string{"threshold", "selector", "arbiter", "maxfind", "sram", "freelist", "pdlists", "cpsublists", "tm"} {
		i := slices.Index(names, n)
		require.Greater(t, i, at, "%s listed out of order in %v", n, names)
		at = i
	}
	for i, b := range blocks.All()[1:] {
		prev := blocks.All()[i]
		assert.True(t, prev.Order < b.Order || prev.Order == b.Order && prev.Name < b.Name, "%s (Order %d) listed before %s (Order %d)", prev.Name, prev.Order, b.Name, b.Order)
	}
	for _, n := range []string{"tm", "traffic-manager", "occamy_tm"} {
		b, err := blocks.Lookup(n)
		require.NoError(t, err)
		assert.Equal(t, "tm", b.Name)
	}
	_, err := blocks.Lookup("mux")
	assert.EqualError(t, err, `unknown block "mux" (known: `+strings.Join(names, ", ")+`)`)
	seen := map[string]string{}
	for _, b := range blocks.Every() {
		for _, n := range b.Names() {
			if o, ok := seen[n]; ok && o != b.Name {
				t.Errorf("name %s is both %s and %s", n, o, b.Name)
			}
			seen[n] = b.Name
		}
	}
}

// TestBuildEveryBlock: every block builds at its defaults and its small
// set, its golden model runs 20 000 cycles of its own stimulus without
// breaking its input contract and without allocating, and it has one hit
// counter per coverpoint.
func TestBuildEveryBlock(t *testing.T) {
	for _, b := range blocks.Every() {
		for _, p := range []map[string]int{b.Defaults(), b.SmallParams()} {
			l, err := port.NewLayout(b.Ports(p), clockOf(b, p), "", false)
			require.NoError(t, err)
			sd, err := b.Build(p, &l, 1)
			require.NoError(t, err, "%s %v", b.Name, p)
			require.Len(t, sd.Hits, len(b.Coverpoints), "%s: hit counters", b.Name)
			in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
			c := uint64(0)
			for ; c < 20000; c++ {
				sd.Random.Next(c, in)
				sd.Golden.Step(in, out)
			}
			allocs := testing.AllocsPerRun(1000, func() {
				sd.Random.Next(c, in)
				sd.Golden.Step(in, out)
				c++
			})
			assert.Zero(t, allocs, "%s %s: allocations per cycle", b.Name, b.ParamText(p))
			if sd.Err != nil {
				require.NoError(t, sd.Err(), "%s %s: the stimulus broke the model's contract", b.Name, b.ParamText(p))
			}
		}
	}
}

func clockOf(b *blocks.Block, p map[string]int) string {
	for _, q := range b.Ports(p) {
		if q.Name == port.DefaultClock {
			return q.Name
		}
	}
	return ""
}
