package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"occamy/rtl/infile"
	"occamy/testbench/shard"
)

// mergeable are the commands whose shard files merge can replay.
var mergeable = map[string]bool{"experiment": true, "throughput": true}

func newMergeCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "merge SHARD.json...",
		Short: "Merge the shard files of a sharded sweep (--shard i/n) into exactly the unsharded output",
		Long: `merge reads the shard files that "occamy experiment NAME --shard i/n" (in
--out, NAME.shard-i-of-n.json) or "occamy throughput --shard i/n" (on
stdout) wrote, checks that they are the shards 0..n-1 of one command, each
once, and runs that command again with every point read back from them and
none computed: its CSV, figures and verdict (experiment), or its table,
CSV or JSON (throughput), are exactly those of the unsharded run.
--out overrides the experiment's output directory. See docs/experiments.md.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMerge(cmd, args, out)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "experiment output directory (default: the one the shards were run with)")
	return cmd
}

func runMerge(cmd *cobra.Command, paths []string, out string) error {
	files := make([]shard.File, len(paths))
	for i, p := range paths {
		data, err := infile.ReadFile(p, shard.MaxFileBytes)
		if err != nil {
			return usageErr(fmt.Errorf("merge: %v", err))
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&files[i]); err != nil {
			return usageErr(fmt.Errorf("merge: %s: not a shard file: %v", p, err))
		}
	}
	command, st, err := shard.Merge(files, paths)
	if err != nil {
		return usageErr(err)
	}
	if len(command) == 0 || !mergeable[command[0]] {
		return usageErr(fmt.Errorf("merge: %s: command %q, allowed experiment, throughput", paths[0], command))
	}
	if out != "" {
		if command[0] != "experiment" {
			return usageErr(fmt.Errorf("merge: --out applies to experiment shards, these are %s", command[0]))
		}
		command = append(append([]string(nil), command...), "--out="+out)
	}
	root := newRootCmd()
	root.SetOut(cmd.OutOrStdout())
	root.SetErr(cmd.ErrOrStderr())
	root.SetArgs(command)
	err = root.ExecuteContext(shard.WithStore(cmdContext(cmd), st))
	if pe := (*shard.PointError)(nil); errors.As(err, &pe) {
		return usageErr(pe)
	}
	return err
}
