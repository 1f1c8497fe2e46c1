package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim"
	"occamy/cosim/runner"
	"occamy/cosim/verilator"
	"occamy/hw/tm"
	"occamy/rtl/vcd"
	"occamy/testbench/scenario"
)

// TestStdoutWriteFailure: every command whose standard output cannot be
// written (here /dev/full) says so on stderr and exits 2, whatever it was
// doing; the verdict is never lost silently.
func TestStdoutWriteFailure(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	vcdFile := writeFile(t, "a.vcd", "$timescale 1ns $end\n$scope module top $end\n$var wire 1 ! clk $end\n$var wire 1 # d $end\n$upscope $end\n$enddefinitions $end\n#0\n0!\n0#\n#5\n1!\n#10\n0!\n#15\n1!\n")
	cases := []struct {
		name string
		args []string
		tool string
	}{
		{"demo", []string{"demo", "--out", t.TempDir()}, ""},
		{"sim", []string{"sim", "--scenario", "incast", "--cycles", "2000"}, ""},
		{"sim --json", []string{"sim", "--scenario", "incast", "--cycles", "2000", "--json"}, ""},
		{"sim --list", []string{"sim", "--list"}, ""},
		{"throughput", []string{"throughput", "--k", "4", "--load", "0", "--free-mode", "chain", "--buffer", "4096", "--window", "2000", "--warmup", "200", "--idle-cycles", "500"}, ""},
		{"vcddiff", []string{"vcddiff", vcdFile, vcdFile}, ""},
		{"experiment --list", []string{"experiment", "--list"}, ""},
		{"help", []string{"--help"}, ""},
		{"cosim", []string{"cosim", "--block", "arbiter", "--sim", "icarus", "--cycles", "200"}, "iverilog"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.tool != "" {
				if _, err := exec.LookPath(tc.tool); err != nil {
					t.Skip(tc.tool, "not installed")
				}
			}
			var stderr bytes.Buffer
			code := run(tc.args, full, &stderr)
			assert.Equal(t, 2, code, "exit code; stderr:\n%s", stderr.String())
			assert.Contains(t, stderr.String(), "occamy: writing standard output: write /dev/full: no space left on device")
			assert.Equal(t, 1, strings.Count(stderr.String(), "no space left"), "said once:\n%s", stderr.String())
		})
	}
}

// TestOutputExitCodes: outputs that cannot be written and inputs that are
// missing are exit 2 (bad input or output), never 1 (a check failed).
func TestOutputExitCodes(t *testing.T) {
	empty := t.TempDir()
	file := filepath.Join(t.TempDir(), "a-file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	cases := []struct {
		name string
		args []string
		want string
		tool string
	}{
		{"sim --vcd onto a device", []string{"sim", "--scenario", "incast", "--cycles", "100", "--vcd", "/dev/full"}, "--vcd: trace: vcd: writing the dump: /dev/full: no space left on device", ""},
		// A missing directory is created; one that cannot be is exit 2.
		{"sim --vcd under a file", []string{"sim", "--scenario", "incast", "--cycles", "100", "--vcd", filepath.Join(file, "no", "x.vcd")}, "not a directory", ""},
		{"synth --verilog without sources", []string{"synth", "--verilog", empty}, "needs dt_threshold.sv: no such file or directory", "yosys"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.tool != "" {
				if _, err := exec.LookPath(tc.tool); err != nil {
					t.Skip(tc.tool, "not installed")
				}
			}
			_, errText, code := runCLI(t, tc.args...)
			assert.Equal(t, 2, code, errText)
			assert.Contains(t, errText, tc.want)
		})
	}
	assert.NoFileExists(t, "/dev/.full.tmp", "nothing created beside a device")
}

