package tm

// u_arb's grant register (agv_q, agq_q; issue 29, arbreg) and the grant
// it dropped unused (agsv_q, agsq_q): occamy_tm's stage D under occamy.
//
// A grant whose queue is out of the bitmap is replaced when u_arb grants
// another queue (ag_drop); u_arb's pointer moved past it when it loaded,
// so it would lose its turn. When the queues cross their thresholds a
// cycle apart burst after burst, the same queue lost it every time (the
// round-robin check of testbench/tmscore failed hw/tm's golden at R=1,
// K=2, occamy per cell: queue 3 passed over by 9 head drops). The dropped
// grant is kept and loaded first, without acknowledging u_arb, at the
// next load its queue is over and a candidate (ags_hit). It is cleared the
// cycle after it loads (agq_q holds it: ags_in) or when its queue holds
// no PD.

// agLoad is ag_load: the register takes the dropped grant when its queue
// is over and a candidate, else u_arb's grant (and acknowledges u_arb).
// drop (ag_drop) says the grant held now goes unused: it is kept.
func (m *TM) agLoad(drop bool) {
	a, ch := m.u.arb, &m.u.ch
	sq := int(m.r.ags.q)
	hit := m.r.ags.v && !m.agsIn() && ch.OverI.Bit(sq) != 0 && ch.CandI.Bit(sq) != 0 // ags_hit
	if drop {
		m.r.agsD = m.r.ag
	}
	if hit { // u_arb not acknowledged: its grant keeps its turn
		m.r.agD = m.r.ags
		return
	}
	m.r.agD = arbGrant{v: a.GntValidO, q: a.GntIdxO}
	if a.GntValidO { // ag_ack: u_arb's pointer moves past the grant it loads
		a.AckI = true
		a.Eval()
	}
}

// agsIn is ags_in: the register holds the dropped grant (it loaded).
func (m *TM) agsIn() bool { return m.r.ag.v && m.r.ag.q == m.r.ags.q }

// agsEmptied clears the dropped grant when it has loaded or its queue
// holds no PD (occamy_tm's agsv_d; a drop in the same cycle's load sets
// it again).
func (m *TM) agsEmptied() {
	if m.r.ags.v && (m.agsIn() || m.u.pdl.NonemptyO.Bit(int(m.r.ags.q)) == 0) {
		m.r.agsD = arbGrant{}
	}
}
