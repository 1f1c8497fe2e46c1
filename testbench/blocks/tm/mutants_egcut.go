package tm

import "occamy/testbench/blocks"

// egcutMutants break the egress cut (issue 29: tm_egress's registered
// booking isv_q, isc_q, hw/tm EgressBookLag; the precomputed line-free
// and buffer flags lf_q, e0_q, e1_q and the bypass chosen from them).
var egcutMutants = []blocks.Mutant{
	{
		ID: "tm-eg-rdy-booked", File: "tm_egress.sv",
		Anchor:  "assign port_rdy_o[p]        = 32'(pend_q) < TXWIN && !isv_q;",
		Replace: "assign port_rdy_o[p]        = 32'(pend_q) < TXWIN;",
		Desc:    "a port booked last cycle is ready although pend_q does not count the booking yet: granted two cycles after its grant",
	},
	{
		ID: "tm-eg-book-cells", File: "tm_egress.sv",
		Anchor:  "(isv_q ? PNW'(isc_q) : '0)",
		Replace: "(isv_q ? PNW'(issue_cells_i) : '0)",
		Desc:    "last cycle's booking counts with this cycle's issue_cells_i: the pending count (port_rdy_o) drifts",
	},
	{
		ID: "tm-eg-lf-late", File: "tm_egress.sv",
		Anchor:  "lf_d   = tmr_q == 11'd1;",
		Replace: "lf_d   = tmr_q == 11'd0;",
		Desc:    "the precomputed line-free flag a cycle late: a port sends one cell every R+1 cycles",
	},
	{
		ID: "tm-eg-byp-one", File: "tm_egress.sv",
		Anchor:  "|| (e1_q && send && ret_cnt_i != '0)",
		Replace: "",
		Desc:    "tags: the bypass misses a return into a buffer whose one cell is sent now: the next head is read from the array before its write",
	},
	{
		ID: "tm-eg-byp-second", File: "tm_egress.sv",
		Anchor:  "bdat_d = b_wdata[(one ? S1 : 0)*EW +: EW];",
		Replace: "bdat_d = b_wdata[0 +: EW];",
		Desc:    "tags: a return into an empty buffer whose first cell leaves at once bypasses its first cell again, not its second",
	},
}
