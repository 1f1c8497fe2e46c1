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
		ID: "tm-hdfree-fly-now", File: "occamy_tm.sv",
		Anchor:  "fly_d   = fly_q + QW'(hd_cells_o) - QW'(hdf_q);",
		Replace: "fly_d   = fly_q + QW'(hd_cells_o) - QW'(hd_freed);",
		Desc:    "fly_q lets the lanes' frees go in their own cycle while free_q counts them a cycle later: the thresholds' free count loses them for a cycle",
	},
	{
		ID: "tm-hdfree-no-reset", File: "occamy_tm.sv",
		Anchor:  "      hdf_q    <= '0;\n",
		Replace: "      hdf_q    <= hd_freed;\n",
		Desc:    "hdf_q not reset: a reset during a head drop's frees adds them to the reset free count B",
	},
}
