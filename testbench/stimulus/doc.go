// Package stimulus makes the per-cycle inputs of the co-simulation runner
// (cosim/runner): for each block a seeded random source biased to the edges
// where bugs live, a directed source that walks the documented corner cases,
// and sources that replay fixed words.
//
// A Source writes one cycle's inputs as 32-bit words in a port.Layout (the
// block's port contract: each input port at its word offset, element i of a
// packed port at bits [i*W +: W]). The runner feeds the same words to the Go
// golden model and to the RTL, so both see identical inputs every cycle.
//
// Closed loop. A source that needs feedback reads the Go golden model,
// never the RTL: the arbiter source aims requests at the model's pointer, the
// executor source drops mostly from queues the model says hold packets, the
// top source aims arrivals at queues it sees over their threshold. Because
// the golden model is the reference, the inputs do not depend on the RTL, so
// a run can be batched and is reproducible from its seed alone.
//
// Reset. Every clocked source asserts rst_ni in cycles 0 and 1 and then pulses
// it now and then for 1 to 3 cycles while its other inputs stay busy
// (Resets).
//
// Sources do not allocate per cycle.
package stimulus
