// Package throughput estimates how fast Occamy's head-drop executor expels
// packets on a given switch, by running the traffic-manager model (hw/tm),
// and compares the figure with a closed-form bound.
//
// # What is measured
//
// One point of a sweep fixes the cell-pointer sub-lists k, the free mode
// (per cell or chain append), a packet-size distribution, the normal load
// (percent of line rate offered to every port), the number of ports and the
// memory port budgets. Two runs of the model make the point:
//
//  1. The expulsion run. Queue 0·Q+(Q-1) (port 0, lowest class, α=1) is
//     filled to its DT level (B/2) with arrivals paced to the enqueue
//     engine, so every packet is linked and can be expelled. Normal load
//     then starts on classes 0..Q-3 of every port (α=8) and warms up. Then
//     a "refill" flow to queue Q-2 of port 0 (α=2^(2^(AW-1)-1), 128 by
//     default) arrives in bursts: each takes the free buffer at once (all
//     but a reserve of 1/64 that keeps the refill queue under its own
//     threshold), so the DT threshold of the filled queue falls far below
//     its length and Occamy's selector and arbiter hand it to the executor
//     for as long as it takes to expel half the burst. The next burst
//     starts when that over-allocation is gone (64 cycles without demand),
//     while one still makes room for 16 of the largest packets, or the
//     window (Options.Window cycles) ends. Every window cycle is
//     classified from tm.Probe (classify.go): a demand cycle has a
//     head-drop PD read in flight, lane work, or a grant. The executor's
//     rate is the packets (and cells) it expelled divided by the demand
//     cycles: its throughput whenever there is something to expel. The
//     fraction of window cycles with demand is reported as Demand.
//  2. The idle-port run. The same switch with the normal load alone; after
//     Options.Warmup cycles, for Options.IdleCycles cycles, the ports every
//     memory leaves unused (budget minus use, head drops excluded) give the
//     per-cycle distribution of free memory bandwidth (paper Fig. 6d).
//
// Why bursts and not a steady state: under DT admission a queue is over
// its threshold only after the free count fell, and every expelled cell
// raises the threshold again: a queue of weight α refilled at r cells per
// clock stays over its threshold only while the executor expels less than
// α·r/(1+α), and the enqueue engine allocates at most k cells a clock,
// while the pipelined executor frees up to k cells a clock per cell and a
// whole packet a clock in chain mode. A refill at the enqueue's pace would
// give over-allocations of one packet, each paying the executor's latency
// (PD read, first free) instead of its throughput. A burst admitted at
// once puts the queue α/(1+α) of the burst over its threshold; α=1 makes
// one burst as long as possible (B/4 cells), the bursts together expel
// about B/2 cells.
//
// Side effects worth knowing: the over-allocated queues sit on port 0, which
// therefore always transmits at line rate (a congested port does), and the
// refill flow's enqueues use ports too. Both compete with the executor even
// at 0% normal load; the bound counts the first (below), not the second.
//
// # The bound
//
// The executor (hw/tm HDExec) issues a head-drop PD read when the PD read
// port is free after the dequeue, no head-drop read is in flight and every
// one of its k lanes (one per free bank, D = tm.HDLaneDepth entries) has
// room; at the unlink each of the packet's min(n,k) sub-lists becomes an
// entry of its bank's lane; each cycle each lane frees its oldest entry
// with the cell-pointer ports the dequeue and the enqueue left: chain mode
// the whole sub-list (one write), per cell one cell (one write, and one
// link read if the sub-list goes on, whose next cell is usable Lcp later).
//
// Each resource gives a term of the form budget per clock / E[use per
// packet]; over any long run with a given mix of expelled packets, the
// packets per clock cannot exceed any term, so the bound is their minimum
// (Bound.Binding names the least). For a packet of n cells, m = min(n,k):
//
//	pd-issue    1/Lpd                          one head-drop read in flight
//	pd-port     PDr − 1/(R·E[n])               PD read ports minus the congested port's dequeue
//	cp-write    (W − E[w]/(R·E[n])) / E[w]     w = n per cell, m chain (one write per append)
//	cp-read     (CPr − E[n−m]/(R·E[n])) / E[n−m]   per cell only: the link reads
//	lanes       k / E[m + (n−m)·Lcp]  (chain k / E[m])   a lane serves its oldest entry once a cycle
//	lane-depth  k·D / E[m·(Lpd+1) + (n−m)·Lcp]  (chain k·D / E[m·(Lpd+1)])
//
// The congested port (the one holding the over-allocated queue) sends one
// cell every R cycles, so its dequeue takes 1/(R·E[n]) PD reads per clock
// and the same share of cell-pointer writes and link reads per cell as an
// expelled packet; that share is certain, the rest of the normal load's is
// not and is left to the measurement. The lane-depth term is Little's law:
// a sub-list of L cells holds a lane entry (reserved when the PD read is
// issued, every lane having room) from the read to its last free, at
// least Lpd + (L−1)·Lcp + 1 cycles, and each lane has D entries. With
// D ≥ 2 it never binds (it is below lanes only when (D−1)·E[lane time] <
// E[m]·Lpd, and below pd-issue only when k·D·Lpd < E[m·(Lpd+1) + (n−m)·Lcp];
// together they need k < E[m]/(D−1) ≤ k), so with tm.HDLaneDepth = 4 it is
// there for a smaller D, which TestBoundTerms checks at D = 1.
//
// What it assumes:
//
//   - the expelled mix is the offered size distribution: the filled queue
//     holds packets drawn from it and the executor expels from its head.
//     A finite window samples that mix, so each Result also carries the
//     bound at the mix the window actually expelled (Result.Expelled,
//     "mix bound"), and the gap is taken against that one;
//   - every append finds its free bank non-empty. An append into an empty
//     bank takes no write, so the cp-write term (the only one an empty
//     bank changes) would not hold; the run counts such appends
//     (Expulsion.EmptyAppends) and a rate above the bound with some is
//     flagged as this assumption failing. The filled switch keeps tens of
//     free cells per bank, and at idle ports none is seen;
//   - the congested port's dequeue takes its long-run share in the demand
//     cycles too. Over a finite window it runs up to TxWindow cells ahead
//     of its line rate and works in whole packets, so a window's rate may
//     beat the bound by that many cells' worth of ports over the window
//     (TestBoundHolds allows 1% plus that edge).
//
// With the defaults (PD 1 read, cell pointers 2k reads and k writes,
// latencies 1, D = 4, R = 8) chain freeing is bound by pd-port (one
// packet a clock less the dequeue's 1/(8·E[n])) and per-cell freeing by
// cp-write (k − 1/8 cells a clock) except where a packet fits in one
// round (n ≤ k: pd-port); the lane terms bind with longer latencies or
// more write ports than lanes (TestBoundTerms has a case for each term).
// A measured rate more than 5% below the bound is flagged with the share
// of demand cycles in each class.
//
// # Per second
//
// Every rate is per clock. With Options.ClockGHz above 0, each result also
// carries PerSecond: its packets, cells and cell bits per second at that
// clock, and the bound's packets per second (AtClock). The clock is given,
// not measured; docs/tm.md, "The clock the levels support", estimates the
// clocks the logic levels allow.
//
// # Reproducibility
//
// Every point is self-contained and seeded from Options.Seed, so a sweep
// gives the same numbers whatever its parallelism (see Sweep).
package throughput
