package tm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/maxfind"
	"occamy/rtl"
)

// pushoutTM is a 2-port, 1-class TM of 64 cells whose ports drain one cell
// per 1024 cycles, so the queues stay as the test fills them.
func pushoutTM(t *testing.T, pol Policy) *TM {
	t.Helper()
	c := DefaultConfig()
	c.P, c.Q, c.B, c.MaxPkt, c.K, c.R, c.TxWindow = 2, 1, 64, 4, 4, 1024, 1
	c.AlphaExp, c.Quantum = []int{3}, []int{4}
	c.CP = MemConfig{ReadPorts: 8, WritePorts: 4, ReadLatency: 1}
	c.CD = MemConfig{ReadPorts: 4, WritePorts: 4, ReadLatency: 1}
	c.PushoutWait = 0
	c.Policy, c.Check = pol, true
	m, err := New(c)
	require.NoError(t, err)
	return m
}

// TestIdealPushout drives the ideal Pushout step by step: a queue fills the
// buffer and its own arrivals are then refused; each arrival to the shorter
// queue expels one head packet of the longer one in the same cycle, with no
// port used by the head-drop path and the free count never negative, until
// both queues are equal, when the arrival is refused.
func TestIdealPushout(t *testing.T) {
	m := pushoutTM(t, PolicyPushout)
	st := m.Stats()
	// step offers one 4-cell packet to queue q, then lets the enqueue
	// link it; it returns the free count before the arrival's cycle. 10
	// cycles since the enqueue's round is a register (EnqGoLag), 9 since
	// it takes from a register (EnqTakeLag): with 8 there, queue 1's
	// previous packet, linked a cycle later, was dequeued and its cells
	// freed (DeqFreeLag) in the next arrival's answer cycle, so that
	// arrival found room (free 0 before, 4 at its answer) and expelled
	// nothing (traced: cycles 151-152); 9 with EnqGoLag fails the same
	// way (arrival 2, no head drop), not traced further.
	step := func(q int) int {
		t.Helper()
		free := m.Probe().Free
		m.Offer(Arrival{Queue: q, Cells: 4})
		for i := 0; i < 10; i++ {
			require.NoError(t, m.Step(), "cycle %d", m.Cycle())
			p := m.Probe()
			require.GreaterOrEqual(t, p.Free, 0, "cycle %d: free count", p.Cycle)
			require.Equal(t, [NumMems]PortUse{}, p.HDPorts, "cycle %d: head-drop path port use", p.Cycle)
			require.False(t, p.GntValid, "cycle %d: head-drop grant", p.Cycle)
		}
		return free
	}
	for i := 0; st.Queues[0].AdmDropped.Pkts == 0; i++ {
		require.Less(t, i, 64, "queue 0 never refused")
		step(0)
	}
	assert.Less(t, m.Probe().Free, 4, "queue 0 refused with room for its packet")
	assert.Zero(t, st.Queues[0].HeadDropped.Pkts, "Pushout expelled from the arrival's own queue")
	for i := 1; ; i++ {
		before := st.Queues[0].HeadDropped.Pkts
		free := step(1)
		q0, q1 := m.Probe().Qlen[0], m.Probe().Qlen[1]
		if st.Queues[1].AdmDropped.Pkts > 0 {
			assert.LessOrEqual(t, q0, q1+4, "arrival %d to queue 1 refused with queue 0 at %d, queue 1 at %d cells", i, q0, q1)
			assert.Equal(t, before, st.Queues[0].HeadDropped.Pkts, "arrival %d refused but queue 0 lost a packet", i)
			break
		}
		require.Equal(t, uint64(i), st.Queues[1].Admitted.Pkts, "arrival %d to queue 1 admitted", i)
		if free < 4 {
			require.Equal(t, before+1, st.Queues[0].HeadDropped.Pkts, "arrival %d to queue 1 (queue 0 %d, queue 1 %d cells): one head drop of queue 0 in the same cycle", i, q0, q1)
		}
		require.Less(t, i, 64, "queue 1 never refused")
	}
	q0, q1 := m.Probe().Qlen[0], m.Probe().Qlen[1]
	assert.InDelta(t, float64(q0), float64(q1), 4, "Pushout ends with equal queues: %d and %d cells", q0, q1)
}

// TestIdealPushoutWave: a wave of arrivals to one queue in one cycle is
// decided slot by slot on running lengths, the cells admitted to earlier
// slots of the wave counted (they take effect at admission's stage 3): the
// wave pushes the full queue out only while that queue is longer, so both
// end equal, not the wave's queue holding the buffer.
func TestIdealPushoutWave(t *testing.T) {
	m := pushoutTM(t, PolicyPushout)
	st := m.Stats()
	for i := 0; st.Queues[0].AdmDropped.Pkts == 0; i++ {
		require.Less(t, i, 64, "queue 0 never refused")
		m.Offer(Arrival{Queue: 0, Cells: 4})
		for range 8 {
			require.NoError(t, m.Step())
		}
	}
	for range 16 { // 64 cells in one cycle: the whole buffer
		m.Offer(Arrival{Queue: 1, Cells: 4})
	}
	for range 8 {
		require.NoError(t, m.Step())
	}
	q0, q1 := m.Probe().Qlen[0], m.Probe().Qlen[1]
	assert.LessOrEqual(t, q1, q0+4, "the wave to queue 1 pushed queue 0 out past equal: queue 0 %d, queue 1 %d cells", q0, q1)
	assert.InDelta(t, float64(q0), float64(q1), 4, "Pushout ends with equal queues: %d and %d cells", q0, q1)
	assert.NotZero(t, st.Queues[1].AdmDropped.Pkts, "the wave's last arrivals refused")
}

