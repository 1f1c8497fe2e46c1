package tm

import (
	"fmt"
	"math"

	hw "occamy/hw/tm"
	"occamy/rtl/port"
	"occamy/testbench/scenario"
	"occamy/testbench/stimulus"
	"occamy/testbench/traffic"
)

// tmPending holds the packets the traffic sources made that the ingress has
// not taken yet (at most IN a cycle), oldest first, like a sender's queue;
// past its capacity new packets are lost before they reach the TM.
type tmPending struct {
	buf        []traffic.Packet
	head, n    int
	maxPkt, nq int
}

func newTMPending(c hw.Config) *tmPending {
	return &tmPending{buf: make([]traffic.Packet, 4*c.MaxOffers+256), maxPkt: c.MaxPkt, nq: c.N()}
}

// push adds packets, clamped to the contract: 1..MAXPKT cells, queue < N.
func (p *tmPending) push(ps []traffic.Packet) {
	for _, x := range ps {
		if p.n == len(p.buf) {
			return
		}
		x.Cells = min(max(x.Cells, 1), p.maxPkt)
		x.Queue %= p.nq
		i := p.head + p.n
		if i >= len(p.buf) {
			i -= len(p.buf)
		}
		p.buf[i] = x
		p.n++
	}
}

// emit puts up to the free slots' worth of packets into slots from..IN-1
// and returns the next free slot.
func (p *tmPending) emit(s *Slots, in []uint32, from int) int {
	for from < s.Sh.IN && p.n > 0 {
		x := p.buf[p.head]
		s.Put(in, from, x.Queue, x.Cells)
		from++
		p.head++
		if p.head == len(p.buf) {
			p.head = 0
		}
		p.n--
	}
	return from
}

// Traffic is the random source of occamy_tm: phases of random length
// (64 to 8192 cycles) switch on a random subset of a pool of traffic
// sources (testbench/traffic) built once for the configuration:
//   - a congesting constant flow (1.5 to 6 line rates, sizes 1..MAXPKT
//     cells) to a hot queue, and a second one of one-cell packets;
//   - a constant flow to queue N-1 (the last index) with bimodal sizes;
//   - random load (0.3 to 1.5 line rates) on every port and class;
//   - on-off bursts at 8 line rates of a quarter of the buffer;
//   - a repeating incast of up to 64 senders (many packets in one cycle);
//
// and, in one phase of eight, floods every free ingress slot with random
// packets for 1 to 16 cycles. Cycles 0 and 1 are the reset; the
// configuration is driven from cycle 0 on. Open loop: nothing depends on
// admission.
//
// With reconf, every 8192 to 65536 cycles a reset of 3 cycles (the first
// one with the old configuration, busy or not) reprograms the run-time
// configuration (RandomRun): every policy, free mode and scheduler in one
// run, and resets while packets are held.
func Traffic(c hw.Config, sw int, l *port.Layout, seed int64, reconf bool) (stimulus.Source, error) {
	t, err := newTMIn(l, c, sw)
	if err != nil {
		return nil, err
	}
	s := &tmTraffic{in: t, rng: stimulus.NewRNG(seed), pend: newTMPending(c), buf: make([]traffic.Packet, 0, 1024),
		l: l, sw: sw, reconf: reconf, cfgRNG: stimulus.NewRNG(seed ^ 0x7c0f), rstLeft: -1}
	env := scenario.Env(&c)
	n, r := c.N(), s.rng
	cb := c.CellBytes
	uniform := &traffic.SizeSpec{Dist: traffic.DistUniform, Min: 1, Max: c.MaxPkt * cb}
	bimodal := &traffic.SizeSpec{Dist: traffic.DistBimodal, Small: 1, Large: c.MaxPkt * cb, LargeFrac: 0.3}
	q := func(v int) *int { return &v }
	specs := []traffic.Spec{
		{Kind: traffic.KindConstant, Queue: q(r.Intn(n)), Rate: 1.5 + 4.5*float64(r.Intn(1000))/1000, Size: uniform},
		{Kind: traffic.KindConstant, Queue: q(r.Intn(n)), Rate: 0.5 + 2.5*float64(r.Intn(1000))/1000},
		{Kind: traffic.KindConstant, Queue: q(n - 1), Rate: 1.5, Size: bimodal},
		{Kind: traffic.KindRandom, Load: 0.3 + 1.2*float64(r.Intn(1000))/1000, Size: uniform},
		{Kind: traffic.KindOnOff, Queue: q(r.Intn(n)), Rate: 8, BurstBytes: int64(max(c.B*cb/4, 1)), OffCycles: uint64(r.Between(100, 4000)), Size: uniform},
		{Kind: traffic.KindIncast, Queue: q(r.Intn(n)), Senders: min(64, max(2, 2*c.MaxOffers)), BurstBytes: int64(max(c.B*cb/2, 1)),
			Period: uint64(r.Between(2000, 20000)), Jitter: uint64(r.Intn(8)), Size: bimodal},
	}
	mix, err := traffic.BuildAll(specs, env, uint64(seed), "tm traffic")
	if err != nil {
		return nil, err
	}
	s.pool = mix.Sources
	return s, nil
}

