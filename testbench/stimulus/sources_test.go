package stimulus

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/hw/arbiter"
	"occamy/hw/selector"
	"occamy/hw/threshold"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
)

func layout(t *testing.T, ports ...port.Port) *port.Layout {
	t.Helper()
	clk, rst := "", ""
	for _, p := range ports {
		if p.Name == "clk_i" {
			clk = p.Name
		}
		if p.Name == "rst_ni" {
			rst = p.Name
		}
	}
	l, err := port.NewLayout(ports, clk, rst, false)
	require.NoError(t, err)
	return &l
}

func in(n string, w int) port.Port  { return port.Port{Name: n, Dir: port.In, Width: w} }
func out(n string, w int) port.Port { return port.Port{Name: n, Dir: port.Out, Width: w} }

func selLayout(t *testing.T, n, qw int) *port.Layout {
	return layout(t, in("clk_i", 1), in("rst_ni", 1), in("qlen_i", n*qw), in("thr_i", n*qw), out("over_o", n))
}

func arbLayout(t *testing.T, n int) *port.Layout {
	return layout(t, in("clk_i", 1), in("rst_ni", 1), in("req_i", n), in("ack_i", 1),
		out("gnt_valid_o", 1), out("gnt_idx_o", rtl.IdxWidth(n)))
}

func field(t *testing.T, l *port.Layout, w []uint32, name string) uint64 {
	f, err := FieldOf(l, name)
	require.NoError(t, err)
	return pack.Uint64(w[f.Off : f.Off+f.Words])
}

// TestDeterministic: the same seed gives the same words, another seed
// other words.
func TestDeterministic(t *testing.T) {
	l := selLayout(t, 8, 5)
	p := selector.Params{N: 8, QW: 5}
	run := func(seed int64) [][]uint32 {
		s, err := Selector(p, l, seed)
		require.NoError(t, err)
		var rows [][]uint32
		for c := uint64(0); c < 200; c++ {
			w := make([]uint32, l.InWords)
			s.Next(c, w)
			rows = append(rows, w)
		}
		return rows
	}
	require.Equal(t, run(9), run(9), "seed 9 twice gave different stimulus")
	require.NotEqual(t, run(9), run(10), "seeds 9 and 10 gave the same stimulus")
}

func TestResets(t *testing.T) {
	r := NewResets(1, 64)
	pulses, asserted := 0, 0
	prev := false
	for c := uint64(0); c < 64000; c++ {
		rst := !r.RstN(c)
		if c < 2 {
			require.True(t, rst, "cycle %d: rst_ni expected 0 got 1", c)
		}
		if c == 2 {
			prev = false
		}
		if c >= 2 && rst {
			asserted++
			if !prev {
				pulses++
			}
		}
		prev = rst
	}
	require.Greater(t, pulses, 500, "about one pulse per 64 cycles expected, got %d in 64000", pulses)
	require.Less(t, asserted, 4*pulses, "pulses are 1 to 3 cycles: %d cycles asserted in %d pulses", asserted, pulses)
	never := NewResets(1, 0)
	for c := uint64(2); c < 10000; c++ {
		require.True(t, never.RstN(c), "cycle %d: Every=0 asserted reset", c)
	}
}

// TestSelectorEdges: the random selector source reaches the tie, one above,
// one below, the saturated threshold, and many over-allocated queues at
// once.
func TestSelectorEdges(t *testing.T) {
	p := selector.Params{N: 64, QW: 16}
	l := selLayout(t, p.N, p.QW)
	s, err := Selector(p, l, 1)
	require.NoError(t, err)
	w := make([]uint32, l.InWords)
	q, th := make([]uint32, p.N), make([]uint32, p.N)
	cnt := map[string]int{}
	fq, _ := FieldOf(l, "qlen_i")
	ft, _ := FieldOf(l, "thr_i")
	for c := uint64(0); c < 20000; c++ {
		s.Next(c, w)
		pack.Unpack(q, w[fq.Off:], p.N, p.QW)
		pack.Unpack(th, w[ft.Off:], p.N, p.QW)
		over := 0
		for i := range q {
			switch {
			case q[i] == th[i]:
				cnt["tie"]++
			case q[i] == th[i]+1:
				cnt["above"]++
			case q[i]+1 == th[i]:
				cnt["below"]++
			}
			if th[i] == 0xffff && q[i] == 0xffff {
				cnt["saturated"]++
			}
			if q[i] > th[i] {
				over++
			}
		}
		if over == p.N {
			cnt["all over"]++
		}
		if over == 1 {
			cnt["one over"]++
		}
	}
	for _, k := range []string{"tie", "above", "below", "saturated", "one over"} {
		require.Greater(t, cnt[k], 0, "the selector stimulus never made %q in 20000 cycles", k)
	}
}

