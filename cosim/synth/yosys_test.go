package synth

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const verilogDir = "../../verilog"

func mustJob(t *testing.T, block string, s Size) Job {
	t.Helper()
	b, err := Lookup(block)
	require.NoError(t, err)
	j, err := NewJob(b, s)
	require.NoError(t, err)
	return j
}

func needYosys(t *testing.T) string {
	t.Helper()
	p, err := LookYosys("")
	if err != nil {
		t.Skip("yosys not installed")
	}
	return p
}

func TestLookYosysMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := LookYosys("")
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrNoYosys), "errors.Is(err, ErrNoYosys)")
	assert.Equal(t, "yosys not found: apt-get install yosys", err.Error())

	_, err = LookYosys("/no/such/yosys")
	require.Error(t, err)
	assert.Equal(t, "yosys not found (/no/such/yosys): apt-get install yosys", err.Error())

	r := &Runner{}
	_, err = r.Run(context.Background(), nil)
	assert.True(t, errors.Is(err, ErrNoYosys), "Run without a Yosys path")
}

// fakeYosys writes a shell script standing in for Yosys: it logs each call
// to calls, then runs body in the job directory.
func fakeYosys(t *testing.T, body string) (path, calls string) {
	t.Helper()
	dir := t.TempDir()
	calls = filepath.Join(dir, "calls")
	path = filepath.Join(dir, "yosys")
	script := "#!/bin/sh\necho \"$@\" >> " + calls + "\n" + body + "\n"
	require.NoError(t, os.WriteFile(path, []byte(script), 0o755))
	return path, calls
}

func TestRunnerDedupesAndParses(t *testing.T) {
	td, err := filepath.Abs("testdata")
	require.NoError(t, err)
	y, calls := fakeYosys(t, "test -f rr_arbiter.sv && test -f cost.ys || exit 3\n"+
		"cp "+td+"/arbiter_n8.stat stat.txt\ncp "+td+"/arbiter_n8.ltp ltp.txt")
	r := &Runner{Yosys: y, VerilogDir: verilogDir, Jobs: 2}
	// Equal designs (the arbiter ignores QW) run once.
	jobs := []Job{mustJob(t, "arbiter", Size{N: 8, QW: 16}), mustJob(t, "arbiter", Size{N: 8, QW: 32})}
	res, err := r.Run(context.Background(), jobs)
	require.NoError(t, err)
	require.Len(t, res, 2)
	for i, got := range res {
		assert.Equal(t, Cost{LUTs: 29, FFs: 3, Cells: 32}, got.Cost, "result %d cost", i)
		assert.Equal(t, 4, got.Path.Length, "result %d levels", i)
		assert.Equal(t, jobs[i].Key(), got.Job.Key(), "result %d is its job's", i)
	}
	log, err := os.ReadFile(calls)
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(log), "\n"), "yosys calls: %q", log)
}

func TestRunnerReportsYosysErrors(t *testing.T) {
	y, _ := fakeYosys(t, "echo 'hd_selector.sv:9: ERROR: syntax error, unexpected TOK_ID'\nexit 1")
	r := &Runner{Yosys: y, VerilogDir: verilogDir}
	_, err := r.Run(context.Background(), []Job{mustJob(t, "selector", Size{N: 4, QW: 4})})
	require.Error(t, err)
	var re *RunError
	require.True(t, errors.As(err, &re), "want *RunError, got %T: %v", err, err)
	assert.Contains(t, err.Error(), "yosys failed on selector N=4,QW=4")
	assert.Contains(t, err.Error(), "ERROR: syntax error, unexpected TOK_ID")
}

func TestRunnerRejectsUnknownOutput(t *testing.T) {
	y, _ := fakeYosys(t, "echo 'something else' > stat.txt\necho 'nothing' > ltp.txt")
	r := &Runner{Yosys: y, VerilogDir: verilogDir}
	_, err := r.Run(context.Background(), []Job{mustJob(t, "arbiter", Size{N: 4})})
	require.Error(t, err)
	var pe *ParseError
	require.True(t, errors.As(err, &pe), "want *ParseError, got %T: %v", err, err)
	assert.Equal(t, `yosys stat output for rr_arbiter not understood: no "=== MODULE ===" section`, err.Error())
}

func TestRunnerMissingSource(t *testing.T) {
	y, _ := fakeYosys(t, "exit 0")
	r := &Runner{Yosys: y, VerilogDir: t.TempDir()}
	_, err := r.Run(context.Background(), []Job{mustJob(t, "arbiter", Size{N: 4})})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "rr_arbiter.sv")
	assert.Contains(t, err.Error(), "--verilog DIR")
}

// Integration: the real Yosys on the arbiter at N=8 and the pair at N=4,
// QW=4 (both under a second).
func TestYosysSmallBlocks(t *testing.T) {
	y := needYosys(t)
	r := &Runner{Yosys: y, VerilogDir: verilogDir}
	v, err := r.Version(context.Background())
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(v, "Yosys 0."), "version %q", v)

	res, err := r.Run(context.Background(), []Job{
		mustJob(t, "arbiter", Size{N: 8}),
		mustJob(t, "selector+arbiter", Size{N: 4, QW: 4}),
	})
	require.NoError(t, err)
	arb := res[0]
	// A 3-bit pointer; two 8-bit lowest-set-bit encoders and a mask are a
	// few dozen LUTs a few levels deep.
	assert.Equal(t, 3, arb.Cost.FFs, "arbiter N=8: FF (the 3-bit pointer)")
	assert.GreaterOrEqual(t, arb.Cost.LUTs, 10, "arbiter N=8: LUT6")
	assert.LessOrEqual(t, arb.Cost.LUTs, 80, "arbiter N=8: LUT6")
	assert.GreaterOrEqual(t, arb.Path.Length, 2, "arbiter N=8: levels")
	assert.LessOrEqual(t, arb.Path.Length, 8, "arbiter N=8: levels")
	assert.Zero(t, arb.Cost.Other, "arbiter N=8: cells other than LUTs and FFs")

	pair := res[1]
	// 4 bitmap bits + a 2-bit pointer.
	assert.Equal(t, 6, pair.Cost.FFs, "selector+arbiter N=4 QW=4: FF")
	assert.Positive(t, pair.Cost.LUTs, "selector+arbiter N=4 QW=4: LUT6")
}

func TestYosysVersionFromFake(t *testing.T) {
	y, _ := fakeYosys(t, "echo 'not yosys'")
	r := &Runner{Yosys: y}
	_, err := r.Version(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), `printed "not yosys"`)
}
