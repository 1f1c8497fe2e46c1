package tm

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
	"occamy/testbench/stimulus"
)

// TestTMFreeListAccount: the coverage's count of the cells on the free
// list (the free count plus the cells admitted and not yet popped plus
// the lanes' frees of the cycle, which hd_all_banks_empty rests on) is the model's own free list, every cycle
// of the directed sequence and random traffic, at the matrix's small
// shapes in both free modes and under pushout-ports (a negative free
// count).
func TestTMFreeListAccount(t *testing.T) {
	b, err := blocks.Lookup("tm")
	require.NoError(t, err)
	for _, set := range []string{"small/occamy", "small/occamy-chain", "k4-tight/pushout-ports", "k1/occamy", "small/reconf"} {
		cfg, ok := b.Regression().Lookup(set)
		require.True(t, ok, set)
		r := newTMRun(t, cfg.Params, 1)
		src := stimulus.Chain(r.sd.Directed, r.sd.Random)
		rst := r.l.InOff[r.l.Input("rst_ni")]
		checked := 0
		for c := uint64(0); c < 40000; c++ {
			src.Next(c, r.in)
			r.g.Step(r.in, r.out)
			if r.in[rst]&1 == 0 || r.g.m == nil {
				continue
			}
			st := r.g.m.State()
			// The lanes' frees of the cycle are on the free list and in the
			// free count a cycle later (hw/tm HDFreeLag).
			require.Equal(t, st.FL.Total, r.g.probe.Free+r.g.cov.unpopped+r.g.probe.HDPipe.Freed, "%s cycle %d: free list", set, c)
			checked++
		}
		require.Greater(t, checked, 30000, set)
		require.NoError(t, r.g.Err())
	}
}

// TestTMCoverPDsOut: the coverage's packet count follows admission's
// effects hw/tm.AdmitSettle cycles after their answers, so the directed
// fill's B one-cell packets (pds_out) are seen on the golden at the small
// set (with the effects counted a cycle after the answer, as before
// AdmitSettle was 2, the count drifts and pds_out is never hit).
func TestTMCoverPDsOut(t *testing.T) {
	b, err := blocks.Lookup("tm")
	require.NoError(t, err)
	cfg, ok := b.Regression().Lookup("small/occamy")
	require.True(t, ok)
	r := newTMRun(t, cfg.Params, 1)
	src := stimulus.Chain(r.sd.Directed, r.sd.Random)
	for c := uint64(0); c < 60000 && r.g.hits[tmPDsOut] == 0; c++ {
		src.Next(c, r.in)
		r.g.Step(r.in, r.out)
	}
	require.NoError(t, r.g.Err())
	require.NotZero(t, r.g.hits[tmPDsOut], "pds_out on the golden at small/occamy within 60000 cycles")
}
