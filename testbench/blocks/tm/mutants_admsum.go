package tm

import "occamy/testbench/blocks"

// admsumMutants are occamy_tm's mutants of admission's sums in carry-save
// form (issue 29): stage 1's room sum (csa: thr(q) less qlen(q), n, the
// earlier same-queue cells, s2's and s3's cells to q) and stage 2's length
// test (le3) reduce three terms to two by bitwise sums and carries, the
// carries one bit up.
var admsumMutants = []blocks.Mutant{
	{
		ID: "tm-adm-csum-carry", File: "tm_admission.sv",
		Anchor:  "t[(2*k+1)*XW +: XW] = ((a & b) | (a & c) | (b & c)) << 1;",
		Replace: "t[(2*k+1)*XW +: XW] = ((a & b) | (a & c) | (b & c));",
		Desc:    "admission's carry-save sum: the carries not moved one bit up: stage 1's room (thr(q) less qlen(q), n, the earlier same-queue cells, s2's and s3's cells to q) wrong whenever two terms share a bit",
	},
	{
		ID: "tm-adm-le3-carry", File: "tm_admission.sv",
		Anchor:  "y = k;\n    z = ~d;",
		Replace: "y = k >> 1;\n    z = ~d;",
		Desc:    "admission's length test in carry-save form: the first level's carries not moved one bit up: the room less the sums off whenever the room's halves and a sum's complement share a bit",
	},
}
