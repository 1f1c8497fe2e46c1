package tm

import "occamy/testbench/blocks"

// enqactMutants break the enqueue's derived state of issue 29's enqact cut
// (tm_enqueue): the FIFO's bypass from the flag eo_q (en_q == 1) and the
// load instead of the pointers' difference, and the engine's cells left
// (left_q = n_q - done_q, kept in step) and round count (need's
// thermometer) instead of a subtraction and a compare after the take.
var enqactMutants = []blocks.Mutant{
	{
		ID: "tm-enq-eo-never", File: "tm_enqueue.sv",
		Anchor:  "eo_q    <= eo_d;",
		Replace: "eo_q    <= 1'b0;",
		Desc:    "eo_q never set: with one packet waiting, a load and an admission, the next head is read from the FIFO's memory in the cycle it is written (no bypass)",
	},
	{
		ID: "tm-enq-byp-one", File: "tm_enqueue.sv",
		Anchor:  "byp_d = fne_q ? eo_q && ld && adm_n_i != '0 :",
		Replace: "byp_d = fne_q ? 1'b0 :",
		Desc:    "no bypass when one packet waits and is loaded: the next head is read from the memory in the cycle it is written",
	},
	{
		ID: "tm-enq-bdat-entry0", File: "tm_enqueue.sv",
		Anchor:  "if (IN > 1 && !fne_q && ld) bdat_d",
		Replace: "if (1'b0) bdat_d",
		Desc:    "the bypass always holds admission 0: into an empty FIFO with a load and two admissions, the second packet is replaced by the first (allocated twice)",
	},
	{
		ID: "tm-enq-left-no-dec", File: "tm_enqueue.sv",
		Anchor:  "if (go) left_d = last ? '0 : left - LW'(K);",
		Replace: "if (go) left_d = last ? '0 : left;",
		Desc:    "left_q keeps the cells left before the round: a packet of more than 2K cells never gets its last round (needk_q, lastk_q stay)",
	},
	{
		ID: "tm-enq-done-step", File: "tm_enqueue.sv",
		Anchor:  "if (go) done_d = last ? n_c : done_c + LW'(K);",
		Replace: "if (go) done_d = last ? n_c : done_c + LW'(K - 1);",
		Desc:    "done_q steps K-1 after a round that is not the last: the next round's cell tags are one low (a tag check at egress)",
	},
	{
		ID: "tm-enq-cnt-k", File: "tm_enqueue.sv",
		Anchor:  "if (need[j]) cnt = WW'(j + 1);",
		Replace: "if (need[j]) cnt = WW'(K);",
		Desc:    "a round counts K cell-data writes when it writes fewer (cd_wr_o)",
	},
}
