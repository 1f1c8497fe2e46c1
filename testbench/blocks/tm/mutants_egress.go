package tm

import "occamy/testbench/blocks"

// egressMutants: tm_egress: the transmit window and the line rate.
var egressMutants = []blocks.Mutant{
	{
		ID: "tm-eg-txwin-le", File: "tm_egress.sv",
		Anchor:  "assign port_rdy_o[p]        = 32'(pend_q) < TXWIN && !isv_q;",
		Replace: "assign port_rdy_o[p]        = 32'(pend_q) <= TXWIN && !isv_q;",
		Desc:    "the transmit window compares with <=: a port is scheduled with TXWIN cells pending",
	},
	{
		ID: "tm-eg-rate", File: "tm_egress.sv",
		Anchor:  "tmr_d  = r_i - 11'd1;",
		Replace: "tmr_d  = r_i;",
		Desc:    "the line rate off by one: a port sends one cell every R+1 cycles",
	},
}
