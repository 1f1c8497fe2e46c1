package expulsion

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/threshold"
	"occamy/rtl"
	"occamy/rtl/vcd"
)

func TestParamsValidate(t *testing.T) {
	ok := DefaultParams()
	require.NoError(t, ok.Validate())
	cases := []struct {
		name  string
		mod   func(*Params)
		param string
	}{
		{"N zero", func(p *Params) { p.N = 0 }, "N"},
		{"N too big", func(p *Params) { p.N = 257 }, "N"},
		{"Q above N", func(p *Params) { p.N, p.Q = 4, 8 }, "Q"},
		{"QW zero", func(p *Params) { p.QW = 0 }, "QW"},
		{"AW one", func(p *Params) { p.AW = 1 }, "AW"},
		{"B above QW", func(p *Params) { p.QW, p.B = 8, 256 }, "B"},
		{"P zero", func(p *Params) { p.P = 0 }, "P"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := ok
			c.mod(&p)
			_, err := New(p)
			var pe *rtl.ParamError
			require.True(t, errors.As(err, &pe), "want *rtl.ParamError, got %v", err)
			assert.Equal(t, c.param, pe.Param, "error %q names the wrong parameter", err)
		})
	}
}

// harness drives a Top with seeded random arrivals, one cell per cycle with
// probability load, packets of 1..maxCells cells to skewed queues.
type harness struct {
	top      *Top
	rng      *rand.Rand
	load     float64
	maxCells int
	curQ     uint16
	left     int
}

func newHarness(t testing.TB, p Params, s int8, seed uint64, load float64) *harness {
	top, err := New(p)
	require.NoError(t, err)
	// Odd classes get half the α of even ones, so that a queue wired to the
	// wrong class shows up.
	lo := int8(-(1 << (p.AW - 1)))
	for c := range top.AlphaI {
		top.AlphaI[c] = s
		if c%2 == 1 && s > lo {
			top.AlphaI[c] = s - 1
		}
	}
	return &harness{top: top, rng: rand.New(rand.NewPCG(seed, 7)), load: load, maxCells: 6}
}

func (h *harness) drive(cycle uint64) {
	t := h.top
	t.RstNI = cycle >= 2
	t.EnqValidI = false
	if !t.RstNI || h.rng.Float64() >= h.load {
		return
	}
	if h.left == 0 {
		n := t.P.N
		h.curQ = uint16(h.rng.IntN(max(n/4, 1)))
		if h.rng.IntN(3) == 0 {
			h.curQ = uint16(h.rng.IntN(n))
		}
		h.left = 1 + h.rng.IntN(h.maxCells)
	}
	t.EnqValidI, t.EnqQidI, t.EnqEopI = true, h.curQ, h.left == 1
}

// after accounts for the handshake of the cycle just evaluated.
func (h *harness) after() {
	if h.top.EnqValidI && h.top.Exe.EnqReadyO {
		h.left--
	}
}

// TestWiring checks, every cycle, the connections and timing the package doc
// promises: the bitmap the arbiter sees is the comparison of the previous
// cycle's lengths against the previous cycle's thresholds; thresholds are
// the class thresholds of the current free count; a grant goes only to a
// requester; a drop happens only on a grant of a queue holding a packet.
func TestWiring(t *testing.T) {
	for _, p := range []Params{
		{N: 8, Q: 2, QW: 10, AW: 4, B: 64, P: 64},
		{N: 64, Q: 8, QW: 16, AW: 4, B: 2048, P: 2048},
		{N: 5, Q: 5, QW: 8, AW: 3, B: 40, P: 20},
		{N: 1, Q: 1, QW: 6, AW: 2, B: 16, P: 16},
	} {
		for _, s := range []int8{-1, 0, 1, 3} {
			if int(s) > 1<<(p.AW-1)-1 {
				continue
			}
			h := newHarness(t, p, s, uint64(p.N)*31+uint64(s+4), 0.9)
			top := h.top
			var prevOver rtl.Bitmap
			var prevValid bool
			qw := rtl.Width(p.QW)
			for c := uint64(0); c < 20000; c++ {
				h.drive(c)
				top.Eval()
				// Thresholds follow the registered free count.
				for k := 0; k < p.Q; k++ {
					want := threshold.Threshold(uint32(qw.Sat(uint64(top.Exe.FreeO()))), int(top.AlphaI[k]), qw)
					if top.Thr.ThrO[k] != want {
						t.Fatalf("N=%d s=%d cycle %d: u_thr.thr_o[%d] expected %d, got %d", p.N, s, c, k, want, top.Thr.ThrO[k])
					}
				}
				// over_o is last cycle's comparison (cleared by reset).
				if prevValid && top.Sel.OverO != prevOver {
					t.Fatalf("N=%d s=%d cycle %d: u_sel.over_o expected %x, got %x", p.N, s, c, prevOver, top.Sel.OverO)
				}
				if top.Arb.GntValidO {
					g := int(top.Arb.GntIdxO)
					if !top.Sel.OverO.Test(g) {
						t.Fatalf("N=%d s=%d cycle %d: u_arb.gnt_idx_o=%d is not a requester (over_o=%x)", p.N, s, c, g, top.Sel.OverO)
					}
					wantAck := top.RstNI && top.Exe.Pkts(g) > 0
					if top.Exe.DropAckO != wantAck {
						t.Fatalf("N=%d s=%d cycle %d: u_exe.drop_ack_o expected %v, got %v", p.N, s, c, wantAck, top.Exe.DropAckO)
					}
				} else if top.Exe.DropAckO {
					t.Fatalf("N=%d s=%d cycle %d: u_exe.drop_ack_o set without a grant", p.N, s, c)
				}
				if top.Arb.AckI != top.Exe.DropAckO {
					t.Fatalf("N=%d s=%d cycle %d: u_arb.ack_i expected %v, got %v", p.N, s, c, top.Exe.DropAckO, top.Arb.AckI)
				}
				// Next cycle's expected bitmap.
				prevOver = rtl.Bitmap{}
				if top.RstNI {
					for i := 0; i < p.N; i++ {
						if top.Exe.QlenO(i) > top.Thr.ThrO[i%p.Q] {
							prevOver.Set(i)
						}
					}
				}
				prevValid = true
				h.after()
				top.Commit()
				if c%97 == 0 {
					require.NoError(t, top.Exe.Check(), "N=%d s=%d cycle %d", p.N, s, c)
				}
			}
			require.NoError(t, top.Exe.Check())
		}
	}
}

