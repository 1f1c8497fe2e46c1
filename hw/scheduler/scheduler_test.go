package scheduler

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

func TestValidate(t *testing.T) {
	cases := []struct {
		p    Params
		want string
	}{
		{Params{P: 0, Q: 1, Mode: SP}, "parameter P=0"},
		{Params{P: 33, Q: 1, Mode: SP}, "parameter P=33"},
		{Params{P: 1, Q: 9, Mode: SP}, "parameter Q=9"},
		{Params{P: 1, Q: 2, Mode: 7}, "unknown Mode 7"},
		{Params{P: 1, Q: 2, Mode: DRR, Quantum: []int{1}}, "len(Quantum)"},
		{Params{P: 1, Q: 2, Mode: DRR, Quantum: []int{1, 0}}, "Quantum[1]=0"},
	}
	for _, tc := range cases {
		_, err := New(tc.p)
		assert.ErrorContains(t, err, tc.want, "params %+v", tc.p)
	}
	_, err := New(Params{P: 8, Q: 8, Mode: SP})
	assert.NoError(t, err)
}

func bm(bits ...int) rtl.Bitmap {
	var b rtl.Bitmap
	for _, i := range bits {
		b.Set(i)
	}
	return b
}

// TestSPVectors: P=2, Q=3, strict priority. Each row is one cycle; a taken
// grant moves the port pointer past the granted port.
func TestSPVectors(t *testing.T) {
	s, err := New(Params{P: 2, Q: 3, Mode: SP})
	require.NoError(t, err)
	s.RstNI = true
	vec := []struct {
		cycle   int
		elig    []int
		portRdy []int
		ack     bool
		valid   bool
		qid     int
	}{
		// cycle elig_i port_rdy_i ack_i gnt_valid_o gnt_qid_o
		{0, nil, []int{0, 1}, true, false, 0},
		{1, []int{2, 1, 5}, []int{0, 1}, false, true, 1}, // port 0, class 1 beats class 2
		{2, []int{2, 1, 5}, []int{0, 1}, true, true, 1},  // not taken before: same grant
		{3, []int{2, 1, 5}, []int{0, 1}, true, true, 5},  // pointer past port 0: port 1
		{4, []int{2, 1, 5}, []int{1}, true, true, 5},     // port 0 not ready
		{5, []int{2, 3}, []int{0, 1}, true, true, 2},     // past port 1 wraps to port 0
		{6, []int{2, 3}, []int{0, 1}, true, true, 3},     // then port 1
	}
	for _, r := range vec {
		s.EligI, s.NonEmptyI, s.PortRdyI, s.AckI = bm(r.elig...), bm(r.elig...), bm(r.portRdy...), r.ack
		s.Eval()
		assert.Equal(t, r.valid, s.ValidO, "cycle %d: gnt_valid_o", r.cycle)
		if r.valid {
			assert.Equal(t, r.qid, int(s.QidO), "cycle %d: gnt_qid_o", r.cycle)
			assert.Equal(t, r.qid/3, int(s.PortO), "cycle %d: gnt_port_o", r.cycle)
		}
		s.Commit()
	}
}

// ref is a plainly written SP/DRR scheduler following the package doc
// (per-port DRR visits, one class per port per cycle), used as the
// reference for random inputs.
type ref struct {
	p       Params
	portPtr int
	cur     []int
	added   []bool
	rdy     []bool
	def     []int
}

func newRef(p Params) *ref {
	return &ref{p: p, cur: make([]int, p.P), added: make([]bool, p.P), rdy: make([]bool, p.P), def: make([]int, p.P*p.Q)}
}

// step returns the grant and applies the cycle's state change for ack;
// unl is the queue unlinked this cycle, -1 for none.
func (r *ref) step(elig, nonEmpty []bool, portRdy []bool, headLen []int, en, ack bool, unl int) (bool, int) {
	P, Q := r.p.P, r.p.Q
	any := func(port int) bool {
		for c := 0; c < Q; c++ {
			if elig[port*Q+c] {
				return true
			}
		}
		return false
	}
	valid, gq, gp := false, 0, -1
	for i := 0; i < P && !valid && en; i++ {
		port := (r.portPtr + i) % P
		if !portRdy[port] {
			continue
		}
		if r.p.Mode == SP {
			for c := 0; c < Q && !valid; c++ {
				if elig[port*Q+c] {
					valid, gq, gp = true, port*Q+c, port
				}
			}
			continue
		}
		if !r.rdy[port] {
			continue
		}
		// The first ready port wins; its grant is valid only if its queue
		// is still eligible and was not unlinked now.
		q := port*Q + r.cur[port]
		if elig[q] && q != unl {
			valid, gq, gp = true, q, port
		}
		break
	}
	taken := valid && ack
	if taken {
		r.portPtr = (gp + 1) % P
	}
	if r.p.Mode == SP {
		return valid, gq
	}
	for port := 0; port < P; port++ {
		q := port*Q + r.cur[port]
		rdyNow := false
		switch {
		case !any(port):
		case elig[q] && r.added[port] && r.def[q] >= headLen[q]:
			rdyNow = true
			if taken && gp == port {
				r.def[q] -= headLen[q]
				rdyNow = false
			}
		case elig[q] && !r.added[port]:
			r.def[q] += r.p.Quantum[r.cur[port]]
			r.added[port] = true
		default:
			if !elig[q] && !nonEmpty[q] {
				r.def[q] = 0
			}
			r.added[port] = false
			r.cur[port] = (r.cur[port] + 1) % Q
		}
		r.rdy[port] = rdyNow
	}
	return valid, gq
}

