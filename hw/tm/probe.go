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
	// Field by field, one statement each: a composite literal, or a
	// multiple assignment, is built in a temporary and then copied.
	p.Cycle = max(m.cycle, 1) - 1
	p.Qlen = m.qlenD
	p.QlenChg = m.qChg
	p.Free = m.freeD
	p.Thr = m.thr.Thr.ThrO
	p.Over = m.sel.OverO
	p.GntValid = m.ch.GntValidO
	p.GntIdx = m.gntIdx
	p.Cand = m.ch.ConsideredO
	p.HD = m.hdState()
	p.Deq = m.deqState()
	p.Ports = m.use
	p.HDPorts = m.hdUse
	p.HDPipe = m.hd.PipeO
}

// Registers returns Probe's Qlen and Free (the registers now) without the
// rest of the view.
func (m *TM) Registers() (qlen []uint32, free int) { return m.qlenD, m.freeD }

// SampledLengths returns qlen_q, the queue lengths the last Eval sampled
// at the start of its cycle (what the selector and the head-drop choice
// read): after Eval, the lengths Registers returned before it. The slice
// aliases the model's state and is the same one for the model's life.
func (m *TM) SampledLengths() []uint32 { return m.qlenQ }

// hdState is the head-drop path's state as traced: cells while a lane
// holds work, else PD read while a read is in flight, else idle.
func (m *TM) hdState() ExecState {
	switch {
	case m.hd.HeldO:
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
	case m.deq.BusyO:
		return ExecCells
	}
	return ExecIdle
}
