package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"occamy/cosim/packaging"
	"occamy/cosim/runner"
	"occamy/testbench/blocks"
)

func newInitCmd() *cobra.Command {
	var block, root string
	cmd := &cobra.Command{
		Use:   "init --block B DIR",
		Short: "Start your own Verilog of a block: a stub with the contract's ports, a Makefile that checks it, a README",
		Long: `init writes a starter project for your own Verilog of a block into DIR
(created; files already there are never replaced):

  MODULE.sv   a stub module with the block's parameters and ports exactly as
              the project's reference declares them (widths, derived
              localparams), every output driven 0
  Makefile    make check: occamy cosim --block B --rtl MODULE.sv at the
              block's defaults, and occamy prove at its small parameter set
              (cosim alone for a block prove does not take: the TM with its
              run-time configuration, the executor inside the TM)
  README.md   three lines

Fill in the stub's body and run make check (OCCAMY=path/to/occamy when occamy
is not on your PATH). Until then the stub's outputs are 0 and the check
fails, naming the first output that differs.`,
		Example: `  occamy init --block arbiter my_arbiter
  make -C my_arbiter check OCCAMY=$PWD/bin/occamy`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if block == "" {
				return usageErr(errors.New("init: --block is required: " + strings.Join(cosimBlocks(), ", ")))
			}
			if len(args) != 1 {
				return usageErr(fmt.Errorf("init: want one directory after the flags, got %d arguments", len(args)))
			}
			b, err := blocks.Lookup(block)
			if err != nil {
				sb, _ := blocks.LookupStandalone(block)
				if sb == nil {
					return usageErr(fmt.Errorf("init: %v (or executor)", err))
				}
				b = sb
			}
			r, err := runner.FindRoot(root, b.Sources)
			if err != nil {
				return usageErr(fmt.Errorf("init: %w", err))
			}
			files, err := packaging.Starter(r, block)
			if err != nil {
				return usageErr(fmt.Errorf("init: %w", err))
			}
			wrote, err := packaging.WriteStarter(args[0], files)
			if err != nil {
				return usageErr(fmt.Errorf("init: %w", err))
			}
			w := cmd.OutOrStdout()
			for _, p := range wrote {
				fmt.Fprintln(w, "wrote "+p)
			}
			fmt.Fprintf(w, "next: fill in %s, then make -C %s check\n", wrote[0], args[0])
			return nil
		},
	}
	cmd.Flags().StringVar(&block, "block", "", "the block: "+strings.Join(cosimBlocks(), ", "))
	cmd.Flags().StringVar(&root, "verilog", "", "the repository root holding verilog/ (default: found as cosim finds it)")
	return cmd
}
