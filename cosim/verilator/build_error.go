package verilator

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// BuildError is a failed step of a build, with the tool's own output.
type BuildError struct {
	Stage  string // "elaborate", "verilate", "compile", "link" or "train" (Spec.Train's run)
	Top    string
	Output string // what the tool printed
	Err    error
}

// Error gives the stage and the tool's error lines (Verilator's %Error
// lines when there are any, else the last lines of its output).
func (e *BuildError) Error() string {
	if errors.Is(e.Err, ErrBuildInterrupted) || errors.Is(e.Err, context.Canceled) {
		return fmt.Sprintf("cosim: %s of top %s stopped (%v); its processes were killed", e.Stage, e.Top, e.Err)
	}
	return fmt.Sprintf("cosim: %s of top %s failed (%v):\n%s", e.Stage, e.Top, e.Err, errorLines(e.Output, 30))
}

// Unwrap returns the underlying error (usually an *exec.ExitError).
func (e *BuildError) Unwrap() error { return e.Err }

// errorLines picks the interesting part of a tool's output: the lines from
// each %Error or "error:" on (with their context lines), at most max lines.
func errorLines(out string, max int) string {
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	var keep []string
	in := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "%Error"), strings.Contains(l, "error:"), strings.Contains(l, "Error "):
			in = true
		case strings.HasPrefix(l, "%Warning"), strings.HasPrefix(l, "make"):
			in = false
		}
		if in {
			keep = append(keep, l)
		}
	}
	if len(keep) == 0 {
		keep = lines
		if len(keep) > max {
			keep = keep[len(keep)-max:]
		}
	}
	if len(keep) > max {
		keep = append(keep[:max], "...")
	}
	return "  " + strings.Join(keep, "\n  ")
}
