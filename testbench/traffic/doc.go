// Package traffic generates the arrivals that drive the traffic-manager
// model: seeded, deterministic, open-loop sources that each produce, per
// cycle, zero or more packets (queue, cells) for the TM's Offer.
//
// Sources:
//   - Constant: a long-lived flow at a constant rate to one queue.
//   - OnOff: bursts of a given size at a peak rate to one queue, separated
//     by silent periods.
//   - Incast: M senders that each send their share of an S-byte burst to
//     one queue at the same time, optionally repeated.
//   - Random: random arrivals at a given load, per egress port, to queues
//     drawn uniformly from a set of classes.
//
// Packet sizes are fixed or drawn from a distribution (uniform, bimodal or
// an empirical list), given in bytes and converted to cells by rounding up
// with the environment's cell size.
//
// Conventions, the same for every source:
//   - Rates and loads are fractions of one egress port's line rate: 1.0 is
//     one cell every R cycles. They are converted once, at build time, to a
//     fixed-point credit of 2^-32 cells per cycle; time is an integer cycle.
//   - A packet of n cells is emitted in the cycle its last cell's credit is
//     complete (store and forward): a 1.0-rate flow of 4-cell packets with
//     R=1 emits one packet every 4 cycles, the first in cycle start+3.
//   - A source is active in cycles [Start, Stop); Stop 0 means forever.
//   - Each source has its own random generator (PCG) seeded from the run's
//     seed and the source's index, so the same seed gives the same packets,
//     and adding a source never changes the packets of the others.
//   - Open loop: nothing a source does depends on what the TM admitted.
//   - Tick appends to a caller's slice and allocates nothing once that
//     slice has grown to its steady size.
//
// Sources are built from Spec values, which come from a JSON config file
// (ParseConfig) or from key=value flags (ParseFlag); both give one-line
// errors that name the field and its allowed values.
package traffic
