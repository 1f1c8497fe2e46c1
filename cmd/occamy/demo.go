package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"occamy/rtl"
	"occamy/rtl/vcd"
	"occamy/testbench/demo"
)

func newDemoCmd() *cobra.Command {
	cfg := demo.DefaultConfig()
	var vcdPath string
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Run the expulsion path (threshold → selector → arbiter → executor) on seeded random traffic",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := cfg.Params.Validate(); err != nil {
				return usageErr(err)
			}
			var tr rtl.Tracer
			if vcdPath != "" {
				if err := os.MkdirAll(filepath.Dir(vcdPath), 0o755); err != nil {
					return usageErr(err)
				}
				t, err := vcd.CreateTracer(vcdPath, vcd.TracerOptions{})
				if err != nil {
					return usageErr(err)
				}
				tr = t
			}
			res, err := demo.Run(cfg, tr)
			if err != nil {
				return usageErr(err)
			}
			res.Print(cmd.OutOrStdout(), cfg)
			if vcdPath != "" {
				fmt.Fprintf(cmd.OutOrStdout(), "waveform: %s\n", vcdPath)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&cfg.Params.N, "n", cfg.Params.N, "number of queues (1..256)")
	f.IntVar(&cfg.Params.Q, "q", cfg.Params.Q, "alpha classes, queues per port (1..64)")
	f.IntVar(&cfg.Params.B, "buffer", cfg.Params.B, "buffer size in cells")
	f.IntVar(&cfg.AlphaExp, "alpha-exp", cfg.AlphaExp, "alpha = 2^alpha-exp for every class")
	f.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "random seed")
	f.Uint64Var(&cfg.FillCycles, "fill", cfg.FillCycles, "cycles with arrivals")
	f.Uint64Var(&cfg.MaxCycles, "cycles", cfg.MaxCycles, "cycle limit")
	f.StringVar(&vcdPath, "vcd", "", "write a VCD waveform to this file")
	return cmd
}
