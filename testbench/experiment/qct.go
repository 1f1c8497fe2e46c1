package experiment

import (
	"fmt"
	"math"

	"occamy/hw/tm"
	"occamy/testbench/traffic"
)

// The closed-loop (QCT) experiments run DCTCP senders (traffic.Network)
// against the TM model. Scale: the paper's testbed has a 2 MB buffer shared
// by eight 40 Gb/s ports and marks ECN at 300 KB; the model's switch here
// is 8 ports × 8 classes with B = 8192 cells of 256 bytes (2 MiB), a port
// sends one cell every R = 8 cycles, so with 40 Gb/s ports one cycle is
// 6.4 ns. Packets are 1500 bytes (6 cells).
const (
	qctB         = 8192
	qctPktBytes  = 1500
	qctCycleNS   = 6.4
	qctMarkBytes = 300 * 1024 // the paper's ECN threshold
	qctBaseRTT   = 3125       // cycles: 20 µs
	qctRTO       = 156250     // cycles: 1 ms minimum RTO
	qctWarmup    = 200000     // cycles before the first query: the background settles
	qctGap       = 20000      // cycles between one query's end and the next one's start
	qctMaxCycles = 40_000_000 // a run that has not finished its queries by then is an error
)

// qctConfig is the QCT experiments' switch with policy pol and α (DT
// classes) per class.
func qctConfig(pol string, alphaExp []int) (tm.Config, error) {
	c := tm.DefaultConfig()
	p, err := tm.ParsePolicy(pol)
	if err != nil {
		return c, err
	}
	c.Policy, c.B, c.Events = p, qctB, true
	c.PushoutWait = min(c.PushoutWait, c.B)
	copy(c.AlphaExp, alphaExp)
	return c, nil
}

// qctSetup is one closed-loop run: a switch, long-lived background flows,
// and a query (an incast of Flows responses of FlowPkts packets each from
// Hosts hosts) repeated Queries times, each when the previous one is done.
type qctSetup struct {
	Config     tm.Config
	Background []traffic.Flow
	QueryQueue int
	Hosts      []int // query senders; flow i goes from Hosts[i%len]
	Flows      int
	FlowPkts   int64
	Queries    int
}

// qctResult is what a run measured: each query's completion time (cycles,
// from the query's start to its last packet's arrival, plus the base RTT
// for the query's own trip), the query flows' timeouts, and the query
// packets dropped by admission or head drop.
type qctResult struct {
	QCT      []float64
	RTOs     int
	Drops    uint64
	Expelled uint64 // of Drops, head drops
}

// mean is the average QCT in µs.
func (r qctResult) meanUS() float64 {
	s := 0.0
	for _, q := range r.QCT {
		s += q
	}
	return s / float64(len(r.QCT)) * qctCycleNS / 1000
}

type qctRec struct {
	flow   int32
	seq    int64
	marked bool
}

// qctIngress keeps each cycle's packets sent (and whether the ECN mark was
// set on each) until the TM answers them, tm.AdmitLag cycles later.
type qctIngress struct{ r *tm.OfferRing[qctOffers] }

// qctOffers are one cycle's packets sent to the TM and their ECN marks.
type qctOffers struct {
	sent  []traffic.Sent
	marks []bool
}

func newQCTIngress(lag int) qctIngress { return qctIngress{tm.NewOfferRing[qctOffers](lag)} }

// admitted is the packet, and its mark, that admission event e answers;
// an error when e names an offer the cycle did not make, or another queue
// than the offer's (the answers paired with the wrong cycle's offers).
func (o *qctOffers) admitted(e tm.Event) (traffic.Sent, bool, error) {
	if e.Offer < 0 || int(e.Offer) >= len(o.sent) {
		return traffic.Sent{}, false, fmt.Errorf("an admission of offer %d, of %d packets offered", e.Offer, len(o.sent))
	}
	p := o.sent[e.Offer]
	if p.Queue != int(e.Queue) {
		return p, false, fmt.Errorf("an admission of offer %d to queue %d: that offer went to queue %d", e.Offer, e.Queue, p.Queue)
	}
	return p, o.marks[e.Offer], nil
}

