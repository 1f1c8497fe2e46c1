package mem

import "fmt"

// Nil is the null pointer of every list (PD or cell).
const Nil int32 = -1

// MaxK is the largest number of cell-pointer sub-lists per packet.
const MaxK = 8

// PD is one packet descriptor, one word of the PD memory.
//
// A packet of n cells keeps them in k sub-lists: cell i (in packet order)
// is element i/k of sub-list i%k. Heads[j] and Tails[j] are the first and
// last cells of sub-list j (Nil when j >= n). The sub-lists are linked in
// the cell-pointer memory; a PD holds all k heads, so the dequeue reads k
// cell pointers per cycle, one per sub-list.
//
// Next and NextLen link the PD to its successor in the queue: NextLen is the
// successor's length, written with the link, so that the egress knows the
// new head's length at unlink without another read.
type PD struct {
	Next    int32  // next PD in the queue, Nil at the tail
	NextLen uint16 // cells of the next PD
	Cells   uint16 // cells of this packet, 1..4095
	Serial  uint32 // packet serial number; its cells' data carry it as a tag
	Heads   [MaxK]int32
	Tails   [MaxK]int32
}

// mergeLink is the partial write of a PD's link fields.
func mergeLink(dst *PD, v PD) { dst.Next, dst.NextLen = v.Next, v.NextLen }

// PDLists is the PD memory with its per-queue linked lists: head, tail and
// packet count per queue (registers), the PD free FIFO, and the one-entry
// link forwarding that keeps a list whole when a packet is linked behind a
// PD whose read is in flight. In hw/tm it models occamy_tm's tm_pd_lists
// (u_pdl) with its PD memory u_pd_mem.
//
// Port use: Link writes the new PD (one write) and, when the queue is not
// empty, the predecessor's link (a second, partial write). ReadHead reads
// the head PD (one read). Unlink only updates registers. The PD free FIFO
// is a register FIFO outside the port budget.
//
// Forwarding: ReadHead samples the head PD, whose Next is Nil if the head is
// also the tail. If a packet is linked behind that PD before its Unlink (in
// the read's own cycle or during its latency), the sampled Next is stale,
// so Link also records the new PD in a per-queue forwarding register, which
// Unlink prefers. Within one cycle, ReadHead must come before Link for the
// same queue; the other order is reported as an error by ReadHead.
type PDLists struct {
	Mem *Memory[PD]
	N   int // queues

	Head, Tail []int32  // per queue, Nil when empty
	Count      []int32  // linked PDs per queue
	HeadLen    []uint32 // cells of the head PD, valid when Count > 0

	reading  []int32  // PD whose read for Unlink is in flight, Nil when none
	fwd      []int32  // link forwarded to the PD being read, Nil when none
	fwdLen   []uint16 // its length
	linkedAt []uint64 // cycle+1 of the last Link per queue

	freeRing []int32 // PD free FIFO
	fr, fn   int
}

// NewPDLists builds the PD memory from p (Entries PDs) with n empty queues
// and every PD on the free FIFO.
func NewPDLists(p Params, n int) (*PDLists, error) {
	m, err := New[PD](p)
	if err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("%s: %d queues, need at least 1", p.Name, n)
	}
	l := &PDLists{
		Mem: m, N: n,
		Head: make([]int32, n), Tail: make([]int32, n), Count: make([]int32, n), HeadLen: make([]uint32, n),
		reading: make([]int32, n), fwd: make([]int32, n), fwdLen: make([]uint16, n), linkedAt: make([]uint64, n),
		freeRing: make([]int32, p.Entries),
	}
	for q := 0; q < n; q++ {
		l.Head[q], l.Tail[q], l.reading[q], l.fwd[q] = Nil, Nil, Nil, Nil
	}
	for i := range l.freeRing {
		l.freeRing[i] = int32(i)
	}
	l.fn = p.Entries
	return l, nil
}

// FreePDs is the number of PDs on the free FIFO.
func (l *PDLists) FreePDs() int { return l.fn }

// Reading returns the PD of queue q whose read for Unlink is in flight, or
// Nil. A queue with a read in flight is locked: its head may not be read
// again until Unlink.
func (l *PDLists) Reading(q int) int32 { return l.reading[q] }

// Alloc takes a PD from the free FIFO.
func (l *PDLists) Alloc() (int32, bool) {
	if l.fn == 0 {
		return Nil, false
	}
	pd := l.freeRing[l.fr]
	l.fr++
	if l.fr == len(l.freeRing) {
		l.fr = 0
	}
	l.fn--
	return pd, true
}

func (l *PDLists) release(pd int32) {
	i := l.fr + l.fn
	if i >= len(l.freeRing) {
		i -= len(l.freeRing)
	}
	l.freeRing[i] = pd
	l.fn++
}