// TestExpulsionBoundsQueues checks the point of the whole path: with
// arrivals stopped, expulsion brings every queue back under its threshold
// within a bounded number of cycles, and only over-allocated queues lose
// packets.
func TestExpulsionBoundsQueues(t *testing.T) {
	p := Params{N: 16, Q: 4, QW: 12, AW: 4, B: 1024, P: 1024}
	h := newHarness(t, p, 1, 3, 1.0)
	top := h.top
	var c uint64
	for ; c < 3000; c++ {
		h.drive(c)
		top.Eval()
		h.after()
		top.Commit()
	}
	// Finish the packet under way, then stop arrivals.
	for h.left > 0 {
		h.drive(c)
		top.Eval()
		h.after()
		top.Commit()
		c++
	}
	drainStart := c
	for ; c < drainStart+2000; c++ {
		top.RstNI, top.EnqValidI = true, false
		top.Eval()
		top.Commit()
	}
	top.Eval()
	for i := 0; i < p.N; i++ {
		thr := top.Thr.ThrO[i%p.Q]
		assert.LessOrEqual(t, top.Exe.QlenO(i), thr, "queue %d still over its threshold after the drain", i)
	}
	require.NoError(t, top.Exe.Check())
}

// TestTraceScopes checks that a traced top declares its sub-blocks as
// nested scopes named like the Verilog instances.
func TestTraceScopes(t *testing.T) {
	p := Params{N: 4, Q: 2, QW: 8, AW: 4, B: 32, P: 32}
	top, err := New(p)
	require.NoError(t, err)
	var buf bytes.Buffer
	tr, err := vcd.NewTracer(&buf, vcd.TracerOptions{})
	require.NoError(t, err)
	sim := rtl.NewSim()
	sim.Add("top", top)
	require.NoError(t, sim.Trace(tr))
	require.NoError(t, sim.Run(4))
	require.NoError(t, sim.Close())
	rd, err := vcd.NewReader(&buf)
	require.NoError(t, err)
	for _, name := range []string{"occamy.top.rst_ni", "occamy.top.u_sel.over_o", "occamy.top.u_arb.gnt_idx_o", "occamy.top.u_thr.thr_o", "occamy.top.u_exe.drop_ack_o"} {
		_, err := rd.Header().Find(name)
		assert.NoError(t, err, "signal %s missing from the trace", name)
	}
}

// BenchmarkExpulsion is threshold + selector + arbiter + executor at N=64,
// Q=8, B=16384, with a cell arriving every cycle (90% of cycles) to skewed
// queues and expulsion running: the per-cycle cost of the whole path.
func BenchmarkExpulsion(b *testing.B) {
	h := newHarness(b, DefaultParams(), 0, 1, 0.9)
	top := h.top
	// Warm up into the regime where queues are over their thresholds.
	for c := uint64(0); c < 40000; c++ {
		h.drive(c)
		top.Eval()
		h.after()
		top.Commit()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.drive(40000 + uint64(i))
		top.Eval()
		h.after()
		top.Commit()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cycles/s")
}
