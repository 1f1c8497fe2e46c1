package tm

import "occamy/testbench/blocks"

// muxselMutants break the word selects written as 2:1 mux trees in the
// executor and the dequeue (issue 29, stop 48: an indexed part-select
// v[i*W +: W] with W not a power of two put i*W, a multiply-add to Yosys
// 0.23, before the select; the trees give the same values with less
// logic). The admission's own are admpickMutants.
var muxselMutants = []blocks.Mutant{
	{
		ID: "tm-hdport-odd-even", File: "tm_hd_exec.sv",
		Anchor:  "if (k[0]) t[0 +: CW]   = t[CW +: CW];",
		Replace: "if (!k[0]) t[0 +: CW]   = t[CW +: CW];",
		Desc:    "the executor's link read: the port select's last halving reads the other half (even and odd ports swapped), so a lane takes another port's read data as its next cell",
	},
	{
		ID: "tm-deq-job-at-low-half", File: "tm_dequeue.sv",
		Anchor:  "job_at = i[1] ? hi : lo;",
		Replace: "job_at = lo;",
		Desc:    "the dequeue's job FIFO: entries 2 and 3 read as entries 0 and 1, so the front job in those slots is an older one",
	},
}
