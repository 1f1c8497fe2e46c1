package tm

import "occamy/testbench/blocks"

// agsaveMutants break the grant kept when dropped unused (stop 50,
// agsave: occamy_tm's agsv_q, agsq_q, loaded first at the next load its
// queue is over and a candidate, without acknowledging u_arb) and the
// register's load on the executor's take (agtake).
var agsaveMutants = []blocks.Mutant{
	{
		ID: "tm-agsave-never", File: "occamy_tm.sv",
		Anchor:  "assign agsv_d  = ag_drop || (agsv_q && nonempty[agsq_q] && !ags_in);",
		Replace: "assign agsv_d  = 1'b0;",
		Desc:    "the dropped grant is never kept (as before agsave): a queue whose grant is replaced while out of the bitmap loses its turn",
	},
	{
		ID: "tm-agsave-ack", File: "occamy_tm.sv",
		Anchor:  "assign ag_ack  = ag_load && arb_valid && !ags_hit;",
		Replace: "assign ag_ack  = ag_load && arb_valid;",
		Desc:    "u_arb acknowledged when the kept grant loads: its own grant, not taken, loses its turn",
	},
	{
		ID: "tm-agsave-no-glock", File: "occamy_tm.sv",
		Anchor:  "assign ags_hit = agsv_q && !ags_in && nonempty[agsq_q] && over[agsq_q] && !glock[agsq_q];",
		Replace: "assign ags_hit = agsv_q && !ags_in && nonempty[agsq_q] && over[agsq_q];",
		Desc:    "the kept grant loads while the dequeue reads its queue (glock): it is offered no earlier and u_arb's grant waits a load",
	},
	{
		ID: "tm-agsave-twice", File: "occamy_tm.sv",
		Anchor:  "assign ags_hit = agsv_q && !ags_in && nonempty[agsq_q] && over[agsq_q] && !glock[agsq_q];",
		Replace: "assign ags_hit = agsv_q && nonempty[agsq_q] && over[agsq_q] && !glock[agsq_q];",
		Desc:    "the kept grant loads again the cycle after it loaded (before it is cleared): its queue gets two turns",
	},
	{
		ID: "tm-agsave-stale", File: "occamy_tm.sv",
		Anchor:  "assign agsv_d  = ag_drop || (agsv_q && nonempty[agsq_q] && !ags_in);",
		Replace: "assign agsv_d  = ag_drop || (agsv_q && !ags_in);",
		Desc:    "the kept grant is not cleared when its queue empties: a later packet of that queue jumps u_arb's order",
	},
	{
		ID: "tm-agtake-refuse-now", File: "occamy_tm.sv",
		Anchor:  "assign ag_load = !ag_keep || (ag_ok && hd_take) || (!over[agq_q] && arb_valid);",
		Replace: "assign ag_load = !ag_keep || (ag_ok && (hd_take || !hd_gnt_valid)) || (!over[agq_q] && arb_valid);",
		Desc:    "a grant the re-check refuses is replaced while the executor cannot take (the rule before agtake)",
	},
	{
		ID: "tm-agtake-no-take", File: "occamy_tm.sv",
		Anchor:  "assign ag_load = !ag_keep || (ag_ok && hd_take) || (!over[agq_q] && arb_valid);",
		Replace: "assign ag_load = !ag_keep || ag_ok || (!over[agq_q] && arb_valid);",
		Desc:    "the register reloads whenever its grant is offered, taken or not: a grant the executor cannot take yet is lost",
	},
}
