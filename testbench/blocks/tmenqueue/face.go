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
				Anchor:  "if (done_c == '0 && cnt_i[32'(b)*BNW +: BNW] < sub) go = 1'b0;",
				Replace: "if (done_c == '0 && cnt_i[32'(b)*BNW +: BNW] <= sub) go = 1'b0;",
				Desc:    "the all-or-nothing check off by one: a packet waits while its banks hold exactly the cells it needs",
			},
		},
	})
}
