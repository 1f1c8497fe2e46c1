package main

import "github.com/spf13/cobra"

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "occamy",
		Short: "Occamy toolkit: golden models, co-simulation, waveforms and throughput of preemptive buffer management",
		Long: `occamy models Occamy, a preemptive buffer management for on-chip
shared-memory switches: a cycle-exact Go golden model of the head-drop
selector, round-robin arbiter and head-drop executor, co-simulation of
Verilog against it, VCD traces, and expulsion-throughput estimates.`,
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
	root.AddCommand(newMergeCmd())
	return root
}
