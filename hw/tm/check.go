package tm

import (
	"fmt"

	"occamy/hw/mem"
)

// owner names who holds a cell, for duplicate reports.
type owner struct {
	kind string
	id   int
}

// String names the owner, e.g. "queue 3".
func (o owner) String() string { return fmt.Sprintf("%s %d", o.kind, o.id) }

// checker keeps the scratch space of Check between calls.
type checker struct {
	seen        []uint32 // epoch at which each cell was last marked
	who         []owner
	epoch       uint32
	count       int
	err         error
	cells, pkts []int // per queue, what the lists hold
}

// Check verifies every invariant of the TM as it is now (between cycles):
//
//  1. cells are conserved: free + Σ queue lengths + in-flight cells = B,
//     and the free count equals the cells on the free list minus those
//     admitted but not yet popped; the thresholds' free count exceeds it
//     by exactly the cells the executor holds (unlinked, not yet freed);
//  2. no cell is on two lists, and every cell is on exactly one: the free
//     banks (cell x in bank x mod k), the packet being enqueued, the PDs of
//     every queue, the packets in the dequeue and head-drop pipelines, and
//     the dequeue's free register (DeqFreeLag);
//  3. every arrived packet is exactly one of: admission-dropped,
//     head-dropped, transmitted, or still in the TM (queued, being enqueued,
//     or dequeued and not yet fully transmitted), per queue;
//  4. each queue's length in packets and cells matches its lists, and each
//     class's active-queue count (ABM's n) matches the non-empty queues.
//
// The error names the queue or cell, the expected and the actual value.
func (m *TM) Check() error {
	B := m.cfg.B
	if got := m.r.freeD + m.acct.sumQlen + m.acct.inflight; got != B {
		return fmt.Errorf("cells: free %d + queued %d + in flight %d = %d, want B = %d", m.r.freeD, m.acct.sumQlen, m.acct.inflight, got, B)
	}
	if want := m.u.fl.cells() - m.acct.unpopped - m.r.hdFreed; m.r.freeD != want {
		return fmt.Errorf("free count %d, want %d (free list %d - admitted not popped %d - the executor's frees not yet counted %d)",
			m.r.freeD, want, m.u.fl.cells(), m.acct.unpopped, m.r.hdFreed)
	}
	if got := m.u.hd.cells() + m.r.hdFreed; m.r.hdFly != got {
		return fmt.Errorf("the thresholds' free count credits %d cells of the executor, its lanes hold %d and its frees not yet counted %d",
			m.r.hdFly, m.u.hd.cells(), m.r.hdFreed)
	}
	c := &m.chk
	if c.seen == nil {
		c.seen, c.who = make([]uint32, B), make([]owner, B)
	}
	c.epoch++
	c.count, c.err = 0, nil
	for b := 0; b < m.p.k; b++ {
		o := owner{"free bank", b}
		if err := m.u.fl.walk(b, m.ram.cp, m.cpPending, func(x int32) {
			if m.u.fl.bankOf(x) != b && c.err == nil {
				c.err = fmt.Errorf("cell %d on free bank %d, belongs to bank %d", x, b, m.u.fl.bankOf(x))
			}
			m.mark(x, o)
		}); err != nil {
			return err
		}
	}
	if a := &m.u.enq.builtQ; a.active { // the cells its rounds done popped (EnqGoLag)
		o := owner{"enqueue of queue", int(a.pkt.q)}
		for j := 0; j < min(m.p.k, int(a.pkt.cells)); j++ {
			m.walkSub(a.heads[j], mem.SubListLen(a.done, m.p.k, j), o)
		}
	}
	var cells, pkts []int
	cells, pkts = m.chk.cells, m.chk.pkts
	for q := 0; q < m.p.n; q++ {
		cells[q], pkts[q] = 0, 0
		o := owner{"queue", q}
		if err := m.u.pdl.Walk(q, m.ram.pd, func(pd int32, v *mem.PD) {
			n := int(v.Cells)
			cells[q] += n
			pkts[q]++
			for j := 0; j < min(m.p.k, n); j++ {
				if end := m.walkSub(v.Heads[j], mem.SubListLen(n, m.p.k, j), o); end != v.Tails[j] && c.err == nil {
					c.err = fmt.Errorf("queue %d: PD %d sub-list %d ends at cell %d, tail field %d", q, pd, j, end, v.Tails[j])
				}
			}
		}); err != nil {
			return err
		}
	}
	for i := 0; i < m.u.deq.jobsQ.Len(); i++ {
		j := m.u.deq.jobsQ.At(i)
		done := 0
		if i == 0 {
			done = m.u.deq.done
		}
		m.walkJob(j, done, owner{"dequeue of queue", j.q})
	}
	if d := m.u.deq; d.FaO != 0 { // the dequeue's free register: the last round's frees (DeqFreeLag)
		for s := 0; s < m.p.k; s++ {
			if d.FaO&(1<<uint(s)) != 0 {
				m.walkSub(d.faHead[s], int(d.faN[s]), owner{"dequeue's free register, slot", s})
			}
		}
	}
	held := 0
	for b := 0; b < m.p.k; b++ {
		l := &m.u.hd.lanes[b]
		held += l.Len()
		for i := 0; i < l.Len(); i++ {
			e := *l.At(i)
			if f := m.u.hd.front[b]; i == 0 && f.pend { // its cell is the link read in flight
				e.cur = m.cpPending(f.due, f.port)
			}
			if e.cur >= 0 && m.u.fl.bankOf(e.cur) != b && c.err == nil {
				c.err = fmt.Errorf("head-drop lane %d entry %d (queue %d) holds cell %d of bank %d", b, i, e.q, e.cur, m.u.fl.bankOf(e.cur))
			}
			m.walkSub(e.cur, e.left, owner{"head drop of queue", e.q})
		}
	}
	for b := 0; b < m.p.k; b++ { // stage A's register: sub-lists unlinked last cycle, joining their lanes now
		if e := m.u.hd.push[b]; m.u.hd.pushed[b] {
			m.walkSub(e.cur, e.left, owner{"head drop (stage A) of queue", e.q})
		}
	}
	if c.err == nil && held != m.u.hd.held {
		c.err = fmt.Errorf("head-drop lanes hold %d entries, the executor counts %d", held, m.u.hd.held)
	}
	if c.err != nil {
		return c.err
	}
	if c.count != B {
		return fmt.Errorf("cells on lists: %d, want B = %d", c.count, B)
	}
	for i := 0; i < m.u.enq.fifoQ.Len(); i++ {
		p := m.u.enq.fifoQ.At(i)
		cells[p.q] += int(p.cells)
		pkts[p.q]++
	}
	if e := m.u.enq; e.nxtV { // the next-packet register (EnqTakeLag)
		cells[e.nxtQ.q] += int(e.nxtQ.cells)
		pkts[e.nxtQ.q]++
	}
	if a := &m.u.enq.allocQ; a.active {
		cells[a.pkt.q] += int(a.pkt.cells)
		pkts[a.pkt.q]++
	}
	if x := &m.u.enq.xQ; x.run && x.last { // a last round decided, not done (EnqGoLag)
		cells[x.pkt.q] += int(x.pkt.cells)
		pkts[x.pkt.q]++
	}
	for c := 0; c < m.cfg.Q; c++ {
		n := 0
		for q := c; q < m.p.n; q += m.cfg.Q {
			if m.r.qlenD[q] > 0 {
				n++
			}
		}
		if m.acct.active[c] != n {
			return fmt.Errorf("class %d: active-queue count %d, want %d non-empty queues", c, m.acct.active[c], n)
		}
	}
	for q := 0; q < m.p.n; q++ {
		if int(m.r.qlenD[q]) != cells[q] || int(m.acct.qpkts[q]) != pkts[q] {
			return fmt.Errorf("queue %d: length %d cells %d packets, lists hold %d cells %d packets", q, m.r.qlenD[q], m.acct.qpkts[q], cells[q], pkts[q])
		}
		s := &m.obs.stats.Queues[q]
		dec := uint64(m.u.adm.pending(q)) // admitted, taking effect next cycle
		end := s.AdmDropped.Pkts + s.HeadDropped.Pkts + s.Transmitted.Pkts + uint64(m.acct.qpkts[q]) + uint64(m.acct.deqPkts[q]) + dec
		if s.Arrived.Pkts != end {
			return fmt.Errorf("queue %d: %d packets arrived, want %d = %d admission-dropped + %d head-dropped + %d transmitted + %d queued + %d dequeued + %d decided",
				q, s.Arrived.Pkts, end, s.AdmDropped.Pkts, s.HeadDropped.Pkts, s.Transmitted.Pkts, m.acct.qpkts[q], m.acct.deqPkts[q], dec)
		}
	}
	return nil
}

