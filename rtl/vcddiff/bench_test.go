package vcddiff

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/vcd"
)

// synthDump writes a dump of nsig signals (widths 1, 8, 64 and 200 in
// turn) under top.scope with a clock clk_i and an active-low rst_ni held
// for two cycles, over cycles cycles of seeded random values; period sets
// the time unit per cycle, so two calls can differ in timing only.
func synthDump(t testing.TB, top, scope string, period uint64, nsig, cycles int, seed int64) []byte {
	var buf bytes.Buffer
	w, err := vcd.NewWriter(&buf, vcd.WriterOptions{})
	require.NoError(t, err)
	clk, err := w.Var(top, "clk_i", 1, vcd.Wire)
	require.NoError(t, err)
	rst, err := w.Var(top+"."+scope, "rst_ni", 1, vcd.Wire)
	require.NoError(t, err)
	widths := []int{1, 8, 64, 200}
	ids := make([]vcd.ID, nsig)
	for i := range ids {
		ids[i], err = w.Var(top+"."+scope, fmt.Sprintf("sig%d", i), widths[i%len(widths)], vcd.Reg)
		require.NoError(t, err)
	}
	require.NoError(t, w.WriteHeader())
	rng := rand.New(rand.NewSource(seed))
	words := make([]uint64, 4)
	for c := 0; c < cycles; c++ {
		require.NoError(t, w.Time(uint64(c)*period))
		require.NoError(t, w.Change(clk, []uint64{0}))
		r := uint64(0)
		if c >= 2 {
			r = 1
		}
		require.NoError(t, w.Change(rst, []uint64{r}))
		for _, id := range ids {
			if rng.Intn(4) == 0 {
				for k := range words {
					words[k] = rng.Uint64()
				}
				require.NoError(t, w.Change(id, words))
			}
		}
		require.NoError(t, w.Time(uint64(c)*period+period/2))
		require.NoError(t, w.Change(clk, []uint64{1}))
	}
	require.NoError(t, w.Close())
	return buf.Bytes()
}

// TestDiffAllocsPerEdge: Diff allocates nothing per edge: a run four times
// longer allocates as often as a short one.
func TestDiffAllocsPerEdge(t *testing.T) {
	allocs := func(cycles int) float64 {
		a := synthDump(t, "occamy", "u_blk", 1000, 32, cycles, 1)
		b := synthDump(t, "tb", "dut", 10, 32, cycles, 1)
		return testing.AllocsPerRun(5, func() {
			rep, err := Diff(bytes.NewReader(a), bytes.NewReader(b), Options{})
			if err != nil || !rep.Same() {
				t.Fatalf("synthetic dumps must agree: %v", err)
			}
		})
	}
	short, long := allocs(500), allocs(2000)
	assert.InDelta(t, short, long, 2, "allocations of a 500-cycle and a 2000-cycle Diff")
	t.Logf("allocations per Diff: %.0f (500 cycles), %.0f (2000 cycles)", short, long)
}

// BenchmarkDiff compares two 64-signal dumps of 10000 cycles that differ
// only in timing and scope names, and reports compared edges per second.
func BenchmarkDiff(b *testing.B) {
	const cycles = 10000
	da := synthDump(b, "occamy", "u_blk", 1000, 64, cycles, 1)
	db := synthDump(b, "tb", "dut", 10, 64, cycles, 1)
	b.SetBytes(int64(len(da) + len(db)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := Diff(bytes.NewReader(da), bytes.NewReader(db), Options{})
		if err != nil || !rep.Same() || rep.Edges != cycles-2 {
			b.Fatalf("unexpected result: %v", err)
		}
	}
	b.ReportMetric(float64(b.N)*float64(cycles-2)/b.Elapsed().Seconds(), "edges/s")
}
