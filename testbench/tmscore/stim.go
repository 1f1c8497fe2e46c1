package tmscore

import (
	"fmt"

	hw "occamy/hw/tm"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/design"
	"occamy/testbench/stimulus"
	"occamy/testbench/traffic"
)

// Offer is one packet offered to the design in a cycle.
type Offer struct {
	Queue, Cells int
	Serial       uint64 // the stimulus's number, from 1 (tag.serial: offered)
}

// Phases of a run, in order.
const (
	PhaseReset   = "reset"
	PhaseStart   = "start"
	PhaseTraffic = "traffic"
	PhaseSteady  = "steady"
	PhaseDrain   = "drain"
)

// ResetCycles is how long the scoreboard holds the reset at the start.
const ResetCycles = 2

// pendCap is how many packets the stimulus holds back for a design that
// takes them more slowly than the traffic makes them; beyond it they are
// lost before the design (never offered, counted as held back), as are
// those still held when a phase ends.
const pendCap = 256

// stim makes a run's inputs: the configuration held from cycle 0, the
// reset, then packet offers from the project's traffic (the TM face's
// random mix or a named scenario, decoded from occamy_tm's ingress slots),
// paced to what the design's ingress takes, the steady-state phase and the
// drain.
type stim struct {
	b      *Binding
	p      *Plan
	tmpl   []uint32 // configuration and ties, reset released, no offer
	face   stimulus.Source
	cin    []uint32 // the face's inputs, occamy_tm's layout
	slots  *tmface.Slots
	pend   []traffic.Packet
	ph, pn int // pend's head and count
	owed   int // cells the ingress still has to take (cell_rate)
	rate   int
	room   int // backlog
	nslot  int
	serial uint64
	offers []Offer
	steady steadyGen
	held   uint64 // packets lost before the design (pacing)
}

