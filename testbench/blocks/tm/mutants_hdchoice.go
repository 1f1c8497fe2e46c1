package tm

import "occamy/testbench/blocks"

// hdChoiceRecheckMutants: tm_hd_choice's re-check comparator and the
// arbiter's acknowledge.
var hdChoiceRecheckMutants = []blocks.Mutant{
	{
		ID: "tm-hd-recheck-ge", File: "tm_hd_choice.sv",
		Anchor:  "o[i] = qlen_i[i*QW +: QW] > thr_i[i*QW +: QW];",
		Replace: "o[i] = qlen_i[i*QW +: QW] >= thr_i[i*QW +: QW];",
		Desc:    "the re-check comparator `>` became `>=`: a queue exactly at its threshold is still expelled",
	},
	{
		ID: "tm-hd-ack-busy", File: "tm_hd_choice.sv",
		Anchor:  "gnt_valid_o = 1'b1;\n          arb_ack_o   = take_i;",
		Replace: "gnt_valid_o = 1'b1;\n          arb_ack_o   = 1'b1;",
		Desc:    "the arbiter is acknowledged while the executor cannot take the grant (a lane full or the PD port taken): the round-robin pointer skips queues it never expelled",
		Equivalent: "occamy_tm no longer reads u_choice's arb_ack_o (stop 50, agtake: u_arb's grant register reloads on the executor's " +
			"take_o, hd_take, and u_arb is acknowledged as the register loads), so the ack's value cannot change the TM; the " +
			"sub-block's own face compares arb_ack_o, and sub-hd-ack-busy makes the same change there. Killed in the TM from " +
			"its introduction until agtake (136, later 206, cycles).",
	},
}

// hdChoicePickMutants: tm_hd_choice's pick: the pipelined maximum finder,
// pushout-ports' and occamy-lqd's stale choices.
var hdChoicePickMutants = []blocks.Mutant{
	{
		ID: "tm-po-maxfind-tie", File: "tm_hd_choice.sv",
		Anchor:  "assign w   = nv[2*j] && (!nv[2*j+1] || nl[2*j] >= nl[2*j+1]);",
		Replace: "assign w   = nv[2*j] && (!nv[2*j+1] || nl[2*j] > nl[2*j+1]);",
		Desc:    "the choice's pipelined maximum finder off by one on ties: equal lengths go to the higher index (pushout-ports' and occamy-lqd's choice)",
	},
	{
		ID: "tm-po-masked", File: "tm_hd_choice.sv",
		Anchor:  "assign leaf_v    = (policy_i == 2'd3) ? held : (policy_i == 2'd2) ? over_i : '0;",
		Replace: "assign leaf_v    = (policy_i == 2'd3 || policy_i == 2'd2) ? over_i : '0;",
		Desc:    "pushout-ports' longest candidate masked by the selector bitmap: a longest queue under its DT threshold is never expelled",
	},
	{
		ID: "tm-po-stale-gone", File: "tm_hd_choice.sv",
		Anchor:  "if (lqd_valid && cand_i[lqd_idx]) begin",
		Replace: "if (lqd_valid) begin",
		Desc:    "pushout-ports' stale choice not re-checked as a candidate: a queue emptied, or its head read, since the finder saw it is granted",
	},
	{
		ID: "tm-lqd-stale-gone", File: "tm_hd_choice.sv",
		First:   "small/lqd-drr",
		Anchor:  "if (lqd_valid && cand_i[lqd_idx] && over_i[lqd_idx] && (!recheck_i || ovn[lqd_idx])) begin",
		Replace: "if (lqd_valid && over_i[lqd_idx] && (!recheck_i || ovn[lqd_idx])) begin",
		Desc:    "occamy-lqd's stale choice not re-checked as a candidate: a queue emptied, or its head read, since the finder saw it is granted",
	},
	{
		ID: "tm-lqd-stale-under", File: "tm_hd_choice.sv",
		First:   "small/lqd-drr",
		Anchor:  "if (lqd_valid && cand_i[lqd_idx] && over_i[lqd_idx] && (!recheck_i || ovn[lqd_idx])) begin",
		Replace: "if (lqd_valid && cand_i[lqd_idx] && (!recheck_i || ovn[lqd_idx])) begin",
		Desc:    "occamy-lqd's stale choice not re-checked against this cycle's bitmap: a queue brought under its threshold since the finder saw it is expelled",
	},
	{
		ID: "tm-mf-pipe-hold", File: "tm_hd_choice.sv",
		First:   "small/lqd-drr",
		Anchor:  "          v_q  <= v_d;\n          li_q <= li_d;",
		Replace: "          if (|leaf_v) begin\n            v_q  <= v_d;\n            li_q <= li_d;\n          end",
		Desc:    "the finder's stage registers hold while no queue is a candidate: the pipeline is not flushed, and an old choice outlives its lengths",
	},
}

// hdChoiceGateMutants: vspeed2 (issue 29's regression): the gates that let
// Verilator skip the work a configuration does not use, each broken where it
// must be open (tm_sched's in schedGateMutants).
var hdChoiceGateMutants = []blocks.Mutant{
	{
		ID: "tm-mf-gate-lqd", File: "tm_hd_choice.sv",
		First:   "small/lqd-drr",
		Anchor:  "assign use_mf = policy_i[1];",
		Replace: "assign use_mf = policy_i == 2'd3;",
		Desc:    "the finder's tree gated off under occamy-lqd as under dt and occamy: it holds its reset values, so occamy-lqd never expels",
	},
}
