package tm

// EventKind is what happened to a packet in a cycle.
type EventKind uint8

// Packet events, recorded when Config.Events is set.
const (
	EvAdmit    EventKind = iota // offer Offer was admitted as packet Serial
	EvAdmDrop                   // offer Offer was refused by admission, or dropped at the ingress (beyond MaxOffers)
	EvHeadDrop                  // packet Serial was expelled from the head of Queue
	EvTransmit                  // packet Serial's last cell left its egress port
)

// Event is one packet event of the last cycle. Serial numbers packets in
// admission order from 1; Offer is the index of the offer within its
// cycle (admit and admission drop only, else -1).
type Event struct {
	Kind   EventKind
	Queue  int32
	Offer  int32
	Serial uint32
}

// Events returns the packet events of the last Step, in the order they
// happened in the cycle (admissions, then head drops and transmissions as
// the stages ran; the ideal Pushout's expulsions come before the
// admission they made room for). It is empty unless Config.Events is set.
// The slice is reused by the next Step.
func (m *TM) Events() []Event { return m.obs.events }

// event records e if events are on.
func (m *TM) event(kind EventKind, q, offer int, serial uint32) {
	if m.cfg.Events {
		m.obs.events = append(m.obs.events, Event{Kind: kind, Queue: int32(q), Offer: int32(offer), Serial: serial})
	}
}
