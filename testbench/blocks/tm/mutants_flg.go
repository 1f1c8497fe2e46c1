package tm

import "occamy/testbench/blocks"

// flgMutants break the stage G contract of issue 29's flg cut: the
// executor drives each lane's front chain on ga_head_o, ga_tail_o and
// ga_n_o whether the lane goes or not (tm_hd_exec), so tm_free_list's
// count adds ga_n_i beside the lanes' decision and ga_i selects the sum;
// every reader of those values must gate them by ga_i.
var flgMutants = []blocks.Mutant{
	{
		ID: "tm-fl-g-cnt-ungated", File: "tm_free_list.sv",
		Anchor:  "cnt_d[b*BNW +: BNW]   = gb[b] ? cnt_f[b*BNW +: BNW] + gn[b*BNW +: BNW]",
		Replace: "cnt_d[b*BNW +: BNW]   = 1'b1 ? cnt_f[b*BNW +: BNW] + gn[b*BNW +: BNW]",
		Desc:    "the free count adds stage G's slot without ga_i: a lane that holds a chain and does not go (its budget spent) still counts its cells into the bank",
	},
	{
		ID: "tm-fl-g-tail-ungated", File: "tm_free_list.sv",
		Anchor:  "tail_d[b*CW +: CW]    = gb[b] ? gt[b*CW +: CW] : tail_f[b*CW +: CW];",
		Replace: "tail_d[b*CW +: CW]    = (gn[b*BNW +: BNW] != '0) ? gt[b*CW +: CW] : tail_f[b*CW +: CW];",
		Desc:    "tags: the bank's tail follows a lane's front chain whenever the lane holds one, gone or not, so the next append links behind a cell that is not free",
	},
}
