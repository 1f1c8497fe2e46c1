package maxfind

import "occamy/testbench/blocks"

// mutants are maxfind's bugs for the self-check (cosim/mutation); docs/mutation.md
// lists the stimulus that kills each.
var mutants = []blocks.Mutant{
	// tm_maxfind: the longest candidate, the lowest index on ties.
	{
		ID: "mf-tie-high", File: "tm_maxfind.sv",
		Anchor:  "hl[2*j] >= hl[2*j+1]",
		Replace: "hl[2*j] > hl[2*j+1]",
		Desc:    "ties go to the higher index: the maximum finder off by one on equal lengths",
	},
	{
		ID: "mf-last-dropped", File: "tm_maxfind.sv",
		Anchor:  "hv[NP+i] = (i < N) ? c[i] : 1'b0;",
		Replace: "hv[NP+i] = (i < N - 1) ? c[i] : 1'b0;",
		Desc:    "the leaf loop stops one short: queue N-1 is never a candidate",
	},
	{
		ID: "mf-len-narrow", File: "tm_maxfind.sv",
		Anchor:  "hl[NP+i] = (i < N) ? q[i*QS +: QS] : '0;",
		Replace: "hl[NP+i] = (i < N) ? {1'b0, q[i*QS +: QS-1]} : '0;",
		Desc:    "the compare drops a length's top bit: a longer queue with the MSB set loses",
	},
}
