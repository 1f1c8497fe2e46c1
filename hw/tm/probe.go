package tm

// Stats returns the counters, with Len and the totals brought up to date.
// The pointer stays valid; later Steps update the same struct.
func (m *TM) Stats() *Stats {
	s := &m.obs.stats
	s.Cycles = m.cycle
	for i := range s.Queues {
		s.Queues[i].Len = Count{Pkts: uint64(m.acct.qpkts[i]), Cells: uint64(m.r.qlenD[i])}
	}
	s.SumTotal()
	return s
}

// SumTotal recomputes Total as the sum of Queues' counters; Total.MaxLen,
// the largest occupancy seen, is not a sum and stays as it is.
func (s *Stats) SumTotal() {
	var t QueueStats
	for i := range s.Queues {
		q := &s.Queues[i]
		t.Arrived.add(q.Arrived)
		t.Admitted.add(q.Admitted)
		t.AdmDropped.add(q.AdmDropped)
		t.IngressDropped.add(q.IngressDropped)
		t.HeadDropped.add(q.HeadDropped)
		t.StaleHeadDropped.add(q.StaleHeadDropped)
		t.Transmitted.add(q.Transmitted)
		t.Len.add(q.Len)
	}
	t.MaxLen = s.Total.MaxLen
	s.Total = t
}

func (c *Count) add(o Count) { c.Pkts += o.Pkts; c.Cells += o.Cells }

// Probe returns the view after the last Step: Qlen and Free are the
// registers now; Thr, Over, the head-drop grant, the pipeline states and
// Ports are what the last cycle (Cycle = its index) computed and used.
func (m *TM) Probe() Probe {
	var p Probe
	m.ProbeInto(&p)
	return p
}

// ProbeInto fills p with Probe's view, without building a Probe value on
// each call (a per-cycle caller keeps one).
func (m *TM) ProbeInto(p *Probe) {
	// Field by field, one statement each: a composite literal, or a
	// multiple assignment, is built in a temporary and then copied.
	p.Cycle = max(m.cycle, 1) - 1
	p.Qlen = m.r.qlenD
	p.QlenChg = m.r.qChg
	p.Free = m.r.freeD
	p.Thr = m.r.thrq[:m.cfg.Q] // thr_q: queue c < Q is class c
	p.Over = m.u.sel.OverO
	p.GntValid = m.u.ch.GntValidO
	p.GntIdx = m.obs.gntIdx
	p.Cand = m.u.ch.ConsideredO
	p.HD = m.hdState()
	p.Deq = m.deqState()
	p.Ports = m.obs.use
	p.HDPorts = m.obs.hdUse
	p.HDPipe = m.u.hd.PipeO
}

// Registers returns Probe's Qlen and Free (the registers now) without the
// rest of the view.
func (m *TM) Registers() (qlen []uint32, free int) { return m.r.qlenD, m.r.freeD }

// SampledLengths returns qlen_q, the queue lengths the last Eval sampled
// at the start of its cycle (what the selector and the head-drop choice
// read): after Eval, the lengths Registers returned before it. The slice
// aliases the model's state and is the same one for the model's life.
func (m *TM) SampledLengths() []uint32 { return m.r.qlenQ }

// hdState is the head-drop path's state as traced: cells while a lane
// or stage A's register holds work, else PD read while a read is in flight, else idle.
func (m *TM) hdState() ExecState {
	switch {
	case m.u.hd.HeldO:
		return ExecCells
	case m.r.hdRd.valid:
		return ExecReadPD
	}
	return ExecIdle
}

// deqState is the dequeue path's state as traced.
func (m *TM) deqState() ExecState {
	switch {
	case m.r.deqRd.valid:
		return ExecReadPD
	case m.u.deq.BusyO:
		return ExecCells
	}
	return ExecIdle
}
