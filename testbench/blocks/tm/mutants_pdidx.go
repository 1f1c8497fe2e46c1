package tm

import "occamy/testbench/blocks"

// pdidxMutants break the head-drop choice's ungated index (issue 29,
// pdidx: tm_hd_choice's gnt_idx_o names u_arb's index or the finder's root
// with or without a grant, so the guards sit only in gnt_valid_o and no
// 64:1 guard select is on the index's path into the PD read).
var pdidxMutants = []blocks.Mutant{
	{
		ID: "tm-pdidx-idx-policy", File: "tm_hd_choice.sv",
		Anchor:  "assign gnt_idx_o = (policy_i == 2'd1) ? arb_idx_i",
		Replace: "assign gnt_idx_o = policy_i[0] ? arb_idx_i",
		Desc: "the ungated index takes u_arb's under pushout-ports too (policy 3): u_arb has no request there, " +
			"so every pushout-ports head drop reads queue 0's head instead of the longest queue's",
	},
	{
		ID: "tm-pdidx-recheck-valid-only", File: "tm_hd_choice.sv",
		Anchor:  "if (arb_valid_i && ovn[arb_idx_i]) begin",
		Replace: "if (arb_valid_i) begin",
		Desc: "occamy's re-check dropped from the grant's valid, the only place the guard is now (the index " +
			"carries none): a queue no longer over its threshold is expelled",
	},
}
