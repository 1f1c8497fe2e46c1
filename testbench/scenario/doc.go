// Package scenario runs named traffic scenarios on the traffic-manager model
// (hw/tm) and reports per-queue counters and scenario metrics. It is what
// `occamy sim` runs.
//
// A scenario is TM config overrides, a set of traffic sources
// (testbench/traffic), a cycle count, named groups of queues watched every
// cycle, and the metrics it computes at the end. The scenarios follow the
// paper's experiments: dt-two-queue (Fig. 3), burst-absorption (Figs.
// 11–12), buffer-choking (Fig. 6a), incast (Fig. 6b), random-load, and
// custom (sources only from a config file or flags). docs/scenarios.md
// documents each one's parameters and what the paper reports for it.
//
// Resolution order, later wins: tm.DefaultConfig, the scenario's overrides,
// the config file's "tm" object, then command-line flags; α from --alpha
// (or the file) applies to every class except those a scenario pins with
// its own parameter (e.g. buffer-choking's lp_alpha).
//
// Cycle numbering: the packets a source produces for cycle c are offered
// before the TM's Step for cycle c, so they arrive in cycle c. Watches
// observe the counters after each Step.
package scenario
