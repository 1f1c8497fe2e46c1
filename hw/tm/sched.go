package tm

import (
	"occamy/hw/scheduler"
	"occamy/rtl"
	"occamy/rtl/port"
)

// Sched is the egress scheduler (stage C). Verilog: tm_sched (u_sched).
// It is hw/scheduler's Scheduler (sp or drr, its registers and choice)
// behind tm_sched's ports: en_i gates the grant (without it no grant; the
// DRR visits go on), ack_i takes the grant, unl_i/unl_qid_i name the queue
// unlinked this cycle (a DRR port ready last cycle on that queue gives no
// grant: its head changed).
//
// drr_i and quantum_i are configuration held constant from reset: New
// builds the scheduler from them (Config.Sched, Config.Quantum) and sets
// the fields to match; Eval does not read them again.
type Sched struct {
	EnI       bool       // en_i: the dequeue can take a packet now
	DrrI      bool       // drr_i: deficit round robin (1) or strict priority (0); read at New
	QuantumI  []uint32   // quantum_i: DRR quantum per class, cells; read at New
	EligI     rtl.Bitmap // elig_i: queue may start a packet now
	NonemptyI rtl.Bitmap // nonempty_i: queue holds a packet (DRR resets an empty queue's deficit)
	PortRdyI  rtl.Bitmap // port_rdy_i: port may take another packet
	HeadLenI  []uint32   // head_len_i: head packet length per queue, cells
	AckI      bool       // ack_i: the grant is taken this cycle
	UnlI      bool       // unl_i: a queue is unlinked this cycle
	UnlOhI    rtl.Bitmap // unl_oh_i: that queue, one-hot (occamy_tm's rdo)

	// Go only: a second unlink in the cycle (PD.ReadPorts > 1).
	Unl2I    bool
	Unl2QidI uint16

	GntValidO bool   // gnt_valid_o: comb, a grant
	GntQidO   uint16 // gnt_qid_o: comb, its queue (0 without a grant)
	GntPortO  uint16 // gnt_port_o: comb, its port (0 without a grant)

	u *scheduler.Scheduler

	// sp: strict priority's last evaluation with en_i gave no grant for
	// elig_i spElig and port_rdy_i spRdy. Its grant depends only on those
	// and the port pointer, which moves only on a grant taken, so the same
	// inputs give no grant again (Eval skips hw/scheduler then).
	sp bool
	// fastRdy is spRdy when sp and one, else noRdy (no port_rdy_i of
	// P <= MaxP bits equals it): Eval's inlined test then needs no flag.
	fastRdy uint64
	spElig  rtl.Bitmap
	spRdy   uint64
	full    bool // tests: never skip
	one     bool // P*Q <= 64: elig_i is its word 0 (hw/scheduler reads no other)
	drr     bool // hw/scheduler's mode is drr (its rst_ni is held at 1 from New)
}

// noRdy is no port_rdy_i word (ports < MaxP <= 63 bits).
const noRdy = ^uint64(0)

// newSched builds tm_sched for c's ports, queues, mode and quanta.
func newSched(c *Config) (*Sched, error) {
	quantum := c.Quantum
	if c.Sched != SchedDRR {
		quantum = nil
	}
	u, err := scheduler.New(scheduler.Params{P: c.P, Q: c.Q, Mode: c.Sched.mode(), Quantum: quantum})
	if err != nil {
		return nil, err
	}
	u.RstNI = true
	s := &Sched{u: u, DrrI: c.Sched == SchedDRR, QuantumI: make([]uint32, c.Q), HeadLenI: u.HeadLenI, one: c.P*c.Q <= 64, drr: u.P.Mode == scheduler.DRR, fastRdy: noRdy}
	for i, q := range c.Quantum {
		s.QuantumI[i] = uint32(q)
	}
	return s, nil
}