func TestAgainstReference(t *testing.T) {
	for _, mode := range []Mode{SP, DRR} {
		for _, pq := range [][2]int{{1, 1}, {2, 3}, {3, 8}, {8, 8}, {32, 8}} {
			t.Run(fmt.Sprintf("%s/P%dQ%d", mode, pq[0], pq[1]), func(t *testing.T) {
				p := Params{P: pq[0], Q: pq[1], Mode: mode}
				r := rand.New(rand.NewPCG(uint64(pq[0]*10+pq[1]), 9))
				if mode == DRR {
					for c := 0; c < p.Q; c++ {
						p.Quantum = append(p.Quantum, 1+r.IntN(12))
					}
				}
				s, err := New(p)
				require.NoError(t, err)
				s.RstNI = true
				rf := newRef(p)
				n := p.P * p.Q
				elig, nonEmpty, portRdy, headLen := make([]bool, n), make([]bool, n), make([]bool, p.P), make([]int, n)
				for q := range headLen {
					headLen[q] = 1 + r.IntN(16)
				}
				for cy := 0; cy < 6000; cy++ {
					// The TM's contract: a queue's head (its length) changes
					// only with its unlink, or while it was not eligible.
					unl := -1
					if r.IntN(4) == 0 {
						unl = r.IntN(n)
					}
					s.EligI, s.NonEmptyI, s.PortRdyI = rtl.Bitmap{}, rtl.Bitmap{}, rtl.Bitmap{}
					for q := 0; q < n; q++ {
						if q == unl || !elig[q] {
							headLen[q] = 1 + r.IntN(16)
						}
						nonEmpty[q] = r.IntN(4) != 0
						elig[q] = nonEmpty[q] && r.IntN(5) != 0
						s.HeadLenI[q] = uint32(headLen[q])
						if elig[q] {
							s.EligI.Set(q)
						}
						if nonEmpty[q] {
							s.NonEmptyI.Set(q)
						}
					}
					for i := range portRdy {
						portRdy[i] = r.IntN(4) != 0
						if portRdy[i] {
							s.PortRdyI.Set(i)
						}
					}
					ack, en := r.IntN(3) != 0, r.IntN(6) != 0
					s.AckI, s.EnI, s.UnlI, s.UnlQidI = ack, en, unl >= 0, uint16(max(unl, 0))
					s.Eval()
					v, q := rf.step(elig, nonEmpty, portRdy, headLen, en, ack, unl)
					require.Equal(t, v, s.ValidO, "cycle %d: gnt_valid_o", cy)
					if v {
						require.Equal(t, q, int(s.QidO), "cycle %d: gnt_qid_o", cy)
					}
					s.Commit()
					st := s.State()
					for port := 0; port < p.P; port++ {
						require.Equal(t, rf.def[port*p.Q:(port+1)*p.Q], toInts(st.DefQ[port*p.Q:(port+1)*p.Q]), "cycle %d: port %d def_q", cy, port)
					}
				}
			})
		}
	}
}

func toInts(v []uint32) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

// TestDRRShares: one port, every queue always backlogged with packets of
// random length; over many taken grants each queue's service in cells is
// proportional to its quantum, within 2%. As in the TM, a granted queue's
// new head shows in the next cycle, with its unlink.
func TestDRRShares(t *testing.T) {
	quanta := []int{4, 8, 16, 32}
	s, err := New(Params{P: 1, Q: 4, Mode: DRR, Quantum: quanta})
	require.NoError(t, err)
	s.RstNI = true
	r := rand.New(rand.NewPCG(1, 1))
	served := make([]int, 4)
	s.EligI, s.NonEmptyI, s.PortRdyI = bm(0, 1, 2, 3), bm(0, 1, 2, 3), bm(0)
	for q := range s.HeadLenI {
		s.HeadLenI[q] = uint32(1 + r.IntN(16))
	}
	unl := -1
	for cy := 0; cy < 40000; cy++ {
		s.AckI = true
		if unl >= 0 {
			s.HeadLenI[unl] = uint32(1 + r.IntN(16))
		}
		s.UnlI, s.UnlQidI = unl >= 0, uint16(max(unl, 0))
		s.Eval()
		unl = -1
		if s.ValidO {
			q := int(s.QidO)
			served[q] += int(s.HeadLenI[q])
			unl = q
		}
		s.Commit()
	}
	total := 0
	for _, v := range served {
		total += v
	}
	for q, v := range served {
		want := float64(total) * float64(quanta[q]) / 60
		assert.InDelta(t, want, float64(v), 0.02*want, "queue %d: %d cells served, want %.0f (quantum %d of 60)", q, v, want, quanta[q])
	}
}

// TestModeText: every mode round-trips through its name and JSON; an
// unknown name is refused with the allowed list.
func TestModeText(t *testing.T) {
	for _, m := range []Mode{SP, DRR} {
		b, err := m.MarshalText()
		require.NoError(t, err)
		var got Mode
		require.NoError(t, got.UnmarshalText(b))
		require.Equal(t, m, got, "mode %s", b)
	}
	_, err := ParseMode("wfq")
	require.EqualError(t, err, `unknown Mode "wfq", allowed sp, drr`)
	_, err = Mode(9).MarshalText()
	require.Error(t, err)
}