// LinkWrites is the number of PD-memory writes Link(q, ...) will use now.
func (l *PDLists) LinkWrites(q int) int {
	if l.Count[q] > 0 {
		return 2
	}
	return 1
}

// Link appends PD pd with contents v at the tail of queue q: it writes the
// PD (Next forced to Nil) and, if the queue is not empty, the predecessor's
// link. The caller checks Mem.WritesLeft() >= LinkWrites(q) first.
func (l *PDLists) Link(q int, pd int32, v PD) {
	v.Next, v.NextLen = Nil, 0
	l.Mem.Write(int(pd), v)
	if l.Count[q] == 0 {
		l.Head[q], l.HeadLen[q] = pd, uint32(v.Cells)
	} else {
		t := l.Tail[q]
		l.Mem.WriteMerge(int(t), PD{Next: pd, NextLen: v.Cells}, mergeLink)
		if l.reading[q] == t {
			l.fwd[q], l.fwdLen[q] = pd, v.Cells
		}
	}
	l.Tail[q] = pd
	l.Count[q]++
	l.linkedAt[q] = l.Mem.Cycle() + 1
}

// LinkedNow reports whether queue q was linked to in the current cycle
// (a trace shows the queue's state before that link: tm's u_sched.elig_i).
func (l *PDLists) LinkedNow(q int) bool { return l.linkedAt[q] == l.Mem.Cycle()+1 }

// ReadHead issues the read of queue q's head PD and locks the queue until
// Unlink. The caller checks Count[q] > 0, Reading(q) == Nil and
// Mem.ReadsLeft() > 0. It returns the PD index and the data, usable from
// Mem.ReadyAt(now) on.
func (l *PDLists) ReadHead(q int) (int32, PD, error) {
	if l.Count[q] == 0 || l.reading[q] != Nil {
		return Nil, PD{}, fmt.Errorf("%s: cycle %d: head read of queue %d with %d PDs, read in flight %d", l.Mem.P.Name, l.Mem.Cycle(), q, l.Count[q], l.reading[q])
	}
	if l.linkedAt[q] == l.Mem.Cycle()+1 {
		return Nil, PD{}, fmt.Errorf("%s: cycle %d: head read of queue %d after a link to it in the same cycle", l.Mem.P.Name, l.Mem.Cycle(), q)
	}
	h := l.Head[q]
	v := l.Mem.Read(int(h))
	l.reading[q] = h
	return h, v, nil
}

// Unlink removes queue q's head, whose read data v was returned by
// ReadHead, advances the head (using a forwarded link if one arrived after
// the read), returns the PD to the free FIFO and unlocks the queue.
func (l *PDLists) Unlink(q int, v PD) error {
	pd := l.reading[q]
	if pd == Nil {
		return fmt.Errorf("%s: cycle %d: unlink of queue %d without a head read", l.Mem.P.Name, l.Mem.Cycle(), q)
	}
	next, nextLen := v.Next, v.NextLen
	if l.fwd[q] != Nil {
		next, nextLen = l.fwd[q], l.fwdLen[q]
		l.fwd[q] = Nil
	}
	l.reading[q] = Nil
	l.Count[q]--
	if l.Count[q] == 0 {
		l.Head[q], l.Tail[q] = Nil, Nil
	} else {
		if next == Nil {
			return fmt.Errorf("%s: cycle %d: queue %d lost its list: head PD %d has no successor but %d PDs remain", l.Mem.P.Name, l.Mem.Cycle(), q, pd, l.Count[q])
		}
		l.Head[q], l.HeadLen[q] = next, uint32(nextLen)
	}
	l.release(pd)
	return nil
}

// Walk calls visit for every PD linked on queue q, head first, reading the
// links with Peek (no ports). It stops after Count[q] PDs and reports a
// list that ends early or does not end at Tail.
func (l *PDLists) Walk(q int, visit func(pd int32, v *PD)) error {
	pd := l.Head[q]
	for i := int32(0); i < l.Count[q]; i++ {
		if pd < 0 || int(pd) >= l.Mem.Entries() {
			return fmt.Errorf("queue %d: PD %d of %d is %d, outside the PD memory", q, i, l.Count[q], pd)
		}
		v := &l.Mem.data[pd]
		visit(pd, v)
		if i == l.Count[q]-1 {
			if pd != l.Tail[q] {
				return fmt.Errorf("queue %d: list ends at PD %d, tail register is %d", q, pd, l.Tail[q])
			}
			break
		}
		next := v.Next
		if l.fwd[q] != Nil && pd == l.reading[q] {
			next = l.fwd[q]
		}
		pd = next
	}
	return nil
}

// SubListLen is the number of cells of an n-cell packet in sub-list j of k:
// cell i is in sub-list i%k, so sub-list j holds ceil((n-j)/k) cells.
func SubListLen(n, k, j int) int {
	if j >= n {
		return 0
	}
	return (n - j + k - 1) / k
}