// TestArbiterEdges: with the golden model in the loop, the arbiter source
// makes single requests, all-ones maps, the wrap (a grant below the
// pointer), acks without requests, and taken grants of N-1 (pointer wrap).
func TestArbiterEdges(t *testing.T) {
	p := arbiter.Params{N: 64}
	l := arbLayout(t, p.N)
	a, err := arbiter.New(p)
	require.NoError(t, err)
	s, err := Arbiter(p, l, 2, a)
	require.NoError(t, err)
	w := make([]uint32, l.InWords)
	cnt := map[string]int{}
	fr, _ := FieldOf(l, "req_i")
	for c := uint64(0); c < 20000; c++ {
		s.Next(c, w)
		a.RstNI = field(t, l, w, "rst_ni") == 1
		pack.To64(a.ReqI[:], w[fr.Off:fr.Off+fr.Words])
		a.AckI = field(t, l, w, "ack_i") == 1
		ptr := a.State().PtrQ
		a.Eval()
		switch n := a.ReqI.Count(); {
		case n == 1:
			cnt["single"]++
		case n == 64:
			cnt["all"]++
		}
		if a.GntValidO && a.GntIdxO < ptr {
			cnt["wrap"]++
		}
		if !a.GntValidO && a.AckI {
			cnt["ack without request"]++
		}
		if a.RstNI && a.GntValidO && a.AckI && a.GntIdxO == 63 {
			cnt["N-1 taken"]++
		}
		if !a.RstNI && a.GntValidO {
			cnt["reset while busy"]++
		}
		a.Commit()
	}
	for _, k := range []string{"single", "all", "wrap", "ack without request", "N-1 taken", "reset while busy"} {
		require.Greater(t, cnt[k], 0, "the arbiter stimulus never made %q in 20000 cycles", k)
	}
}

// TestDirectedFinish: every directed sequence ends, within a bound, and
// covers its listed cases.
func TestDirectedFinish(t *testing.T) {
	tp := threshold.Params{C: 2, QW: 8, AW: 4}
	tl := layout(t, in("free_i", 8), in("alpha_i", 8), out("thr_o", 16))
	td, err := ThresholdDirected(tp, tl)
	require.NoError(t, err)

	ap := arbiter.Params{N: 5}
	al := arbLayout(t, ap.N)
	ad, err := ArbiterDirected(ap, al)
	require.NoError(t, err)

	sp := selector.Params{N: 3, QW: 4}
	sl := selLayout(t, sp.N, sp.QW)
	sd, err := SelectorDirected(sp, sl)
	require.NoError(t, err)

	for _, c := range []struct {
		name  string
		f     Finite
		l     *port.Layout
		step  func(w []uint32)
		bound uint64
	}{
		{"threshold", td, tl, nil, 16 * 30},
		{"arbiter", ad, al, nil, 1000},
		{"selector", sd, sl, nil, 1000},
	} {
		w := make([]uint32, c.l.InWords)
		var n uint64
		for !c.f.Done() {
			require.Less(t, n, c.bound, "%s: directed sequence still running after %d cycles", c.name, n)
			c.f.Next(n, w)
			if c.step != nil {
				c.step(w)
			}
			n++
		}
		require.Greater(t, n, uint64(4), "%s: directed sequence of %d cycles", c.name, n)
	}
}

func TestChainAndReplay(t *testing.T) {
	l := layout(t, in("a_i", 8), out("b_o", 8))
	words := []uint32{1, 2, 3}
	r := Replay(words, 1)
	w := make([]uint32, 1)
	for c := uint64(0); c < 7; c++ {
		r.Next(c, w)
		require.Equal(t, words[c%3], w[0], "cycle %d: replay gave %d, want %d", c, w[0], words[c%3])
	}
	f, err := FieldOf(l, "a_i")
	require.NoError(t, err)
	d := &Script{Rst: f}
	d.Add(7, func([]uint32) {})
	d.Add(8, func([]uint32) {})
	ch := Chain(d, Replay([]uint32{42}, 1))
	var got []uint32
	for c := uint64(0); c < 4; c++ {
		ch.Next(c, w)
		got = append(got, w[0])
	}
	require.Equal(t, []uint32{7, 8, 42, 42}, got, "chain: directed rows then the replay")
	_, err = FieldOf(l, "nope_i")
	require.ErrorContains(t, err, "no input nope_i")
}
