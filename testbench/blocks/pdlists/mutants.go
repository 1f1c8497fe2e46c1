package pdlists

import "occamy/testbench/blocks"

// mutants are pdlists's bugs for the self-check (cosim/mutation); docs/mutation.md
// lists the stimulus that kills each.
var mutants = []blocks.Mutant{
	// pd_lists: per-queue lists, head reads of latency LAT, forwarding.
	{
		ID: "pd-no-forward", File: "pd_lists.sv",
		Anchor:  "nxt     = fwd_q[uq] ? fpd_q[uq*PW +: PW] : mem_nxt;",
		Replace: "nxt     = mem_nxt;",
		Desc:    "a link behind a head read in flight is not forwarded: the new head comes from the stale link word",
	},
	{
		ID: "pd-read-while-busy", File: "pd_lists.sv",
		Anchor:  "rd_ok = rq_ok && (cnt_d[rq*KW +: KW] != '0) && !busy_d[rq];",
		Replace: "rd_ok = rq_ok && (cnt_d[rq*KW +: KW] != '0);",
		Desc:    "a queue is read again while its head read is in flight",
	},
	{
		ID: "pd-link-old-count", File: "pd_lists.sv",
		Anchor:  "lcnt    = cnt_d[lq*KW +: KW];",
		Replace: "lcnt    = cnt_q[lq*KW +: KW];",
		Desc:    "a link sees the count before this cycle's unlink: a link to a queue its unlink empties is lost",
	},
}
