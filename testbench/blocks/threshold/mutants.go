package threshold

import "occamy/testbench/blocks"

// mutants are threshold's bugs for the self-check (cosim/mutation); docs/mutation.md
// lists the stimulus that kills each.
var mutants = []blocks.Mutant{
	// dt_threshold: T_c = free << s_c, saturated; free >> -s_c.
	{
		ID: "thr-sat-dropped", File: "dt_threshold.sv",
		Anchor:  "assign thr_o[c*QW +: QW] = (|word[2*QW-1:QW]) ? {QW{1'b1}} : word[QW-1:0];",
		Replace: "assign thr_o[c*QW +: QW] = word[QW-1:0];",
		Desc:    "saturation dropped: a left shift past bit QW-1 wraps instead of giving all ones",
	},
	{
		ID: "thr-sat-narrow", File: "dt_threshold.sv",
		Anchor:  "(|word[2*QW-1:QW])",
		Replace: "(|word[2*QW-1:QW+1])",
		Desc:    "overflow mask one bit narrow: a carry into exactly bit QW is not saturated",
	},
	{
		ID: "thr-shift-off-by-one", File: "dt_threshold.sv",
		Anchor:  "amt = SW'(QW - 32'(s));",
		Replace: "amt = SW'(QW + 1 - 32'(s));",
		Desc:    "shift off by one: T_c = free << (s_c - 1)",
	},
	{
		ID: "thr-shift-direction", File: "dt_threshold.sv",
		Anchor:  "amt = SW'(QW - 32'(s));",
		Replace: "amt = SW'(QW + 32'(s));",
		Desc:    "shift direction swapped: a positive exponent shifts right, a negative one left",
	},
	{
		ID: "thr-class-index", File: "dt_threshold.sv",
		Anchor:  "assign s    = alpha_i[c*AW +: AW];",
		Replace: "assign s    = alpha_i[(C-1-c)*AW +: AW];",
		Desc:    "class index reversed: class c uses class C-1-c's exponent",
	},
	{
		ID: "thr-unsigned-exp", File: "dt_threshold.sv",
		Anchor:  "logic signed [AW-1:0] s;",
		Replace: "logic        [AW-1:0] s;",
		Desc:    "exponent read as unsigned: every negative alpha exponent is mishandled",
	},
}
