// Package scoreboard is the block-independent machinery of a
// transaction-level check: a Tally of named checks (how many events each
// checked, how many violated it, the first violations with their cycle,
// queue, packet serial and what was expected) that keeps going after a
// violation, and a Window that keeps the last cycles of a run's port words
// so that a VCD of the cycles around the first violation can be written
// after the run. What a block's transactions are, and what to expect of
// them, lives in that block's own package (testbench/tmscore for a traffic
// manager); nothing here names a block.
//
// Nothing on the per-cycle path allocates: Pass is an increment, Window.Add
// copies into a ring sized at construction, and Fail formats only the
// violations it keeps.
package scoreboard
