package tmsim

import (
	"fmt"
	tmface "occamy/testbench/blocks/tm"

	"occamy/hw/threshold"
	"occamy/hw/tm"
	"occamy/rtl"
)

// Outputs are one cycle of occamy_tm's ports, decoded: the slots driven
// (queue and cells), in_ok_o, the egress lanes, the head drop, and qlen_o
// and free_o (the registers at the start of the cycle). QlenPost is qlen_o
// after the cycle's edge. InOK[i] answers slot i of the slots driven
// tm.AdmitLag cycles before (the deriver keeps them): the first of those
// slots are meaningful.
type Outputs struct {
	NIn          int
	InQ, InCells []int
	InOK         []bool
	EgValid      uint64 // bit p: port p sent a cell
	EgQid        []int
	EgTag        []uint64 // {serial mod 2^SW, cell index}
	HDValid      bool
	HDQid        int
	HDCells      int
	Qlen         []uint32
	Free         int
	QlenPost     []uint32
}

// deriver computes hw/tm's counters (tm.Stats) from occamy_tm's outputs
// alone, following every admitted packet: in_ok_o admits the packet of the
// slot it answers (driven lag cycles before; the offer counts as arrived
// then, as hw/tm counts it) to its queue's FIFO tm.AdmitSettle cycles
// later, when its cells show in qlen_o after that cycle's edge
// (tm_admission's stage 4); hd_valid_o pops the queue's head (its cells
// must be hd_cells_o); a queue whose qlen_o fell by more than its head
// drop is a dequeue unlink of the head (its cells must be the drop), which
// joins its port's transmit FIFO; eg_valid_o sends the next cell of the
// port's front packet (eg_qid_o and eg_tag_o must name it). Any other
// combination is an error naming the cycle: the RTL's outputs then tell no
// consistent story and no counter is derived from them.
type deriver struct {
	cfg     tm.Config
	sh      tmface.Shape
	st      tm.Stats
	offered *tm.OfferRing[slots] // the slots driven in the last lag+1 cycles
	cycle   uint64
	serial  uint64
	qpkts   []int64
	sumPkts int64
	qs      []list // per queue: admitted, not yet unlinked
	ports   []list // per port: unlinked by a dequeue, not yet sent
	pool    []pkt
	free    int32 // pool free list
	admC    []uint32
	admP    []int32
	hdC     []uint32
	// The packets admitted by the answers of tm.AdmitSettle cycles before
	// (pool indexes, slot order), which take effect this cycle (their
	// cells in qlen_o after its edge: tm_admission's stage 4), this
	// cycle's, and those of the cycles between (ring, by cycle).
	eff, dec []int32
	ring     [tm.AdmitSettle][]int32
	at       int
	// The previous cycle's qlen_o and the free_o of the cycles before it,
	// the last first: the head-drop PD read was issued in the previous
	// cycle (PD read latency 1), which is where staleness is judged,
	// against the thresholds of the free count tm.ThrLag cycles before it
	// (thr_q).
	prevQlen []uint32
	prevFree [1 + tm.ThrLag]int
	qlen     []uint32
}

// slots are the ingress slots driven in one cycle.
type slots struct {
	n        int
	q, cells []int
}

// newDeriver follows occamy_tm answering in_ok_o tm.AdmitLag cycles after
// the offer.
func newDeriver(c tm.Config, sh tmface.Shape) *deriver { return newDeriverLag(c, sh, tm.AdmitLag) }

// newDeriverLag is newDeriver for answers lag cycles after their offers
// (tests drive other lags than tm.AdmitLag).
func newDeriverLag(c tm.Config, sh tmface.Shape, lag int) *deriver {
	n := c.N()
	d := &deriver{cfg: c, sh: sh, qpkts: make([]int64, n), qs: make([]list, n), ports: make([]list, c.P),
		admC: make([]uint32, n), admP: make([]int32, n), hdC: make([]uint32, n),
		prevQlen: make([]uint32, n), qlen: make([]uint32, n), free: -1}
	for i := range d.prevFree {
		d.prevFree[i] = c.B
	}
	d.offered = tm.NewOfferRing[slots](lag)
	d.offered.Each(func(s *slots) { s.q, s.cells = make([]int, sh.IN), make([]int, sh.IN) })
	d.st.Queues = make([]tm.QueueStats, n)
	d.serial = 1 // hw/tm counts admissions from 1 (tm.Tag)
	for i := range d.qs {
		d.qs[i] = list{-1, -1, 0}
	}
	for i := range d.ports {
		d.ports[i] = list{-1, -1, 0}
	}
	return d
}

