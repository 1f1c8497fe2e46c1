package synth

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"occamy/cosim"
	"occamy/rtl/infile"
)

// ErrNoYosys is returned (wrapped in a *MissingYosysError) when Yosys is not
// on PATH.
var ErrNoYosys = errors.New("yosys not found: apt-get install yosys")

// MissingYosysError says which name was looked for.
type MissingYosysError struct{ Name string }

// Error implements error: one line naming the install command.
func (e *MissingYosysError) Error() string {
	if e.Name == "" || e.Name == "yosys" {
		return ErrNoYosys.Error()
	}
	return fmt.Sprintf("yosys not found (%s): apt-get install yosys", e.Name)
}

// Unwrap makes errors.Is(err, ErrNoYosys) true.
func (e *MissingYosysError) Unwrap() error { return ErrNoYosys }

// LookYosys finds the Yosys executable: name as a path when it holds a
// slash, else on PATH ("" means "yosys").
func LookYosys(name string) (string, error) {
	if name == "" {
		name = "yosys"
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", &MissingYosysError{Name: name}
	}
	return p, nil
}

// Runner runs Yosys jobs, at most Jobs at a time.
type Runner struct {
	Yosys      string // executable (LookYosys)
	VerilogDir string // the project's verilog/ directory
	Jobs       int    // parallel Yosys processes; <= 0 means runtime.NumCPU()
	// Progress, when set, is called after each finished run (from several
	// goroutines, one at a time) with the count done and the total.
	Progress func(r Result, done, total int)
	// Steps, when set, receives each Yosys run's start and end (several
	// at once with Jobs above 1).
	Steps cosim.Progress
	// PrevTM, when set, is an earlier TM run RunTM takes unchanged
	// sub-modules from (Saved.PartialTM).
	PrevTM *PrevTM

	once  sync.Once
	slots chan struct{} // at most Jobs Yosys processes, across Run and RunTM calls in parallel
}

