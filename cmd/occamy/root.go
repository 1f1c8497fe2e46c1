package main

import "github.com/spf13/cobra"

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "occamy",
		Short: "Occamy toolkit: golden models, co-simulation, waveforms and throughput of preemptive buffer management",
		Long: `occamy models Occamy, a preemptive buffer management for on-chip
shared-memory switches: cycle-exact Go golden models of the traffic manager
and of each of its blocks (DT thresholds, head-drop selector, round-robin
arbiter, maximum finder, the memories and lists, the head-drop executor),
co-simulation of Verilog against them on Verilator and Icarus, traffic
scenarios and the paper's experiments, VCD traces, and expulsion-throughput
estimates.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newDemoCmd())
	root.AddCommand(newSimCmd())
	root.AddCommand(newVcddiffCmd())
	root.AddCommand(newThroughputCmd())
	root.AddCommand(newExperimentCmd())
	root.AddCommand(newSynthCmd())
	root.AddCommand(newCosimCmd())
	root.AddCommand(newBlocksCmd())
	root.AddCommand(newProveCmd())
	root.AddCommand(newInitCmd())
	root.AddCommand(newMergeCmd())
	return root
}
