package tmsim

import (
	tmface "occamy/testbench/blocks/tm"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/testbench/scenario"
	"occamy/testbench/traffic"
)

// goOutputs steps m one cycle with the offers and returns what occamy_tm's
// ports would show for it (the registry's golden adapter maps hw/tm onto
// them the same way), the offers beyond MaxOffers apart.
type goOutputs struct {
	m *tm.TM
	o Outputs
}

func newGoOutputs(m *tm.TM) *goOutputs {
	c := m.Config()
	n := c.N()
	return &goOutputs{m: m, o: Outputs{InQ: make([]int, c.MaxOffers), InCells: make([]int, c.MaxOffers), InOK: make([]bool, c.MaxOffers),
		EgQid: make([]int, c.P), EgTag: make([]uint64, c.P), Qlen: make([]uint32, n), QlenPost: make([]uint32, n)}}
}

func (g *goOutputs) step(t *testing.T, sh tmface.Shape, pkts []traffic.Packet, d *deriver) *Outputs {
	m, o := g.m, &g.o
	p := m.Probe()
	copy(o.Qlen, p.Qlen)
	o.Free = max(p.Free, 0)
	for i, x := range pkts {
		m.Offer(tm.Arrival{Queue: x.Queue, Cells: x.Cells})
		if i < len(o.InQ) {
			o.InQ[i], o.InCells[i] = x.Queue, x.Cells
		} else {
			d.ingressDrop(x.Queue, x.Cells)
		}
	}
	require.NoError(t, m.Step())
	out := m.Outputs()
	o.NIn = out.NIn
	copy(o.InOK, out.InOK)
	o.EgValid = uint64(out.EgValid)
	for p := range o.EgQid {
		o.EgQid[p], o.EgTag[p] = int(out.EgQid[p]), sh.Tag(out.EgTag[p])
	}
	o.HDValid, o.HDQid, o.HDCells = out.HDValid, out.HDQid, out.HDCells
	copy(o.QlenPost, m.Probe().Qlen)
	return o
}

// congesting is a traffic mix that congests queue 0 past its threshold,
// loads every queue, and sends incasts beyond MaxOffers to queue 3.
func congesting(c tm.Config) []traffic.Spec {
	q := func(v int) *int { return &v }
	return []traffic.Spec{
		{Kind: traffic.KindConstant, Queue: q(0), Rate: 3, Size: &traffic.SizeSpec{Dist: traffic.DistUniform, Min: 1, Max: c.MaxPkt * c.CellBytes}},
		{Kind: traffic.KindRandom, Load: 0.8},
		{Kind: traffic.KindIncast, Queue: q(3), Senders: 8, BurstBytes: int64(100 * c.CellBytes), Period: 700},
	}
}

// TestDeriveMatchesModel drives hw/tm with congesting traffic (incasts
// beyond MaxOffers included) under every occamy_tm policy and both free
// modes, turns each cycle into occamy_tm's port values, and checks that
// the counters derived from those alone equal hw/tm's own, every cycle.
func TestDeriveMatchesModel(t *testing.T) {
	for _, pol := range tmface.Policies {
		for _, fm := range []tm.FreeMode{tm.FreeCell, tm.FreeChain} {
			t.Run(pol.String()+"/"+fm.String(), func(t *testing.T) {
				c := tm.DefaultConfig()
				c.P, c.Q, c.B, c.MaxPkt, c.MaxOffers, c.R = 2, 2, 300, 8, 3, 2
				c.AlphaExp, c.Quantum = []int{1, 0}, []int{8, 8}
				c.Policy, c.FreeMode = pol, fm
				m, err := tm.New(c)
				require.NoError(t, err)
				mix, err := traffic.BuildAll(congesting(c), scenario.Env(&c), 7, "sources")
				require.NoError(t, err)
				sh := tmface.NewShape(c, 16)
				d := newDeriver(c, sh)
				g := newGoOutputs(m)
				var hd, ing uint64
				for cyc := uint64(0); cyc < 6000; cyc++ {
					o := g.step(t, sh, mix.Tick(cyc), d)
					require.NoError(t, d.step(o))
					want, got := m.Stats(), d.stats()
					for i := range want.Queues {
						w, g := want.Queues[i], got.Queues[i]
						// Stale drops from the ports are a lower bound: the
						// thresholds credit the executor's cells in flight.
						require.LessOrEqual(t, g.StaleHeadDropped.Pkts, w.StaleHeadDropped.Pkts, "cycle %d queue %d stale", cyc, i)
						g.StaleHeadDropped = w.StaleHeadDropped
						require.Equal(t, w, g, "cycle %d queue %d", cyc, i)
					}
					require.LessOrEqual(t, got.Total.StaleHeadDropped.Pkts, want.Total.StaleHeadDropped.Pkts, "cycle %d total stale", cyc)
					got.Total.StaleHeadDropped = want.Total.StaleHeadDropped
					require.Equal(t, want.Total, got.Total, "cycle %d totals", cyc)
					hd, ing = want.Total.HeadDropped.Pkts, want.Total.IngressDropped.Pkts
				}
				require.Greater(t, ing, uint64(0), "no ingress drop: the check saw none")
				if pol != tm.PolicyDT {
					require.Greater(t, hd, uint64(0), "no head drop: the check saw none")
				}
			})
		}
	}
}

// TestDeriveRefusesInconsistentOutputs: outputs no correct occamy_tm can
// show (a wrong egress tag, a head drop of the wrong size, a queue length
// that grows without an admission) are errors naming the cycle, never
// counted.
func TestDeriveRefusesInconsistentOutputs(t *testing.T) {
	for _, tc := range []struct {
		name   string
		break_ func(o *Outputs) bool
		want   string
	}{
		{"egress tag", func(o *Outputs) bool {
			if o.EgValid&1 == 0 {
				return false
			}
			o.EgTag[0] ^= 1 << 4
			return true
		}, "port 0: eg_qid_o="},
		{"head-drop cells", func(o *Outputs) bool {
			if !o.HDValid {
				return false
			}
			o.HDCells++
			return true
		}, "hd_cells_o="},
		{"queue length", func(o *Outputs) bool { o.QlenPost[1] += 1; return true }, "queue 1: qlen_o went from"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tm.DefaultConfig()
			c.P, c.Q, c.B, c.MaxPkt, c.MaxOffers, c.R = 2, 2, 300, 8, 3, 2
			c.AlphaExp, c.Quantum, c.PushoutWait = []int{1, 0}, []int{8, 8}, 0
			m, err := tm.New(c)
			require.NoError(t, err)
			mix, err := traffic.BuildAll(congesting(c), scenario.Env(&c), 3, "sources")
			require.NoError(t, err)
			sh := tmface.NewShape(c, 16)
			d := newDeriver(c, sh)
			g := newGoOutputs(m)
			for cyc := uint64(0); cyc < 5000; cyc++ {
				o := g.step(t, sh, mix.Tick(cyc), d)
				if cyc > 500 && tc.break_(o) {
					err := d.step(o)
					require.Error(t, err, "the broken output was counted")
					require.Contains(t, err.Error(), tc.want)
					require.Contains(t, err.Error(), "cycle")
					return
				}
				require.NoError(t, d.step(o))
			}
			t.Fatal("the break never applied")
		})
	}
}
