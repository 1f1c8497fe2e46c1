//go:build verilator

package alttm

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A run of tb_alt_tm: its plusargs and what its traffic must have produced
// on the correct design.
type smokeRun struct {
	name string
	args []string
	want func(t *testing.T, s summary)
}

// The smoke runs. occamy: alpha 8 on both classes, overload moving from port
// to port: head drops. mixed: class 0 at alpha 1/4, so queues that egress
// serves are also over their threshold (the only way egress and head drop
// can meet on one queue head), longer. dt: alpha 1, no head drop: refusals
// at the threshold.
var smokeRuns = []smokeRun{
	{"occamy", []string{"+seed=1", "+cycles=4000", "+alpha=3", "+hd=1"}, func(t *testing.T, s summary) {
		assert.Greater(t, s.n["head_dropped"], 50, "head drops under overload with alpha 8")
	}},
	{"mixed", []string{"+seed=1", "+cycles=12000", "+alpha=3", "+alpha0=-2", "+hd=1"}, func(t *testing.T, s summary) {
		assert.Greater(t, s.n["head_dropped"], 50, "head drops")
		assert.Greater(t, s.n["refused_thr"], 50, "class 0 refused at its threshold")
	}},
	{"dt", []string{"+seed=1", "+cycles=4000", "+alpha=0", "+hd=0"}, func(t *testing.T, s summary) {
		assert.Zero(t, s.n["head_dropped"], "no head drop with hd off")
		assert.Greater(t, s.n["refused_thr"], 50, "refused at the DT threshold")
	}},
}

// summary is what tb_alt_tm printed: its "tb_alt_tm:" lines and their
// name=value counts.
type summary struct {
	lines  []string
	n      map[string]int
	pass   bool
	counts string // the errors=... line
}

func parseSummary(t *testing.T, out string) summary {
	t.Helper()
	s := summary{n: map[string]int{}}
	for _, l := range strings.Split(out, "\n") {
		rest, ok := strings.CutPrefix(l, "tb_alt_tm: ")
		if !ok {
			continue
		}
		s.lines = append(s.lines, l)
		if strings.HasPrefix(rest, "errors=") {
			s.counts = l
		}
		if rest == "PASS" {
			s.pass = true
		}
		for _, f := range strings.Fields(rest) {
			if k, v, ok := strings.Cut(f, "="); ok {
				if n, err := strconv.Atoi(v); err == nil {
					s.n[k] = n
				}
			}
		}
	}
	require.Contains(t, s.n, "errors", "tb_alt_tm printed no summary:\n%s", out)
	return s
}

// others returns the lines of out that are neither the testbench's summary
// nor Verilator's $finish note: an assertion's message (rr_arbiter's), a
// simulator warning.
func others(out string) []string {
	var o []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(l, "tb_alt_tm: ") && !strings.HasSuffix(l, ": Verilog $finish") {
			o = append(o, l)
		}
	}
	return o
}

func needTools(t *testing.T, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			t.Skipf("%s not installed", n)
		}
	}
}

// run runs a program with a deadline and returns its combined output.
func run(t *testing.T, dir string, limit time.Duration, prog string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	var b bytes.Buffer
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &b, &b
	err := cmd.Run()
	return b.String(), err
}

// designFiles: the absolute sources of alt_tm, with its own file replaced
// by dut when dut is not empty.
func designFiles(t *testing.T, dut string) []string {
	t.Helper()
	root := repoRoot(t)
	src, err := Sources()
	require.NoError(t, err)
	var s []string
	for _, f := range src {
		s = append(s, filepath.Join(root, f))
	}
	if dut != "" {
		s[len(s)-1] = dut
	}
	return s
}

// incFlags are the -I flags of IncludeDirs, absolute, for Verilator and
// Icarus alike.
func incFlags(t *testing.T) []string {
	var f []string
	for _, d := range IncludeDirs() {
		f = append(f, "-I"+filepath.Join(repoRoot(t), d))
	}
	return f
}

// icarusTB compiles the testbench with the design and returns the vvp file.
func icarusTB(t *testing.T, dut string, extra ...string) string {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "tb.vvp")
	args := append(append([]string{"-g2012", "-o", out, "-s", TBModule}, incFlags(t)...), extra...)
	args = append(args, filepath.Join(repoRoot(t), Dir, TBFile))
	args = append(args, designFiles(t, dut)...)
	msg, err := run(t, dir, time.Minute, "iverilog", args...)
	require.NoError(t, err, "iverilog %s\n%s", strings.Join(args, " "), msg)
	return out
}

func runIcarus(t *testing.T, vvp string, args []string) (summary, string) {
	t.Helper()
	out, err := run(t, filepath.Dir(vvp), 2*time.Minute, "vvp", append([]string{"-n", vvp}, args...)...)
	require.NoError(t, err, out)
	return parseSummary(t, out), out
}

// verilatorTB builds the testbench with verilator --binary (timing on,
// -Wall, --assert so that rr_arbiter's assertions run as on Icarus) and
// returns the executable.
func verilatorTB(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	args := []string{"--binary", "-Wall", "--assert", "--top-module", TBModule, "-Mdir", filepath.Join(dir, "obj"),
		"-MAKEFLAGS", "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"}
	args = append(append(args, incFlags(t)...), filepath.Join(repoRoot(t), Dir, TBFile))
	args = append(args, designFiles(t, "")...)
	msg, err := run(t, dir, 8*time.Minute, "verilator", args...)
	require.NoError(t, err, "verilator %s\n%s", strings.Join(args, " "), msg)
	require.NotContains(t, msg, "%Warning", "verilator -Wall")
	return filepath.Join(dir, "obj", "V"+TBModule)
}

