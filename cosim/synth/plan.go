package synth

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"golang.org/x/sync/errgroup"

	"occamy/rtl/infile"
	"occamy/rtl/outfile"
)

// Plan is one synthesis run as `occamy synth` makes it: the designs of a
// sweep and, beside them, the traffic manager's, sharing the Runner's
// Yosys processes; what earlier results may be taken instead of running
// Yosys again; and where the results are saved as they finish.
type Plan struct {
	Runner *Runner
	Jobs   []Job
	TM     *TMJob
	// Reuse are earlier runs' saved results (their file names in
	// ReuseNames, for the log): a design whose sources hash the same is
	// taken from them.
	Reuse      []Saved
	ReuseNames []string
	// JSON, when set, is the file every finished design of the sweep is
	// saved to at once (a run stopped half-way resumes with Reuse), and
	// the whole run at the end.
	JSON    string
	Command string    // the command line, recorded in the saved results
	Version string    // Yosys's version line; "" asks the Runner
	Log     io.Writer // progress lines; nil for none
}

// Outcome is what a Plan ran: the sweep's results (reused ones first) and
// the TM's, with what was saved.
type Outcome struct {
	Version string
	Results []Result
	TM      *TMResult
	Saved   Saved
	// Done counts the designs saved to Plan.JSON when the run was stopped
	// (the resume point).
	Done int
}

// ErrStopped wraps the error of a Plan whose context was stopped.
var ErrStopped = errors.New("synth: stopped")

// Run runs the plan. A stopped context stops Yosys; the error then wraps
// ErrStopped and the Outcome says how many designs the JSON file holds.
// Errors reading Plan.Reuse's hashes of the current sources are
// *SourceError.
func (p *Plan) Run(ctx context.Context) (*Outcome, error) {
	r := p.Runner
	logf := func(format string, a ...any) {
		if p.Log != nil {
			fmt.Fprintf(p.Log, format, a...)
		}
	}
	version := p.Version
	if version == "" {
		v, err := r.Version(ctx)
		if err != nil {
			return nil, err
		}
		version = v
	}
	o := &Outcome{Version: version}
	hashes, err := r.Hashes(p.Jobs, p.TM)
	if err != nil {
		return nil, &SourceError{Err: err}
	}
	// What an earlier run measured on the same sources is taken.
	var res, reused []Result
	var tm *TMResult
	toRun, tmJob := p.Jobs, p.TM
	for i, s := range p.Reuse {
		// Each file against the current sources on its own: hashes of
		// two runs are never mixed.
		have, rest, t := s.Reuse(hashes, toRun, tmJob)
		reused, toRun = append(reused, have...), rest
		if t != nil {
			tm, tmJob = t, nil
		} else if prev := s.PartialTM(tmJob); prev != nil {
			r.PrevTM = prev // the TM's unchanged sub-modules are taken from it
		}
		name := ""
		if i < len(p.ReuseNames) {
			name = p.ReuseNames[i]
		}
		logf("synth: --reuse %s: %d designs%s taken (sources unchanged)\n", name, len(have), map[bool]string{true: " and the TM"}[t != nil])
	}
	// With JSON, every finished design of the sweep is saved at once, so
	// a run stopped half-way can be resumed with Reuse.
	var mu sync.Mutex
	done := append([]Result(nil), reused...)
	saved := Saved{Command: p.Command, Version: version, Sources: hashes}
	r.Progress = func(res Result, n, total int) {
		logf("synth: %d/%d %s %s: %d LUT6, %d FF, %d levels (%.1fs)\n", n, total,
			res.Job.Block.Name, res.Job.ParamString(), res.Cost.LUTs, res.Cost.FFs, res.Path.Length, res.Wall.Seconds())
		if p.JSON == "" || strings.HasPrefix(res.Job.Block.Name, TMBlock+":") {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		done = append(done, res)
		part := saved
		part.Results, part.TM = done, tm
		if err := SaveJSON(p.JSON, part); err != nil {
			logf("synth: --json: %v\n", err)
		}
	}
	// The sweep and the TM run side by side, sharing the Runner's Yosys
	// processes.
	var sweepWall time.Duration
	g, gctx := errgroup.WithContext(ctx)
	if len(toRun) > 0 {
		g.Go(func() error {
			start := time.Now()
			var err error
			if res, err = r.Run(gctx, toRun); err != nil {
				return err
			}
			sweepWall = time.Since(start)
			return nil
		})
	}
	if tmJob != nil {
		g.Go(func() error {
			t, err := r.RunTM(gctx, *tmJob)
			if err != nil {
				return fmt.Errorf("tm: %w", err)
			}
			if t.Reused > 0 {
				logf("synth: tm: %d of its %d designs taken from --reuse (sources unchanged)\n", t.Reused, t.Designs)
			}
			mu.Lock()
			tm = &t
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		if ctx.Err() != nil {
			mu.Lock()
			o.Done = len(done)
			mu.Unlock()
			return o, fmt.Errorf("%w: %v", ErrStopped, err)
		}
		return nil, err
	}
	if len(toRun) > 0 {
		logf("synth: %d designs in %.1fs wall, %d Yosys processes at a time\n", distinct(res), sweepWall.Seconds(), r.Jobs)
	}
	o.Results, o.TM = append(reused, res...), tm
	if tm != nil && tmJob != nil {
		logf("synth: tm: %d designs (the top and each distinct sub-module) in %.1fs wall, %d Yosys processes at a time\n",
			tm.Designs, tm.Wall.Seconds(), tm.Jobs)
	}
	saved.Results, saved.TM = o.Results, o.TM
	o.Saved = saved
	if p.JSON != "" {
		if err := SaveJSON(p.JSON, saved); err != nil {
			return o, &SaveError{Name: p.JSON, Err: err}
		}
		logf("synth: wrote %s\n", p.JSON)
	}
	return o, nil
}

// SourceError is a source of a job that cannot be read for its hash.
type SourceError struct{ Err error }

func (e *SourceError) Error() string { return e.Err.Error() }
func (e *SourceError) Unwrap() error { return e.Err }

// SaveError is a results file that could not be written.
type SaveError struct {
	Name string
	Err  error
}

func (e *SaveError) Error() string { return fmt.Sprintf("synth: --json: %v", e.Err) }
func (e *SaveError) Unwrap() error { return e.Err }

// distinct counts the distinct designs among the results.
func distinct(res []Result) int {
	seen := map[string]bool{}
	for _, r := range res {
		seen[r.Job.Key()] = true
	}
	return len(seen)
}

// WriteTable prints one table grouped by block, in the blocks' order, each
// distinct design once, a blank row between blocks.
func WriteTable(w io.Writer, res []Result) error {
	rank := map[string]int{}
	for i, n := range BlockNames() {
		rank[n] = i
	}
	rows := append([]Result(nil), res...)
	sort.SliceStable(rows, func(a, b int) bool { return rank[rows[a].Job.Block.Name] < rank[rows[b].Job.Block.Name] })
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "block\tN\tQW\tLUT6\tFF\tlevels\tparameters")
	prev := ""
	seen := map[string]bool{}
	for _, r := range rows {
		if seen[r.Job.Key()] {
			continue
		}
		seen[r.Job.Key()] = true
		if prev != "" && r.Job.Block.Name != prev {
			fmt.Fprintln(tw, "\t\t\t\t\t\t")
		}
		prev = r.Job.Block.Name
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%s\n", r.Job.Block.Name, dash(r.Job.Size.N), dash(r.Job.Size.QW),
			r.Cost.LUTs, r.Cost.FFs, r.Path.Length, r.Job.ParamString())
	}
	return tw.Flush()
}

// dash prints a size a block does not use (0) as "-".
func dash(v int) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprint(v)
}

