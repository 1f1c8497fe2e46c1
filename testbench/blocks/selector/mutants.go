package selector

import "occamy/testbench/blocks"

// mutants are selector's bugs for the self-check (cosim/mutation); docs/mutation.md
// lists the stimulus that kills each.
var mutants = []blocks.Mutant{
	// hd_selector: over_o[i] <= qlen_i[i] > thr_i[i], one cycle later.
	{
		ID: "sel-ge", File: "hd_selector.sv",
		Anchor:  "qlen_i[i*QS +: QS] > thr_i[i*QS +: QS]",
		Replace: "qlen_i[i*QS +: QS] >= thr_i[i*QS +: QS]",
		Desc:    "`>` became `>=`: a queue exactly at its threshold is marked over-allocated",
	},
	{
		ID: "sel-lt", File: "hd_selector.sv",
		Anchor:  "qlen_i[i*QS +: QS] > thr_i[i*QS +: QS]",
		Replace: "qlen_i[i*QS +: QS] < thr_i[i*QS +: QS]",
		Desc:    "comparator direction: qlen < thr marks the queue",
	},
	{
		ID: "sel-thr-narrow", File: "hd_selector.sv",
		Anchor:  "thr_i[i*QS +: QS];",
		Replace: "thr_i[i*QS +: QS-1];",
		Desc:    "threshold read one bit narrow: its top bit is ignored",
	},
	{
		ID: "sel-reset-ones", File: "hd_selector.sv",
		Anchor:  "over_q <= '0;",
		Replace: "over_q <= '1;",
		Desc:    "reset value: reset sets every over_o bit instead of clearing it",
	},
	{
		ID: "sel-no-register", File: "hd_selector.sv",
		Anchor:  "assign over_o = over_q;",
		Replace: "assign over_o = over_d;",
		Desc:    "latency: over_o shows this cycle's comparison instead of last cycle's",
	},
}
