//go:build unix

// Package gtkwave runs GTKWave's own tools (vcd2fst, gtkwave under
// xvfb-run) from tests, to check that the project's waveforms and save
// files open cleanly in the viewer users have.
package gtkwave

import (
	"context"
	"os/exec"
	"syscall"
	"time"
)

// Run runs a command in its own process group and returns its combined
// output. When timeout passes it kills the whole group (xvfb-run starts
// Xvfb and gtkwave as children) and returns the context's error, so a hung
// viewer can never hang the test suite.
func Run(timeout time.Duration, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 2 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return out, ctx.Err()
	}
	return out, err
}