// TestPushoutPortsKeepsExecutor checks that the port-limited Pushout still
// expels through the head-drop executor: with a wait allowance, an arrival
// into the full buffer is admitted and the executor (with its ports) makes
// the room a few cycles later.
func TestPushoutPortsKeepsExecutor(t *testing.T) {
	c := DefaultConfig()
	c.B, c.PushoutWait, c.Policy, c.Check = 512, 64, PolicyPushoutPorts, true
	c.MaxPkt = 8
	m, err := New(c)
	require.NoError(t, err)
	hdPorts := 0
	for cy := 0; cy < 4000; cy++ {
		m.Offer(Arrival{Queue: 0, Cells: 8})
		if cy > 200 {
			m.Offer(Arrival{Queue: 8, Cells: 8})
		}
		require.NoError(t, m.Step(), "cycle %d", cy)
		if p := m.Probe(); p.HDPorts[MemPD].Reads > 0 {
			hdPorts++
		}
	}
	assert.Positive(t, m.Stats().Queues[0].HeadDropped.Pkts, "pushout-ports: the longer queue lost no packet")
	assert.Positive(t, hdPorts, "pushout-ports: no head-drop PD read used a port")
}

// TestPushoutPortsChoice checks HDChoice (tm_hd_choice) under pushout-ports
// every cycle of a random overload: a grant exactly when the free count
// after the cycle's admissions, with the executor's cells unlinked and not
// yet freed at the cycle's start credited (tfree_adm), is negative and the pipelined finder's
// choice (the longest queue by start-of-cycle length Stale() cycles ago,
// the lowest index on ties) is a candidate now, whatever the selector's
// bitmap says.
func TestPushoutPortsChoice(t *testing.T) {
	c := DefaultConfig()
	c.P, c.Q, c.B, c.MaxPkt, c.R, c.TxWindow, c.PushoutWait = 2, 2, 96, 6, 4, 4, 24
	c.AlphaExp, c.Quantum = []int{0, 2}, []int{6, 6}
	c.Policy, c.Check, c.MaxOffers = PolicyPushoutPorts, true, 3
	m, err := New(c)
	require.NoError(t, err)
	rng := uint64(1)
	next := func(n int) int { rng = rng*6364136223846793005 + 1442695040888963407; return int(rng>>33) % n }
	grants, notOver, gone := 0, 0, 0
	type seen struct{ qlen []uint32 }
	var hist []seen
	for cyc := 0; cyc < 20000; cyc++ {
		pre := m.Probe()
		fly := m.r.hdFly // fly_q
		qpre := append([]uint32(nil), pre.Qlen...)
		var cells [3]int
		n := next(4)
		for i := 0; i < n; i++ {
			cells[i] = 1 + next(c.MaxPkt)
			m.Offer(Arrival{Queue: next(c.N()), Cells: cells[i]})
		}
		m.Eval()
		free := pre.Free + fly
		for _, v := range m.u.adm.AdmCellsO[:m.u.enq.AdmNI] { // the admissions taking effect (decided the cycle before; adm_n_i, 0 when u_adm idles)
			free -= int(v)
		}
		p := m.Probe()
		hist = append(hist, seen{qpre})
		want := -1
		if st := m.u.ch.Stale(); len(hist) > st {
			h := hist[len(hist)-1-st]
			var held rtl.Bitmap
			for q, l := range h.qlen {
				if l > 0 {
					held.Set(q)
				}
			}
			want = maxfind.Longest(&held, h.qlen)
		}
		if want >= 0 && !p.Cand.Test(want) {
			want, gone = -1, gone+1 // the stale choice's queue is not a candidate now
		}
		if free >= 0 || want < 0 {
			require.False(t, p.GntValid, "cycle %d: grant of queue %d with the free count at %d after admission, finder's choice %d", cyc, p.GntIdx, free, want)
		} else {
			require.True(t, p.GntValid, "cycle %d: no grant with the free count at %d and the finder's choice %d", cyc, free, want)
			g := p.GntIdx
			require.Equal(t, want, g, "cycle %d: grant of queue %d, the finder chose %d", cyc, g, want)
			grants++
			if !p.Over.Test(g) {
				notOver++
			}
		}
		m.Commit()
		require.NoError(t, m.Err(), "cycle %d", cyc)
	}
	assert.Greater(t, grants, 100, "grants while the free count was negative")
	// Under overload the thresholds of a negative free count are 0, so the
	// bitmap holds every queue with cells but for a cycle's lag: grants of
	// a queue outside it are rare (the co-simulation's tm-po-masked mutant).
	t.Logf("%d grants, %d of a queue not in the selector's bitmap, %d stale choices of a queue not a candidate now", grants, notOver, gone)
	assert.Greater(t, gone, 0, "the stale-choice guard was never exercised")
}
