package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// exitInterrupted is the exit code of a run stopped by SIGINT or SIGTERM
// (128 + SIGINT, as shells report it).
const exitInterrupted = 130

// interruptContext is cancelled on the first SIGINT or SIGTERM; a second
// signal is left to the default handler and ends the process at once. The
// caller runs stop when the command ends.
func interruptContext(parent context.Context) (ctx context.Context, stop context.CancelFunc) {
	ctx, stop = signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	go func() {
		// Once the first signal is in, stop catching: the next one kills.
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

// interruptedErr is the error (exit 130) of a run stopped at a cycle
// boundary: what was stopped, and at which cycle.
func interruptedErr(what string, cycle uint64) error {
	return &exitError{code: exitInterrupted, err: fmt.Errorf("%s interrupted at cycle %d", what, cycle)}
}

// interruptedAfter is the error (exit 130) of a sweep stopped between its
// points: how many of them were finished.
func interruptedAfter(what, unit string, done, total int) error {
	return &exitError{code: exitInterrupted, err: fmt.Errorf("%s interrupted after %d of %d %s", what, done, total, unit)}
}
