//go:build verilator

package verilator

import (
	"math/rand"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl/pack"
)

// projectSpec is a spec for one of the project's Verilog blocks, skipping
// the test when the file does not exist yet.
func projectSpec(t *testing.T, block string, params map[string]string) Spec {
	src := "../../verilog/" + block + ".sv"
	if _, err := os.Stat(src); err != nil {
		t.Skipf("%s missing: %v", src, err)
	}
	return Spec{Sources: []string{src}, Top: block, Params: params}
}

// TestProjectArbiterAgainstReference runs verilog/rr_arbiter.sv through the
// bridge against the scan reference, with its assertions compiled in.
func TestProjectArbiterAgainstReference(t *testing.T) {
	for _, n := range []int{1, 5, 8} {
		m := open(t, projectSpec(t, "rr_arbiter", map[string]string{"N": strconv.Itoa(n)}))
		require.NoError(t, m.Reset(1))
		f := newFrame(m.Layout())
		ref := &miniArbRef{n: n}
		r := rand.New(rand.NewSource(int64(n)))
		for c := 0; c < 3000; c++ {
			req := r.Uint64() & (1<<uint(n) - 1)
			if r.Intn(4) == 0 {
				req &= req - 1 // sparser requests
			}
			ack, rst := r.Intn(3) != 0, r.Intn(100) == 0
			f.set(t, "req_i", req)
			f.set(t, "ack_i", b2u(ack))
			f.set(t, "rst_ni", b2u(!rst))
			require.NoError(t, m.Cycle(f.in, f.out), "N=%d cycle %d", n, c)
			valid, idx := ref.step(req, ack, rst)
			require.Equal(t, b2u(valid), f.get(t, "gnt_valid_o"), "N=%d cycle %d: gnt_valid_o", n, c)
			if valid {
				require.Equal(t, uint64(idx), f.get(t, "gnt_idx_o"), "N=%d cycle %d: gnt_idx_o want %d, got %d", n, c, idx, f.get(t, "gnt_idx_o"))
			}
		}
	}
}

// TestProjectSelectorAgainstReference runs verilog/hd_selector.sv at N=3,
// QW=4 against over[i] <= qlen[i] > thr[i], and exhaustively over every
// (qlen, thr) pair at N=1.
func TestProjectSelectorAgainstReference(t *testing.T) {
	for _, n := range []int{1, 3} {
		const qw = 4
		m := open(t, projectSpec(t, "hd_selector", map[string]string{"N": strconv.Itoa(n), "QW": strconv.Itoa(qw)}))
		f := newFrame(m.Layout())
		r := rand.New(rand.NewSource(3))
		var over uint64 // the reference register
		cycles := 3000
		if n == 1 {
			cycles = 256
		}
		for c := 0; c < cycles; c++ {
			var qlen, thr uint64
			if n == 1 {
				qlen, thr = uint64(c>>4), uint64(c&15)
			} else {
				qlen, thr = r.Uint64()&(1<<(n*qw)-1), r.Uint64()&(1<<(n*qw)-1)
			}
			rst := c == 0 || r.Intn(100) == 0
			f.set(t, "qlen_i", qlen)
			f.set(t, "thr_i", thr)
			f.set(t, "rst_ni", b2u(!rst))
			require.NoError(t, m.Cycle(f.in, f.out))
			require.Equal(t, over, f.get(t, "over_o"), "N=%d cycle %d: over_o want %b, got %b", n, c, over, f.get(t, "over_o"))
			next := uint64(0)
			for i := 0; i < n; i++ {
				if qlen>>(i*qw)&15 > thr>>(i*qw)&15 {
					next |= 1 << i
				}
			}
			if rst {
				next = 0
			}
			over = next
		}
	}
}

// TestProjectThresholdExhaustive runs verilog/dt_threshold.sv at C=2, QW=5,
// AW=3 over every free count and pair of exponents in one Run, against
// shifts in 64-bit arithmetic with saturation.
func TestProjectThresholdExhaustive(t *testing.T) {
	const c, qw, aw = 2, 5, 3
	m := open(t, projectSpec(t, "dt_threshold", map[string]string{"C": "2", "QW": "5", "AW": "3"}))
	l := m.Layout()
	require.Equal(t, "", l.Clock, "dt_threshold is combinational")
	const n = 1 << (qw + c*aw)
	in := make([]uint32, n*l.InWords)
	out := make([]uint32, n*l.OutWords)
	fi, ai := l.Input("free_i"), l.Input("alpha_i")
	for k := 0; k < n; k++ {
		pack.PutUint64(l.In(in[k*l.InWords:], fi), uint64(k&(1<<qw-1)))
		pack.PutUint64(l.In(in[k*l.InWords:], ai), uint64(k>>qw))
	}
	require.NoError(t, m.Run(n, in, out))
	to := l.Output("thr_o")
	for k := 0; k < n; k++ {
		free, alpha := uint64(k&(1<<qw-1)), uint64(k>>qw)
		got := pack.Uint64(l.Out(out[k*l.OutWords:], to))
		for cls := 0; cls < c; cls++ {
			s := int64(alpha>>(cls*aw)&(1<<aw-1)) << (64 - aw) >> (64 - aw) // sign-extend
			var want uint64
			if s >= 0 {
				want = min(free<<uint(s), 1<<qw-1)
			} else {
				want = free >> uint(-s)
			}
			require.Equal(t, want, got>>(cls*qw)&(1<<qw-1), "free_i=%d alpha_i=%#x class %d (s=%d): thr want %d, got %d", free, alpha, cls, s, want, got>>(cls*qw)&(1<<qw-1))
		}
	}
}
