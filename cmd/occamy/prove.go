package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newProveCmd is formal equivalence of a user's Verilog against the reference. Placeholder until issue 13 lands.
func newProveCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "prove",
		Short:  "formal equivalence of a user's Verilog against the reference",
		Hidden: true,
		RunE: func(*cobra.Command, []string) error {
			return usageErr(errors.New("prove: not built yet"))
		},
	}
}