// walkSub marks the n cells of a sub-list from head, following links with
// Peek, and returns the last cell (Nil when n is 0).
func (m *TM) walkSub(head int32, n int, o owner) int32 {
	x, last := head, mem.Nil
	for t := 0; t < n; t++ {
		if x < 0 || int(x) >= m.cfg.B {
			if m.chk.err == nil {
				m.chk.err = fmt.Errorf("%v: cell %d of a sub-list is %d, outside the buffer", o, t, x)
			}
			return last
		}
		m.mark(x, o)
		last = x
		if t < n-1 {
			x = m.ram.cp.Peek(int(x))
		}
	}
	return last
}

// walkJob marks the cells the dequeue still holds of job j, done cells
// handled: in per-cell mode the cells not yet freed from each sub-list's
// current cell on (the head, or the link the last round read, on read
// port s); in chain mode the whole sub-lists (it appends them after its
// last round).
func (m *TM) walkJob(j *cellJob, done int, o owner) {
	n := int(j.v.Cells)
	for s := 0; s < min(m.p.k, n); s++ {
		l := mem.SubListLen(n, m.p.k, s)
		if m.p.chain {
			m.walkSub(j.v.Heads[s], l, o)
			continue
		}
		left := l - mem.SubListLen(done, m.p.k, s)
		cur := j.v.Heads[s]
		if done > 0 && left > 0 {
			cur = m.cpPending(m.u.deq.ready, s)
		}
		m.walkSub(cur, left, o)
	}
}

func (m *TM) mark(x int32, o owner) {
	c := &m.chk
	if c.seen[x] == c.epoch {
		if c.err == nil {
			c.err = fmt.Errorf("cell %d on two lists: %v and %v", x, c.who[x], o)
		}
		return
	}
	c.seen[x], c.who[x] = c.epoch, o
	c.count++
}

// cpPending is the word a cell-pointer read will return on port port in
// cycle ready (between cycles: ready is the next cycle at the earliest).
func (m *TM) cpPending(ready uint64, port int) int32 { return m.ram.cpRd.at(int(ready-m.cycle), port) }
