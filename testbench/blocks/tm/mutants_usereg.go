package tm

import "occamy/testbench/blocks"

// useregMutants break the registered port-use counts (issue 29, usereg):
// pd_rd_o .. cd_wr_o are the cycle before's, cp_mem's counted after the
// register from its registered enables.
var useregMutants = []blocks.Mutant{
	{
		ID: "tm-usereg-no-hd-reads", File: "occamy_tm.sv",
		Anchor:  "for (int p = 0; p < 2 * K; p++) r = r + RW'(cpr_q[p] || cph_q[p]);",
		Replace: "for (int p = 0; p < 2 * K; p++) r = r + RW'(cpr_q[p]);",
		Desc:    "cp_rd_o leaves out the executor's registered reads (cph_q)",
	},
	{
		ID: "tm-usereg-no-reset", File: "occamy_tm.sv",
		Anchor:  "      use_q <= '0;\n    end else begin",
		Replace: "      use_q <= use_d;\n    end else begin",
		Desc:    "the PD and cell-data memories' registered counts are not reset: the first cycle after a reset shows the reset cycle's use",
	},
	{
		ID: "tm-usereg-cp-not-zeroed", File: "occamy_tm.sv",
		Anchor:  "cp_rd_o = live_q ? r : '0;",
		Replace: "cp_rd_o = r;",
		Desc:    "cp_rd_o not zeroed in the first cycle after a reset (cpr_q has no reset): it shows the reset cycle's read enables",
	},
	{
		ID: "tm-usereg-wr-now", File: "occamy_tm.sv",
		Anchor:  "for (int p = 0; p < K; p++) w = w + WW'(cpw_q[p]);",
		Replace: "for (int p = 0; p < K; p++) w = w + WW'(cp_wen[p]);",
		Desc:    "cp_wr_o counts this cycle's write enables, not the registered ones: the count a cycle early",
	},
}
