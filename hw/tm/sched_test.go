package tm

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// bitsOf returns a bitmap with the given bits set.
func bitsOf(idx ...int) rtl.Bitmap {
	var b rtl.Bitmap
	for _, i := range idx {
		b.Set(i)
	}
	return b
}

// TestSchedPorts drives tm_sched's Go twin through its ports alone (P=2,
// Q=2: queues 0,1 on port 0, queues 2,3 on port 1), a cycle per row, and
// checks the grant and, through the next rows, the registers: en_i low
// grants nothing and changes nothing; the port search starts at the
// pointer and skips a port that is not ready or has no eligible queue; sp
// grants the lowest class; an unacknowledged grant leaves the pointer; an
// acknowledged one moves it past the granted port.
func TestSchedPorts(t *testing.T) {
	c := DefaultConfig()
	c.P, c.Q = 2, 2
	c.AlphaExp, c.Quantum = []int{0, 0}, []int{4, 4}
	type row struct {
		name          string
		en, ack       bool
		elig, rdy     rtl.Bitmap
		valid         bool
		qid, port     uint16
		ptrAfterCycle uint8
	}
	rows := []row{
		{"en_i low: nothing", false, true, bitsOf(0, 2), bitsOf(0, 1), false, 0, 0, 0},
		{"pointer 0: port 0, class 0 first", true, false, bitsOf(1, 0, 2), bitsOf(0, 1), true, 0, 0, 0},
		{"not acknowledged: same grant", true, true, bitsOf(1, 0, 2), bitsOf(0, 1), true, 0, 0, 1},
		{"pointer 1: port 1", true, true, bitsOf(0, 3), bitsOf(0, 1), true, 3, 1, 0},
		{"port 0 not ready: port 1", true, true, bitsOf(0, 2), bitsOf(1), true, 2, 1, 0},
		{"no eligible queue on a ready port", true, true, bitsOf(2, 3), bitsOf(0), false, 0, 0, 0},
		{"en_i low with requests", false, true, bitsOf(0), bitsOf(0, 1), false, 0, 0, 0},
	}
	s, err := newSched(&c)
	require.NoError(t, err)
	for cy, r := range rows {
		s.EnI, s.AckI, s.EligI, s.NonemptyI, s.PortRdyI = r.en, r.ack, r.elig, r.elig, r.rdy
		s.Eval()
		assert.Equal(t, r.valid, s.GntValidO, "cycle %d (%s): gnt_valid_o", cy, r.name)
		assert.Equal(t, r.qid, s.GntQidO, "cycle %d (%s): gnt_qid_o", cy, r.name)
		assert.Equal(t, r.port, s.GntPortO, "cycle %d (%s): gnt_port_o", cy, r.name)
		s.Commit()
		assert.Equal(t, r.ptrAfterCycle, s.State().PortPtrQ, "cycle %d (%s): port pointer after the edge", cy, r.name)
	}
}

// TestSchedDRRPorts: drr_i with quanta smaller than the head packet: the
// port visits one class a cycle, adding queue 0's quantum on each arrival
// at it (queue 1 is empty: passed, its deficit reset), passing while the
// deficit does not cover the head; a ready class holds the port (also
// through a cycle with en_i low) and is granted the cycle after it was
// ready; head_len_i is read only for the queue visited.
func TestSchedDRRPorts(t *testing.T) {
	c := DefaultConfig()
	c.P, c.Q, c.Sched = 1, 2, SchedDRR
	c.AlphaExp, c.Quantum = []int{0, 0}, []int{3, 3}
	s, err := newSched(&c)
	require.NoError(t, err)
	require.True(t, s.DrrI)
	require.Equal(t, []uint32{3, 3}, s.QuantumI)
	s.HeadLenI[0], s.HeadLenI[1] = 7, 100
	s.AckI, s.EligI, s.NonemptyI, s.PortRdyI = true, bitsOf(0), bitsOf(0), bitsOf(0)
	var grants []int
	for cy := 0; cy < 18; cy++ {
		s.EnI = cy != 8
		s.Eval()
		if s.GntValidO {
			grants = append(grants, cy)
		}
		s.Commit()
	}
	// Deficit of queue 0: 3 (cycle 0), passed at 1, queue 1 at 2, 6 (3),
	// passed at 4 and 5, 9 (6), ready at 7, held through 8 (en_i low),
	// granted at 9 (2 left); passed at 10 and 11, 5 (12), passed at 13 and
	// 14, 8 (15), ready at 16, granted at 17 (1 left).
	assert.Equal(t, []int{9, 17}, grants)
	assert.Equal(t, uint32(1), s.State().DefQ[0], "deficit after the last grant")
}

