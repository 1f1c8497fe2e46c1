package main

import (
	"github.com/spf13/pflag"

	"occamy/cosim/report"
	"occamy/cosim/runner"
	"occamy/testbench/design"
)

// designFlags are the declarations of how a user's design differs from
// the reference, shared by occamy cosim and occamy prove: a design file
// (--map) and the flags laid over it.
type designFlags struct {
	mapFile string
	fl      design.Flags
}

// addDesignFlags declares the flags on f.
func addDesignFlags(f *pflag.FlagSet, d *designFlags) {
	f.StringVar(&d.mapFile, "map", "", "design `FILE` (YAML): how your design meets the contract (docs/cosim.md, \"Your design differs from the reference\"); its tm: section maps a traffic manager for --check scoreboard (docs/scoreboard.md)")
	f.StringArrayVar(&d.fl.Latency, "latency", nil, "`PORT=N`: the output is N cycles after the inputs that decide it (repeatable)")
	f.StringArrayVar(&d.fl.Tie, "tie", nil, "`PORT=VALUE`: a contract input your design lacks, held at VALUE on both sides (repeatable)")
	f.StringArrayVar(&d.fl.DontCare, "dont-care", nil, "`PORT:VALID`: PORT is not compared while the output VALID is 0 (repeatable)")
	f.StringArrayVar(&d.fl.Ports, "port", nil, "`DESIGN=CONTRACT`: your port name for a contract port (repeatable)")
	f.StringArrayVar(&d.fl.Constrain, "constrain", nil, "stimulus constraint: one-class (every threshold equal) or hold=K (requests and lengths held K cycles)")
	f.StringArrayVar(&d.fl.Observe, "observe", nil, "`NAME=hier.path`: an internal signal of your design for the check (repeatable)")
	f.StringVar(&d.fl.Check, "check", "", "what to check: equivalence (default: equal to the golden model), properties (what Occamy needs of the block) or scoreboard (a traffic manager at transaction level, docs/scoreboard.md)")
	f.IntVar(&d.fl.WaitBound, "wait-bound", 0, "arbiter property: the most taken grants a requester that keeps asking may wait (default N-1)")
	f.BoolVar(&d.fl.LowestTie, "lowest-tie", false, "maximum finder property: ties go to the lowest index, as in the reference (default: any maximal candidate)")
	f.BoolVar(&d.fl.KeepGoing, "keep-going", false, "count every difference per output over the whole run and list the first 10, instead of stopping at the first")
}

// load is the run's design file with the flags laid over it, nil when
// neither is given.
func (d *designFlags) load() (*design.File, error) {
	if d.mapFile == "" && d.fl.Empty() {
		return nil, nil
	}
	f := &design.File{}
	if d.mapFile != "" {
		var err error
		if f, err = design.Load(d.mapFile); err != nil {
			return nil, err
		}
	}
	if err := f.Merge(d.fl); err != nil {
		return nil, err
	}
	return f, nil
}

// violated counts the runs that checked properties and found a violation.
func violated(rep *report.Report) int {
	n := 0
	for _, r := range rep.Runs {
		if r.Res != nil && r.Res.Status == runner.StatusMismatch && r.Res.Properties != nil {
			n++
		}
	}
	return n
}
