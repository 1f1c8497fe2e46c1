package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newBlocksCmd is the block registry (occamy blocks --json). Placeholder until issue 9 lands.
func newBlocksCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "blocks",
		Short:  "the block registry (occamy blocks --json)",
		Hidden: true,
		RunE: func(*cobra.Command, []string) error {
			return usageErr(errors.New("blocks: not built yet"))
		},
	}
}