// TestSchedNoGrantIsZero: in every cycle without a grant, the egress
// scheduler's gnt_qid_o and gnt_port_o are 0, as hw/scheduler documents
// and as tm_sched drives them (its en_i low when the dequeue cannot take a
// packet). Before, a cycle whose stage C did not run kept the last grant's
// queue and port, and occamy sim --rtl verilator --vcd differed from the Go
// trace on u_sched.gnt_qid_o while gnt_valid_o was 0 (incast at the
// defaults, from cycle 26).
func TestSchedNoGrantIsZero(t *testing.T) {
	for _, sch := range []SchedMode{SchedSP, SchedDRR} {
		for _, pol := range []Policy{PolicyDT, PolicyOccamy} {
			t.Run(fmt.Sprintf("%s/%s", sch, pol), func(t *testing.T) {
				m, err := New(stateConfig(pol, FreeCell, sch))
				require.NoError(t, err)
				r := rand.New(rand.NewPCG(uint64(len(sch)), uint64(pol)))
				stale, granted := 0, 0
				for cy := 0; cy < 5000; cy++ {
					drive(r, m)
					m.Eval()
					s := m.u.sch
					if s.GntValidO {
						granted++
					} else {
						require.Zero(t, s.GntQidO, "cycle %d: gnt_qid_o without a grant", cy)
						require.Zero(t, s.GntPortO, "cycle %d: gnt_port_o without a grant", cy)
						stale++
					}
					m.Commit()
					require.NoError(t, m.Err())
				}
				require.Greater(t, granted, 100, "a weak check: few grants")
				require.Greater(t, stale, 100, "a weak check: few cycles without one")
			})
		}
	}
}

// TestSchedSkipMatchesEval steps two tm_sched twins with the same inputs,
// one that skips hw/scheduler when strict priority's inputs repeat a
// no-grant evaluation and one that always evaluates, and requires the
// same grant, the same hw/scheduler outputs and the same registers every
// cycle. The inputs repeat often (most cycles keep elig_i and port_rdy_i,
// others flip a bit of one), en_i and ack_i are random, and a grant taken
// moves the pointer; both modes run (drr never skips).
func TestSchedSkipMatchesEval(t *testing.T) {
	for _, mode := range []SchedMode{SchedSP, SchedDRR} {
		c := DefaultConfig()
		c.Sched = mode
		skip, err := newSched(&c)
		require.NoError(t, err)
		full, err := newSched(&c)
		require.NoError(t, err)
		full.full = true
		headLen := make([]uint32, c.N())
		skip.HeadLenI, full.HeadLenI = headLen, headLen
		r := rand.New(rand.NewPCG(uint64(len(mode)), 3))
		var elig rtl.Bitmap
		var rdy uint64
		skips := 0
		for cy := 0; cy < 20000; cy++ {
			switch r.IntN(8) {
			case 0:
				i := r.IntN(c.N())
				elig[i>>6] ^= 1 << uint(i&63)
			case 1:
				rdy ^= 1 << uint(r.IntN(c.P))
			case 2:
				elig = rtl.Bitmap{}
			}
			for i := range headLen {
				headLen[i] = uint32(1 + (i+cy/64)%8)
			}
			en, ack := r.IntN(8) != 0, r.IntN(4) != 0
			for _, s := range []*Sched{skip, full} {
				s.EnI, s.AckI, s.EligI, s.NonemptyI = en, ack, elig, elig
				s.PortRdyI = rtl.Bitmap{rdy}
			}
			if skip.sp && en && skip.EligI == skip.spElig && rdy == skip.spRdy {
				skips++
			}
			skip.Eval()
			full.Eval()
			msg := fmt.Sprintf("%s, cycle %d", mode, cy)
			require.Equal(t, full.GntValidO, skip.GntValidO, "%s: gnt_valid_o", msg)
			require.Equal(t, full.GntQidO, skip.GntQidO, "%s: gnt_qid_o", msg)
			require.Equal(t, full.GntPortO, skip.GntPortO, "%s: gnt_port_o", msg)
			require.Equal(t, full.u.ValidO && full.u.AckI, skip.u.ValidO && skip.u.AckI, "%s: grant taken", msg)
			skip.Commit()
			full.Commit()
			require.Equal(t, full.State(), skip.State(), "%s: registers after the edge", msg)
		}
		if mode == SchedSP {
			assert.Greater(t, skips, 1000, "sp: the skip was exercised")
		} else {
			assert.Zero(t, skips, "drr: never skips")
		}
	}
}
