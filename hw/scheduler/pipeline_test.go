package scheduler

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// TestDRRVectors: P=1, Q=2, quanta 4 and 4, the pipelined visits cycle by
// cycle, with the head hazard: a ready class whose queue is unlinked in
// its grant's cycle gives a bubble, and a taken grant's port waits for the
// visit of its new head. Each row is one cycle.
func TestDRRVectors(t *testing.T) {
	s, err := New(Params{P: 1, Q: 2, Mode: DRR, Quantum: []int{4, 4}})
	require.NoError(t, err)
	s.RstNI = true
	vec := []struct {
		cycle   int
		headLen [2]uint32 // head_len_i after this cycle's unlink
		unl     int       // queue unlinked now, -1 none
		ack     bool
		valid   bool
		qid     int
		cur     uint8     // class pointer after the edge
		def     [2]uint32 // deficits after the edge
		rdy     bool      // rdy_q after the edge
		why     string
	}{
		{0, [2]uint32{3, 3}, -1, true, false, 0, 0, [2]uint32{4, 0}, false, "class 0 reached: its quantum"},
		{1, [2]uint32{3, 3}, -1, true, false, 0, 0, [2]uint32{4, 0}, true, "4 covers 3: ready, the pointer holds"},
		{2, [2]uint32{5, 3}, 0, true, false, 0, 1, [2]uint32{4, 0}, false, "ready last cycle but queue 0 unlinked now (head 3 -> 5): a bubble; 4 < 5 passes"},
		{3, [2]uint32{5, 3}, -1, true, false, 0, 1, [2]uint32{4, 4}, false, "class 1 reached: its quantum"},
		{4, [2]uint32{5, 3}, -1, false, false, 0, 1, [2]uint32{4, 4}, true, "ready"},
		{5, [2]uint32{5, 3}, -1, false, true, 1, 1, [2]uint32{4, 4}, true, "granted, not taken: nothing changes, still ready"},
		{6, [2]uint32{5, 3}, -1, true, true, 1, 1, [2]uint32{4, 1}, false, "taken: 4-3; the ready of this cycle saw the head taken: dropped"},
		{7, [2]uint32{5, 2}, 1, true, false, 0, 0, [2]uint32{4, 1}, false, "the dequeue's unlink: new head 2 > 1: passes"},
		{8, [2]uint32{5, 2}, -1, true, false, 0, 0, [2]uint32{8, 1}, false, "class 0 again: 4+4"},
		{9, [2]uint32{5, 2}, -1, true, false, 0, 0, [2]uint32{8, 1}, true, "8 covers 5: ready"},
		{10, [2]uint32{5, 2}, -1, true, true, 0, 0, [2]uint32{3, 1}, false, "granted and taken: 8-5"},
	}
	s.EligI, s.NonEmptyI, s.PortRdyI = bm(0, 1), bm(0, 1), bm(0)
	for _, r := range vec {
		s.HeadLenI[0], s.HeadLenI[1] = r.headLen[0], r.headLen[1]
		s.UnlI, s.UnlQidI, s.AckI = r.unl >= 0, uint16(max(r.unl, 0)), r.ack
		s.Eval()
		require.Equal(t, r.valid, s.ValidO, "cycle %d: gnt_valid_o (%s)", r.cycle, r.why)
		if r.valid {
			require.Equal(t, r.qid, int(s.QidO), "cycle %d: gnt_qid_o (%s)", r.cycle, r.why)
		}
		s.Commit()
		st := s.State()
		require.Equal(t, r.cur, st.CurQ[0], "cycle %d: class pointer (%s)", r.cycle, r.why)
		require.Equal(t, r.def, [2]uint32{st.DefQ[0], st.DefQ[1]}, "cycle %d: def_q (%s)", r.cycle, r.why)
		require.Equal(t, r.rdy, st.RdyQ&1 == 1, "cycle %d: rdy_q (%s)", r.cycle, r.why)
	}
}

// tmLike drives a scheduler as the TM does: every queue backlogged or
// not at random, a taken grant's head unlinked in the next cycle (the
// dequeue's PD read returning, its new head then visible) and, at random,
// a head drop's unlink of any non-empty queue; port_rdy_i, en_i and ack_i
// at random. check is called after each Eval with the inputs of the
// cycle.
type tmLike struct {
	s        *Scheduler
	r        *rand.Rand
	n        int
	backlog  []bool // the queue stays non-empty (fairness runs) or changes at random
	pend     int    // the queue whose head a taken grant read, unlinked next cycle; -1 none
	maxLen   int
	portBusy int // percent of cycles a port is not ready
}

func (d *tmLike) cycle(check func(unl int)) {
	s, r := d.s, d.r
	unl := d.pend
	d.pend = -1
	if unl < 0 && r.IntN(8) == 0 {
		unl = r.IntN(d.n) // a head drop's unlink
		if !s.NonEmptyI.Test(unl) {
			unl = -1
		}
	}
	if unl >= 0 {
		s.HeadLenI[unl] = uint32(1 + r.IntN(d.maxLen))
		if !d.backlog[unl] && r.IntN(3) == 0 {
			s.NonEmptyI.Clear(unl) // its last packet
		}
	}
	for q := 0; q < d.n; q++ {
		if !s.NonEmptyI.Test(q) && (d.backlog[q] || r.IntN(10) == 0) {
			s.NonEmptyI.Set(q) // a link into an empty queue: a new head
			s.HeadLenI[q] = uint32(1 + r.IntN(d.maxLen))
		}
	}
	s.EligI = s.NonEmptyI // as occamy_tm's elig_i
	s.PortRdyI = rtl.Bitmap{}
	for p := 0; p < s.P.P; p++ {
		if r.IntN(100) >= d.portBusy {
			s.PortRdyI.Set(p)
		}
	}
	s.UnlI, s.UnlQidI = unl >= 0, uint16(max(unl, 0))
	s.EnI, s.AckI = r.IntN(5) != 0, r.IntN(6) != 0
	s.Eval()
	check(unl)
	if s.ValidO && s.AckI {
		d.pend = int(s.QidO)
	}
	s.Commit()
}