// TestSimRunErrors: a failed waveform write and bad input found while
// running are exit 2, a model failure exit 1.
func TestSimRunErrors(t *testing.T) {
	cases := []struct {
		err  error
		code int
	}{
		{&vcd.WriteError{Err: syscall.ENOSPC}, 2},
		{&scenario.InputError{Err: errors.New("too many offers")}, 2},
		{errors.New("cycle 7: invariant broken"), 1},
		// The RTL's (sim --rtl): before, all of these but the $stop were
		// exit 1, a model failure.
		{fmt.Errorf("cosim: /c (the build cache) is full: %w", syscall.ENOSPC), 2},
		{&runner.SetupError{Msg: "icarus: write tm.vec: no space left on device"}, 2},
		{&verilator.BuildError{Stage: "compile", Top: "occamy_tm", Err: errors.New("exit status 1")}, 2},
		{&cosim.ToolError{Tool: "verilator", Install: "apt-get install verilator", Err: errors.New("not found")}, 2},
		{&cosim.SimError{Top: "occamy_tm", Kind: cosim.SimStop, Cycle: 9, Msg: "assertion"}, 1},
		{fmt.Errorf("tmsim: %w", &cosim.SimError{Top: "occ_tb", Kind: cosim.SimFatal, Cycle: 9, Msg: "did not settle"}), 1},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.code, exitCode(runErr(tc.err)), "%v", tc.err)
	}
}

// TestInterrupted: a run stopped by SIGINT or SIGTERM (here its context,
// as the signal handler cancels it) stops at a boundary, keeps what it
// wrote, says where it stopped, and exits 130.
func TestInterrupted(t *testing.T) {
	dir := t.TempDir()
	wave := filepath.Join(dir, "w.vcd")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"sim", []string{"sim", "--scenario", "random-load", "--cycles", "100000000", "--vcd", wave}, "sim random-load (occamy) interrupted at cycle 256"},
		{"throughput", []string{"throughput", "--k", "1,2", "--load", "0,50"}, "throughput interrupted after 0 of 8 points"},
		{"experiment", []string{"experiment", "--quick", "--out", dir, "burst-absorption"}, "experiment burst-absorption interrupted after 0 of 1 experiments"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			root := newRootCmd()
			var out, errOut bytes.Buffer
			root.SetOut(&out)
			root.SetErr(&errOut)
			root.SetArgs(tc.args)
			err := root.ExecuteContext(ctx)
			require.Error(t, err)
			assert.Equal(t, exitInterrupted, exitCode(err))
			assert.Equal(t, tc.want, err.Error())
		})
	}
	// The waveform of the stopped run holds its whole cycles, with its
	// save file, and nothing half-written is left beside it.
	rd, err := os.Open(wave)
	require.NoError(t, err)
	defer rd.Close()
	r, err := vcd.NewReader(rd)
	require.NoError(t, err)
	s, err := vcd.NewSampler(r, vcd.SamplerOptions{Clock: "occamy.clk"})
	require.NoError(t, err)
	n := 0
	for s.Next() {
		n++
	}
	require.NoError(t, s.Err())
	// The stopped run still drains (tm.AdmitLag idle cycles: the answers
	// of the offers it made), then closes the waveform.
	assert.Equal(t, 256+tm.AdmitLag, n, "the edges that end cycles 0..255 and the drain's: whole cycles only")
	assert.FileExists(t, filepath.Join(dir, "w.gtkw"))
	left, err := filepath.Glob(filepath.Join(dir, ".w.vcd.tmp-*"))
	require.NoError(t, err)
	assert.Empty(t, left)
}

// TestInterruptedBySignal: a real SIGTERM during `sim --vcd` stops it the
// same way (the handler is in place once the waveform is being written).
func TestInterruptedBySignal(t *testing.T) {
	dir := t.TempDir()
	wave := filepath.Join(dir, "w.vcd")
	done := make(chan int, 1)
	var stderr bytes.Buffer
	go func() {
		done <- run([]string{"sim", "--scenario", "random-load", "--cycles", "100000000", "--vcd", wave}, &bytes.Buffer{}, &stderr)
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if m, _ := filepath.Glob(filepath.Join(dir, ".w.vcd.tmp-*")); len(m) > 0 {
			break
		}
		require.True(t, time.Now().Before(deadline), "sim did not start writing")
		time.Sleep(5 * time.Millisecond)
	}
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGTERM))
	select {
	case code := <-done:
		assert.Equal(t, exitInterrupted, code, stderr.String())
	case <-time.After(20 * time.Second):
		t.Fatal("sim did not stop on SIGTERM")
	}
	assert.Contains(t, stderr.String(), "interrupted at cycle ")
	assert.Contains(t, stderr.String(), "the waveform holds cycles 0..")
	assert.FileExists(t, wave)
	assert.FileExists(t, filepath.Join(dir, "w.gtkw"))
}
