package runner

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// refThreshold is T = free·2^s saturated to QW bits, by plain arithmetic.
func refThreshold(free uint64, s, qw int) uint64 {
	max := uint64(1)<<uint(qw) - 1
	if s < 0 {
		if -s >= 64 {
			return 0
		}
		return free >> uint(-s)
	}
	v := free
	for k := 0; k < s; k++ {
		v <<= 1
		if v > max {
			return max
		}
	}
	return v
}

// TestGoldenAdapters drives each block's golden adapter with its own
// stimulus (directed, then random) and checks every output of every cycle
// against a trivially correct reference computed bit by bit from the same
// input words: this covers the word packing of the adapters and of the
// stimulus, not the Go models (their own packages test those).
func TestGoldenAdapters(t *testing.T) {
	t.Run("threshold", func(t *testing.T) {
		s := testSession(t, Options{Block: "threshold", Params: map[string]int{"C": 3, "QW": 13, "AW": 5}})
		sd, err := s.newSide()
		require.NoError(t, err)
		l := &s.canon
		in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
		for c := uint64(0); c < 20000; c++ {
			sd.src.Next(c, in)
			sd.g.step(in, out)
			free := bitsOf(portIn(t, l, in, "free_i"), 0, 13)
			for k := 0; k < 3; k++ {
				e := int(bitsOf(portIn(t, l, in, "alpha_i"), k, 5))
				if e >= 16 {
					e -= 32
				}
				want := refThreshold(free, e, 13)
				got := bitsOf(portOut(t, l, out, "thr_o"), k, 13)
				require.Equal(t, want, got, "cycle %d: thr_o[%d] expected %x actual %x (free %x, s %d)", c, k, want, got, free, e)
			}
		}
	})
	t.Run("selector", func(t *testing.T) {
		const n, qw = 7, 11
		s := testSession(t, Options{Block: "selector", Params: map[string]int{"N": n, "QW": qw}})
		sd, err := s.newSide()
		require.NoError(t, err)
		l := &s.canon
		in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
		var reg uint64
		for c := uint64(0); c < 20000; c++ {
			sd.src.Next(c, in)
			sd.g.step(in, out)
			got := bitsOf(portOut(t, l, out, "over_o"), 0, n)
			require.Equal(t, reg, got, "cycle %d: over_o expected %x actual %x", c, reg, got)
			next := uint64(0)
			for i := 0; i < n; i++ {
				if bitsOf(portIn(t, l, in, "qlen_i"), i, qw) > bitsOf(portIn(t, l, in, "thr_i"), i, qw) {
					next |= 1 << uint(i)
				}
			}
			if bitsOf(portIn(t, l, in, "rst_ni"), 0, 1) == 0 {
				next = 0
			}
			reg = next
		}
	})
	t.Run("arbiter", func(t *testing.T) {
		const n = 70 // two 32-bit words and a bit
		s := testSession(t, Options{Block: "arbiter", Params: map[string]int{"N": n}})
		sd, err := s.newSide()
		require.NoError(t, err)
		l := &s.canon
		in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
		ptr := 0
		for c := uint64(0); c < 20000; c++ {
			sd.src.Next(c, in)
			sd.g.step(in, out)
			valid, idx := false, 0
			for k := 0; k < n; k++ {
				if j := (ptr + k) % n; bitsOf(portIn(t, l, in, "req_i"), j, 1) == 1 {
					valid, idx = true, j
					break
				}
			}
			gv, gi := bitsOf(portOut(t, l, out, "gnt_valid_o"), 0, 1), bitsOf(portOut(t, l, out, "gnt_idx_o"), 0, 7)
			require.Equal(t, valid, gv == 1, "cycle %d: gnt_valid_o expected %v actual %d", c, valid, gv)
			require.Equal(t, uint64(idx), gi, "cycle %d: gnt_idx_o expected %x actual %x", c, idx, gi)
			switch {
			case bitsOf(portIn(t, l, in, "rst_ni"), 0, 1) == 0:
				ptr = 0
			case valid && bitsOf(portIn(t, l, in, "ack_i"), 0, 1) == 1:
				ptr = (idx + 1) % n
			}
		}
	})
	t.Run("selarb", func(t *testing.T) {
		s := testSession(t, Options{Block: "selarb"})
		sd, err := s.newSide()
		require.NoError(t, err)
		l := &s.canon
		in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
		ptr := 0
		for c := uint64(0); c < 5000; c++ {
			sd.src.Next(c, in)
			sd.g.step(in, out)
			over := portOut(t, l, out, "over_o")
			valid, idx := false, 0
			for k := 0; k < 64; k++ {
				if j := (ptr + k) % 64; bitsOf(over, j, 1) == 1 {
					valid, idx = true, j
					break
				}
			}
			gi := bitsOf(portOut(t, l, out, "gnt_idx_o"), 0, 6)
			require.Equal(t, uint64(idx), gi, "cycle %d: gnt_idx_o expected %x actual %x", c, idx, gi)
			switch {
			case bitsOf(portIn(t, l, in, "rst_ni"), 0, 1) == 0:
				ptr = 0
			case valid && bitsOf(portIn(t, l, in, "ack_i"), 0, 1) == 1:
				ptr = (idx + 1) % 64
			}
		}
	})
}