// SaveJSON writes a run's results to name atomically.
func SaveJSON(name string, s Saved) error { return saveIndented(name, s) }

// saveIndented writes v as indented JSON to name atomically (SaveJSON,
// SaveFlatJSON).
func saveIndented(name string, v any) error {
	var buf bytes.Buffer
	if err := encodeIndented(&buf, v); err != nil {
		return err
	}
	return writeAtomic(name, buf.Bytes())
}

// ReadSaved reads an earlier run's results (SaveJSON).
func ReadSaved(name string) (Saved, error) {
	f, err := infile.Open(name)
	if err != nil {
		return Saved{}, err
	}
	defer f.Close()
	s, err := ReadJSON(f)
	if err != nil {
		return Saved{}, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
}

// WriteReportFile writes the markdown report to name atomically; a report
// that cannot be rendered is a *RenderError.
func WriteReportFile(name string, rep Report) error {
	var buf bytes.Buffer
	if err := WriteMarkdown(&buf, rep); err != nil {
		return &RenderError{Err: err}
	}
	return writeAtomic(name, buf.Bytes())
}

// RenderError is a report that could not be rendered.
type RenderError struct{ Err error }

func (e *RenderError) Error() string { return e.Err.Error() }
func (e *RenderError) Unwrap() error { return e.Err }

// writeAtomic writes b to name through rtl/outfile (its directory made
// first), so a full disk or a signal leaves no half-written file and a
// device or link is written through, never replaced.
func writeAtomic(name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return outfile.WriteFile(name, b)
}
