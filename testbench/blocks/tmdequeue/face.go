// Package tmdequeue is the verification face of tm_dequeue, a sub-block of the
// traffic manager (hw/tm, verilog/tm_dequeue.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmdequeue

import (
	"occamy/testbench/blocks"
	"occamy/testbench/blocks/tmsub"
)

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_dequeue",
		Summary: "the TM's dequeue pipeline after the head-PD read: job FIFO, cell rounds, frees (stages A, B, F)",
		Idle:    map[string]string{"cp_rd_addr_o": "cp_rd_en_o", "cd_rd_addr_o": "cd_rd_en_o", "fa_head_o": "fa_o", "fa_tail_o": "fa_o", "fa_n_o": "fa_o"},
		Mutants: []blocks.Mutant{
			{
				ID: "sub-deq-chain-sublist", File: "tm_dequeue.sv",
				Anchor:  "fn_d[s*BNW +: BNW] = BNW'((32'(n) - s + K - 1) / K);",
				Replace: "fn_d[s*BNW +: BNW] = BNW'((32'(n) - s) / K + 1);",
				Desc:    "the dequeue's chain free counts a sub-list one cell long when its length is a multiple of K (the TM's tm-deq-chain-sublist, against the sub-block alone)",
			},
			// dequeue pipeline (deqtop, issue 29): the derived registers that
			// took the round from 10 levels to 5, each computed wrongly.
			{
				ID: "sub-deq-left-next", File: "tm_dequeue.sv",
				Anchor:  "l_d    = fin ? nh : left - LW'(K);",
				Replace: "l_d    = fin ? n : left - LW'(K);",
				Desc:    "the next front job's cells left taken from the finished job's count, not the next job's: its rounds stop early or run on",
			},
			{
				ID: "sub-deq-round0", File: "tm_dequeue.sv",
				Anchor:  "d0_d   = fin;",
				Replace: "d0_d   = 1'b0;",
				Desc:    "the round-0 flag not set after a fin: a job waiting in the FIFO starts from the link read port instead of its PD's heads",
			},
			{
				ID: "sub-deq-emp-late", File: "tm_dequeue.sv",
				Anchor:  "emp_q  <= dn_d == '0;",
				Replace: "emp_q  <= dn_q == '0;",
				Desc:    "the empty-FIFO register a cycle late: the first cycle after the FIFO empties (or fills) takes the wrong job",
			},
		},
	})
}
