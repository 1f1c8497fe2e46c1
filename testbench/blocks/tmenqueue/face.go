// Package tmenqueue is the verification face of tm_enqueue, a sub-block of the
// traffic manager (hw/tm, verilog/tm_enqueue.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmenqueue

import (
	"occamy/testbench/blocks"
	"occamy/testbench/blocks/tmsub"
)

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_enqueue",
		Summary: "the TM's ingress FIFO and enqueue engine: all-or-nothing rounds of K pops, tags, the link (stage E)",
		Uses:    []string{"sram_mp"},
		Idle:    map[string]string{"cd_wr_addr_o": "cd_wr_en_o", "cd_wr_data_o": "cd_wr_en_o", "link_qid_o": "link_o", "link_pd_o": "link_o", "link_cells_o": "link_o", "link_body_o": "link_o"},
		Mutants: []blocks.Mutant{
			{
				ID: "sub-enq-fits-le", File: "tm_enqueue.sv",
				Anchor:  "if (((32'(c) << KB) | 32'(jt)) < 32'(hn) + (xpop_q[b] ? K : 0)) go_t = 1'b0;",
				Replace: "if (((32'(c) << KB) | 32'(jt)) <= 32'(hn) + (xpop_q[b] ? K : 0)) go_t = 1'b0;",
				Desc:    "the all-or-nothing check off by one: a packet just taken waits while a bank holds exactly its sub-list's cells (c*K + j = n)",
			},
			// free list / PD lists pipeline (issue 29): the derived registers
			// fne_q, needb_q, lastk_q and first_q.
			{
				ID: "sub-enq-fne-take", File: "tm_enqueue.sv",
				Anchor:  "fne_d = 32'(en_q) + 32'(adm_n_i) != 32'(ld);",
				Replace: "fne_d = 32'(en_q) + 32'(adm_n_i) != 0;",
				Desc:    "the derived FIFO-not-empty register forgets the load into the next-packet register (the FIFO's pop): the FIFO seems to hold a packet after its last one is loaded",
			},
			{
				ID: "sub-enq-needb-ge", File: "tm_enqueue.sv",
				Anchor:  "needb_d[b] = go ? 32'(left) > K + 32'(jc) : needb[b];",
				Replace: "needb_d[b] = go ? 32'(left) >= K + 32'(jc) : needb[b];",
				Desc:    "the derived per-bank need register off by one: a bank whose sub-list ended is popped once more in the next round",
			},
			{
				ID: "sub-enq-lastk-lt", File: "tm_enqueue.sv",
				Anchor:  "lastk_d = go ? 32'(left) <= 2 * K",
				Replace: "lastk_d = go ? 32'(left) < 2 * K",
				Desc:    "the derived last-round register off by one: a packet with exactly K cells left after a round is not linked in its last round",
			},
			{
				ID: "sub-enq-first-wait", File: "tm_enqueue.sv",
				Anchor:  "first_d = (take || first_q) && (!go || n_c == '0);",
				Replace: "first_d = take && (!go || n_c == '0);",
				Desc:    "the derived first-round register is lost when a taken packet waits two cycles, so its first round skips the all-or-nothing check",
			},
		},
	})
}
