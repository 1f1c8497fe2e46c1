package tmsim

import (
	"fmt"
	tmface "occamy/testbench/blocks/tm"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/testbench/scenario"
	"occamy/testbench/traffic"
)

// goOutputs steps m one cycle with the offers and returns what occamy_tm's
// ports would show for it (the registry's golden adapter maps hw/tm onto
// them the same way), the offers beyond MaxOffers apart. With delay > 0 it
// is a TM that answers delay cycles after the offer: the offers reach m
// delay cycles after the slots showed them (an ingress register before
// hw/tm), so in_ok_o answers the slots of delay cycles before and the
// admitted cells show in qlen_o a cycle after the answer, as tm.AdmitLag
// says; the offers beyond MaxOffers are counted when m gets them.
type goOutputs struct {
	m     *tm.TM
	o     Outputs
	delay [][]traffic.Packet // the offers on their way to m, oldest first
	sent  []int              // the slots m was offered in each cycle so far
}

func newGoOutputs(m *tm.TM, delay int) *goOutputs {
	c := m.Config()
	n := c.N()
	return &goOutputs{m: m, o: Outputs{InQ: make([]int, c.MaxOffers), InCells: make([]int, c.MaxOffers), InOK: make([]bool, c.MaxOffers),
		EgQid: make([]int, c.P), EgTag: make([]uint64, c.P), Qlen: make([]uint32, n), QlenPost: make([]uint32, n)},
		delay: make([][]traffic.Packet, delay)}
}

func (g *goOutputs) step(t *testing.T, sh tmface.Shape, pkts []traffic.Packet, d *deriver) *Outputs {
	m, o := g.m, &g.o
	p := m.Probe()
	copy(o.Qlen, p.Qlen)
	o.Free = max(p.Free, 0)
	o.NIn = min(len(pkts), len(o.InQ))
	for i, x := range pkts[:o.NIn] {
		o.InQ[i], o.InCells[i] = x.Queue, x.Cells
	}
	if len(g.delay) > 0 {
		g.delay = append(g.delay, append([]traffic.Packet(nil), pkts...))
		pkts, g.delay = g.delay[0], g.delay[1:]
	}
	for i, x := range pkts {
		m.Offer(tm.Arrival{Queue: x.Queue, Cells: x.Cells})
		if i >= len(o.InQ) {
			d.ingressDrop(x.Queue, x.Cells)
		}
	}
	require.NoError(t, m.Step())
	out := m.Outputs()
	g.sent = append(g.sent, min(len(pkts), len(o.InQ)))
	answered := 0 // the slots m was offered tm.AdmitLag cycles before
	if k := len(g.sent) - 1 - tm.AdmitLag; k >= 0 {
		answered = g.sent[k]
	}
	require.Equal(t, answered, out.NIn, "hw/tm answers the slots it was offered tm.AdmitLag cycles before")
	copy(o.InOK, out.InOK[:out.NIn])
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
// the counters derived from those alone equal hw/tm's own, every cycle:
// at tm.AdmitLag, and at lag 1 with hw/tm behind an ingress register (a
// TM answering a cycle after the offer), so the deriver's pairing of
// in_ok_o with older slots is checked whatever tm.AdmitLag is.
func TestDeriveMatchesModel(t *testing.T) {
	lags := []int{tm.AdmitLag}
	if tm.AdmitLag == 0 {
		lags = append(lags, 1)
	}
	for _, lag := range lags {
		for _, pol := range tmface.Policies {
			for _, fm := range []tm.FreeMode{tm.FreeCell, tm.FreeChain} {
				t.Run(fmt.Sprintf("lag%d/%s/%s", lag, pol, fm), func(t *testing.T) {
					deriveMatches(t, pol, fm, lag)
				})
			}
		}
	}
}

func deriveMatches(t *testing.T, pol tm.Policy, fm tm.FreeMode, lag int) {
	c := tm.DefaultConfig()
	c.P, c.Q, c.B, c.MaxPkt, c.MaxOffers, c.R = 2, 2, 300, 8, 3, 2
	c.AlphaExp, c.Quantum = []int{1, 0}, []int{8, 8}
	c.Policy, c.FreeMode = pol, fm
	m, err := tm.New(c)
	require.NoError(t, err)
	mix, err := traffic.BuildAll(congesting(c), scenario.Env(&c), 7, "sources")
	require.NoError(t, err)
	sh := tmface.NewShape(c, 16)
	d := newDeriverLag(c, sh, lag)
	g := newGoOutputs(m, lag-tm.AdmitLag)
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
}

// TestDeriveWrongLag: a deriver pairing in_ok_o with the slots of the
// wrong cycle (lag 0 on a TM answering a cycle late, and lag 1 on one
// answering at once) finds that the outputs tell no consistent story (an
// error naming the cycle): the pairing cannot pass by accident.
func TestDeriveWrongLag(t *testing.T) {
	for _, tc := range []struct{ derive, tmLag int }{{0, 1}, {1, 0}} {
		t.Run(fmt.Sprintf("derive%d/tm%d", tc.derive, tc.tmLag), func(t *testing.T) {
			if tc.tmLag < tm.AdmitLag {
				t.Skipf("hw/tm answers %d cycles after the offer", tm.AdmitLag)
			}
			c := tm.DefaultConfig()
			c.P, c.Q, c.B, c.MaxPkt, c.MaxOffers, c.R = 2, 2, 300, 8, 3, 2
			c.AlphaExp, c.Quantum = []int{1, 0}, []int{8, 8}
			m, err := tm.New(c)
			require.NoError(t, err)
			mix, err := traffic.BuildAll(congesting(c), scenario.Env(&c), 7, "sources")
			require.NoError(t, err)
			sh := tmface.NewShape(c, 16)
			d := newDeriverLag(c, sh, tc.derive)
			g := newGoOutputs(m, tc.tmLag-tm.AdmitLag)
			for cyc := uint64(0); cyc < 3000; cyc++ {
				o := g.step(t, sh, mix.Tick(cyc), d)
				if err := d.step(o); err != nil {
					require.Contains(t, err.Error(), "cycle")
					t.Logf("caught: %v", err)
					return
				}
			}
			t.Fatal("a deriver at the wrong lag matched hw/tm for 3000 cycles")
		})
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
			g := newGoOutputs(m, 0)
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
