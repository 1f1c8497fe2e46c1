package verilator

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

// ErrBuildInterrupted is in the chain of a build error when the build was
// stopped by SIGINT or SIGTERM (its tools' process groups were killed).
var ErrBuildInterrupted = errors.New("cosim: build interrupted")

// runTool runs a program in dir and returns its combined output. The
// program runs in its own process group, and the whole group (make and
// every compiler it started) is killed when ctx is cancelled or when this
// process gets SIGINT or SIGTERM while the tool runs, so no child is left
// compiling as an orphan. A signal makes the error wrap
// ErrBuildInterrupted; the caller decides how to end.
func runTool(ctx context.Context, dir, prog string, args ...string) (string, error) {
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	var buf bytes.Buffer
	cmd.Stdout = &buf
	cmd.Stderr = &buf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	sigc := make(chan os.Signal, 1)
	signal.Notify(sigc, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigc)
	if err := cmd.Start(); err != nil {
		return "", err
	}
	pgid := cmd.Process.Pid
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var stopped error
	select {
	case err := <-done:
		return buf.String(), err
	case <-ctx.Done():
		stopped = ctx.Err()
	case sig := <-sigc:
		stopped = fmt.Errorf("%w by %v", ErrBuildInterrupted, sig)
	}
	killGroup(pgid)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	return buf.String(), fmt.Errorf("%s stopped: %w", prog, stopped)
}

// killGroup kills every process of the group pgid.
func killGroup(pgid int) { syscall.Kill(-pgid, syscall.SIGKILL) }