// slot waits for one of the Runner's Jobs process slots and returns its
// release, or the context's error.
func (r *Runner) slot(ctx context.Context) (func(), error) {
	r.once.Do(func() { r.slots = make(chan struct{}, r.jobs()) })
	select {
	case r.slots <- struct{}{}:
		return func() { <-r.slots }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Result is one job's cost.
type Result struct {
	Job  Job
	Cost Cost
	Path Path
	Wall time.Duration // Yosys's wall time (shared between equal jobs)
}

// RunError is a Yosys run that failed.
type RunError struct {
	Job    Job
	Err    error
	Detail string // Yosys's ERROR lines, or the tail of its output
}

// Error implements error.
func (e *RunError) Error() string {
	s := fmt.Sprintf("yosys failed on %s %s: %v", e.Job.Block.Name, e.Job.ParamString(), e.Err)
	if e.Detail != "" {
		s += "\n" + e.Detail
	}
	return s
}

// Unwrap returns the cause.
func (e *RunError) Unwrap() error { return e.Err }

// Version returns Yosys's version line, e.g. "Yosys 0.23 (git sha1 7ce5011c24b)".
func (r *Runner) Version(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, r.Yosys, "-V").Output()
	if err != nil {
		return "", fmt.Errorf("yosys -V: %w", err)
	}
	v := strings.TrimSpace(string(out))
	if !strings.HasPrefix(v, "Yosys ") {
		return "", fmt.Errorf("yosys -V printed %q, not a Yosys version", v)
	}
	return v, nil
}

// Run synthesises every job and returns the results in the jobs' order.
// Jobs with equal keys are run once. Runs start in parallel, biggest design
// first, bounded by r.Jobs; the first failure cancels the rest.
func (r *Runner) Run(ctx context.Context, jobs []Job) ([]Result, error) {
	if r.Yosys == "" {
		return nil, &MissingYosysError{}
	}
	unique := map[string]int{} // key -> index into uniq
	var uniq []Job
	for _, j := range jobs {
		if _, ok := unique[j.Key()]; !ok {
			unique[j.Key()] = len(uniq)
			uniq = append(uniq, j)
		}
	}
	order := make([]int, len(uniq))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return weight(uniq[order[a]]) > weight(uniq[order[b]]) })

	res := make([]Result, len(uniq))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.jobs())
	var mu sync.Mutex
	done := 0
	for _, i := range order {
		g.Go(func() error {
			out, err := r.runOne(gctx, uniq[i])
			if err != nil {
				return err
			}
			res[i] = out
			if r.Progress != nil {
				mu.Lock()
				done++
				r.Progress(out, done, len(uniq))
				mu.Unlock()
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	all := make([]Result, len(jobs))
	for k, j := range jobs {
		all[k] = res[unique[j.Key()]]
		all[k].Job = j
	}
	return all, nil
}

// weight orders runs so the slowest start first: the widest banks.
func weight(j Job) int {
	s := j.Size
	w := max(s.N, 1) * max(s.QW, 1)
	if j.Block.Extra != "" {
		w++ // the pair before the selector alone
	}
	return w
}

// runOne copies the job's sources and the headers they include into a
// fresh directory, runs Yosys there and parses what it wrote.
func (r *Runner) runOne(ctx context.Context, j Job) (Result, error) {
	dir, err := os.MkdirTemp("", "occamy-synth-")
	if err != nil {
		return Result{}, err
	}
	defer os.RemoveAll(dir)
	var files []string
	for _, f := range j.Block.Files {
		src, err := infile.ReadFile(filepath.Join(r.VerilogDir, f), cosim.MaxSourceBytes)
		if err != nil {
			return Result{}, fmt.Errorf("synth %s: %w (run from the repository root or pass --verilog DIR)", j.Block.Name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), src, 0o644); err != nil {
			return Result{}, err
		}
		files = append(files, f)
	}
	for _, f := range headers {
		src, err := infile.ReadFile(filepath.Join(r.VerilogDir, f), cosim.MaxSourceBytes)
		if err != nil {
			return Result{}, fmt.Errorf("synth %s: %w (run from the repository root or pass --verilog DIR)", j.Block.Name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), src, 0o644); err != nil {
			return Result{}, err
		}
	}
	if j.Block.Extra != "" {
		src, ok := ExtraSource(j.Block.Extra)
		if !ok {
			return Result{}, fmt.Errorf("synth %s: no wrapper source %s", j.Block.Name, j.Block.Extra)
		}
		if err := os.WriteFile(filepath.Join(dir, j.Block.Extra), []byte(src), 0o644); err != nil {
			return Result{}, err
		}
		files = append(files, j.Block.Extra)
	}
	outs, wall, err := r.yosysRun(ctx, dir, j.Script(files, "stat.txt", "ltp.txt"), j, "stat.txt", "ltp.txt")
	if err != nil {
		return Result{}, err
	}
	stat, ltp := outs[0], outs[1]
	c, err := ParseStat(stat, j.Block.Module)
	if err != nil {
		return Result{}, err
	}
	p, err := ParseLTP(ltp, j.Block.Module)
	if err != nil {
		return Result{}, err
	}
	return Result{Job: j, Cost: c, Path: p, Wall: wall}, nil
}

// yosysRun writes script to dir/cost.ys, runs Yosys on it there and
// returns the text of the output files named outs and Yosys's wall time. A
// failed run or a missing output is a *RunError for job.
func (r *Runner) yosysRun(ctx context.Context, dir, script string, job Job, outs ...string) ([]string, time.Duration, error) {
	if err := os.WriteFile(filepath.Join(dir, "cost.ys"), []byte(script), 0o644); err != nil {
		return nil, 0, err
	}
	release, err := r.slot(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer release()
	cmd := exec.CommandContext(ctx, r.Yosys, "-q", "-s", "cost.ys")
	cmd.Dir = dir
	var out tailBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	what := strings.TrimSpace(fmt.Sprintf("Yosys: %s %s", job.Block.Name, job.ParamString()))
	if err := r.Steps.Run(what, cmd.Run); err != nil {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		return nil, 0, &RunError{Job: job, Err: err, Detail: errorLines(out.String())}
	}
	wall := time.Since(start)
	texts := make([]string, len(outs))
	for i, o := range outs {
		b, err := os.ReadFile(filepath.Join(dir, o))
		if err != nil {
			return nil, 0, &RunError{Job: job, Err: fmt.Errorf("no %s output: %w", strings.TrimSuffix(o, ".txt"), err)}
		}
		texts[i] = string(b)
	}
	return texts, wall, nil
}

// errorLines picks the lines of Yosys's output that mention ERROR, else its
// last five lines.
func errorLines(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	var pick []string
	for _, l := range lines {
		if strings.Contains(l, "ERROR") {
			pick = append(pick, strings.TrimSpace(l))
		}
	}
	if len(pick) == 0 {
		pick = lines[max(0, len(lines)-5):]
	}
	return strings.Join(pick, "\n")
}

// tailBuffer keeps the last 64 KiB written to it.
type tailBuffer struct{ b bytes.Buffer }

const tailMax = 64 << 10

func (t *tailBuffer) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) > tailMax {
		p = p[len(p)-tailMax:]
	}
	if t.b.Len()+len(p) > tailMax {
		keep := t.b.Bytes()[t.b.Len()+len(p)-tailMax:]
		nb := append([]byte(nil), keep...)
		t.b.Reset()
		t.b.Write(nb)
	}
	t.b.Write(p)
	return n, nil
}

func (t *tailBuffer) String() string { return t.b.String() }