// TestLint: alt_tm is clean under verilator --lint-only -Wall and
// iverilog -g2012 -Wall at its defaults and at small, odd and large shapes.
func TestLint(t *testing.T) {
	needTools(t, "verilator", "iverilog")
	shapes := []map[string]int{
		{},
		{"P": 1, "Q": 1, "B": 16, "MAXPKT": 4, "R": 1},
		{"P": 1, "Q": 1, "B": 1, "MAXPKT": 1},
		{"P": 3, "Q": 3, "B": 100, "MAXPKT": 7, "R": 3, "DW": 8},
		{"P": 8, "Q": 8, "B": 2048, "MAXPKT": 64, "R": 8},
	}
	files := designFiles(t, "")
	dir := t.TempDir()
	for _, sh := range shapes {
		var keys []string
		for k := range sh {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		vargs := append([]string{"--lint-only", "-Wall", "--top-module", Module}, incFlags(t)...)
		iargs := append([]string{"-g2012", "-Wall", "-o", filepath.Join(dir, "lint.vvp"), "-s", Module}, incFlags(t)...)
		for _, k := range keys {
			vargs = append(vargs, fmt.Sprintf("-G%s=%d", k, sh[k]))
			iargs = append(iargs, fmt.Sprintf("-P%s.%s=%d", Module, k, sh[k]))
		}
		out, err := run(t, dir, time.Minute, "verilator", append(vargs, files...)...)
		assert.NoError(t, err, "verilator %v", sh)
		assert.Empty(t, out, "verilator %v", sh)
		out, err = run(t, dir, time.Minute, "iverilog", append(iargs, files...)...)
		assert.NoError(t, err, "iverilog %v", sh)
		assert.Empty(t, out, "iverilog %v", sh)
	}
}

// TestSmoke: tb_alt_tm finds no error on alt_tm in any smoke run, on Icarus
// and on Verilator, and both simulators print the same summary (the
// testbench's random traffic is its own xorshift, so one seed is one
// traffic): the counts of packets admitted, refused, left and head-dropped
// are the design's, not a simulator's.
func TestSmoke(t *testing.T) {
	needTools(t, "verilator", "iverilog", "vvp")
	vvp := icarusTB(t, "")
	bin := verilatorTB(t)
	for _, r := range smokeRuns {
		t.Run(r.name, func(t *testing.T) {
			ic, iout := runIcarus(t, vvp, r.args)
			vout, err := run(t, filepath.Dir(bin), 2*time.Minute, bin, r.args...)
			require.NoError(t, err, vout)
			vl := parseSummary(t, vout)
			assert.Empty(t, others(iout), "Icarus printed more than the summary")
			assert.Empty(t, others(vout), "Verilator printed more than the summary")
			for _, l := range ic.lines {
				t.Log(l)
			}
			assert.Equal(t, 0, ic.n["errors"], "Icarus:\n%s", strings.Join(ic.lines, "\n"))
			assert.True(t, ic.pass, "Icarus verdict")
			assert.Equal(t, ic.lines, vl.lines, "Verilator's summary differs from Icarus's")
			assert.Greater(t, ic.n["left"], 100, "packets left")
			r.want(t, ic)
		})
	}
}

// brokenCaught: for each broken copy, the smoke run that exposes it and the
// testbench checks that must fail on it (measured; other checks may fail
// too). bug-eg-hd-same needs the mixed run: with one alpha for both classes
// the over-allocated queues are the low-priority ones that egress does not
// serve, and egress and head drop never meet on one queue head.
var brokenCaught = map[string]struct {
	run    string
	checks []string
}{
	"bug-adm-pkts":   {"occamy", []string{"conservation", "data", "lost"}},
	"bug-hd-leak":    {"occamy", []string{"conservation", "data", "lost"}},
	"bug-port-lost":  {"occamy", []string{"lost"}},
	"bug-eg-hd-same": {"mixed", []string{"conservation", "data"}},
	"bug-sel-ge":     {"occamy", []string{"policy"}},
	"bug-thr-stale2": {"occamy", []string{"policy"}},
}

// TestSmokeBrokenCopies: tb_alt_tm fails on every broken copy (Icarus),
// with the checks brokenCaught names. The smoke testbench knows alt_tm's
// exact latencies, so it sees even the policy bugs; a scoreboard that only
// knows a staleness window has less to go on.
func TestSmokeBrokenCopies(t *testing.T) {
	needTools(t, "iverilog", "vvp")
	runs := map[string][]string{}
	for _, r := range smokeRuns {
		runs[r.name] = r.args
	}
	root := repoRoot(t)
	for _, b := range Bugs() {
		t.Run(b.ID, func(t *testing.T) {
			c, ok := brokenCaught[b.ID]
			require.True(t, ok, "no expectation for %s", b.ID)
			dut, err := WriteBroken(root, t.TempDir(), b)
			require.NoError(t, err)
			s, _ := runIcarus(t, icarusTB(t, dut), runs[c.run])
			t.Logf("%s (%s run): %s", b.ID, c.run, s.counts)
			assert.False(t, s.pass, "verdict")
			assert.Greater(t, s.n["errors"], 0, "errors")
			for _, k := range c.checks {
				assert.Greater(t, s.n[k], 0, "check %s", k)
			}
		})
	}
	assert.Len(t, brokenCaught, len(Bugs()))
}
