package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExperimentBadInput(t *testing.T) {
	file := writeFile(t, "f", "")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown name", []string{"experiment", "fig99"}, `experiment "fig99" unknown, allowed: queue-evolution, burst-absorption, choking, round-robin-vs-longest, throughput-vs-load, qct-choking, qct-burst, all`},
		{"no name", []string{"experiment"}, "experiment: want one NAME, allowed: queue-evolution"},
		{"two names", []string{"experiment", "choking", "queue-evolution"}, "experiment: want one NAME"},
		{"negative jobs", []string{"experiment", "choking", "--jobs", "-2"}, "--jobs: -2 out of range"},
		{"unknown flag", []string{"experiment", "choking", "--fast"}, "unknown flag: --fast"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errText, code := runCLI(t, tc.args...)
			assert.Equal(t, 2, code, "%v: exit code (error %q)", tc.args, errText)
			assert.Contains(t, errText, tc.want, "%v", tc.args)
			assert.NotContains(t, errText, "\n", "%v: one-line error", tc.args)
			assert.Empty(t, out, "%v: stdout", tc.args)
		})
	}
	// An output directory that cannot be created is a failure to write (exit 1).
	_, errText, code := runCLI(t, "experiment", "choking", "--quick", "--out", filepath.Join(file, "x"))
	assert.Equal(t, 1, code, errText)
	assert.Contains(t, errText, "--out:")
}

// TestExperimentQuick runs one experiment from the command line and checks
// the verdict and the three files.
func TestExperimentQuick(t *testing.T) {
	dir := t.TempDir()
	out, errText, code := runCLI(t, "experiment", "throughput-vs-load", "--quick", "--out", dir)
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "throughput-vs-load:")
	assert.Contains(t, out, "k=4 chain expelled pkts/clock:")
	for _, ext := range []string{"csv", "png", "svg"} {
		st, err := os.Stat(filepath.Join(dir, "throughput-vs-load."+ext))
		require.NoError(t, err, ext)
		assert.Positive(t, st.Size(), ext)
	}
	out, errText, code = runCLI(t, "experiment", "--list")
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "queue-evolution")
	assert.Contains(t, out, "Fig. 21")
}

// TestExperimentList: --list describes every experiment, NAME --list the
// one named (as blocks NAME describes one block), an unknown NAME is the
// same error as without --list. Before, NAME --list said 'unknown command
// "throughput-vs-load"' of an experiment that exists.
func TestExperimentList(t *testing.T) {
	for _, c := range []struct {
		args  []string
		code  int
		lines int
		want  string
	}{
		{[]string{"--list"}, 0, 7, "queue-evolution"},
		{[]string{"all", "--list"}, 0, 7, "qct-burst"},
		{[]string{"throughput-vs-load", "--list"}, 0, 1, "throughput-vs-load "},
		{[]string{"--list", "choking"}, 0, 1, "choking "},
		{[]string{"nosuch", "--list"}, 2, 0, `experiment "nosuch" unknown, allowed: queue-evolution`},
		{[]string{"choking", "qct-burst", "--list"}, 2, 0, "want at most one NAME"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out, errText, code := runCLI(t, append([]string{"experiment"}, c.args...)...)
			require.Equal(t, c.code, code, errText)
			assert.Contains(t, out+errText, c.want)
			assert.NotContains(t, errText, "unknown command")
			if c.code == 0 {
				assert.Len(t, strings.Split(strings.TrimSpace(out), "\n"), c.lines, out)
			}
		})
	}
}