// ingressDrop counts an offer beyond the IN slots of its cycle: the
// driver's count (the RTL never sees it), as hw/tm counts it.
func (d *deriver) ingressDrop(q, cells int) {
	s := &d.st.Queues[q]
	c := uint64(cells)
	s.Arrived.Pkts++
	s.Arrived.Cells += c
	s.AdmDropped.Pkts++
	s.AdmDropped.Cells += c
	s.IngressDropped.Pkts++
	s.IngressDropped.Cells += c
}

func (d *deriver) errf(format string, a ...any) error {
	return fmt.Errorf("tmsim: cycle %d: "+format, append([]any{d.cycle}, a...)...)
}

// step derives one cycle's counters from o.
func (d *deriver) step(o *Outputs) error {
	defer func() { d.cycle++ }()
	now := d.offered.Now()
	now.n = copy(now.q, o.InQ[:o.NIn])
	copy(now.cells, o.InCells[:o.NIn])
	a := d.offered.Answered()
	d.offered.Next()
	n, qn := d.cfg.N(), d.cfg.Q
	var sumPre, admAll uint64
	for q := 0; q < n; q++ {
		sumPre += uint64(o.Qlen[q])
	}
	// Admission of the slots answered, in slot order: counted now, in
	// their queues tm.AdmitSettle cycles later.
	for i := 0; i < a.n; i++ {
		q, c := a.q[i], a.cells[i]
		s := &d.st.Queues[q]
		s.Arrived.Pkts++
		s.Arrived.Cells += uint64(c)
		if !o.InOK[i] {
			s.AdmDropped.Pkts++
			s.AdmDropped.Cells += uint64(c)
			continue
		}
		s.Admitted.Pkts++
		s.Admitted.Cells += uint64(c)
		d.dec = append(d.dec, d.alloc(pkt{serial: d.serial, q: int32(q), cells: int32(c)}))
		d.serial++
	}
	// The packets admitted tm.AdmitSettle cycles before take effect, in
	// slot order.
	admPkts := int64(0)
	for _, i := range d.eff {
		p := d.pool[i]
		d.push(&d.qs[p.q], i)
		d.admC[p.q] += uint32(p.cells)
		d.admP[p.q]++
		admAll += uint64(p.cells)
		admPkts++
	}
	// MaxLen as hw/tm keeps it: the running length after each admission,
	// whose largest value in a cycle is after the last one.
	for _, i := range d.eff {
		q := d.pool[i].q
		if d.admP[q] == 0 {
			continue
		}
		s := &d.st.Queues[q]
		s.MaxLen.Cells = max(s.MaxLen.Cells, uint64(o.Qlen[q]+d.admC[q]))
		s.MaxLen.Pkts = max(s.MaxLen.Pkts, uint64(d.qpkts[q]+int64(d.admP[q])))
	}
	if admPkts > 0 {
		t := &d.st.Total.MaxLen
		t.Cells = max(t.Cells, sumPre+admAll)
		t.Pkts = max(t.Pkts, uint64(d.sumPkts+admPkts))
	}
	for _, i := range d.eff {
		q := d.pool[i].q
		d.qpkts[q] += int64(d.admP[q])
		d.sumPkts += int64(d.admP[q])
		d.admP[q] = 0
	}
	// This cycle's admissions wait tm.AdmitSettle cycles in the ring; the
	// next cycle takes effect those of AdmitSettle−1 cycles before.
	d.ring[d.at], d.dec = d.dec, d.eff[:0]
	d.at = (d.at + 1) % tm.AdmitSettle
	d.eff, d.ring[d.at] = d.ring[d.at], nil
	// The head drop: the queue's head, unlinked this cycle.
	if o.HDValid {
		q := o.HDQid
		if q >= n || d.qs[q].n == 0 {
			return d.errf("hd_valid_o for queue %d, which holds no admitted packet", q)
		}
		i := d.pop(&d.qs[q])
		if p := d.pool[i]; int(p.cells) != o.HDCells {
			return d.errf("hd_cells_o=%d for queue %d, whose head packet (serial %d) has %d cells", o.HDCells, q, p.serial, p.cells)
		}
		d.release(i)
		s := &d.st.Queues[q]
		s.HeadDropped.Pkts++
		s.HeadDropped.Cells += uint64(o.HDCells)
		// Stale against T(free_o) of tm.ThrLag cycles before the read's
		// cycle: a lower bound of hw/tm's count, whose thresholds (thr_q)
		// also credit the executor's cells unlinked and not yet freed
		// (docs/tm.md), which no port of occamy_tm shows.
		a := d.cfg.AlphaExp[q%qn]
		if (d.cfg.Policy == tm.PolicyOccamy || d.cfg.Policy == tm.PolicyOccamyLQD) &&
			d.prevQlen[q] <= threshold.Threshold(uint32(d.prevFree[tm.ThrLag]), a, rtl.Width(d.cfg.QW)) {
			s.StaleHeadDropped.Pkts++
			s.StaleHeadDropped.Cells += uint64(o.HDCells)
		}
		d.hdC[q] = uint32(o.HDCells)
		d.qpkts[q]--
		d.sumPkts--
	}
	// Dequeue unlinks, seen as qlen_o falling by more than the head drop.
	deqs := 0
	for q := 0; q < n; q++ {
		adm := d.admC[q]
		pre, post := int64(o.Qlen[q])+int64(adm)-int64(d.hdC[q]), int64(o.QlenPost[q])
		d.admC[q], d.hdC[q] = 0, 0
		if pre == post {
			continue
		}
		if post > pre || d.qs[q].n == 0 {
			return d.errf("queue %d: qlen_o went from %d to %d with %d cells admitted and %d head-dropped: no dequeue explains it",
				q, o.Qlen[q], post, adm, d.hdOf(o, q))
		}
		deqs++
		if deqs > 1 {
			return d.errf("a second dequeue unlink (queue %d) in one cycle: the PD memory has one read port", q)
		}
		i := d.pop(&d.qs[q])
		if p := d.pool[i]; int64(p.cells) != pre-post {
			return d.errf("queue %d: qlen_o fell by %d cells for a dequeue, its head packet (serial %d) has %d", q, pre-post, p.serial, p.cells)
		}
		d.pool[i].left = d.pool[i].cells
		d.push(&d.ports[q/qn], i)
		d.qpkts[q]--
		d.sumPkts--
	}
	// Egress: each sending port's front packet, cell by cell.
	for eg, p := o.EgValid, 0; eg != 0; eg, p = eg>>1, p+1 {
		if eg&1 == 0 {
			continue
		}
		l := &d.ports[p]
		if l.n == 0 {
			return d.errf("port %d sent a cell (eg_qid_o=%d, eg_tag_o=%#x) with no dequeued packet", p, o.EgQid[p], o.EgTag[p])
		}
		i := l.head
		x := &d.pool[i]
		idx := x.cells - x.left
		want := d.sh.Tag(tm.Tag(uint32(x.serial), int(idx)))
		if o.EgQid[p] != int(x.q) || o.EgTag[p] != want {
			return d.errf("port %d: eg_qid_o=%d eg_tag_o=%#x, expected queue %d tag %#x (serial %d cell %d of %d)",
				p, o.EgQid[p], o.EgTag[p], x.q, want, x.serial, idx, x.cells)
		}
		x.left--
		if x.left == 0 {
			s := &d.st.Queues[x.q]
			s.Transmitted.Pkts++
			s.Transmitted.Cells += uint64(x.cells)
			d.release(d.pop(l))
		}
	}
	copy(d.prevQlen, o.Qlen)
	copy(d.prevFree[1:], d.prevFree[:len(d.prevFree)-1])
	d.prevFree[0] = o.Free
	copy(d.qlen, o.QlenPost)
	d.st.Cycles = d.cycle + 1
	return nil
}

func (d *deriver) hdOf(o *Outputs, q int) int {
	if o.HDValid && o.HDQid == q {
		return o.HDCells
	}
	return 0
}

// stats brings Len and the totals up to date, as tm.TM.Stats does.
func (d *deriver) stats() *tm.Stats {
	s := &d.st
	for i := range s.Queues {
		s.Queues[i].Len = tm.Count{Pkts: uint64(d.qpkts[i]), Cells: uint64(d.qlen[i])}
	}
	s.SumTotal()
	return s
}
