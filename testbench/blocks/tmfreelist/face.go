// Package tmfreelist is the verification face of tm_free_list, a sub-block of the
// traffic manager (hw/tm, verilog/tm_free_list.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmfreelist

import (
	"occamy/testbench/blocks"
	"occamy/testbench/blocks/tmsub"
)

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_free_list",
		Summary: "the TM's free cell list: K banks threaded through the cell-pointer memory, pops and appends (stages E-G)",
		Idle:    map[string]string{"rd_addr_o": "rd_en_o", "wr_addr_o": "wr_ask_o", "wr_data_o": "wr_ask_o", "head_o": "cnt_o"},
		Mutants: []blocks.Mutant{
			{
				ID: "sub-fl-tail-reset", File: "tm_free_list.sv",
				Anchor:  "tail_q[b*CW +: CW]  <= CW'(b + K * ((B - 1 - b) / K));",
				Replace: "tail_q[b*CW +: CW]  <= CW'(b + K * ((B - 1 - b) / K - 1));",
				Desc:    "a free bank's tail resets to its last cell but one, so the first append links the chain behind the wrong cell (the TM's tm-fl-tail-reset, against the sub-block alone)",
			},
			// free list / PD lists pipeline (issue 29): the derived registers
			// emp_q = (cnt_q == 0) and one_q = (cnt_q == 1).
			{
				ID: "sub-fl-emp-g", File: "tm_free_list.sv",
				Anchor:  "emp_d[b] = cfz[b] && gz[b];",
				Replace: "emp_d[b] = cfz[b];",
				Desc:    "the derived bank-empty register ignores a stage G append into an empty bank, so that bank shows head 0 with a cell in it",
			},
			{
				ID: "sub-fl-one-g", File: "tm_free_list.sv",
				Anchor:  "|| (c1z[b] && f1[b] && gz[b]) || (cfz[b] && g1[b]);",
				Replace: "|| (c1z[b] && f1[b] && gz[b]);",
				Desc:    "the derived one-cell register misses a one-cell stage G append into an empty bank, so that bank's last pop reads a link it does not have",
			},
			// stage G's slot read only under ga_i (issue 29, flg): the
			// executor drives a lane's front chain whether it goes or not.
			{
				ID: "sub-fl-g-cnt-ungated", File: "tm_free_list.sv",
				Anchor:  "cnt_d[b*BNW +: BNW]   = gb[b] ? cnt_f[b*BNW +: BNW] + gn[b*BNW +: BNW]",
				Replace: "cnt_d[b*BNW +: BNW]   = 1'b1 ? cnt_f[b*BNW +: BNW] + gn[b*BNW +: BNW]",
				Desc:    "the free count adds stage G's slot without ga_i, so a lane that does not go counts its cells into the bank (the TM's tm-fl-g-cnt-ungated, against the sub-block alone)",
			},
		},
	})
}
