package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/shard"
)

// TestShardMergeEqualsOneRun runs an experiment and a throughput sweep
// whole, then as 3 shards merged, and requires byte-identical output: the
// experiment's CSV, PNG, SVG and verdict, the sweep's JSON and CSV.
func TestShardMergeEqualsOneRun(t *testing.T) {
	whole := t.TempDir()
	out, errText, code := runCLI(t, "experiment", "round-robin-vs-longest", "--quick", "--out", whole)
	require.Zero(t, code, errText)
	sharded := t.TempDir()
	var files []string
	for _, s := range []string{"0/3", "1/3", "2/3"} {
		_, errText, code := runCLI(t, "experiment", "round-robin-vs-longest", "--quick", "--out", sharded, "--shard", s)
		require.Zero(t, code, "shard %s: %s", s, errText)
	}
	for i := 0; i < 3; i++ {
		files = append(files, filepath.Join(sharded, "round-robin-vs-longest.shard-"+string(rune('0'+i))+"-of-3.json"))
	}
	_, err := os.Stat(filepath.Join(sharded, "round-robin-vs-longest.csv"))
	require.True(t, os.IsNotExist(err), "a shard wrote the CSV")
	merged := t.TempDir()
	mout, errText, code := runCLI(t, append([]string{"merge", "--out", merged}, files...)...)
	require.Zero(t, code, errText)
	for _, f := range []string{"round-robin-vs-longest.csv", "round-robin-vs-longest.png", "round-robin-vs-longest.svg"} {
		a, err := os.ReadFile(filepath.Join(whole, f))
		require.NoError(t, err)
		b, err := os.ReadFile(filepath.Join(merged, f))
		require.NoError(t, err)
		assert.Equal(t, a, b, "%s: merged shards differ from one run", f)
	}
	assert.Equal(t, replaceDir(out, whole), replaceDir(mout, merged), "verdict")

	for _, format := range []string{"--json", "--csv"} {
		args := []string{"throughput", "--k", "1,4", "--free-mode", "cell,chain", "--load", "0,50", "--window", "2000", "--warmup", "200", "--idle-cycles", "1000", "--buffer", "4096", format}
		one, errText, code := runCLI(t, args...)
		require.Zero(t, code, errText)
		var paths []string
		for _, s := range []string{"0/2", "1/2"} {
			sout, errText, code := runCLI(t, append(args, "--shard", s)...)
			require.Zero(t, code, "shard %s: %s", s, errText)
			p := filepath.Join(t.TempDir(), "s.json")
			require.NoError(t, os.WriteFile(p, []byte(sout), 0o644))
			paths = append(paths, p)
		}
		got, errText, code := runCLI(t, append([]string{"merge"}, paths...)...)
		require.Zero(t, code, errText)
		assert.Equal(t, one, got, "throughput %s: merged shards differ from one run", format)
	}
}

// TestMergeBadInput: missing, duplicate or foreign shards are one-line
// errors (exit 2) naming the file.
func TestMergeBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, s := range []string{"0/2", "1/2"} {
		_, errText, code := runCLI(t, "experiment", "round-robin-vs-longest", "--quick", "--out", dir, "--shard", s)
		require.Zero(t, code, errText)
	}
	s0 := filepath.Join(dir, "round-robin-vs-longest.shard-0-of-2.json")
	s1 := filepath.Join(dir, "round-robin-vs-longest.shard-1-of-2.json")
	junk := filepath.Join(dir, "junk.json")
	require.NoError(t, os.WriteFile(junk, []byte(`{"format": "x"}`), 0o644))
	// A point that is not the sweep's result, and shards whose stored
	// command asks for a shard again.
	b0, err := os.ReadFile(s0)
	require.NoError(t, err)
	malformed := filepath.Join(dir, "malformed.json")
	require.NoError(t, os.WriteFile(malformed, []byte(strings.Replace(string(b0), `"0":{`, `"0":{"Senders":"many",`, 1)), 0o644))
	var sharded []string
	for i, f := range []string{s0, s1} {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		p := filepath.Join(dir, fmt.Sprintf("reshard-%d.json", i))
		require.NoError(t, os.WriteFile(p, []byte(strings.Replace(string(b), `"--quick=true"`, `"--quick=true","--shard=0/2"`, 1)), 0o644))
		sharded = append(sharded, p)
	}
	// Larger than merge reads (sparse: no disk used).
	huge := filepath.Join(dir, "huge.json")
	require.NoError(t, os.WriteFile(huge, nil, 0o644))
	require.NoError(t, os.Truncate(huge, shard.MaxFileBytes+1))
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"missing shard", []string{"merge", s0}, "shard 1/2 missing"},
		{"duplicate", []string{"merge", s0, s0, s1}, "again"},
		{"foreign", []string{"merge", junk}, `format "x"`},
		{"no file", []string{"merge", filepath.Join(dir, "nope.json")}, "no such file"},
		// Before: read until memory ran out (2.2 GB), read whole, or read
		// and the point's error did not name its file; a stored --shard
		// replayed one shard again.
		{"device", []string{"merge", "/dev/zero"}, "/dev/zero: a character device, want a regular file"},
		{"directory", []string{"merge", dir}, dir + ": a directory, want a regular file"},
		{"too large", []string{"merge", huge}, huge + ": larger than 64 MiB"},
		{"malformed point", []string{"merge", malformed, s1}, malformed + ": point 0 is not a result of this sweep"},
		{"stored --shard", []string{"merge", sharded[0], sharded[1]}, sharded[0] + `: its command ["experiment" "round-robin-vs-longest" "--out=` + dir + `" "--quick=true" "--shard=0/2"] has --shard=0/2`},
		{"bad shard flag", []string{"experiment", "choking", "--shard", "2/2"}, "--shard"},
		{"bad shard text", []string{"throughput", "--shard", "x"}, "--shard"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, errText, code := runCLI(t, tc.args...)
			assert.Equal(t, 2, code, "%v: %s", tc.args, errText)
			assert.Contains(t, errText, tc.want)
			assert.NotContains(t, errText, "\n")
		})
	}
}

func replaceDir(s, dir string) string { return strings.ReplaceAll(s, dir, "DIR") }
