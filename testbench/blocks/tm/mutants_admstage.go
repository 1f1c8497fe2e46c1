package tm

import "occamy/testbench/blocks"

// admstageMutants break admission's stage-1 room register (issue 29,
// admstage: stage 1 registers thr(q) less qlen(q) and the cells ahead of
// the slot in carry-save form, s1_room_q and s1_roomc_q, with no add; stage
// 2's length test reads both halves).
var admstageMutants = []blocks.Mutant{
	{
		ID: "tm-admstage-roomc-dropped", File: "tm_admission.sv",
		Anchor:  "le[s] = le3(s1_room_q[i*XW +: XW], s1_roomc_q[i*XW +: XW],",
		Replace: "le[s] = le3(s1_room_q[i*XW +: XW], XW'(0),",
		Desc:    "admission's stage-1 room: stage 2 reads the sums' half of the carry-save register and not the carries' half: the room is wrong whenever the tree carried",
	},
	{
		ID: "tm-admstage-const-slot0", File: "tm_admission.sv",
		Anchor:  "tab[(2*IN+3)*XW +: XW] = XW'(32'(i + IN + 3));",
		Replace: "tab[(2*IN+3)*XW +: XW] = XW'(32'(IN + 3));",
		Desc:    "admission's stage-1 room: the complements' +1s counted as for slot 0 in every slot (the earlier slots' same-queue terms not): a later slot's room is short by its slot index in cells",
	},
}