// newStim builds the stimulus of setup u for the design binding b.
func newStim(u *Setup, b *Binding, p *Plan) (*stim, error) {
	t := u.Map.TM
	s := &stim{b: b, p: p, tmpl: make([]uint32, b.L.InWords), pend: make([]traffic.Packet, pendCap),
		rate: t.Ingress.CellRate, room: t.Ingress.Backlog, nslot: t.Ingress.Slots, offers: make([]Offer, 0, t.Ingress.Slots)}
	if err := encodeConfig(u, b, s.tmpl); err != nil {
		return nil, err
	}
	b.rst.put(s.tmpl, 0, b2u(!b.rstHigh))
	fb, err := blocks.Lookup("tm")
	if err != nil {
		return nil, err
	}
	cl, err := fb.Layout(u.Params)
	if err != nil {
		return nil, err
	}
	sd, err := fb.Build(u.Params, &cl, u.Seed)
	if err != nil {
		return nil, fmt.Errorf("tmscore: the traffic: %w", err)
	}
	s.face, s.cin = sd.Random, make([]uint32, cl.InWords)
	if s.slots, err = tmface.NewSlots(&cl, tmface.NewShape(u.Config, u.Params["SW"])); err != nil {
		return nil, err
	}
	s.steady = newSteady(u)
	return s, nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// encodeConfig writes the configuration inputs of c into words.
func encodeConfig(u *Setup, b *Binding, words []uint32) error {
	c, t := &u.Config, &u.Map.TM.Config
	for _, x := range settings(c, t) {
		if x.f = x.pick(b); !x.f.ok {
			continue
		}
		v, ok := x.ch.Values[x.run]
		if !ok {
			return fmt.Errorf("tmscore: config.%s: the design has no %s", x.what, x.run)
		}
		x.f.put(words, 0, v)
	}
	for i := 0; i < u.Config.Q; i++ {
		b.alpha.put(words, i, uint64(c.AlphaExp[i]))
		if b.quantum.ok {
			b.quantum.put(words, i, uint64(c.Quantum[i]))
		}
	}
	if b.lineRate.ok {
		b.lineRate.put(words, 0, uint64(c.R))
	}
	for _, x := range b.ties {
		x.f.put(words, 0, x.v)
	}
	return nil
}

// setting is one run-time setting: the run's value, the map's choice.
type setting struct {
	what, run string
	ch        design.Choice
	f         field
	pick      func(b *Binding) field
}

// settings are the run's policy, free mode, scheduler and re-check
// against the map's choices.
func settings(c *hw.Config, t *design.TMConfig) []setting {
	return []setting{
		{what: "policy", run: c.Policy.String(), ch: t.Policy, pick: func(b *Binding) field { return b.policy }},
		{what: "free_mode", run: string(c.FreeMode), ch: t.FreeMode, pick: func(b *Binding) field { return b.freeMode }},
		{what: "sched", run: c.Sched.String(), ch: t.Sched, pick: func(b *Binding) field { return b.sched }},
		{what: "recheck", run: onOff(c.HDRecheck), ch: t.Recheck, pick: func(b *Binding) field { return b.recheck }},
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// next writes cycle c's inputs into in and returns the offers it makes.
func (s *stim) next(c uint64, in []uint32) []Offer {
	copy(in, s.tmpl)
	s.offers = s.offers[:0]
	p := s.p
	if c < ResetCycles {
		s.b.rst.put(in, 0, b2u(s.b.rstHigh))
	}
	// The face's source runs from two cycles before the traffic (its own
	// reset cycles), so that its cycle numbers are occamy_tm's.
	if c+2 >= p.TrafficAt && c < p.SteadyAt {
		s.face.Next(c+2-p.TrafficAt, s.cin)
		if c >= p.TrafficAt {
			n, _ := s.slots.Valid(s.cin)
			for i := 0; i < n; i++ {
				q, cells := s.slots.Slot(s.cin, i)
				s.hold(traffic.Packet{Queue: q, Cells: cells})
			}
		}
	} else if c >= p.SteadyAt && c < p.DrainAt {
		s.steady.tick(c-p.SteadyAt, s)
	}
	if c < p.TrafficAt {
		return s.offers
	}
	if c == p.SteadyAt || c == p.DrainAt {
		s.held += uint64(s.pn)
		s.ph, s.pn = 0, 0
	}
	if s.rate > 0 {
		s.owed = max(s.owed-s.rate, 0)
	}
	for s.pn > 0 && len(s.offers) < s.nslot {
		x := s.pend[s.ph]
		if s.rate > 0 && s.owed+x.Cells > s.room {
			break
		}
		s.owed += x.Cells
		s.ph = (s.ph + 1) % len(s.pend)
		s.pn--
		s.serial++
		k := len(s.offers)
		s.offers = append(s.offers, Offer{Queue: x.Queue, Cells: x.Cells, Serial: s.serial})
		s.b.inValid.put(in, k, 1)
		s.b.inQueue.put(in, k, uint64(x.Queue))
		s.b.inCells.put(in, k, uint64(x.Cells))
		if s.b.inSerial.ok {
			s.b.inSerial.put(in, k, s.serial)
		}
	}
	return s.offers
}

// hold queues a packet for the design, or loses it when too many wait.
func (s *stim) hold(x traffic.Packet) {
	if s.pn == len(s.pend) {
		s.held++
		return
	}
	s.pend[(s.ph+s.pn)%len(s.pend)] = x
	s.pn++
}

// steadyGen drives the steady-state phase: n constant flows, one to class
// 0 of each of ports 0..n-1, of packets of size cells at 1.5 line rates,
// after a pause that lets the traffic's backlog drain.
type steadyGen struct {
	n, size, q int
	pause      uint64
	credit     []float64
	step       float64
}

func newSteady(u *Setup) steadyGen {
	c := u.Config
	return steadyGen{n: u.Plan.SteadyFlows, size: u.Plan.SteadySize, q: c.Q, pause: uint64(u.Plan.SteadyPause),
		credit: make([]float64, u.Plan.SteadyFlows), step: 1.5 / float64(c.R)}
}

func (g *steadyGen) tick(k uint64, s *stim) {
	if k < g.pause {
		return
	}
	for i := range g.credit {
		g.credit[i] += g.step
		if g.credit[i] >= float64(g.size) {
			g.credit[i] -= float64(g.size)
			s.hold(traffic.Packet{Queue: i * g.q, Cells: g.size})
		}
	}
}
