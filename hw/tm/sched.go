package tm

import "occamy/hw/scheduler"

// Sched is the egress scheduler (hw/scheduler, sp or drr) with the
// eligibility the TM gives it. Verilog: tm_sched. Its inputs are elig_i
// (queues with a linked PD whose head is not locked), nonempty_i (DRR),
// port_rdy_i (tm_egress's port_rdy_o) and head_len_i (pd_lists' head
// lengths); its grant (gnt_valid_o, gnt_qid_o) is taken with ack_i by the
// dequeue when the PD read port is free.
type Sched struct {
	u *scheduler.Scheduler
}

// init builds the scheduler for c.
func (s *Sched) init(c *Config) error {
	quantum := c.Quantum
	if c.Sched != SchedDRR {
		quantum = nil
	}
	u, err := scheduler.New(scheduler.Params{P: c.P, Q: c.Q, Mode: c.Sched.mode(), Quantum: quantum})
	if err != nil {
		return err
	}
	u.RstNI = true
	s.u = u
	return nil
}

// eval drives the scheduler's inputs from the top and evaluates its grant.
func (s *Sched) eval(m *TM) {
	u := s.u
	for w := range u.EligI {
		u.EligI[w] = m.nonEmpty[w] &^ m.locked[w]
	}
	if m.drr {
		u.NonEmptyI = m.nonEmpty
	}
	u.PortRdyI = m.eg.portRdyO
	u.Eval()
}