// Eval computes the grant (and, in drr, every port's visit: those run
// whether en_i is set or not). In sp without en_i hw/scheduler is not
// evaluated (nothing changes then).
func (s *Sched) Eval() {
	// The common case (elig_i in one word) is tested here, where it
	// inlines into the caller: a call less a loaded cycle. Without en_i
	// after sp's no-grant evaluation the outputs are already off.
	if s.PortRdyI[0] == s.fastRdy && s.EligI[0] == s.spElig[0] {
		return
	}
	s.evalEn()
}

// evalEn is Eval past its inlined test (which holds only when one).
func (s *Sched) evalEn() {
	if s.sp && s.EnI && s.PortRdyI[0] == s.spRdy && s.sameElig() {
		return // no grant again: every output and hw/scheduler's as they are
	}
	if !s.EnI && !s.DrrI {
		if s.GntValidO || s.u.ValidO || s.u.AckI {
			s.off()
		}
		return
	}
	// Drive hw/scheduler's inputs, those it reads (elig_i's word 0 when
	// one; port_rdy_i's word 0, P <= 32; in sp neither nonempty_i,
	// head_len_i nor the unlinks), and evaluate it.
	u := s.u
	if s.one {
		u.EligI[0] = s.EligI[0]
	} else {
		u.EligI = s.EligI
	}
	if s.DrrI {
		u.NonEmptyI = s.NonemptyI
		u.HeadLenI = s.HeadLenI
		u.UnlI, u.Unl2I, u.Unl2QidI = s.UnlI, s.Unl2I, s.Unl2QidI
		if s.UnlI {
			u.UnlQidI = uint16(s.UnlOhI.FirstFrom(0))
		}
	}
	u.PortRdyI[0] = s.PortRdyI[0]
	u.EnI = s.EnI
	u.Eval()
	u.AckI = s.AckI && u.ValidO
	s.GntValidO, s.GntQidO, s.GntPortO = u.ValidO, u.QidO, u.PortO
	s.sp, s.fastRdy = !s.DrrI && s.EnI && !u.ValidO && !s.full, noRdy // full (tests): never skip
	if s.sp {
		if s.one {
			s.fastRdy = s.PortRdyI[0]
		}
		s.spElig[0], s.spRdy = s.EligI[0], s.PortRdyI[0]
		if !s.one {
			s.spElig = s.EligI
		}
	}
}

// off is the grant without en_i: none.
func (s *Sched) off() {
	s.u.ValidO, s.u.AckI = false, false
	s.GntValidO, s.GntQidO, s.GntPortO = false, 0, 0
}

// sameElig: elig_i is the last no-grant evaluation's, in the bits
// hw/scheduler reads.
func (s *Sched) sameElig() bool {
	if s.one {
		return s.EligI[0] == s.spElig[0]
	}
	return s.EligI == s.spElig
}

// Commit is the rising edge: the port pointer moves past a taken grant's
// port; drr: the grant takes its head from the deficit, every port's
// visit lands. In sp an edge without a grant taken changes nothing in
// hw/scheduler (its pointer moves only on one), so it is not called then.
func (s *Sched) Commit() {
	if s.u.ValidO && s.u.AckI || s.drr {
		s.u.Commit()
	}
}

// State returns the registers (hw/scheduler's).
func (s *Sched) State() scheduler.State { return s.u.State() }

func schedPorts(v vw) SubBlock {
	return SubBlock{
		Module: "tm_sched", Instance: "u_sched",
		Params: []Param{{"P", v.P}, {"Q", v.Q}, {"LW", v.LW}, {"DFW", v.DFW}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("en_i", 1), in("drr_i", 1), in("quantum_i", v.Q*16),
			in("elig_i", v.N), in("nonempty_i", v.N), in("port_rdy_i", v.P), in("head_len_i", v.N*v.LW),
			in("ack_i", 1), in("unl_i", 1), in("unl_oh_i", v.N),
			out("gnt_valid_o", 1), out("gnt_qid_o", v.IW), out("gnt_port_o", v.PW)),
	}
}
