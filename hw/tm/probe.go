package tm

// Stats returns the counters, with Len and the totals brought up to date.
// The pointer stays valid; later Steps update the same struct.
func (m *TM) Stats() *Stats {
	s := &m.stats
	s.Cycles = m.cycle
	for i := range s.Queues {
		s.Queues[i].Len = Count{Pkts: uint64(m.qpkts[i]), Cells: uint64(m.qlenD[i])}
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
	// Field by field: a composite literal would be built and then copied.
	p.Cycle, p.Qlen, p.QlenChg, p.Free, p.Thr = m.cycle-1, m.qlenD, m.qChg, m.freeD, m.adm.u.Thr.ThrO
	p.Over, p.GntValid, p.GntIdx, p.Cand = m.sel.OverO, m.ch.gntO, m.ch.gntIdxO, m.ch.candI
	p.HD, p.Deq, p.Ports, p.HDPorts, p.HDPipe = m.hdState(), m.deqState(), m.use, m.hdUse, m.hd.pipe
	if m.cycle == 0 {
		p.Cycle = 0
	}
}

// Registers returns Probe's Qlen and Free (the registers now) without the
// rest of the view.
func (m *TM) Registers() (qlen []uint32, free int) { return m.qlenD, m.freeD }

// hdState is the head-drop path's state as traced: cells while a lane
// holds work, else PD read while a read is in flight, else idle.
func (m *TM) hdState() ExecState {
	switch {
	case m.hd.busy():
		return ExecCells
	case m.hdRd.valid:
		return ExecReadPD
	}
	return ExecIdle
}

// deqState is the dequeue path's state as traced.
func (m *TM) deqState() ExecState {
	switch {
	case m.deqRd.valid:
		return ExecReadPD
	case m.deq.jobsQ.Len() > 0:
		return ExecCells
	}
	return ExecIdle
}
