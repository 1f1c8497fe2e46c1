package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"occamy/testbench/shard"
)

// shardFlagUsage is the --shard flag's help, shared by the sweeping commands.
const shardFlagUsage = "run only shard i of n (0 <= i < n) of the sweep and store its points for occamy merge"

// parseShard reads --shard; empty is the whole sweep.
func parseShard(text string) (shard.Shard, error) {
	if text == "" {
		return shard.All, nil
	}
	s, err := shard.Parse(text)
	if err != nil {
		return s, usageErr(fmt.Errorf("--shard: %v", err))
	}
	return s, nil
}

// withShard returns ctx carrying a fresh store for shard s, or ctx as it
// is for the whole sweep (and under merge, whose replay store ctx carries).
func withShard(ctx context.Context, s shard.Shard) (context.Context, *shard.Store) {
	if s.Whole() {
		return ctx, nil
	}
	st := shard.NewStore(s)
	return shard.WithStore(ctx, st), st
}

// shardCommand is the command line that gives cmd's output without
// --shard: its name, the positional args and every flag set, in flag order.
func shardCommand(cmd *cobra.Command, args []string) []string {
	out := append([]string{cmd.Name()}, args...)
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if f.Name == "shard" {
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				out = append(out, "--"+f.Name+"="+v)
			}
			return
		}
		out = append(out, "--"+f.Name+"="+f.Value.String())
	})
	return out
}

// saveShard handles the end of a sharded run: when runErr says the shard's
// points are stored, it saves them to path (or to w when path is empty),
// reports it, and returns true.
func saveShard(st *shard.Store, runErr error, command []string, path string, w io.Writer) (bool, error) {
	if st == nil || !errors.Is(runErr, shard.ErrPartial) {
		return false, nil
	}
	if path == "" {
		f := shard.File{Format: shard.FileFormat, Command: command, Shard: st.Shard.String(), Calls: st.Calls}
		return true, writeJSONLine(w, f)
	}
	if err := st.Save(path, command); err != nil {
		return true, outputOrFail(err)
	}
	_, err := fmt.Fprintf(w, "%s: shard %s stored, wrote %s (occamy merge the %d shards)\n", command[1], st.Shard, path, st.Shard.N)
	return true, err
}

func writeJSONLine(w io.Writer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return failErr(err)
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
