package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newMergeCmd is merge sharded sweep outputs into the unsharded result. Placeholder until issue 14 lands.
func newMergeCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "merge",
		Short:  "merge sharded sweep outputs into the unsharded result",
		Hidden: true,
		RunE: func(*cobra.Command, []string) error {
			return usageErr(errors.New("merge: not built yet"))
		},
	}
}
