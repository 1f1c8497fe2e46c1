package selector_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/selector"
	"occamy/rtl"
)

// refOver is the trivially correct comparator bank: bit i is set when the
// QW-bit queue length is strictly above the QW-bit threshold.
func refOver(qlen, thr []uint32, qw int) rtl.Bitmap {
	var b rtl.Bitmap
	m := uint32(1<<uint(qw) - 1)
	for i := range qlen {
		if qlen[i]&m > thr[i]&m {
			b.Set(i)
		}
	}
	return b
}

// TestExhaustiveN2QW4 walks every (qlen0, qlen1, thr0, thr1) as one long
// run, one combination per cycle, with a reset every 97th cycle, and checks
// over_o each cycle against the previous cycle's reference (one cycle of
// latency, reset clears).
func TestExhaustiveN2QW4(t *testing.T) {
	s, err := selector.New(selector.Params{N: 2, QW: 4})
	require.NoError(t, err)
	var want rtl.Bitmap // what over_o shows this cycle
	for c := 0; c < 1<<16; c++ {
		v := uint32(c)
		s.RstNI = c%97 != 0
		s.QlenI[0], s.QlenI[1] = v&15, v>>4&15
		s.ThrI[0], s.ThrI[1] = v>>8&15, v>>12&15
		s.Eval()
		if s.OverO != want {
			t.Fatalf("cycle %d: over_o expected %x, got %x", c, want[0], s.OverO[0])
		}
		want = rtl.Bitmap{}
		if s.RstNI {
			want = refOver(s.QlenI, s.ThrI, 4)
		}
		s.Commit()
		require.Equal(t, selector.State{OverQ: want}, s.State(), "cycle %d: over_q after the edge", c)
	}
}

// TestPropertyEveryWidth runs random inputs, most of them at a queue's
// threshold or one cell either side of it, at every width 1..32 and every N
// of interest, with values wider than QW mixed in: bit i of over_o always
// equals the previous cycle's (qlen_i > thr_i) on the QW-bit wires, and bits
// at or above N stay zero.
func TestPropertyEveryWidth(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, n := range []int{1, 2, 3, 7, 63, 64, 65, 128, 255, 256} {
		for qw := 1; qw <= 32; qw++ {
			s, err := selector.New(selector.Params{N: n, QW: qw})
			require.NoError(t, err)
			m := uint32(rtl.Width(qw).Mask())
			var want rtl.Bitmap
			for c := 0; c < 200; c++ {
				s.RstNI = c > 0 && rng.Intn(50) != 0
				for i := 0; i < n; i++ {
					thr := rng.Uint32() & m
					q := thr
					switch rng.Intn(6) {
					case 0:
						q = thr + 1
					case 1:
						q = thr - 1
					case 2:
						q = rng.Uint32() // upper bits beyond QW must be ignored
					case 3:
						q = m
					}
					s.QlenI[i], s.ThrI[i] = q, thr
					if rng.Intn(8) == 0 {
						s.ThrI[i] |= rng.Uint32() &^ m
					}
				}
				s.Eval()
				if s.OverO != want {
					for i := 0; i < rtl.MaxBitmap; i++ {
						if s.OverO.Bit(i) != want.Bit(i) {
							t.Fatalf("N=%d QW=%d cycle %d: over_o[%d] expected %d, got %d", n, qw, c, i, want.Bit(i), s.OverO.Bit(i))
						}
					}
				}
				want = rtl.Bitmap{}
				if s.RstNI {
					want = refOver(s.QlenI, s.ThrI, qw)
				}
				s.Commit()
			}
		}
	}
}

// TestCompareEveryN checks the exported comparator bank for every N.
func TestCompareEveryN(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	q, th := make([]uint32, 256), make([]uint32, 256)
	for n := 1; n <= 256; n++ {
		for k := 0; k < 20; k++ {
			for i := range q {
				q[i], th[i] = rng.Uint32()&0x1f, rng.Uint32()&0x1f
			}
			dst := rtl.Bitmap{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
			selector.Compare(&dst, q, th, n, 0xf)
			require.Equal(t, refOver(q[:n], th[:n], 4), dst, "N=%d draw %d: Compare bitmap", n, k)
		}
	}
}

func TestStateAndSignals(t *testing.T) {
	s, err := selector.New(selector.Params{N: 3, QW: 24})
	require.NoError(t, err)
	st := selector.State{OverQ: rtl.Bitmap{0xff, 1}}
	s.SetState(st)
	assert.Equal(t, selector.State{OverQ: rtl.Bitmap{0x7}}, s.State(), "bits at or above N are dropped")
	s.RstNI = true
	s.QlenI[0], s.QlenI[1], s.QlenI[2] = 0xff000010, 5, 0x123456
	s.ThrI[0], s.ThrI[1], s.ThrI[2] = 0x0f, 5, 0x123455
	s.Eval()
	assert.Equal(t, rtl.Bitmap{0x7}, s.OverO, "over_o shows the loaded register")
	s.Commit()
	assert.Equal(t, rtl.Bitmap{0x5}, s.State().OverQ)
	s.Eval()
	sigs := s.Signals()
	want := map[string][]uint64{
		"rst_ni": {1},
		"qlen_i": {0x000010 | 5<<24 | 0x3456<<48, 0x12},
		"thr_i":  {0x00000f | 5<<24 | 0x3455<<48, 0x12},
		"over_o": {5},
	}
	widths := map[string]int{"rst_ni": 1, "qlen_i": 72, "thr_i": 72, "over_o": 3}
	require.Len(t, sigs, len(want))
	for _, sg := range sigs {
		dst := make([]uint64, rtl.Words(sg.Width))
		sg.Read(dst)
		assert.Equal(t, widths[sg.Name], sg.Width, "%s width", sg.Name)
		assert.Equal(t, want[sg.Name], dst, "%s value", sg.Name)
	}
}

// TestEvalChangedMatchesEval steps two selectors, one with Eval every
// cycle and one with EvalChanged told which queue lengths changed (and
// Eval when a threshold or reset changes), over random runs at several N,
// and requires the same over_o and register in every cycle.
func TestEvalChangedMatchesEval(t *testing.T) {
	for _, n := range []int{1, 5, 64, 100, 256} {
		r := rand.New(rand.NewSource(int64(n)))
		full, err := selector.New(selector.Params{N: n, QW: 6})
		require.NoError(t, err)
		inc, err := selector.New(selector.Params{N: n, QW: 6})
		require.NoError(t, err)
		full.RstNI, inc.RstNI = true, true
		for c := 0; c < 3000; c++ {
			var changed rtl.Bitmap
			for j := r.Intn(4); j > 0; j-- { // a few queues change, within and beyond QW bits
				i, v := r.Intn(n), uint32(r.Intn(90))
				full.QlenI[i], inc.QlenI[i] = v, v
				changed.Set(i)
			}
			if c%50 == 0 { // a threshold moves: the caller evaluates in full
				i, v := r.Intn(n), uint32(r.Intn(70))
				full.ThrI[i], inc.ThrI[i] = v, v
				inc.Eval()
			} else {
				inc.EvalChanged(&changed)
			}
			full.Eval()
			require.Equal(t, full.OverO, inc.OverO, "N=%d cycle %d: over_o", n, c)
			full.Commit()
			inc.Commit()
			require.Equal(t, full.State(), inc.State(), "N=%d cycle %d: over_q", n, c)
		}
	}
}
