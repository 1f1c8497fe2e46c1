package tm

import "occamy/hw/mem"

// freeList runs u_fl around the stages that use it: its heads for the
// enqueue (E), its pops and the dequeue's frees (F) with their reads on
// u_cp_mem, the head drop's lanes and frees (G), then every cp write of
// the cycle, stage F's first.
func (m *TM) freeList() {
	f, ram := m.u.fl, &m.ram
	f.EvalHead()
	m.u.enq.PopOkI = f.PopOkO
	// Stage E: u_enq's round (its pops go to u_fl's pop_i, which aliases
	// pop_o), its tag writes on u_cd_mem, and the link in u_pdl with its
	// PD writes on u_pd_mem (the body, and the tail's link when the queue
	// is not empty). These are the cycle's last uses of u_cd_mem and
	// u_pd_mem (their reads are in stages B, C and D): the writes land at
	// once (WriteLast). Written out here like stage G below.
	e := m.u.enq
	e.CpRdLeftI = ram.cp.ReadsLeft()
	e.Eval()
	if e.CdWrNO > 0 { // a round now (and perhaps the link)
		ram.cd.WriteLast(e.CdWrAddrO[:e.CdWrNO], e.CdWrDataO[:e.CdWrNO])
		m.acct.unpopped -= e.CdWrNO
		if e.LinkO {
			l := m.u.pdl
			l.LinkI, l.LinkQidI, l.LinkPdI, l.LinkCellsI = true, e.LinkQidO, e.LinkPdO, e.LinkCellsO
			l.EvalLink()
			ram.pd.WriteMergeLast(int(e.LinkPdO), e.LinkBodyO, nil)
			if l.LinkPredO {
				ram.pd.WriteMergeLast(int(l.LinkTailO), mem.PD{Next: e.LinkPdO, NextLen: uint16(e.LinkCellsO)}, mergeLink)
			}
		}
	}
	d := m.u.deq
	m.freed(d.FreedO) // stage F: u_fl's fa_* are u_deq's
	f.PopI, f.FaI = e.PopO, d.FaO
	f.PopPortI, _ = ram.cp.Use()
	f.EvalPop()
	// The guards here and below skip the loops' set-up on the
	// many cycles without a read or write (12 instructions a loaded cycle,
	// cachegrind on BenchmarkTM90).
	if f.PopRdNO > 0 {
		for p := f.PopPortI; p < f.PopPortI+f.PopRdNO; p++ {
			ram.cpRd.put(p, ram.cp.Read(int(f.RdAddrO[p])))
		}
	}
	// Stage G: u_hd's lanes with the u_cp_mem ports the dequeue and the
	// enqueue left (its appends go to u_fl's ga_*, which alias ga_o). It
	// is written out here, not called: a call costs 14 instructions a
	// loaded cycle (cachegrind, BenchmarkTM90/occamy).
	h := m.u.hd
	h.RdBaseI, _ = ram.cp.Use()
	h.RdLeftI, h.WrLeftI = ram.cp.ReadsLeft(), ram.cp.P.WritePorts-f.FWrNO
	h.EvalCells()
	for r := h.CpRdEnO; r != 0; r &= r - 1 { // ports from RdBaseI on, perhaps with gaps
		p := trailingZeros(r)
		ram.cpRd.put(p, ram.cp.Read(int(h.CpRdAddrO[p])))
	}
	m.obs.hdUse[MemCP].Reads = h.RdNO
	m.freed(h.FreedO)
	m.r.hdFly -= h.FreedO
	f.GaI = h.GaO
	f.EvalG()
	if f.WrNO > 0 {
		ram.cp.WriteLast(f.WrAddrO[:f.WrNO], f.WrDataO[:f.WrNO]) // the cycle's last use of u_cp_mem
	}
	m.obs.hdUse[MemCP].Writes = f.WrNO - f.FWrNO
}
