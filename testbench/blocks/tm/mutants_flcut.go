package tm

import "occamy/testbench/blocks"

// flcutMutants break the free list's one-bit "bank holds a cell after
// stage F" (issue 29, flcut: tm_free_list's ne_f_o, tm_hd_exec's ne_f_i,
// which replaced the count after stage F, cnt_f_o/cnt_f_i): it is made of
// the bank's derived registers (emp_q, one_q), this cycle's pop and the
// stage F pick, and must say what the count would.
var flcutMutants = []blocks.Mutant{
	{
		ID: "tm-fl-nef-no-f", File: "tm_free_list.sv",
		Anchor:  "ne_f_o[b] = !cfz[b];",
		Replace: "ne_f_o[b] = !c1z[b];",
		Desc:    "the lanes see a bank emptied by its pop as empty although the dequeue's free refills it in stage F: a head-drop append counted as needing no write writes one (writes over budget, or a lost link)",
	},
	{
		ID: "tm-fl-nef-no-pop", File: "tm_free_list.sv",
		First:   "k8/occamy",
		Anchor:  "ne_f_o[b] = !cfz[b];",
		Replace: "ne_f_o[b] = !(emp_q[b] && fz[b]);",
		Desc:    "the lanes do not see the enqueue's pop of a bank's last cell: an append into the bank it empties is counted as a write, so a lane waits for a write port it does not need",
	},
}
