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
				Anchor:  "fa_n_o[s*BNW +: BNW]  = BNW'((32'(n) - s + K - 1) / K);",
				Replace: "fa_n_o[s*BNW +: BNW]  = BNW'((32'(n) - s) / K + 1);",
				Desc:    "the dequeue's chain free counts a sub-list one cell long when its length is a multiple of K (the TM's tm-deq-chain-sublist, against the sub-block alone)",
			},
		},
	})
}