type tmTraffic struct {
	l       *port.Layout
	sw      int
	reconf  bool
	cfgRNG  *stimulus.RNG
	next    uint64 // reconf: cycle of the next reset
	rstLeft int    // reconf: reset cycles left, -1 when none
	in      *tmIn
	rng     *stimulus.RNG
	pend    *tmPending
	pool    []traffic.Source
	on      uint32 // pool sources ticking in this phase
	flood   bool
	left    int
	buf     []traffic.Packet
}

func (s *tmTraffic) phase() {
	r := s.rng
	s.left = 64 << uint(r.Intn(8))
	s.on = uint32(r.Intn(1 << uint(len(s.pool))))
	s.flood = r.OneIn(8)
	if s.flood { // a few cycles of it fill the buffer
		s.left = r.Between(1, 16)
	}
	if r.OneIn(8) { // drain
		s.on, s.flood = 0, false
	}
}

func (s *tmTraffic) Next(c uint64, in []uint32) {
	if !s.in.start(c, in) {
		return
	}
	if s.reconf && s.resetting(c, in) {
		return
	}
	if s.left == 0 {
		s.phase()
	}
	s.left--
	s.buf = s.buf[:0]
	for i, src := range s.pool {
		if s.on>>uint(i)&1 != 0 {
			s.buf = src.Tick(c, s.buf)
		}
	}
	s.pend.push(s.buf)
	slots := s.in.slots
	k := s.pend.emit(slots, in, 0)
	if s.flood {
		sh, r := slots.Sh, s.rng
		for ; k < sh.IN; k++ {
			cells := 1 + r.Intn(s.in.cfg.MaxPkt)
			if r.OneIn(2) {
				cells = 1
			}
			slots.Put(in, k, r.Intn(sh.N), cells)
		}
	}
}

// resetting drives the reconfiguration resets: rst_ni low for 3 cycles,
// the new configuration from the second on.
func (s *tmTraffic) resetting(c uint64, in []uint32) bool {
	if s.next == 0 {
		s.next = c + uint64(s.rng.Between(8192, 65536))
	}
	if s.rstLeft < 0 && c < s.next {
		return false
	}
	switch s.rstLeft {
	case -1:
		s.rstLeft = 2
	case 2:
		cfg := s.in.cfg
		RandomRun(&cfg, s.cfgRNG)
		if t, err := newTMIn(s.l, cfg, s.sw); err == nil {
			s.in = t
		}
		s.rstLeft = 1
	case 1:
		s.rstLeft = 0
	default:
		s.rstLeft = -1
		s.next = c + uint64(s.rng.Between(8192, 65536))
		s.pend.n = 0
		return false
	}
	copy(in, s.in.tmpl)
	s.in.rst.PutBool(in, false)
	return true
}

// RandomRun draws a run-time configuration for c's structure: policy,
// free mode, scheduler, re-check, R from 1 to 8, and α and quantum per
// class (Classes).
func RandomRun(c *hw.Config, r *stimulus.RNG) {
	c.Policy = Policies[r.Intn(len(Policies))]
	c.FreeMode, c.Sched = [2]hw.FreeMode{hw.FreeCell, hw.FreeChain}[r.Intn(2)], [2]hw.SchedMode{hw.SchedSP, hw.SchedDRR}[r.Intn(2)]
	c.HDRecheck = r.OneIn(2)
	c.R = r.Between(1, 8)
	Classes(c, int64(r.Uint64()>>1))
}

