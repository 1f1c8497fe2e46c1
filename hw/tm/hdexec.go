package tm

import "occamy/hw/mem"

// HDExec is the head-drop executor. Verilog: tm_hd_exec. It is serial:
// one packet at a time. In stage D it takes the policy's grant (HDChoice,
// tm_hd_choice's gnt_valid_o/gnt_idx_o) when it is idle and the PD read
// port is free after the dequeue (take_o: idle and pd_free_i), issuing the
// head-PD read (pd_rd_o, the top's hdRd) and locking the queue. At
// unlink (stage A, after the dequeue's; unl_i, hd_valid_o) the packet's
// cells become its job (job_q, busy_o); stage G frees them with the
// cell-pointer ports the dequeue and the enqueue left idle (cp_rd_*, ga_*
// to u_fl): per-cell rounds as the dequeue's without data reads, or one
// write per sub-list in chain mode.
type HDExec struct {
	jobQ   cellJob // job_q: the expelled packet's cells still to free
	busyQ  bool    // busy_o: job_q is valid
	staleQ bool    // stale_q: the drop in flight was issued to a queue at or below its threshold
}

// take is take_o: the executor is idle and a PD read port is still free
// after the dequeue, so it takes a grant this cycle.
func (h *HDExec) take(m *TM) bool { return !m.hdRd.valid && !h.busyQ && m.pds.Mem.ReadsLeft() > 0 }

// start reads queue q's head PD for the executor and locks q (stage D).
func (h *HDExec) start(m *TM, q int) {
	_, v, err := m.pds.ReadHead(q)
	if err != nil {
		m.fail(err)
		return
	}
	m.locked.Set(q)
	h.staleQ = (m.pol == polOccamy || m.pol == polLQD) && !m.overNow(q)
	m.hdUse[MemPD].Reads++
	m.hdRd = pdRead{valid: true, q: q, v: v, ready: m.pds.Mem.ReadyAt(m.cycle)}
}

// unlink (stage A, second) unlinks the head PD whose read is back and
// takes the packet's cells as its job.
func (h *HDExec) unlink(m *TM) {
	r := &m.hdRd
	now := m.cycle
	if !r.valid || r.ready > now {
		return
	}
	r.valid = false
	if !m.unlinkHead(r) {
		return
	}
	st := &m.stats.Queues[r.q]
	st.HeadDropped.Pkts++
	st.HeadDropped.Cells += uint64(r.v.Cells)
	m.event(EvHeadDrop, r.q, -1, r.v.Serial)
	m.out.HDValid, m.out.HDQid, m.out.HDCells = true, r.q, int(r.v.Cells)
	if h.staleQ {
		st.StaleHeadDropped.Pkts++
		st.StaleHeadDropped.Cells += uint64(r.v.Cells)
	}
	h.jobQ = cellJob{q: r.q, port: r.q / m.cfg.Q, v: r.v, cur: r.v.Heads, ready: now,
		chains: uint8(1<<min(int(r.v.Cells), m.k) - 1)}
	h.busyQ = true
}

// cells (stage G) returns the expelled packet's cells to the free list
// with the ports the dequeue and the enqueue left idle this cycle:
// per-cell mode runs the same cell rounds as the dequeue without the data
// reads (all or nothing per round); chain mode appends each sub-list with
// one cell-pointer write as write ports allow.
func (h *HDExec) cells(m *TM) {
	if !h.busyQ {
		return
	}
	j := &h.jobQ
	k, n := m.k, int(j.v.Cells)
	if m.chain {
		for s := 0; s < min(n, k); s++ {
			if j.chains>>uint(s)&1 == 0 {
				continue
			}
			hd := j.v.Heads[s]
			b := m.fl.Bank(hd)
			if m.fl.AppendWrites(b) > m.cp.WritesLeft() {
				continue
			}
			l := mem.SubListLen(n, k, s)
			m.fl.AppendChain(b, hd, j.v.Tails[s], l)
			j.chains &^= 1 << uint(s)
			m.freed(l)
		}
		if j.chains == 0 {
			h.busyQ = false
		}
		return
	}
	if j.ready > m.cycle {
		return
	}
	cnt, reads := roundSize(n, j.done, k)
	if reads > m.cp.ReadsLeft() || cnt > m.cp.WritesLeft() {
		return
	}
	for s := 0; s < cnt; s++ {
		x, i := j.cur[s], j.done+s
		if i+k < n {
			j.cur[s] = m.cp.Read(int(x))
		}
		m.fl.Append(x)
	}
	j.done += cnt
	m.freed(cnt)
	j.ready = m.cp.ReadyAt(m.cycle)
	if j.done == n {
		h.busyQ = false
	}
}
