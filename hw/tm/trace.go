package tm

import (
	"math/bits"

	"occamy/rtl"
)

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }

// Signals lists the TM top's traced signals, sampled between Eval and
// Commit (the values during the cycle): qlen_q and free_q are the
// start-of-cycle registers; thr_o the class thresholds in use (occamy_tm's
// thr_q, ThrLag cycles stale; u_thr's thr_o is the next); over_o the selector
// bitmap; hd_gnt_* the head-drop choice; hd_state and deq_state the two
// pipelines (0 idle, 1 PD read in flight, 2 cell rounds: ExecStateNames);
// deq_gnt_* the egress scheduler's grant taken this cycle; hd_valid_o,
// hd_qid_o and hd_cells_o the head drop itself (occamy_tm's outputs of the
// same names: a packet of hd_cells_o cells unlinked from queue hd_qid_o).
func (m *TM) Signals() []rtl.Signal {
	n, qw, c := m.p.n, m.cfg.QW, m.cfg.Q
	iw := rtl.IdxWidth(n)
	mask := uint64(rtl.Width(qw).Mask())
	return []rtl.Signal{
		rtl.Packed("qlen_q", n, qw, func(i int) uint64 { return uint64(m.r.qlenQ[i]) }),
		rtl.Scalar("free_q", qw, func() uint64 { return uint64(max(m.r.freeQ, 0)) & mask }),
		rtl.Packed("thr_o", c, qw, func(i int) uint64 { return uint64(m.r.thrq[i]) }), // thr_q (queue c < Q is class c)
		{Name: "over_o", Width: n, Read: func(dst []uint64) { m.u.sel.OverO.Words(dst, n) }},
		rtl.Flag("agv_q", func() bool { return m.r.ag.v }),
		rtl.Scalar("agq_q", iw, func() uint64 { return uint64(m.r.ag.q) }),
		rtl.Flag("agsv_q", func() bool { return m.r.ags.v }),
		rtl.Scalar("agsq_q", iw, func() uint64 { return uint64(m.r.ags.q) }),
		rtl.Flag("hd_gnt_valid", func() bool { return m.u.ch.GntValidO }),
		rtl.Scalar("hd_gnt_idx", iw, func() uint64 { return uint64(m.obs.gntIdx) }),
		rtl.Scalar("hd_state", 2, func() uint64 { return uint64(m.hdState()) }),
		rtl.Scalar("deq_state", 2, func() uint64 { return uint64(m.deqState()) }),
		rtl.Flag("deq_gnt_valid", func() bool { return m.u.sch.u.ValidO && m.u.sch.u.AckI }),
		rtl.Scalar("deq_gnt_qid", iw, func() uint64 { return uint64(m.u.sch.u.QidO) }),
		rtl.Flag("hd_valid_o", func() bool { return m.obs.out.HDValid }),
		// 0 while hd_valid_o is low, as occamy_tm drives them.
		rtl.Scalar("hd_qid_o", iw, func() uint64 { return m.hdField(m.obs.out.HDQid) }),
		rtl.Scalar("hd_cells_o", rtl.Clog2(m.cfg.MaxPkt+1), func() uint64 { return m.hdField(m.obs.out.HDCells) }),
	}
}

// hdField is a head-drop output's value v, 0 in a cycle without one.
func (m *TM) hdField(v int) uint64 {
	if !m.obs.out.HDValid {
		return 0
	}
	return uint64(v)
}

// ExecStateNames names the values of the traced hd_state and deq_state.
var ExecStateNames = [...]string{ExecIdle: "idle", ExecReadPD: "read PD", ExecCells: "cells"}

// Scopes lists the sub-blocks under their instance names: the threshold
// unit, the selector, the arbiter, the egress scheduler and the three
// memories (their port use this cycle).
func (m *TM) Scopes() []rtl.Scope {
	return []rtl.Scope{
		{Name: "u_thr", Signals: m.u.thr.Thr.Signals()},
		{Name: "u_sel", Signals: m.u.sel.Signals()},
		{Name: "u_arb", Signals: m.u.arb.Signals()},
		{Name: "u_sched", Signals: m.schedSignals()},
		{Name: "u_pd_mem", Signals: m.ram.pd.Signals()},
		{Name: "u_cp_mem", Signals: m.ram.cp.Signals()},
		{Name: "u_cd_mem", Signals: m.ram.cd.Signals()},
	}
}

// schedSignals is u_sched's trace: hw/scheduler's signals, but its inputs
// as occamy_tm's tm_sched sees them every cycle: elig_i is u_pdl's
// nonempty_o (every queue holding a PD after the cycle's unlinks and
// before its link), port_rdy_i u_egress's registered port_rdy_o, ack_i
// tied to 1. hw/tm gives hw/scheduler these only in a cycle whose stage C
// runs (en_i), elig_i less the locked queues (Go only, PD.ReadLatency > 1)
// and ack_i "a PD read port is left" (the grant taken is deq_gnt_valid).
func (m *TM) schedSignals() []rtl.Signal {
	sigs := m.u.sch.u.Signals()
	for i, s := range sigs {
		switch s.Name {
		case "elig_i":
			sigs[i].Read = m.traceElig
		case "port_rdy_i":
			sigs[i].Read = m.tracePortRdy
		case "ack_i":
			sigs[i] = rtl.Flag("ack_i", func() bool { return true })
		}
	}
	return sigs
}

// traceElig is tm_pd_lists' nonempty_o: the queues holding a PD after
// the cycle's unlinks and before its link (the queue whose grant is read
// this cycle too: its port is not ready, tracePortRdy).
func (m *TM) traceElig(dst []uint64) {
	m.u.pdl.NonemptyO.Words(dst, m.p.n)
}

// tracePortRdy is tm_egress's registered port_rdy_o.
// The grant's port is not ready in its read's cycle (sch_rdy).
func (m *TM) tracePortRdy(dst []uint64) {
	m.u.eg.PortRdyO.Words(dst, m.cfg.P)
	if g := m.r.deqGnt; g.valid {
		dst[0] &^= 1 << uint(g.port)
	}
}
