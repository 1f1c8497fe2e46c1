package tm

import (
	"fmt"

	"occamy/hw/maxfind"
	"occamy/hw/mem"
)

// The ideal Pushout (policy pushout) is the textbook scheme the paper calls
// optimal: a packet enters whenever it fits, and when the buffer is full
// the longest queue's head packet leaves in the arrival's cycle, through a
// backdoor that uses no memory port, so room is made at once and nothing
// waits. The port-limited variant (pushout-ports) instead expels through
// the head-drop executor, sharing its ports, with PushoutWait cells of
// admitted packets waiting for room.
//
// Choice: the longest queue by its running length (its length with the
// cells of the batch's earlier slots that admission admitted, which take
// effect at its stage 3: a wave of arrivals to one queue in one cycle
// counts as it is decided), the lowest index on ties, among the queues
// whose head packet is linked and not being read by the dequeue. The
// arrival is refused when no such queue is longer than its own (Pushout
// never expels from the arrival's queue for itself).

// pushOut expels head packets until slot's n-cell arrival to queue q fits
// in free cells or no longer queue is left, and returns the cells freed.
func (m *TM) pushOut(slot, q, n, free int) int {
	run := m.acct.poRun
	copy(run, m.r.qlenD)
	m.u.adm.addAdmittedBefore(slot, run)
	gain := 0
	for free+gain < n {
		cand := m.u.pdl.expellable()
		v := maxfind.Longest(&cand, run)
		if v < 0 || v == q || run[v] <= run[q] {
			break
		}
		got := m.expelNow(v)
		run[v] -= uint32(got)
		gain += got
	}
	return gain
}

// expelNow drops queue v's head packet at once: its PD and cells go back
// to the free lists with no port, and the accounting follows. It returns
// the cells freed (the caller adds them to the free count).
func (m *TM) expelNow(v int) int {
	pd := m.ram.pd.Peek(int(m.u.pdl.head[v]))
	if err := m.u.pdl.dropHead(v, &pd); err != nil {
		m.fail(fmt.Errorf("cycle %d: pushout: %w", m.cycle, err))
		return 0
	}
	n := int(pd.Cells)
	for s := 0; s < min(n, m.p.k); s++ {
		m.u.fl.appendNow(m.u.fl.bankOf(pd.Heads[s]), pd.Heads[s], pd.Tails[s], mem.SubListLen(n, m.p.k, s), m.ram.cp)
	}
	m.leaveQueue(v, n)
	st := &m.obs.stats.Queues[v]
	st.HeadDropped.Pkts++
	st.HeadDropped.Cells += uint64(n)
	m.event(EvHeadDrop, v, -1, pd.Serial)
	return n
}
