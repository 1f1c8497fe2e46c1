package tm

import "occamy/testbench/blocks"

// muxselMutants break the word selects written as 2:1 mux trees in the
// executor and the dequeue (issue 29, stop 48: an indexed part-select
// v[i*W +: W] with W not a power of two put i*W, a multiply-add to Yosys
// 0.23, before the select; the trees give the same values with less
// logic). The admission's own are admpickMutants.
var muxselMutants = []blocks.Mutant{
	{
		ID: "tm-hdport-arms-swapped", File: "tm_hd_exec.sv",
		Anchor:  "t[k*CW +: CW] = p[b] ? t[(2*k+1)*CW +: CW] : t[(2*k)*CW +: CW];",
		Replace: "t[k*CW +: CW] = p[b] ? t[(2*k)*CW +: CW] : t[(2*k+1)*CW +: CW];",
		Desc:    "the executor's link read: each mux of the port select reads the other arm, so a lane takes another port's read data as its next cell",
	},
	{
		ID: "tm-deq-job-at-low-half", File: "tm_dequeue.sv",
		Anchor:  "job_at = i[1] ? hi : lo;",
		Replace: "job_at = lo;",
		Desc:    "the dequeue's job FIFO: entries 2 and 3 read as entries 0 and 1, so the front job in those slots is an older one",
	},
}