// runQCT runs the setup to the end of its last query.
func runQCT(s qctSetup) (qctResult, error) {
	var res qctResult
	cfg := s.Config
	m, err := tm.New(cfg)
	if err != nil {
		return res, err
	}
	env := traffic.Env{P: cfg.P, Q: cfg.Q, R: cfg.R, CellBytes: cfg.CellBytes}
	net, err := traffic.NewNetwork(traffic.DefaultDCTCP(qctBaseRTT, qctRTO), env)
	if err != nil {
		return res, err
	}
	for _, f := range s.Background {
		if _, err := net.Add(f); err != nil {
			return res, err
		}
	}
	markCells := uint32(qctMarkBytes / cfg.CellBytes)
	cells := (qctPktBytes + cfg.CellBytes - 1) / cfg.CellBytes
	recs := make([]qctRec, 1<<17) // by serial: more than the packets the TM can hold
	in := newQCTIngress(tm.AdmitLag)
	isQuery := map[int]bool{}
	var qFirst, qStart = -1, uint64(0)
	next := uint64(qctWarmup)
	st := m.Stats()
	qs := &st.Queues[s.QueryQueue]
	for c := uint64(0); ; c++ {
		if c >= qctMaxCycles {
			return res, fmt.Errorf("qct: %d of %d queries done after %d cycles", len(res.QCT), s.Queries, c)
		}
		if qFirst < 0 && c == next {
			qFirst, qStart = len(net.Flows), c
			for i := 0; i < s.Flows; i++ {
				k, err := net.Add(traffic.Flow{Host: s.Hosts[i%len(s.Hosts)], Queue: s.QueryQueue, Cells: cells, Size: s.FlowPkts, Start: c})
				if err != nil {
					return res, err
				}
				isQuery[k] = true
			}
		}
		now := in.r.Now()
		now.sent = net.Tick(c, now.sent[:0])
		qlen := m.Probe().Qlen
		now.marks = now.marks[:0]
		for _, p := range now.sent {
			m.Offer(tm.Arrival{Queue: p.Queue, Cells: p.Cells})
			now.marks = append(now.marks, qlen[p.Queue] > markCells)
		}
		if err := m.Step(); err != nil {
			return res, fmt.Errorf("qct: cycle %d: %w", c, err)
		}
		ans := in.r.Answered()
		in.r.Next()
		for _, e := range m.Events() {
			switch e.Kind {
			case tm.EvAdmit:
				p, marked, err := ans.admitted(e)
				if err != nil {
					return res, fmt.Errorf("qct: cycle %d: %w", c, err)
				}
				recs[e.Serial%uint32(len(recs))] = qctRec{flow: int32(p.Flow), seq: p.Seq, marked: marked}
			case tm.EvTransmit:
				r := recs[e.Serial%uint32(len(recs))]
				net.Delivered(c, int(r.flow), r.seq, r.marked)
			}
		}
		if qFirst < 0 {
			continue
		}
		done, last := true, uint64(0)
		for _, f := range net.Flows[qFirst:] {
			if !f.Done {
				done = false
				break
			}
			last = max(last, f.Finish)
		}
		if !done {
			continue
		}
		res.QCT = append(res.QCT, float64(last-qStart+qctBaseRTT))
		qFirst, next = -1, c+qctGap
		if len(res.QCT) == s.Queries {
			break
		}
	}
	for k := range isQuery {
		res.RTOs += net.Flows[k].RTOs
	}
	res.Drops = qs.AdmDropped.Pkts + qs.HeadDropped.Pkts
	res.Expelled = qs.HeadDropped.Pkts
	return res, nil
}

// queryPkts is the packets per flow of a query of frac·B cells over flows.
func queryPkts(frac float64, flows int) int64 {
	bytes := frac * qctB * 256
	return int64(math.Max(1, math.Ceil(bytes/float64(flows)/qctPktBytes)))
}
