package mem

import "fmt"

// The backdoor operations below change the lists at once and use no port.
// They model ideal hardware (the ideal Pushout of hw/tm, whose expulsion
// is free by definition); port-accurate blocks never call them.

// DropHead removes queue q's head PD at once, without a port, and returns
// its contents. The queue must hold a PD, have no head read in flight and
// no link posted in this cycle (the head's link must be in the memory).
func (l *PDLists) DropHead(q int) (PD, error) {
	if l.Count[q] == 0 || l.reading[q] != Nil {
		return PD{}, fmt.Errorf("%s: cycle %d: backdoor head drop of queue %d with %d PDs, read in flight %d", l.Mem.P.Name, l.Mem.Cycle(), q, l.Count[q], l.reading[q])
	}
	if l.linkedAt[q] == l.Mem.Cycle()+1 {
		return PD{}, fmt.Errorf("%s: cycle %d: backdoor head drop of queue %d after a link to it in the same cycle", l.Mem.P.Name, l.Mem.Cycle(), q)
	}
	pd := l.Head[q]
	v := l.Mem.data[pd]
	l.Count[q]--
	if l.Count[q] == 0 {
		l.Head[q], l.Tail[q] = Nil, Nil
	} else {
		if v.Next == Nil {
			return PD{}, fmt.Errorf("%s: cycle %d: queue %d lost its list: head PD %d has no successor but %d PDs remain", l.Mem.P.Name, l.Mem.Cycle(), q, pd, l.Count[q])
		}
		l.Head[q], l.HeadLen[q] = v.Next, uint32(v.NextLen)
	}
	l.release(pd)
	return v, nil
}

// AppendChainNow is AppendChain through the backdoor: the old tail's link
// is stored at once (Init, no write port) and the chain can be popped in
// this same cycle. It must not be mixed, in one cycle and bank, with a
// posted write of the same link (callers use it before any port work).
func (f *FreeList) AppendChainNow(b int, head, tail int32, n int) {
	if f.Count[b] == 0 {
		f.Head[b] = head
		f.ready[b] = f.Mem.Cycle()
	} else {
		f.Mem.Init(int(f.Tail[b]), head)
	}
	f.Tail[b] = tail
	f.Count[b] += int32(n)
	f.total += n
}
