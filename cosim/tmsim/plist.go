package tmsim

// The deriver's packet lists: one pool of packets, FIFOs threaded through
// it by index, a free list of released entries. The pool grows only when
// more packets are alive than ever before, so a run allocates nothing per
// cycle once it has reached its largest occupancy.

// pkt is a packet the deriver follows from admission to its end.
type pkt struct {
	serial uint64
	q      int32
	cells  int32
	left   int32 // cells still to send, once dequeued
	next   int32 // next in its list, -1 at the end
}

// list is a FIFO of pool indices.
type list struct{ head, tail, n int32 }

// alloc takes a pool entry for p.
func (d *deriver) alloc(p pkt) int32 {
	p.next = -1
	if d.free >= 0 {
		i := d.free
		d.free = d.pool[i].next
		d.pool[i] = p
		return i
	}
	d.pool = append(d.pool, p)
	return int32(len(d.pool) - 1)
}

func (d *deriver) push(l *list, i int32) {
	d.pool[i].next = -1
	if l.tail >= 0 {
		d.pool[l.tail].next = i
	} else {
		l.head = i
	}
	l.tail = i
	l.n++
}

func (d *deriver) pop(l *list) int32 {
	i := l.head
	l.head = d.pool[i].next
	if l.head < 0 {
		l.tail = -1
	}
	l.n--
	return i
}

func (d *deriver) release(i int32) {
	d.pool[i].next = d.free
	d.free = i
}
