package arbiter

import "occamy/testbench/blocks"

// mutants are arbiter's bugs for the self-check (cosim/mutation); docs/mutation.md
// lists the stimulus that kills each.
var mutants = []blocks.Mutant{
	// rr_arbiter: first request at or after ptr_q; ptr_q <= winner+1 on ack.
	{
		ID: "arb-ptr-no-ack", File: "rr_arbiter.sv",
		Anchor:  "if (gnt_valid_o && ack_i) begin",
		Replace: "if (gnt_valid_o) begin",
		Desc:    "the pointer moves past every grant, acknowledged or not",
	},
	{
		ID: "arb-ptr-winner", File: "rr_arbiter.sv",
		Anchor:  "? '0 : gnt_idx_o + IW'(1);",
		Replace: "? '0 : gnt_idx_o;",
		Desc:    "the pointer is set to the winner instead of winner+1",
	},
	{
		ID: "arb-mask-gt", File: "rr_arbiter.sv",
		Anchor:  "assign mask = '1 << ptr_q;",
		Replace: "assign mask = '1 << (32'(ptr_q) + 1);",
		Desc:    "the pointer mask shifted one further (mask[i] = i > ptr_q, `>=` became `>`): the request at the pointer loses its turn",
	},
	{
		ID: "arb-wrap-early", File: "rr_arbiter.sv",
		Anchor:  "ptr_d = (gnt_idx_o == IW'(N - 1))",
		Replace: "ptr_d = (gnt_idx_o == IW'(N - 2))",
		Desc:    "wrap one early: a taken grant of N-2 sends the pointer to 0 instead of N-1",
	},
	{
		ID: "arb-wrap-dropped", File: "rr_arbiter.sv",
		Anchor:  "ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);",
		Replace: "ptr_d = gnt_idx_o + IW'(1);",
		Desc:    "wrap test dropped: the pointer after winner N-1 is N mod 2^IW",
		Equivalent: "for N a power of two (the co-simulated N=64) the IW-bit sum is 0 already; for any " +
			"other N the pointer becomes N, which masks every request (mask[i] = i >= N is 0 below N), " +
			"so the search falls back to the lowest request, exactly what pointer 0 grants; only the " +
			"ptr_q < N assertion, compiled out here, sees the difference",
	},
	{
		ID: "arb-reset-ptr", File: "rr_arbiter.sv",
		Anchor:  "ptr_q <= '0;",
		Replace: "ptr_q <= IW'(1);",
		Desc:    "reset value: the pointer resets to 1, so requester 0 loses the first turn",
	},
	{
		ID: "arb-valid-hi", File: "rr_arbiter.sv",
		Anchor:  "assign gnt_valid_o = |req_i;",
		Replace: "assign gnt_valid_o = |hi;",
		Desc:    "no grant when every request lies below the pointer (the wrap-around search lost)",
	},
	{
		ID: "arb-group-onehot", File: "rr_arbiter.sv",
		Anchor:  "assign goh = any & (~any + NG'(1));",
		Replace: "assign goh = any;",
		Desc:    "encoder: the lowest non-empty group is not isolated, indices of several groups OR together",
	},
}