// Scenarios are the named scenarios (testbench/scenario) that fit
// occamy_tm: every one but custom, which has no sources of its own.
func Scenarios() []string {
	var s []string
	for _, n := range scenario.Names() {
		if n != "custom" {
			s = append(s, n)
		}
	}
	return s
}

// Scenario prepares scenario name for the structural parameters of c,
// with c's policy, free mode, re-check and R, and α = 2^AlphaExp[0] for
// every class unless the scenario sets its own: the scenario then owns the
// run-time configuration (α per class, scheduler, quanta), which it
// returns with its traffic. A scenario that changes a structural
// parameter is an error naming it (its Verilog build would differ).
func Scenario(name string, c hw.Config, seed int64) (hw.Config, []traffic.Spec, error) {
	u := uint64(seed)
	o := scenario.Options{Scenario: name, Policy: c.Policy.String(), Alpha: math.Ldexp(1, c.AlphaExp[0]), Seed: &u,
		TM: []scenario.TMSet{{Field: "P", Value: c.P}, {Field: "Q", Value: c.Q}, {Field: "B", Value: c.B},
			{Field: "K", Value: c.K}, {Field: "QW", Value: c.QW}, {Field: "AW", Value: c.AW},
			{Field: "MaxPkt", Value: c.MaxPkt}, {Field: "MaxOffers", Value: c.MaxOffers},
			{Field: "TxWindow", Value: c.TxWindow}, {Field: "R", Value: c.R},
			{Field: "FreeMode", Value: c.FreeMode}, {Field: "HDRecheck", Value: c.HDRecheck},
			{Field: "CellBytes", Value: c.CellBytes}, {Field: "PushoutWait", Value: c.PushoutWait}}}
	p, err := scenario.Prepare(o)
	if err != nil {
		return hw.Config{}, nil, fmt.Errorf("stimulus: scenario %s: %w", name, err)
	}
	got := p.Config
	for _, f := range []struct {
		name      string
		want, got int
	}{{"P", c.P, got.P}, {"Q", c.Q, got.Q}, {"B", c.B, got.B}, {"K", c.K, got.K}, {"QW", c.QW, got.QW},
		{"AW", c.AW, got.AW}, {"MAXPKT", c.MaxPkt, got.MaxPkt}, {"IN", c.MaxOffers, got.MaxOffers},
		{"TXWIN", c.TxWindow, got.TxWindow}, {"PUSHOUT_WAIT", c.PushoutWait, got.PushoutWait}} {
		if f.want != f.got {
			return hw.Config{}, nil, fmt.Errorf("stimulus: scenario %s sets %s=%d, the build has %s=%d", name, f.name, f.got, f.name, f.want)
		}
	}
	if _, err := NewCfg(got); err != nil {
		return hw.Config{}, nil, fmt.Errorf("stimulus: scenario %s: %w", name, err)
	}
	return got, p.Sources, nil
}

// ScenarioSource drives scenario traffic: the scenario's sources, from
// its cycle 0 at the first cycle after the reset, at most IN packets a
// cycle (the rest wait, in order), the configuration c (from Scenario)
// on the cfg_* inputs.
func ScenarioSource(c hw.Config, specs []traffic.Spec, sw int, l *port.Layout, seed int64) (stimulus.Source, error) {
	t, err := newTMIn(l, c, sw)
	if err != nil {
		return nil, err
	}
	mix, err := traffic.BuildAll(specs, scenario.Env(&c), uint64(seed), "scenario sources")
	if err != nil {
		return nil, err
	}
	return &tmScenario{in: t, mix: mix, pend: newTMPending(c)}, nil
}

type tmScenario struct {
	in   *tmIn
	mix  *traffic.Mix
	pend *tmPending
}

func (s *tmScenario) Next(c uint64, in []uint32) {
	if !s.in.start(c, in) {
		return
	}
	s.pend.push(s.mix.Tick(c - 2))
	s.pend.emit(s.in.slots, in, 0)
}
