package traffic

import "fmt"

// DCTCP are the parameters of the closed-loop senders (Network): window
// based, DCTCP's congestion control on ECN marks, NewReno fast retransmit
// on three duplicate ACKs and a retransmission timeout. Times are cycles.
type DCTCP struct {
	G        float64 // DCTCP's gain g for the marked-fraction average α (1/16)
	InitCwnd float64 // initial window, packets
	BaseRTT  uint64  // fixed round trip outside the switch: a packet that leaves the switch is ACKed this many cycles later
	RTO      uint64  // retransmission timeout (minimum), cycles
	MaxBack  uint    // most doublings of the timeout on repeated timeouts
}

// DefaultDCTCP returns g = 1/16, an initial window of 10 packets, the given
// base RTT and RTO, and up to 6 doublings of the timeout.
func DefaultDCTCP(baseRTT, rto uint64) DCTCP {
	return DCTCP{G: 1.0 / 16, InitCwnd: 10, BaseRTT: baseRTT, RTO: rto, MaxBack: 6}
}

// Validate names the first bad field.
func (p DCTCP) Validate() error {
	switch {
	case !(p.G > 0 && p.G <= 1):
		return fmt.Errorf("dctcp: G=%g, allowed 0 < G <= 1", p.G)
	case !(p.InitCwnd >= 1 && p.InitCwnd <= 1e6):
		return fmt.Errorf("dctcp: InitCwnd=%g, allowed 1..1e6 packets", p.InitCwnd)
	case p.BaseRTT < 1:
		return fmt.Errorf("dctcp: BaseRTT=%d, allowed 1 or more cycles", p.BaseRTT)
	case p.RTO <= p.BaseRTT:
		return fmt.Errorf("dctcp: RTO=%d, allowed more than BaseRTT=%d cycles", p.RTO, p.BaseRTT)
	case p.MaxBack > 16:
		return fmt.Errorf("dctcp: MaxBack=%d, allowed 0..16", p.MaxBack)
	}
	return nil
}

// Flow is one closed-loop flow: a sender on a host, a receiver behind the
// switch, packets of Cells cells to Queue. Size 0 is a long-lived flow.
type Flow struct {
	Host  int    // sending host (its NIC paces it at one line rate with the host's other flows)
	Queue int    // destination queue, port*Q + class
	Cells int    // cells per packet
	Size  int64  // packets to deliver; 0: forever
	Start uint64 // first cycle it may send

	// Sender.
	una, nxt       int64   // oldest unacknowledged, next new sequence number
	cwnd, ssthresh float64 // packets
	alpha          float64 // DCTCP's estimate of the marked fraction
	winEnd         int64   // the observation window ends when una passes it
	winAcked       int64
	winMarked      int64
	dup            int
	inRec          bool
	recover        int64
	retx           int64 // sequence to retransmit first, -1: none
	rtoAt          uint64
	backoff        uint
	rcvNext        int64          // receiver: next in-order sequence
	ooo            map[int64]bool // receiver: out-of-order sequences held
	Done           bool           // the receiver has every packet
	Finish         uint64         // cycle the receiver got the last one
	RTOs           int            // retransmission timeouts
	Sent, Retrans  int64          // packets sent, of them retransmissions
	MarkedAcks     int64          // ACKs echoing a mark
}

// Cwnd is the congestion window in packets.
func (f *Flow) Cwnd() float64 { return f.cwnd }

// Alpha is DCTCP's marked-fraction estimate.
func (f *Flow) Alpha() float64 { return f.alpha }

// Sent is one packet a host puts on the wire in a cycle.
type Sent struct {
	Flow  int
	Seq   int64
	Queue int
	Cells int
}

type ack struct {
	at   uint64
	flow int32
	ack  int64
	ece  bool
}

type host struct {
	flows []int
	rr    int
	next  uint64 // first cycle the NIC is free
}

// Network is a set of closed-loop flows on hosts, each host's NIC sending
// at most one line rate. The caller offers the packets Tick returns to the
// switch, calls Delivered for each packet that leaves the switch (with its
// ECN mark), and says nothing about drops: a sender learns of a loss only
// from duplicate ACKs or its timeout, as a real one does.
type Network struct {
	P     DCTCP
	env   Env
	Flows []*Flow
	hosts []host
	acks  []ack
	ah    int
}

// NewNetwork checks p and env and returns an empty network.
func NewNetwork(p DCTCP, env Env) (*Network, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if err := env.Validate(); err != nil {
		return nil, err
	}
	return &Network{P: p, env: env}, nil
}

// Add adds a flow and returns its index.
func (n *Network) Add(f Flow) (int, error) {
	if f.Queue < 0 || f.Queue >= n.env.Queues() {
		return 0, fmt.Errorf("dctcp: flow queue %d, allowed 0..%d", f.Queue, n.env.Queues()-1)
	}
	if f.Cells < 1 || f.Host < 0 || f.Size < 0 {
		return 0, fmt.Errorf("dctcp: flow with %d cells per packet, host %d, size %d: want cells >= 1, host >= 0, size >= 0", f.Cells, f.Host, f.Size)
	}
	f.cwnd, f.ssthresh, f.alpha = n.P.InitCwnd, 1e9, 1
	f.retx = -1
	f.winEnd = 0
	i := len(n.Flows)
	n.Flows = append(n.Flows, &f)
	for len(n.hosts) <= f.Host {
		n.hosts = append(n.hosts, host{})
	}
	n.hosts[f.Host].flows = append(n.hosts[f.Host].flows, i)
	return i, nil
}

