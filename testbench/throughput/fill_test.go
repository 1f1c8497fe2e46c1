package throughput

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
)

// TestFillAtAdmitLag1: the victim's fill stops on the packet that takes
// its length, with the cells offered and not yet in it, to the target. On
// hw/tm a packet's cells show in the length tm.SettleLag cycles after its
// offer (answered at tm.AdmitLag, counted a cycle later); behind a 1-cycle
// ingress register one cycle more. The fill here offers a packet every
// cycle (no pacing: with the enqueue engine's pace of two packets an
// offer comes only every ~36 cycles, and whether one falls in the cycles
// not counted depends on where the target falls, so a wrong lag overshot
// at some targets only), so each cycle of in-flight cells the runner does
// not count is one more packet past the target. At the right lag the
// peak length ends within a packet of the target; at a lag short by a
// cycle or more (the delay not counted, the answer's lag without the
// settle, or none) it ends at least a packet over it.
func TestFillAtAdmitLag1(t *testing.T) {
	p := Point{K: 4, FreeMode: tm.FreeChain, Size: mustSize(t, "fixed:9000"), Ports: 8}
	const maxC = 36
	cases := []struct {
		name  string
		lag   *lagTest
		right bool
	}{
		{"hw/tm, the runner's lag (tm.SettleLag)", nil, true},
		{"delay 1, ring 1+tm.SettleLag", &lagTest{Delay: 1, Ring: 1 + tm.SettleLag}, true},
		{"delay 1, ring tm.SettleLag (the delay not counted)", &lagTest{Delay: 1, Ring: tm.SettleLag}, false},
		{"delay 1, ring tm.AdmitLag", &lagTest{Delay: 1, Ring: tm.AdmitLag}, false},
		{"delay 0, ring tm.AdmitLag (the settle not counted)", &lagTest{Delay: 0, Ring: tm.AdmitLag}, false},
		{"delay 0, ring 0 (nothing in flight counted)", &lagTest{Delay: 0, Ring: 0}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := quick()
			o.lag = c.lag
			cfg, err := Config(p, o)
			require.NoError(t, err)
			r, err := newRunner(context.Background(), cfg, p, o)
			require.NoError(t, err)
			target := fillTarget(cfg, maxC)
			require.NoError(t, r.fill(victimClass, target, 1<<40, 1<<20, newSampler(p.Size.Cells(o.CellBytes), 1, 1)))
			end := r.cycle
			for range 6 { // every offer answered and in the length
				_, err := r.step()
				require.NoError(t, err)
			}
			vs := r.m.Stats().Queues[victimClass]
			require.Zero(t, vs.AdmDropped.Pkts, "a refusal stopped the fill")
			over := int(vs.MaxLen.Cells) - int(target)
			t.Logf("the fill stopped at cycle %d; the victim's peak length %d cells, target %d (%+d)",
				end, vs.MaxLen.Cells, target, over)
			if c.right {
				assert.True(t, over >= 0 && over < maxC,
					"cycle %d: victim peak length %d, want within a packet (%d cells) over target %d",
					end, vs.MaxLen.Cells, maxC, target)
			} else {
				assert.GreaterOrEqual(t, over, maxC,
					"cycle %d: victim peak length %d, want a packet (%d cells) or more over target %d",
					end, vs.MaxLen.Cells, maxC, target)
			}
		})
	}
}
