package tm

import "occamy/testbench/blocks"

// pdlForwardMutants: tm_pd_lists' unlink forwarding register.
var pdlForwardMutants = []blocks.Mutant{
	{
		ID: "tm-pdl-no-forward", File: "tm_pd_lists.sv",
		Anchor:  "fu     = lk_q & ud;",
		Replace: "fu     = '0;",
		Desc:    "the unlink forwarding register dropped: a packet linked behind a head PD being read is lost to the stale link",
	},
}
