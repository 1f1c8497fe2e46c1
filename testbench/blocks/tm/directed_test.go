package tm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
)

// TestDirectedFreedWide: the directed stage tmdWide makes the lanes free
// more cells in one cycle than LW bits hold (hd_freed_wide) in the
// matrix's configurations where that can happen under occamy in chain
// mode, on purpose and early: it ends on its wideHits-th such cycle, not
// on its cycle limit. Elsewhere the stage is skipped, so their stimulus
// is the one they had.
func TestDirectedFreedWide(t *testing.T) {
	b, err := blocks.Lookup("tm")
	require.NoError(t, err)
	for _, tc := range []struct {
		set  string
		runs bool
	}{
		{"k4-tight/occamy-chain", true},
		{"k4-tight/reconf", true},
		{"k4-tight/occamy", false},  // per cell: K cells a cycle at most
		{"k4-tight/lqd-drr", false}, // occamy-lqd expels the longest queue, class 0's
		{"small/occamy-chain", false},
		{"k8/occamy-chain", false},
		{"defaults/occamy-chain", false},
	} {
		t.Run(tc.set, func(t *testing.T) {
			cfg, ok := b.Regression().Lookup(tc.set)
			require.True(t, ok)
			r := newTMRun(t, cfg.Params, 1)
			d := r.sd.Directed.(*tmDirected)
			wide := 1<<lwOf(d.in.cfg) - 1
			hits, first, in, end := 0, uint64(0), 0, uint64(0)
			for c := uint64(0); c < 10000 && end == 0; c++ {
				st := d.stage
				d.Next(c, r.in)
				if d.stage == tmdWide {
					in++
				}
				if st == tmdWide && d.stage != tmdWide {
					end = c
				}
				if st > tmdFromWide {
					break // the stage is behind
				}
				r.g.Step(r.in, r.out)
				if r.g.m != nil && r.g.probe.HDPipe.Freed > wide {
					hits++
					if first == 0 {
						first = c
					}
				}
			}
			require.NoError(t, r.g.Err())
			if !tc.runs {
				assert.Zero(t, in, "the stage ran")
				return
			}
			assert.Equal(t, wideHits, hits, "cycles freeing more than %d cells", wide)
			assert.Less(t, end, uint64(wideCycles), "the stage ended on its cycle limit")
			t.Logf("first at cycle %d, the stage ends at cycle %d after %d hits", first, end, hits)
		})
	}
}
