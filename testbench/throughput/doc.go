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
//  1. The expulsion run. Queue 0·Q+(Q-1) (port 0, lowest class, α=8) is
//     filled to its DT level with arrivals paced to the enqueue engine, so
//     every packet is linked and can be expelled. Normal load then starts on
//     classes 0..Q-3 of every port (α=8) and warms up. Then a "refill" flow
//     arrives at queue Q-2 of port 0 (α=2^(2^(AW-1)-1), 128 by default),
//     paced so that at most two packets ever wait for the enqueue engine:
//     it takes the free buffer, the DT threshold of the filled queue falls
//     below its length, and Occamy's selector and arbiter hand it to the
//     executor. From then on, for Options.Window cycles, every cycle is
//     classified from tm.Probe: a demand cycle is one where the executor is
//     busy or an over-allocated queue is waiting for it. The executor's
//     rate is the packets (and cells) it expelled divided by the demand
//     cycles: its throughput whenever there is something to expel, which is
//     the question "how fast can Occamy expel" asks. The fraction of window
//     cycles with demand is reported as Demand.
//  2. The idle-port run. The same switch with the normal load alone; after
//     Options.Warmup cycles, for Options.IdleCycles cycles, the ports every
//     memory leaves unused (budget minus use, head drops excluded) give the
//     per-cycle distribution of free memory bandwidth (paper Fig. 6d).
//
// Why not a steady state: under DT admission a queue is over its threshold
// only after the free count fell, and every expelled cell raises the
// threshold again, so expulsion cannot stay busy in a steady state unless
// something refills the buffer as fast as the executor empties it — and in
// chain mode with small k the executor frees cells faster than the enqueue
// engine can allocate them. The refill flow is that something, at the rate
// the enqueue engine can take; demand then comes and goes, and the rate per
// demand cycle is the executor's throughput.
//
// Side effects worth knowing: the over-allocated queues sit on port 0, which
// therefore always transmits at line rate (a congested port does), and the
// refill flow's enqueues use ports too. Both compete with the executor even
// at 0% normal load; the reasons printed beside a disagreement with the
// bound say which ports the executor lost.
//
// # The bound
//
// The executor holds one packet at a time. With PD read latency Lpd,
// cell-pointer read latency Lcp, a packet of n cells in c = ⌈n/k⌉ rounds,
// and W cell-pointer write ports, the cycles from one PD read to the next
// are, when no other traffic takes a port:
//
//	per cell: Lpd + (c-1)·Lcp + 1
//	chain:    Lpd + ⌈min(n,k)/W⌉
//
// The bound in packets per clock is 1/E[cycles], the expectation over the
// size distribution (cells per clock: E[n]/E[cycles]). A measured rate more
// than 5% away from it is flagged with the reason.
//
// # Reproducibility
//
// Every point is self-contained and seeded from Options.Seed, so a sweep
// gives the same numbers whatever its parallelism (see Sweep).
package throughput
