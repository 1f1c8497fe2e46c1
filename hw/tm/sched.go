package tm

import (
	"occamy/hw/scheduler"
	"occamy/rtl"
	"occamy/rtl/port"
)

// Sched is the egress scheduler (stage C). Verilog: tm_sched (u_sched).
// It is hw/scheduler's Scheduler (sp or drr, its registers and choice)
// behind tm_sched's ports: en_i gates it (no grant and no register change
// without it, as the TM's stage C not running), ack_i takes the grant.
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

	GntValidO bool   // gnt_valid_o: comb, a grant
	GntQidO   uint16 // gnt_qid_o: comb, its queue (0 without a grant)
	GntPortO  uint16 // gnt_port_o: comb, its port (0 without a grant)

	u *scheduler.Scheduler
}

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
	s := &Sched{u: u, DrrI: c.Sched == SchedDRR, QuantumI: make([]uint32, c.Q), HeadLenI: u.HeadLenI}
	for i, q := range c.Quantum {
		s.QuantumI[i] = uint32(q)
	}
	return s, nil
}

// Eval computes the grant. Without en_i hw/scheduler is not evaluated
// (its outputs other than the grant's valid bit keep their values, as the
// TM's trace of u_sched has always shown them).
func (s *Sched) Eval() {
	if s.EnI {
		s.eval()
	} else if s.GntValidO || s.u.ValidO || s.u.AckI {
		s.off()
	}
}

// off is the grant without en_i: none.
func (s *Sched) off() {
	s.u.ValidO, s.u.AckI = false, false
	s.GntValidO, s.GntQidO, s.GntPortO = false, 0, 0
}

func (s *Sched) eval() {
	u := s.u
	u.EligI = s.EligI
	if s.DrrI {
		u.NonEmptyI = s.NonemptyI
	}
	u.PortRdyI = s.PortRdyI
	u.HeadLenI = s.HeadLenI
	u.Eval()
	u.AckI = s.AckI && u.ValidO
	s.GntValidO, s.GntQidO, s.GntPortO = u.ValidO, u.QidO, u.PortO
}

// Commit is the rising edge: the port pointer moves past a taken grant's
// port; DRR writes back the searched port's state.
func (s *Sched) Commit() { s.u.Commit() }

// State returns the registers (hw/scheduler's).
func (s *Sched) State() scheduler.State { return s.u.State() }

func schedPorts(v vw) SubBlock {
	return SubBlock{
		Module: "tm_sched", Instance: "u_sched",
		Params: []Param{{"P", v.P}, {"Q", v.Q}, {"LW", v.LW}, {"DFW", v.DFW}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("en_i", 1), in("drr_i", 1), in("quantum_i", v.Q*16),
			in("elig_i", v.N), in("nonempty_i", v.N), in("port_rdy_i", v.P), in("head_len_i", v.N*v.LW),
			in("ack_i", 1),
			out("gnt_valid_o", 1), out("gnt_qid_o", v.IW), out("gnt_port_o", v.PW)),
	}
}
