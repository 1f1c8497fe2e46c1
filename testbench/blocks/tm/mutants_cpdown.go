package tm

import "occamy/testbench/blocks"

// cpdownMutants break the cell-pointer ports counted from the top (issue
// 29, cpdown): the executor's link reads on cp_mem's read ports from
// 2K-1 down, the port's address its asking lane's whether it goes or not
// (occamy_tm gives the dequeue's and the pops' ports their own address);
// stage G's writes on the ports their asks take from K-1 down, stage F's
// words first; the fits, a late count compared with an early difference.
var cpdownMutants = []blocks.Mutant{
	{
		ID: "tm-cpdown-lo-or-hd", File: "occamy_tm.sv",
		Anchor:  "cp_raddr[p*CW +: CW] = lo_en[p] ? lo_addr[p*CW +: CW] : hd_cp_addr[p*CW +: CW];",
		Replace: "cp_raddr[p*CW +: CW] = lo_addr[p*CW +: CW] | hd_cp_addr[p*CW +: CW];",
		Desc:    "the read address ORs the executor's asking lane into a port the dequeue or the pops take, so a lane blocked for reads corrupts their link read",
	},
	{
		ID: "tm-cpdown-rfit-no-deq", File: "tm_hd_exec.sv",
		Anchor:  "rfit = !rdn || rd_deq_i < rd_left_i - rreq;",
		Replace: "rfit = !rdn || rreq < rd_left_i;",
		Desc:    "a lane's read fit forgets the dequeue's reads (rd_deq_i), so a lane reads on a port the dequeue takes",
	},
	{
		ID: "tm-cpdown-wfit-no-f", File: "tm_hd_exec.sv",
		Anchor:  "wfit = !need || f_wr_n_i < WW'(K) - wreq;",
		Replace: "wfit = !need || wreq < WW'(K);",
		Desc:    "a lane's write fit forgets stage F's writes (f_wr_n_i), so a lane goes with its write on a port stage F takes",
	},
	{
		ID: "tm-cpdown-pm-below-top", File: "tm_hd_exec.sv",
		Anchor:  "pm           = (2*K)'(1) << (2 * K - 1);",
		Replace: "pm           = (2*K)'(1) << (2 * K - 2);",
		Desc:    "the one-hot read port starts one below the port number the lane keeps (rp = 2K-1 - rreq), so the lane takes its next cell from a port it did not read",
	},
	{
		ID: "tm-cpdown-g-over-f", File: "tm_free_list.sv",
		Anchor:  "      if (!e) begin\n        for (int b = 0; b < K; b++) begin\n          if (gpos[b*K + p]) begin",
		Replace: "      if (1'b1) begin\n        for (int b = 0; b < K; b++) begin\n          if (gpos[b*K + p]) begin",
		Desc:    "stage G's ask's words ORed into a port stage F writes, so a lane blocked for writes corrupts stage F's link write",
	},
}
