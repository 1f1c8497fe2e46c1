package tm

import "occamy/testbench/blocks"

// hdChainMutants: tm_hd_exec's lane entry under chain freeing.
var hdChainMutants = []blocks.Mutant{
	{
		ID: "tm-hd-chain-sublist", File: "tm_hd_exec.sv",
		Anchor:  "sleft_d[b*LW +: LW]     |= len;",
		Replace: "sleft_d[b*LW +: LW]     |= len + LW'(32'(s) == 32'(rr));",
		Desc:    "the executor's lane entry counts sub-list n mod K one cell too long (the chain append frees a cell it does not hold; per cell a stale cell is freed)",
	},
}

// hdLaneMutants: tm_hd_exec's lanes: the sub-list chase, the lane depth and
// latch, empty banks, the chain's tail, the cells freed a cycle and the
// ports' budget.
var hdLaneMutants = []blocks.Mutant{
	{
		ID: "tm-hd-round-reads", File: "tm_hd_exec.sv",
		Anchor:  "smul_d[b]               |= 32'(len) > 1;",
		Replace: "smul_d[b]               |= 32'(len) > 2;",
		Desc:    "a sub-list chase off by one in the executor's lanes (per cell): a 2-cell sub-list reaches its lane marked as reading no link, so it frees its first cell again instead of the second",
	},
	{
		ID: "tm-hd-lane-depth", File: "tm_hd_exec.sv",
		Anchor:  "localparam int LD  = 4;",
		Replace: "localparam int LD  = 3;",
		Desc:    "the lane depth off by one (3 against hw/tm's HDLaneDepth 4): the executor stops taking grants while a lane holds 3 entries",
	},
	{
		ID: "tm-hd-lane-latch", File: "tm_hd_exec.sv",
		Anchor:  "// Blocked: the front (the push when c = 0) stays, its cell latched.\n          fcur_d[b*CW +: CW]  = fcur;",
		Replace: "// Blocked: the front (the push when c = 0) stays, its cell latched.\n          fcur_d[b*CW +: CW]  = (c != '0) ? fcur_q[b*CW +: CW] : fcur;",
		Desc:    "tags: a lane blocked for ports the cycle after its link read drops the read data, so it later frees the cell it had already freed",
	},
	{
		ID: "tm-hd-empty-needs-write", File: "tm_hd_exec.sv",
		First:   "k8/occamy",
		Anchor:  "need = ne_f_i[b];",
		Replace: "need = 1'b1;",
		Desc:    "empty bank: an append into an empty free bank is counted as a cell-pointer write, so a lane whose bank is empty is skipped when no write is left",
	},
	{
		ID: "tm-hd-empty-bank0", File: "tm_hd_exec.sv",
		First:   "k8/occamy",
		Anchor:  "need = ne_f_i[b];",
		Replace: "need = ne_f_i[0];",
		Desc:    "empty bank: every lane reads bank 0's not-empty bit, so a lane appends without a write into a bank that is not empty (or waits for one it does not need)",
	},
	{
		ID: "tm-hd-chain-tail", File: "tm_hd_exec.sv",
		Anchor:  "ga_tail_o[b*CW +: CW] = chain_i ? ftail : fcur;",
		Replace: "ga_tail_o[b*CW +: CW] = fcur;",
		Desc:    "tags: chain freeing appends a sub-list with its head as its tail, so the bank's tail is wrong and the next append cuts the chain after its first cell",
	},
	{
		ID: "tm-hd-freed-narrow", File: "tm_hd_exec.sv",
		First:   "k4-tight/occamy-chain",
		Anchor:  "sum = sum + FW'(sums[32'(wgo[g +: GL])*SGW +: SGW]);",
		Replace: "sum = FW'(LW'(sum + FW'(sums[32'(wgo[g +: GL])*SGW +: SGW])));",
		Desc:    "the cells freed in a cycle summed in LW bits: lanes of two long packets (MAXPKT = 2^LW-1) freeing more than 2^LW-1 cells wrap the free count",
	},
	{
		ID: "tm-hd-stall", File: "tm_hd_exec.sv",
		Anchor:  "          curp_d[b]           = 1'b0;\n        end\n        if (need) wreq",
		Replace: "          curp_d[b]           = 1'b0;\n          wreq = WW'(K);\n          rreq = RW'(2 * K);\n        end\n        if (need) wreq",
		Desc:    "a blocked lane stalls the lanes after it (their ports taken) instead of being skipped: a later lane that fits waits",
	},
	{
		ID: "tm-hd-rd-slots-ones", File: "tm_hd_exec.sv",
		Anchor:  "cp_rd_addr_o = '0;",
		Replace: "cp_rd_addr_o = '1;",
		Desc:    "the executor's read addresses start all ones, not 0: its reads' own addresses become all ones (before issue 29's cpdown occamy_tm ORed its unused slots into the dequeue's and the pops' reads; now their addresses win their ports)",
	},
	{
		ID: "tm-hd-read-budget", File: "tm_hd_exec.sv",
		Anchor:  "if (wfit && rfit) begin",
		Replace: "if (wfit) begin",
		Desc: "a lane's link read ignores the read ports left (rd_left_i, rd_deq_i). Equivalent until the dequeue's frees became a " +
			"register (issue 29, hw/tm DeqFreeLag): the dequeue's link read (per cell) then goes a cycle before the write of the " +
			"cell it frees, so the reads can run out before the writes (first killed at small/reconf seed 1, cycle 134231, cp_rd_o)",
	},
}