// Tick processes the ACKs and timeouts due in cycle now and returns, in dst,
// the packets the hosts send in it (at most one per free NIC).
func (n *Network) Tick(now uint64, dst []Sent) []Sent {
	for n.ah < len(n.acks) && n.acks[n.ah].at <= now {
		a := n.acks[n.ah]
		n.ah++
		n.onAck(now, n.Flows[a.flow], a.ack, a.ece)
	}
	if n.ah > 4096 && 2*n.ah > len(n.acks) {
		n.acks = append(n.acks[:0], n.acks[n.ah:]...)
		n.ah = 0
	}
	for _, f := range n.Flows {
		if f.rtoAt != 0 && now >= f.rtoAt && f.una < f.nxt {
			n.onTimeout(now, f)
		}
	}
	for h := range n.hosts {
		hs := &n.hosts[h]
		if now < hs.next {
			continue
		}
		for k := 0; k < len(hs.flows); k++ {
			i := hs.flows[(hs.rr+k)%len(hs.flows)]
			f := n.Flows[i]
			seq, ok := f.nextToSend(now)
			if !ok {
				continue
			}
			hs.rr = (hs.rr + k + 1) % len(hs.flows)
			hs.next = now + uint64(n.env.R*f.Cells)
			if f.rtoAt == 0 {
				f.rtoAt = now + n.P.RTO<<f.backoff
			}
			dst = append(dst, Sent{Flow: i, Seq: seq, Queue: f.Queue, Cells: f.Cells})
			break
		}
	}
	return dst
}

// nextToSend picks the flow's next packet: a pending retransmission, else
// new data within the window.
func (f *Flow) nextToSend(now uint64) (int64, bool) {
	if now < f.Start || f.Done {
		return 0, false
	}
	if f.retx >= 0 {
		s := f.retx
		f.retx = -1
		f.Sent++
		f.Retrans++
		return s, true
	}
	if f.Size > 0 && f.nxt >= f.Size {
		return 0, false
	}
	if float64(f.nxt-f.una) >= max(1, f.cwnd) {
		return 0, false
	}
	s := f.nxt
	f.nxt++
	f.Sent++
	return s, true
}

// Delivered is a packet leaving the switch towards its receiver in cycle
// now, with its ECN mark; the receiver ACKs it and the ACK reaches the
// sender BaseRTT cycles later.
func (n *Network) Delivered(now uint64, flow int, seq int64, marked bool) {
	f := n.Flows[flow]
	switch {
	case seq == f.rcvNext:
		f.rcvNext++
		for f.ooo[f.rcvNext] {
			delete(f.ooo, f.rcvNext)
			f.rcvNext++
		}
	case seq > f.rcvNext:
		if f.ooo == nil {
			f.ooo = map[int64]bool{}
		}
		f.ooo[seq] = true
	}
	if f.Size > 0 && f.rcvNext >= f.Size && !f.Done {
		f.Done, f.Finish = true, now
	}
	n.acks = append(n.acks, ack{at: now + n.P.BaseRTT, flow: int32(flow), ack: f.rcvNext, ece: marked})
}

func (n *Network) onAck(now uint64, f *Flow, a int64, ece bool) {
	if ece {
		f.MarkedAcks++
	}
	if a > f.una {
		newly := a - f.una
		f.una = a
		f.dup = 0
		f.backoff = 0
		f.winAcked += newly
		if ece {
			f.winMarked += newly
		}
		if f.inRec {
			if a >= f.recover {
				f.inRec = false
				f.cwnd = f.ssthresh
			} else {
				f.retx = f.una // NewReno partial ACK
			}
		} else if f.cwnd < f.ssthresh {
			f.cwnd += float64(newly)
		} else {
			f.cwnd += float64(newly) / f.cwnd
		}
		if f.una >= f.winEnd {
			if f.winAcked > 0 {
				frac := float64(f.winMarked) / float64(f.winAcked)
				f.alpha = (1-n.P.G)*f.alpha + n.P.G*frac
				if f.winMarked > 0 && !f.inRec {
					f.cwnd = max(1, f.cwnd*(1-f.alpha/2))
					f.ssthresh = f.cwnd
				}
			}
			f.winEnd, f.winAcked, f.winMarked = f.nxt, 0, 0
		}
		if f.nxt > f.una {
			f.rtoAt = now + n.P.RTO
		} else {
			f.rtoAt = 0
		}
		return
	}
	if a == f.una && f.nxt > f.una {
		f.dup++
		if f.dup == 3 && !f.inRec {
			f.inRec, f.recover = true, f.nxt
			f.ssthresh = max(f.cwnd/2, 2)
			f.cwnd = f.ssthresh
			f.retx = f.una
		}
	}
}

func (n *Network) onTimeout(now uint64, f *Flow) {
	f.RTOs++
	f.ssthresh = max(f.cwnd/2, 2)
	f.cwnd = 1
	f.nxt = f.una // go back N
	f.inRec, f.dup, f.retx = false, 0, -1
	f.winEnd, f.winAcked, f.winMarked = f.una, 0, 0
	if f.backoff < n.P.MaxBack {
		f.backoff++
	}
	f.rtoAt = now + n.P.RTO<<f.backoff
}
