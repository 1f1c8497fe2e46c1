package tm

import (
	"math/bits"

	"occamy/rtl"
)

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }

// Signals lists the TM top's traced signals, sampled between Eval and
// Commit (the values during the cycle): qlen_q and free_q are the
// start-of-cycle registers; thr_o the class thresholds; over_o the selector
// bitmap; hd_gnt_* the head-drop choice; hd_state and deq_state the two
// pipelines (0 idle, 1 PD read in flight, 2 cell rounds); deq_gnt_* the
// egress scheduler's grant taken this cycle.
func (m *TM) Signals() []rtl.Signal {
	n, qw, c := m.n, m.cfg.QW, m.cfg.Q
	iw := rtl.IdxWidth(n)
	mask := uint64(rtl.Width(qw).Mask())
	return []rtl.Signal{
		rtl.Packed("qlen_q", n, qw, func(i int) uint64 { return uint64(m.qlenQ[i]) }),
		rtl.Scalar("free_q", qw, func() uint64 { return uint64(max(m.freeQ, 0)) & mask }),
		rtl.Packed("thr_o", c, qw, func(i int) uint64 { return uint64(m.adm.u.Thr.ThrO[i]) }),
		{Name: "over_o", Width: n, Read: func(dst []uint64) { m.sel.OverO.Words(dst, n) }},
		rtl.Flag("hd_gnt_valid", func() bool { return m.ch.gntO }),
		rtl.Scalar("hd_gnt_idx", iw, func() uint64 { return uint64(m.ch.gntIdxO) }),
		rtl.Scalar("hd_state", 2, func() uint64 { return uint64(m.hdState()) }),
		rtl.Scalar("deq_state", 2, func() uint64 { return uint64(m.deqState()) }),
		rtl.Flag("deq_gnt_valid", func() bool { return m.sch.u.ValidO && m.sch.u.AckI }),
		rtl.Scalar("deq_gnt_qid", iw, func() uint64 { return uint64(m.sch.u.QidO) }),
	}
}

// Scopes lists the sub-blocks under their instance names: the threshold
// unit, the selector, the arbiter, the egress scheduler and the three
// memories (their port use this cycle).
func (m *TM) Scopes() []rtl.Scope {
	return []rtl.Scope{
		{Name: "u_thr", Signals: m.adm.u.Thr.Signals()},
		{Name: "u_sel", Signals: m.sel.Signals()},
		{Name: "u_arb", Signals: m.arb.Signals()},
		{Name: "u_sched", Signals: m.sch.u.Signals()},
		{Name: "u_pd_mem", Signals: m.pds.Mem.Signals()},
		{Name: "u_cp_mem", Signals: m.cp.Signals()},
		{Name: "u_cd_mem", Signals: m.cd.Signals()},
	}
}
