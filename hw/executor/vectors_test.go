package executor

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Hand-derived cycle tables for N=2, QW=4, B=4, P=4 (P=2 in the last one).
// qlen_o is {qlen[1], qlen[0]}, one hex digit each. Row 0 is the reset
// cycle; as in testbench/vectors, its outputs show the Go model's power-up
// state, which is its reset state (a Verilog testbench compares from row 1).
// Comments after a row name what happens at the edge that ends it.

const vecOneDrop = `# block=hd_executor N=2 QW=4 B=4 P=4
# one 2-cell packet into queue 1, dropped; then a drop of the empty queue
cycle rst_ni enq_valid_i enq_qid_i enq_eop_i drop_valid_i drop_qid_i enq_ready_o drop_ack_o drop_cells_o qlen_o free_o
0     0      0           0         0         0            0          1           0          0            00     4
1     1      0           0         0         0            0          1           0          0            00     4
2     1      1           1         0         0            0          1           0          0            00     4
3     1      1           1         1         0            0          1           0          0            00     3
4     1      0           0         0         1            1          1           1          2            20     2
5     1      0           0         0         1            1          1           0          0            00     4
6     1      0           0         0         1            0          1           0          0            00     4
7     1      1           0         1         0            0          1           0          0            00     4
8     0      0           0         0         1            0          1           1          1            01     3
9     1      0           0         0         1            0          1           0          0            00     4
`

// Cycle 2/3: cells 0,1 form packet A on queue 1. Cycle 4: A dropped, its
// chain appended, free back to 4 at the edge. Cycles 5-6: empty queues are
// not acked. Cycle 7: a 1-cell packet on queue 0. Cycle 8: the drop is acked
// (outputs follow the state) but reset wins at the edge: cycle 9 shows the
// reset store, where queue 0 is empty again.

const vecBackToBack = `# block=hd_executor N=2 QW=4 B=4 P=4
# three packets (1, 2, 1 cells) on queue 0 dropped on consecutive cycles
cycle rst_ni enq_valid_i enq_qid_i enq_eop_i drop_valid_i drop_qid_i enq_ready_o drop_ack_o drop_cells_o qlen_o free_o
0     0      0           0         0         0            0          1           0          0            00     4
1     1      1           0         1         0            0          1           0          0            00     4
2     1      1           0         0         0            0          1           0          0            01     3
3     1      1           0         1         0            0          1           0          0            01     2
4     1      1           0         1         0            0          1           0          0            03     1
5     1      1           0         0         1            0          0           1          1            04     0
6     1      1           0         0         1            0          1           1          2            03     1
7     1      0           0         0         1            0          1           1          1            01     2
8     1      0           0         0         1            0          1           0          0            00     3
9     1      1           0         1         1            0          1           0          0            00     3
10    1      0           0         0         1            0          1           1          2            02     2
11    1      0           0         0         0            0          1           0          0            00     4
`

// Cycle 4 fills the store (free 0). Cycle 5: no free cell, the enqueue waits
// (ready 0) while the 1-cell head is dropped. Cycle 6: the freed cell is
// usable: the enqueue pops it while the 2-cell packet's chain is appended.
// Cycle 8: only the packet under construction is on queue 0: no ack.
// Cycle 9: eop on queue 0 and a drop of queue 0 in the same cycle: the new
// packet is not droppable before cycle 10.

const vecSameCycle = `# block=hd_executor N=2 QW=4 B=4 P=4
# enqueue and drop in the same cycle, same and other queue
cycle rst_ni enq_valid_i enq_qid_i enq_eop_i drop_valid_i drop_qid_i enq_ready_o drop_ack_o drop_cells_o qlen_o free_o
0     0      0           0         0         0            0          1           0          0            00     4
1     1      1           1         1         0            0          1           0          0            00     4
2     1      1           1         0         1            1          1           1          1            10     3
3     1      1           1         1         1            1          1           0          0            00     3
4     1      1           1         1         1            1          1           1          2            20     2
5     1      1           0         1         1            1          1           1          1            10     3
6     1      0           0         0         1            0          1           1          1            01     3
7     1      1           0         1         0            0          1           0          0            00     4
8     1      1           0         1         0            0          1           0          0            01     3
9     1      1           0         1         1            0          1           1          1            02     2
10    1      0           0         0         1            0          1           1          1            02     2
11    1      0           0         0         1            0          1           1          1            01     3
12    1      0           0         0         0            0          1           0          0            00     4
`

