//go:build verilator

package main

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/verilator"
	"occamy/rtl/outfile/outfiletest"
)

// TestSimRTLExitCodes: sim --rtl stopped by SIGINT or SIGTERM while
// occamy_tm is being built, or while Icarus runs it, exits 130 (the
// signal handler cancels the command's context, as here); a full build
// cache or a full directory for Icarus's files exits 2 naming "no space
// left on device". Before, each was exit 1, a model failure.
func TestSimRTLExitCodes(t *testing.T) {
	small := []string{"sim", "--scenario", "burst-absorption", "--bm", "occamy", "--param", "search=0", "--param", "burst_start=300",
		"--param", "senders=8", "--ports", "2", "--queues", "2", "--max-offers", "8"}
	args := func(buffer, cycles, sim string) []string {
		return append(append([]string(nil), small...), "--buffer", buffer, "--cycles", cycles, "--rtl", sim)
	}
	cases := []struct {
		name   string
		args   []string
		cancel time.Duration // -1: no cancel; 0: before the run starts
		env    func(t *testing.T)
		code   int
		want   string
	}{
		// A fresh cache: the build is under way when the signal comes.
		{"SIGINT before the build", args("520", "800", "verilator"), 0, freshCache, exitInterrupted, "interrupted before its first cycle"},
		{"SIGINT during the build", args("521", "800", "verilator"), 1500 * time.Millisecond, freshCache, exitInterrupted, "interrupted before its first cycle"},
		{"SIGTERM during icarus", args("512", "150000", "icarus"), 4 * time.Second, nil, exitInterrupted, "interrupted before its first cycle"},
		{"full build cache", args("522", "800", "verilator"), -1, func(t *testing.T) {
			t.Setenv(verilator.CacheEnv, filepath.Join(outfiletest.SmallFS(t, 64<<10), "cache"))
		}, 2, "no space left on device"},
		{"full directory for icarus", args("512", "800", "icarus"), -1, func(t *testing.T) {
			t.Setenv("TMPDIR", outfiletest.SmallFS(t, 16<<10))
		}, 2, "no space left on device"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.env != nil {
				c.env(t)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			switch {
			case c.cancel == 0:
				cancel()
			case c.cancel > 0:
				time.AfterFunc(c.cancel, cancel)
			}
			root := newRootCmd()
			var out, errOut bytes.Buffer
			root.SetOut(&out)
			root.SetErr(&errOut)
			root.SetArgs(c.args)
			t0 := time.Now()
			err := root.ExecuteContext(ctx)
			require.Error(t, err, "%s", out.String())
			assert.Equal(t, c.code, exitCode(err), "%v", err)
			assert.Contains(t, err.Error(), c.want)
			assert.Less(t, time.Since(t0), 2*time.Minute)
		})
	}
}

// freshCache points the build cache at an empty directory, so the build
// of occamy_tm runs.
func freshCache(t *testing.T) { t.Setenv(verilator.CacheEnv, t.TempDir()) }
