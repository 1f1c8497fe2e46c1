package arbiter

import (
	"testing"

	"github.com/stretchr/testify/require"

	hw "occamy/hw/arbiter"
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

// TestArbiterEdges: with the golden model in the loop, the arbiter source
// makes single requests, all-ones maps, the wrap (a grant below the
// pointer), acks without requests, and taken grants of N-1 (pointer wrap).
func TestArbiterEdges(t *testing.T) {
	p := hw.Params{N: 64}
	l := layoutAt(t, "arbiter", map[string]int{"N": p.N})
	a, err := hw.New(p)
	require.NoError(t, err)
	s, err := newRandom(p, l, 2, a)
	require.NoError(t, err)
	w := make([]uint32, l.InWords)
	cnt := map[string]int{}
	fr, _ := stimulus.FieldOf(l, "req_i")
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

// TestDirectedFinish: the directed sequence ends, within a bound.
func TestDirectedFinish(t *testing.T) {
	ap := hw.Params{N: 5}
	al := layoutAt(t, "arbiter", map[string]int{"N": 5})
	ad, err := newDirected(ap, al)
	require.NoError(t, err)
	runDirected(t, "arbiter", ad, al, 1000)
}

func field(t *testing.T, l *port.Layout, w []uint32, name string) uint64 {
	f, err := stimulus.FieldOf(l, name)
	require.NoError(t, err)
	return pack.Uint64(w[f.Off : f.Off+f.Words])
}
