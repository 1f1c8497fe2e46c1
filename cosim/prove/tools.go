package prove

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// Programs the flow runs; tests may point them elsewhere.
var (
	yosysProg = "yosys"
	abcProg   = "yosys-abc"
)

// ToolMissing reports whether yosys or yosys-abc is not installed, with the
// one-line reason.
func ToolMissing() error {
	for _, p := range []string{yosysProg, abcProg} {
		if _, err := exec.LookPath(p); err != nil {
			return &SetupError{Msg: fmt.Sprintf("%s not found; install it with: apt-get install yosys", p)}
		}
	}
	return nil
}

// toolRun is one run of a program: its combined output and how it ended.
type toolRun struct {
	out      string
	elapsed  time.Duration
	cpu      time.Duration // user + system time of the process
	timedOut bool          // the deadline passed and the process group was killed
	err      error
}

// run starts prog with args in dir under a virtual-memory limit (MB, 0 for
// none), at the given niceness (0: the caller's), and kills its whole
// process group when ctx ends.
func run(ctx context.Context, dir string, memMB, nice int, prog string, args ...string) toolRun {
	name, argv := prog, args
	if memMB > 0 || nice > 0 {
		// ulimit -v covers yosys and the abc it forks.
		pre := ""
		if memMB > 0 {
			pre = fmt.Sprintf("ulimit -v %d && ", memMB*1024)
		}
		if nice > 0 {
			pre += fmt.Sprintf("exec nice -n %d ", nice)
		} else {
			pre += "exec "
		}
		name = "/bin/sh"
		argv = append([]string{"-c", pre + `"$0" "$@"`, prog}, args...)
	}
	cmd := exec.Command(name, argv...)
	cmd.Dir = dir
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return toolRun{err: err}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var r toolRun
	select {
	case r.err = <-done:
	case <-ctx.Done():
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		r.err = <-done
		r.timedOut = true
	}
	r.elapsed = time.Since(t0)
	if ps := cmd.ProcessState; ps != nil {
		r.cpu = ps.UserTime() + ps.SystemTime()
	}
	r.out = buf.String()
	return r
}

// yosys runs a Yosys script file with its log kept in dir.
func yosys(ctx context.Context, dir string, memMB int, script string) toolRun {
	return run(ctx, dir, memMB, 0, yosysProg, "-q", "-l", "yosys.log", "-s", script)
}

// yosysErrors picks Yosys's ERROR lines (and the line before each, which
// names the file and line) from its output.
func yosysErrors(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		if i := strings.Index(l, "ERROR:"); i >= 0 {
			keep = append(keep, strings.TrimSpace(l))
		}
	}
	if strings.TrimSpace(out) == "" {
		return "(Yosys printed nothing; its log is in the work directory, kept with --keep)"
	}
	if len(keep) == 0 {
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) > 5 {
			lines = lines[len(lines)-5:]
		}
		keep = lines
	}
	// Yosys prints an error twice with -q and -l; keep one of each.
	var uniq []string
	seen := map[string]bool{}
	for _, k := range keep {
		if !seen[k] {
			seen[k] = true
			uniq = append(uniq, k)
		}
	}
	return strings.Join(uniq, "\n")
}

// memKilled reports whether a run died of the memory limit.
func memKilled(r toolRun) bool {
	var ee *exec.ExitError
	if !errors.As(r.err, &ee) {
		return false
	}
	return strings.Contains(r.out, "std::bad_alloc") || strings.Contains(r.out, "out of memory") ||
		strings.Contains(r.out, "Cannot allocate")
}

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }
