package selector

import (
	"testing"

	"github.com/stretchr/testify/require"

	hw "occamy/hw/selector"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	"occamy/testbench/stimulus"
)

func layoutAt(t *testing.T, name string, p map[string]int) *port.Layout {
	t.Helper()
	b, err := blocks.Lookup(name)
	require.NoError(t, err)
	q, err := b.Resolve(p)
	require.NoError(t, err)
	l, err := b.Layout(q)
	require.NoError(t, err)
	return &l
}

// runDirected runs a directed sequence to its end, within bound cycles.
func runDirected(t *testing.T, name string, f stimulus.Finite, l *port.Layout, bound uint64) {
	t.Helper()
	w := make([]uint32, l.InWords)
	var n uint64
	for !f.Done() {
		require.Less(t, n, bound, "%s: directed sequence still running after %d cycles", name, n)
		f.Next(n, w)
		n++
	}
	require.Greater(t, n, uint64(4), "%s: directed sequence of %d cycles", name, n)
}

// TestDeterministic: the same seed gives the same words, another seed
// other words.
func TestDeterministic(t *testing.T) {
	l := layoutAt(t, "selector", map[string]int{"N": 8, "QW": 5})
	p := hw.Params{N: 8, QW: 5}
	run := func(seed int64) [][]uint32 {
		s, err := NewRandom(p, l, seed)
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

// TestSelectorEdges: the random selector source reaches the tie, one above,
// one below, the saturated threshold, and many over-allocated queues at
// once.
func TestSelectorEdges(t *testing.T) {
	p := hw.Params{N: 64, QW: 16}
	l := layoutAt(t, "selector", map[string]int{"N": p.N, "QW": p.QW})
	s, err := NewRandom(p, l, 1)
	require.NoError(t, err)
	w := make([]uint32, l.InWords)
	q, th := make([]uint32, p.N), make([]uint32, p.N)
	cnt := map[string]int{}
	fq, _ := stimulus.FieldOf(l, "qlen_i")
	ft, _ := stimulus.FieldOf(l, "thr_i")
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

// TestDirectedFinish: the directed sequence ends, within a bound.
func TestDirectedFinish(t *testing.T) {
	sp := hw.Params{N: 3, QW: 4}
	sl := layoutAt(t, "selector", map[string]int{"N": 3, "QW": 4})
	sd, err := newDirected(sp, sl)
	require.NoError(t, err)
	runDirected(t, "selector", sd, sl, 1000)
}
