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
		Anchor:  "{t[(2*k+1)*XW +: XW], t[(2*k)*XW +: XW]} = fa3(a, b, c);",
		Replace: "{t[(2*k+1)*XW +: XW], t[(2*k)*XW +: XW]} = fa3(a, b, c);\n        t[(2*k+1)*XW +: XW] = t[(2*k+1)*XW +: XW] >> 1;",
		Desc:    "admission's carry-save sum: the carries not moved one bit up: stage 1's room (thr(q) less qlen(q), n, the earlier same-queue cells, s2's and s3's cells to q) wrong whenever two terms share a bit",
	},
	{
		ID: "tm-adm-le3-carry", File: "tm_admission.sv",
		Anchor:  "{k, s} = fa3(s, k, ~d);",
		Replace: "{k, s} = fa3(s, k >> 1, ~d);",
		Desc:    "admission's length test in carry-save form: the first level's carries not moved one bit up: the room less the sums off whenever the room's halves and a sum's complement share a bit",
	},
}
