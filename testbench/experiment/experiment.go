package experiment

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"occamy/testbench/sweep"

	"occamy/rtl/outfile"
)

// Options are the inputs every experiment takes.
type Options struct {
	Out      string    // output directory, created if missing
	Seed     uint64    // traffic seed
	Jobs     int       // runs in parallel (0: one per core)
	Quick    bool      // a smaller sweep, for smoke tests
	Progress io.Writer // where a progress bar may be drawn (only if a terminal); nil: none
}

// Output is what an experiment produced.
type Output struct {
	Name    string
	Header  []string   // CSV header
	Rows    [][]string // CSV rows
	Figure  *Figure
	Verdict []string // one finding per line
	Files   []string // the files written
}

// Experiment is one named experiment.
type Experiment struct {
	Name    string
	Figure  string // the paper's figure
	Summary string
	run     func(ctx context.Context, o Options, prog func()) (*Output, error)
	runs    func(o Options) int // how many runs it makes, for the progress bar
}

var all = []*Experiment{queueEvolution, burstAbsorption, choking, rrVsLongest, throughputVsLoad, qctChoking, qctBurst}

// Names lists the experiments in the order of docs/experiments.md.
func Names() []string {
	out := make([]string, len(all))
	for i, e := range all {
		out[i] = e.Name
	}
	return out
}

// Lookup returns the experiment called name, or an error listing the names.
func Lookup(name string) (*Experiment, error) {
	for _, e := range all {
		if e.Name == name {
			return e, nil
		}
	}
	return nil, fmt.Errorf("experiment %q unknown, allowed: %s", name, strings.Join(Names(), ", "))
}

// Run runs the experiment and writes NAME.csv, NAME.png and NAME.svg in
// o.Out.
func (e *Experiment) Run(ctx context.Context, o Options) (*Output, error) {
	if o.Out == "" {
		o.Out = "."
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, fmt.Errorf("--out: %v", err)
	}
	var bar *sweep.Progress
	if o.Progress != nil {
		bar = sweep.NewProgress(o.Progress, e.runs(o), e.Name)
	}
	out, err := e.run(ctx, o, bar.Done)
	bar.Finish()
	if err != nil {
		return nil, err
	}
	out.Name = e.Name
	base := filepath.Join(o.Out, e.Name)
	if err := writeCSV(base+".csv", out.Header, out.Rows); err != nil {
		return nil, err
	}
	out.Files = append(out.Files, base+".csv")
	figs, err := out.Figure.Save(base)
	out.Files = append(out.Files, figs...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// writeCSV writes the table through rtl/outfile: complete or not at all.
func writeCSV(path string, header []string, rows [][]string) error {
	f, err := outfile.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	if err := w.Write(header); err != nil {
		f.Abort()
		return err
	}
	if err := w.WriteAll(rows); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// WriteVerdict prints the verdict lines and the files written.
func (out *Output) WriteVerdict(w io.Writer) error {
	fmt.Fprintf(w, "%s:\n", out.Name)
	for _, v := range out.Verdict {
		fmt.Fprintf(w, "  %s\n", v)
	}
	_, err := fmt.Fprintf(w, "wrote %s\n", strings.Join(out.Files, ", "))
	return err
}
