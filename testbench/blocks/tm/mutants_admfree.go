package tm

import "occamy/testbench/blocks"

// admfreeMutants break admission's free test in carry-save form (issue 29,
// admfree: stage 1's need no longer adds s2's admitted cells, which stage 2
// takes from the free count as s3's register instead; le4 compares the
// need with the free count less s3's cells and the rest's, a carry-save
// tree and one add's carry) and stage 1's per-subset cells to the queue,
// now a select of the subsets' sums by the slots that go to it (admsel).
var admfreeMutants = []blocks.Mutant{
	{
		ID: "tm-admfree-rest-dropped", File: "tm_admission.sv",
		Anchor:  "{k, s} = fa3(x, ~d, ~r);",
		Replace: "{k, s} = fa3(x, ~d, '1);",
		Desc:    "admission's free test: the cells of the batch in flight past its first four slots (the rest, IN > 4) not taken from the free count: two batches may take the same free cells",
		First:   "k8/pushout-ports",
	},
	{
		ID: "tm-admfree-const", File: "tm_admission.sv",
		Anchor:  "{k, s} = fa3(s, k, XW'(3));",
		Replace: "{k, s} = fa3(s, k, XW'(2));",
		Desc:    "admission's free test: le4's constant one low (the test strict): a packet that takes exactly the last free cells is refused, and Pushout's wait stops one cell early",
	},
	{
		ID: "tm-admsel-mask-dropped", File: "tm_admission.sv",
		Anchor:  "sm = BS'(s) & m;",
		Replace: "sm = BS'(s);",
		Desc:    "admission's stage 1: a subset's cells counted against the queue whatever queue its slots go to: a packet is refused for cells that went to other queues",
	},
}