// Cycle 2: a cell of a new packet is popped while queue 1's only packet is
// dropped. Cycle 4: eop on queue 1 while its only packet B is dropped: the
// new PD becomes head and tail; cycle 5 drops it (1 cell), proving the head.
// Cycles 7-11: eop on queue 0 while its head (of two) is dropped; the
// remaining two come out in order.

const vecFreeEmpty = `# block=hd_executor N=2 QW=4 B=4 P=4
# free list empty, and free list with one cell, while a drop appends
cycle rst_ni enq_valid_i enq_qid_i enq_eop_i drop_valid_i drop_qid_i enq_ready_o drop_ack_o drop_cells_o qlen_o free_o
0     0      0           0         0         0            0          1           0          0            00     4
1     1      1           0         1         0            0          1           0          0            00     4
2     1      1           1         0         0            0          1           0          0            01     3
3     1      1           1         1         0            0          1           0          0            01     2
4     1      1           0         1         0            0          1           0          0            21     1
5     1      1           1         0         0            0          0           0          0            22     0
6     1      1           1         1         1            1          0           1          2            22     0
7     1      1           1         0         0            0          1           0          0            02     2
8     1      1           1         0         1            0          1           1          1            02     1
9     1      1           1         1         0            0          1           0          0            01     1
10    1      0           0         0         1            1          0           1          3            31     0
11    1      0           0         0         1            0          1           1          1            01     3
12    1      0           0         0         0            0          1           0          0            00     4
`

// Queue 0 gets X=[0] and Y=[3], queue 1 A=[1,2]: cycle 4 takes the last free
// cell, and the empty list's head register holds cell_next[3] = 0 (X's cell,
// not free). Cycle 5: no free cell, the enqueue waits. Cycle 6: the free list
// is empty, so A's chain becomes the whole list (free_head <= 1, not the
// stale 0); the eop cell still waits, since ready comes from the count before
// the edge. Cycle 8: the free list holds one cell (2), which the enqueue pops
// while X is dropped, so again the appended chain becomes the whole list
// (free_head <= 0, not cell_next[2] = 3). Cycle 9 completes the 3-cell packet
// [1,2,0]; cycles 10-11 drop it and Y.

const vecPDEmpty = `# block=hd_executor N=2 QW=4 B=4 P=2
# out of PDs: only an eop cell waits
cycle rst_ni enq_valid_i enq_qid_i enq_eop_i drop_valid_i drop_qid_i enq_ready_o drop_ack_o drop_cells_o qlen_o free_o
0     0      0           0         0         0            0          1           0          0            00     4
1     1      1           0         1         0            0          1           0          0            00     4
2     1      1           1         1         0            0          1           0          0            01     3
3     1      1           0         1         0            0          0           0          0            11     2
4     1      1           0         0         0            0          1           0          0            11     2
5     1      1           0         1         1            1          0           1          1            11     1
6     1      1           0         1         0            0          1           0          0            01     2
7     1      0           0         0         0            0          1           0          0            03     1
`

func TestVectors(t *testing.T) {
	cases := []struct {
		name string
		p    Params
		text string
	}{
		{"one head drop", Params{N: 2, QW: 4, B: 4, P: 4}, vecOneDrop},
		{"back-to-back drops", Params{N: 2, QW: 4, B: 4, P: 4}, vecBackToBack},
		{"enqueue and drop same cycle", Params{N: 2, QW: 4, B: 4, P: 4}, vecSameCycle},
		{"free list empty", Params{N: 2, QW: 4, B: 4, P: 4}, vecFreeEmpty},
		{"PD list empty", Params{N: 2, QW: 4, B: 4, P: 2}, vecPDEmpty},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, err := New(c.p)
			require.NoError(t, err)
			runVec(t, c.name, e, c.text)
		})
	}
}