// hdStageMutants: executor pipeline (issue 29: tm_hd_exec within 8 levels):
// stage A's register, the room it takes, the front copy, the request rule.
var hdStageMutants = []blocks.Mutant{
	{
		ID: "tm-hd-stage-room", File: "tm_hd_exec.sv",
		Anchor:  "assign full[b] = 32'(cnt_q[b*LCW +: LCW]) + 32'(push[b]) + 32'(unl_i) >= LD;",
		Replace: "assign full[b] = 32'(cnt_q[b*LCW +: LCW]) + 32'(unl_i) >= LD;",
		Desc:    "executor pipeline: the room a read needs forgets the push in stage A's register, so a read is issued whose push finds its lane full",
	},
	{
		ID: "tm-hd-stage-unl", File: "tm_hd_exec.sv",
		Anchor:  "assign full[b] = 32'(cnt_q[b*LCW +: LCW]) + 32'(push[b]) + 32'(unl_i) >= LD;",
		Replace: "assign full[b] = 32'(cnt_q[b*LCW +: LCW]) + 32'(push[b]) >= LD;",
		Desc:    "executor pipeline: the room a read needs forgets the unlink of this cycle (two head drops back to back), so the second's push finds its lane full",
	},
	{
		ID: "tm-hd-stage-comb", File: "tm_hd_exec.sv",
		Anchor:  "assign push      = sv_q;",
		Replace: "assign push      = sv_d;",
		Desc:    "executor pipeline: stage A's register bypassed for the push flags: a lane counts the unlink's entry a cycle early, before its cells arrive",
	},
	{
		ID: "tm-hd-front-next", File: "tm_hd_exec.sv",
		Anchor:  "fcur_d[b*CW +: CW]  = ecur_q[(b*LD + 32'(r1))*CW +: CW];",
		Replace: "fcur_d[b*CW +: CW]  = ecur_q[(b*LD + 32'(r))*CW +: CW];",
		Desc:    "executor pipeline: the front copy, when its entry leaves, takes the entry that left, not the next one: the lane frees a cell of the old sub-list again",
	},
	{
		ID: "tm-hd-front-mul", File: "tm_hd_exec.sv",
		Anchor:  "fmul_d[b]                    = 32'(fleft) > 2;",
		Replace: "fmul_d[b]                    = 32'(fleft) > 1;",
		Desc:    "executor pipeline: the front's \"link read needed\" flag, after a read, tested on the cells before it: its last cell reads a link it does not have",
	},
	{
		ID: "tm-hd-asks-granted", File: "tm_hd_exec.sv",
		Anchor:  "        if (rdn) begin\n          rreq = rreq + RW'(1);",
		Replace: "        if (rdn && rd_go[b]) begin\n          rreq = rreq + RW'(1);",
		Desc:    "executor pipeline: a lane's read port counts only the reads granted before it (the greedy rule), not the reads asked for: a lane after a blocked one reads on another port than the model's",
		Equivalent: "in occamy_tm the port a lane reads on is internal (its data comes back on that port, port_q), so while the " +
			"reads fit only the port numbers differ, which no output of occamy_tm shows; the tm_hd_exec face (cp_rd_en_o) and " +
			"hw/tm's TestHDExecAsksNotGranted do. Since the dequeue's frees are a register the reads can bind (tm-hd-read-budget " +
			"is killed), and the argument does not cover a cycle where they do: measured only, it survived the whole matrix, " +
			"6 000 000 cycles, with the frees registered (docs/mutation.md)",
	},
}
