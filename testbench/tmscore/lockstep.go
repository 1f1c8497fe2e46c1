package tmscore

import (
	"fmt"

	hw "occamy/hw/tm"
)

// Event kinds of the lock-step comparison.
const (
	evAdmit uint8 = iota
	evRefuse
	evHeadDrop
	evLeft
)

var evNames = [...]string{"admitted", "refused", "head-dropped", "left (last cell)"}

// event is one packet event of a cycle: its kind, queue and cells.
type event struct {
	kind         uint8
	queue, cells int32
}

// lockstep compares, cycle by cycle, the design's packet events with
// hw/tm's on the same offers, as lock-step equality would: the first cycle
// whose events differ (in any order within the cycle) is kept. The
// scoreboard does not need them to agree; it reports whether they do.
type lockstep struct {
	d, g     []event // this cycle's, each side
	first    string
	cycles   uint64 // cycles compared
	differed bool
}

func newLockstep() lockstep {
	return lockstep{d: make([]event, 0, 256), g: make([]event, 0, 256)}
}

func (l *lockstep) design(kind uint8, q, cells int) {
	if !l.differed && len(l.d) < cap(l.d) {
		l.d = append(l.d, event{kind, int32(q), int32(cells)})
	}
}

// golden records hw/tm's events of the cycle just stepped on offers (the
// cells of a decision from its offer, of a head drop or transmission from
// the packet's size kept by serial).
func (l *lockstep) golden(evs []hw.Event, offers []Offer, cells func(serial uint32) int) {
	if l.differed {
		return
	}
	for _, e := range evs {
		var k uint8
		switch e.Kind {
		case hw.EvAdmit:
			k = evAdmit
		case hw.EvAdmDrop:
			k = evRefuse
		case hw.EvHeadDrop:
			k = evHeadDrop
		case hw.EvTransmit:
			k = evLeft
		default:
			continue
		}
		n := 0
		if k == evAdmit || k == evRefuse {
			if int(e.Offer) < len(offers) {
				n = offers[e.Offer].Cells
			}
		} else {
			n = cells(e.Serial)
		}
		if len(l.g) < cap(l.g) {
			l.g = append(l.g, event{k, e.Queue, int32(n)})
		}
	}
}

// compare ends cycle c: the first difference is kept.
func (l *lockstep) compare(c uint64) {
	if l.differed {
		return
	}
	sortEvents(l.d)
	sortEvents(l.g)
	n := max(len(l.d), len(l.g))
	for i := 0; i < n; i++ {
		var a, b *event
		if i < len(l.d) {
			a = &l.d[i]
		}
		if i < len(l.g) {
			b = &l.g[i]
		}
		if a != nil && b != nil && *a == *b {
			continue
		}
		l.differed = true
		l.first = fmt.Sprintf("cycle %d: the design: %s; hw/tm: %s", c, evText(a), evText(b))
		break
	}
	if !l.differed {
		l.cycles++
	}
	l.d, l.g = l.d[:0], l.g[:0]
}

func evText(e *event) string {
	if e == nil {
		return "no (other) packet event"
	}
	return fmt.Sprintf("%s a packet of queue %d (%d cells)", evNames[e.kind], e.queue, e.cells)
}

// sortEvents sorts a few events in place (insertion sort: no allocation).
func sortEvents(s []event) {
	less := func(a, b event) bool {
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		if a.queue != b.queue {
			return a.queue < b.queue
		}
		return a.cells < b.cells
	}
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
