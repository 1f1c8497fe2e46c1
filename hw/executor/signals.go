package executor

import "occamy/rtl"

// Signals lists every port of hd_executor (rst_ni, the enqueue port, the drop
// port, qlen_o, free_o) and the registers that a waveform needs to follow a
// drop: the free cell list (free_head_q, free_tail_q; its count is free_o),
// the free PD list (pd_free_head_q, pd_free_tail_q, pd_free_cnt_q) and the
// packet under construction (bld_first_q, bld_last_q, bld_cnt_q). Queue
// indices are shown truncated to IW bits, as the Verilog ports carry them.
func (e *Executor) Signals() []rtl.Signal {
	wd := e.W
	u16 := func(name string, w int, v *uint16) rtl.Signal {
		return rtl.Scalar(name, w, func() uint64 { return uint64(*v) })
	}
	u32 := func(name string, w int, v *uint32) rtl.Signal {
		return rtl.Scalar(name, w, func() uint64 { return uint64(*v) })
	}
	return []rtl.Signal{
		rtl.Flag("rst_ni", func() bool { return e.RstNI }),
		rtl.Flag("enq_valid_i", func() bool { return e.EnqValidI }),
		rtl.Scalar("enq_qid_i", wd.IW, func() uint64 { return uint64(e.EnqQidI & e.iwMask) }),
		rtl.Flag("enq_eop_i", func() bool { return e.EnqEopI }),
		rtl.Flag("enq_ready_o", func() bool { return e.EnqReadyO }),
		rtl.Flag("drop_valid_i", func() bool { return e.DropValidI }),
		rtl.Scalar("drop_qid_i", wd.IW, func() uint64 { return uint64(e.DropQidI & e.iwMask) }),
		rtl.Flag("drop_ack_o", func() bool { return e.DropAckO }),
		u32("drop_cells_o", wd.FW, &e.DropCellsO),
		rtl.Packed("qlen_o", e.P.N, e.P.QW, func(i int) uint64 { return uint64(e.qLen[i]) }),
		u32("free_o", wd.FW, &e.q.FreeCntQ),
		u16("free_head_q", wd.CW, &e.q.FreeHeadQ),
		u16("free_tail_q", wd.CW, &e.q.FreeTailQ),
		u16("pd_free_head_q", wd.PW, &e.q.PdFreeHeadQ),
		u16("pd_free_tail_q", wd.PW, &e.q.PdFreeTailQ),
		u32("pd_free_cnt_q", wd.KW, &e.q.PdFreeCntQ),
		u16("bld_first_q", wd.CW, &e.q.BldFirstQ),
		u16("bld_last_q", wd.CW, &e.q.BldLastQ),
		u32("bld_cnt_q", wd.FW, &e.q.BldCntQ),
	}
}