// TestDRRGrantProperties: under TM-like traffic, every grant is to an
// eligible queue of a ready port, with en_i, not unlinked in this cycle,
// whose deficit covers its head; no deficit reaches the bound tm_sched's
// DFW=18 bits rely on (2^LW + the largest quantum); a grant not taken
// changes no deficit; and grants are given (the check is not vacuous).
func TestDRRGrantProperties(t *testing.T) {
	for _, pq := range [][2]int{{1, 1}, {1, 8}, {3, 2}, {8, 8}} {
		t.Run(fmt.Sprintf("P%dQ%d", pq[0], pq[1]), func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(pq[0]), uint64(pq[1])))
			p := Params{P: pq[0], Q: pq[1], Mode: DRR}
			for c := 0; c < p.Q; c++ {
				p.Quantum = append(p.Quantum, 1+r.IntN(200))
			}
			s, err := New(p)
			require.NoError(t, err)
			s.RstNI = true
			n := p.P * p.Q
			d := &tmLike{s: s, r: r, n: n, backlog: make([]bool, n), pend: -1, maxLen: 127, portBusy: 30}
			const bound = 128 + 65535
			grants, taken := 0, 0
			for cy := 0; cy < 50000; cy++ {
				d.cycle(func(unl int) {
					if !s.ValidO {
						return
					}
					grants++
					q, port := int(s.QidO), int(s.PortO)
					require.Equal(t, q/p.Q, port, "cycle %d: gnt_port_o is the queue's port", cy)
					require.True(t, s.EnI, "cycle %d: a grant without en_i", cy)
					require.True(t, s.EligI.Test(q), "cycle %d: queue %d granted, not eligible", cy, q)
					require.True(t, s.PortRdyI.Test(port), "cycle %d: port %d granted, not ready", cy, port)
					require.NotEqual(t, unl, q, "cycle %d: queue %d granted while unlinked now", cy, q)
					require.GreaterOrEqual(t, s.q.DefQ[q], s.HeadLenI[q], "cycle %d: queue %d granted, deficit %d under its head %d", cy, q, s.q.DefQ[q], s.HeadLenI[q])
					if !s.AckI {
						before := s.q.DefQ[q]
						defer func() { assert.Equal(t, before, s.q.DefQ[q], "cycle %d: a grant not taken changed the deficit", cy) }()
					} else {
						taken++
					}
				})
				for q := 0; q < n; q++ {
					require.Less(t, s.q.DefQ[q], uint32(bound), "cycle %d: queue %d deficit", cy, q)
				}
			}
			require.Greater(t, taken, 5000, "a weak check: %d grants taken of %d", taken, grants)
		})
	}
}

// TestDRRFairnessWindow: one port, every queue always backlogged, packets
// of 1..16 cells, the port often busy, en_i and ack_i at random, head-drop
// unlinks. For every pair of queues and every window of the run, the
// service in quanta differs by at most 2 + Max/quantum_i + Max/quantum_j
// (DRR's fairness bound, Max the largest packet): the maximum over time of
// S_i - S_j minus its minimum, S_i the cells served to queue i over its
// quantum, is the largest such difference over any window.
func TestDRRFairnessWindow(t *testing.T) {
	quanta := []int{4, 8, 16, 32, 5, 64, 12, 16}
	const maxLen = 16
	s, err := New(Params{P: 1, Q: len(quanta), Mode: DRR, Quantum: quanta})
	require.NoError(t, err)
	s.RstNI = true
	q := len(quanta)
	d := &tmLike{s: s, r: rand.New(rand.NewPCG(3, 5)), n: q, backlog: make([]bool, q), pend: -1, maxLen: maxLen, portBusy: 40}
	for i := range d.backlog {
		d.backlog[i] = true
	}
	served := make([]float64, q)
	lo, hi := make([][]float64, q), make([][]float64, q)
	for i := range lo {
		lo[i], hi[i] = make([]float64, q), make([]float64, q)
	}
	grants := 0
	for cy := 0; cy < 100000; cy++ {
		d.cycle(func(int) {
			if s.ValidO && s.AckI {
				g := int(s.QidO)
				served[g] += float64(s.HeadLenI[g]) / float64(quanta[g])
				grants++
			}
		})
		for i := 0; i < q; i++ {
			for j := 0; j < q; j++ {
				diff := served[i] - served[j]
				lo[i][j], hi[i][j] = min(lo[i][j], diff), max(hi[i][j], diff)
			}
		}
	}
	require.Greater(t, grants, 10000, "a weak check: few grants")
	for i := 0; i < q; i++ {
		for j := i + 1; j < q; j++ {
			bound := 2 + float64(maxLen)/float64(quanta[i]) + float64(maxLen)/float64(quanta[j])
			assert.LessOrEqual(t, hi[i][j]-lo[i][j], bound, "queues %d and %d (quanta %d, %d): service in quanta differs by %.2f over a window", i, j, quanta[i], quanta[j], hi[i][j]-lo[i][j])
		}
	}
}
