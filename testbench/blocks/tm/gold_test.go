package tm

import (
	"occamy/testbench/blocks"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTMAdapterIncremental checks, every cycle of the random traffic (with
// its reconfigurations, which rebuild the model) at the defaults, the
// small set and random configurations, what the adapter keeps between
// cycles against a computation from scratch: qlen_o (packed again only
// where the last cycle wrote) is the register lengths at the cycle's start
// packed whole, the coverage's start-of-cycle lengths (qpre, the model's
// qlen_q taken once per model) are those lengths, and the six port-use
// outputs are the Probe.Ports of the cycle before (registered, issue 29
// usereg; 0 in the first cycle after a reset).
func TestTMAdapterIncremental(t *testing.T) {
	b, _ := blocks.Lookup("tm")
	for _, given := range tmTestSets(b) {
		r := newTMRun(t, given, 5)
		t.Run(b.ParamText(r.p), func(t *testing.T) {
			g, qw := r.g, r.g.base.QW
			pre := make([]uint32, g.sh.N)
			checked := 0
			var prev [6]int // the port use of the cycle before
			for cyc := uint64(0); cyc < 20000; cyc++ {
				r.sd.Random.Next(cyc, r.in)
				m := g.m
				live := m != nil && g.live
				if live {
					qlen, _ := m.Registers()
					copy(pre, qlen)
				}
				r.sd.Golden.Step(r.in, r.out)
				if !live || g.m != m || !g.live {
					prev = [6]int{} // a reset cycle: the outputs are the reset state's; use_q resets
					continue
				}
				for q, v := range pre {
					require.Equal(t, uint64(v), r.get("qlen_o", q, qw), "cycle %d: qlen_o[%d]", cyc, q)
				}
				require.True(t, slices.Equal(pre, g.qlen.pre), "cycle %d: the coverage's start-of-cycle lengths %v, the registers were %v", cyc, g.qlen.pre, pre)
				p := m.Probe()
				for i, name := range []string{"pd_rd_o", "pd_wr_o", "cp_rd_o", "cp_wr_o", "cd_rd_o", "cd_wr_o"} {
					require.Equal(t, uint32(prev[i]), r.out[r.l.OutOff[r.l.Output(name)]], "cycle %d: %s, the cycle before's use", cyc, name)
				}
				prev = [6]int{p.Ports[0].Reads, p.Ports[0].Writes, p.Ports[1].Reads, p.Ports[1].Writes, p.Ports[2].Reads, p.Ports[2].Writes}
				checked++
			}
			require.NoError(t, r.sd.Err())
			require.Greater(t, checked, 10000, "cycles compared")
		})
	}
}
