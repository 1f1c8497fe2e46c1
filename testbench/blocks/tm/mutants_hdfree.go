package tm

import "occamy/testbench/blocks"

// hdfreeMutants break the executor's frees register (issue 29, hdfree):
// free_q takes the lanes' frees a cycle after they free them (hdf_q), and
// fly_q keeps those cells until then, so tfree_q = free_q + fly_q holds.
var hdfreeMutants = []blocks.Mutant{
	{
		ID: "tm-hdfree-now", File: "occamy_tm.sv",
		Anchor:  "free_d = free_adm + (QW+1)'(deq_freed) + (QW+1)'(hdf_q);",
		Replace: "free_d = free_adm + (QW+1)'(deq_freed) + (QW+1)'(hd_freed);",
		Desc:    "free_q takes the lanes' frees in their own cycle (as before hdfree) while fly_q still keeps them a cycle: the free count a cycle early, and tfree_q no longer free_q + fly_q",
	},
	{
		ID: "tm-hdfree-narrow", File: "occamy_tm.sv",
		Anchor:  "      hdf_q    <= hd_freed;\n",
		Replace: "      hdf_q    <= hd_freed & (LW+WW)'((1 << LW) - 1);\n",
		Desc:    "hdf_q keeps only LW bits of the lanes' frees: a cycle freeing 2^LW cells or more (hd_freed_wide, the directed wide-free stage) loses them from the free count",
	},
}
