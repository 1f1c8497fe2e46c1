package verilator

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startTree runs runTool on a shell that starts two sleeping children
// (as make starts compilers) and returns their pids once they run.
func startTree(t *testing.T, ctx context.Context) (pids []int, done chan error) {
	t.Helper()
	dir := t.TempDir()
	done = make(chan error, 1)
	go func() {
		_, err := runTool(ctx, dir, "sh", "-c", "sleep 60 & echo $! > p1; sleep 60 & echo $! > p2; wait")
		done <- err
	}()
	deadline := time.Now().Add(10 * time.Second)
	for _, f := range []string{"p1", "p2"} {
		for {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
				pids = append(pids, pid)
				break
			}
			require.True(t, time.Now().Before(deadline), "the children did not start")
			time.Sleep(10 * time.Millisecond)
		}
	}
	return pids, done
}

// gone reports whether a process no longer runs (reaped or a zombie
// awaiting init).
func gone(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return true
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return err != nil || strings.Contains(string(b), ") Z ")
}

// TestRunToolKillsGroup: a cancelled build and a build interrupted by
// SIGTERM leave no child running.
func TestRunToolKillsGroup(t *testing.T) {
	for _, how := range []string{"cancel", "SIGTERM"} {
		t.Run(how, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			pids, done := startTree(t, ctx)
			if how == "cancel" {
				cancel()
			} else {
				// runTool has registered for SIGTERM before starting the shell.
				require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGTERM))
			}
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("runTool did not return")
			}
			require.Error(t, err)
			if how == "cancel" {
				assert.ErrorIs(t, err, context.Canceled)
			} else {
				assert.ErrorIs(t, err, ErrBuildInterrupted)
			}
			require.Eventually(t, func() bool { return gone(pids[0]) && gone(pids[1]) }, 5*time.Second, 10*time.Millisecond,
				"children %v still running after the build stopped", pids)
		})
	}
}

// TestBuildErrorStopped: a build stopped by a signal or a cancel says so in
// one line, without the tool's output.
func TestBuildErrorStopped(t *testing.T) {
	for _, cause := range []error{fmt.Errorf("make stopped: %w by terminated", ErrBuildInterrupted), fmt.Errorf("make stopped: %w", context.Canceled)} {
		e := &BuildError{Stage: "compile", Top: "counter", Output: "g++ ...\nmany lines\n", Err: cause}
		assert.NotContains(t, e.Error(), "\n")
		assert.Contains(t, e.Error(), "cosim: compile of top counter stopped (make stopped: ")
		assert.ErrorIs(t, e, cause)
	}
}
