// Package experiment runs the paper's experiments on the traffic-manager
// model and writes each one's data (CSV), figure (PNG and SVG, via
// gonum.org/v1/plot) and a short verdict. It is what `occamy experiment
// NAME` runs:
//
//   - queue-evolution (Fig. 11): queue lengths over time for Occamy and DT
//     at α=1 and α=4 as a burst arrives;
//   - burst-absorption (Fig. 12): the largest burst absorbed without a drop
//     versus α, for DT, Occamy and Pushout;
//   - choking (Fig. 6a): loss of a high-priority incast with and without
//     low-priority background on its port, DT versus Occamy;
//   - round-robin-vs-longest (Fig. 21): Occamy's round-robin head drop
//     versus longest-queue head drop on the burst metric;
//   - throughput-vs-load: expelled packets per clock versus load for
//     k = 1, 2, 4, 8 and both free modes (testbench/throughput).
//
// Every experiment is a set of independent runs of the scenarios of
// testbench/scenario (or points of testbench/throughput), run in parallel
// by testbench/sweep and gathered in a fixed order, so the output depends
// only on the seed. docs/experiments.md shows each figure, the command,
// what the paper reports and what the model gives.
package experiment
