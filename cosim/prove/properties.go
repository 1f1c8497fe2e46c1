package prove

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"occamy/cosim/runner"
)

// PropOptions says which reference properties to prove.
type PropOptions struct {
	Block  string         // arbiter, selector or threshold
	Params map[string]int // one parameter set; missing ones take defaults
	// Sources and Top replace the project's Verilog of the block (a
	// deliberately broken copy, to show a property can fail); empty means
	// the reference.
	Sources []string
	Top     string
	Timeout time.Duration // the whole proof; 0 means DefaultTimeout
	MemMB   int
	// VerilogDir and WorkDir are as in Options.
	VerilogDir, WorkDir string
}

// PropResult is the outcome of one parameter set's properties.
type PropResult struct {
	Block      string
	Params     map[string]int
	Order      []string
	Properties []string // what was proven (or checked)
	Verdict    Verdict
	// Violated names the property a counterexample breaks, at Cycle.
	Violated string
	Cycle    int
	Elapsed  time.Duration // Yosys and pdr
	Ands     int
}

// Summary is one line per parameter set.
func (r *PropResult) Summary() string {
	what := fmt.Sprintf("%s %s", r.Block, paramText(r.Order, r.Params))
	switch r.Verdict {
	case Proven:
		return fmt.Sprintf("PROVEN %s: %d properties (%s, %d ANDs)", what, len(r.Properties), secs(r.Elapsed), r.Ands)
	case Refuted:
		return fmt.Sprintf("VIOLATED %s: %q fails at cycle %d (%s)", what, r.Violated, r.Cycle, secs(r.Elapsed))
	}
	return fmt.Sprintf("INCONCLUSIVE %s: pdr ran out of time (%s)", what, secs(r.Elapsed))
}

// Properties proves the block's contract properties on the reference (or
// PropOptions.Sources) at one parameter set with pdr.
func Properties(ctx context.Context, opt PropOptions) (*PropResult, error) {
	if err := ToolMissing(); err != nil {
		return nil, err
	}
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	if opt.MemMB <= 0 {
		opt.MemMB = DefaultMemMB
	}
	bs, err := runner.Describe(opt.Block, opt.Params, opt.VerilogDir)
	if err != nil {
		return nil, err
	}
	wrapper, names, expose, err := propWrapper(bs.Name, bs.Params)
	if err != nil {
		return nil, err
	}
	srcs, top := bs.Sources, bs.Module
	if len(opt.Sources) > 0 {
		srcs, top = opt.Sources, opt.Top
	}
	for i, f := range srcs {
		if srcs[i], err = filepath.Abs(f); err != nil {
			return nil, setupf("%s: %v", f, err)
		}
	}
	d := &design{opt: Options{MemMB: opt.MemMB, Timeout: opt.Timeout}, bs: bs}
	if err := d.openWorkDir(opt.WorkDir, "occamy-props-"); err != nil {
		return nil, err
	}
	defer d.cleanup()
	res := &PropResult{Block: bs.Name, Params: bs.Params, Order: bs.Order, Properties: names}
	t0 := time.Now()
	dctx, cancel := context.WithTimeout(ctx, opt.Timeout)
	defer cancel()
	if err := d.writeMaps(); err != nil {
		return nil, err
	}
	if err := d.sideExposed(dctx, srcs, top, expose); err != nil {
		return nil, d.timeoutOr(ctx, err, "building the property monitor")
	}
	if err := writeFile(filepath.Join(d.dir, "miter.sv"), wrapper); err != nil {
		return nil, setupf("work directory: %v", err)
	}
	if err := d.export(dctx, []string{"ref.il"}, "miter.sv"); err != nil {
		return nil, d.timeoutOr(ctx, err, "building the property monitor")
	}
	lat, ands := d.size()
	res.Ands = ands
	if lat == 0 && !bs.Clocked {
		// Combinational (the threshold unit): SAT sweeping proves what
		// pdr cannot; pdr still names a violated property.
		st, err := abc(ctx, d.dir, opt.MemMB, "free.aig", "iprove", time.Until(t0.Add(opt.Timeout))*2/3, "")
		if err != nil {
			return nil, err
		}
		if st.status == 1 {
			res.Verdict, res.Elapsed = Proven, time.Since(t0)
			return res, nil
		}
	}
	st, err := abc(ctx, d.dir, opt.MemMB, "free.aig", "pdr", time.Until(t0.Add(opt.Timeout)), "")
	res.Elapsed = time.Since(t0)
	if err != nil {
		return nil, err
	}
	switch st.status {
	case 1:
		res.Verdict = Proven
	case 0:
		res.Verdict, res.Cycle = Refuted, st.cexFrame
		res.Violated = fmt.Sprintf("output %d", st.po)
		if st.po < len(names) {
			res.Violated = names[st.po]
		}
	default:
		res.Verdict = Inconclusive
	}
	return res, nil
}

// sideExposed writes ref.il from srcs with the named internal signals of
// the top made output ports (Yosys expose), for the monitor to read.
func (d *design) sideExposed(ctx context.Context, srcs []string, top string, expose []string) error {
	script := sideScript(srcs, top, d.bs.Params, "occ_ref", "ref.il", false)
	for _, w := range expose {
		script = script[:len(script)-len("write_rtlil ref.il\n")] + fmt.Sprintf("expose occ_ref/%s\nwrite_rtlil ref.il\n", w)
	}
	path := filepath.Join(d.dir, "ref.ys")
	if err := writeFile(path, script); err != nil {
		return setupf("work directory: %v", err)
	}
	r := yosys(ctx, d.dir, d.opt.MemMB, path)
	switch {
	case r.timedOut:
		return &SetupError{Msg: "Yosys reading the reference", Err: context.DeadlineExceeded}
	case r.err != nil:
		return setupf("Yosys cannot read %s:\n  %s", top, yosysErrors(r.out))
	}
	return nil
}

// PropertySweep is the documented parameter subset --properties sweeps
// per block when no parameter is given (docs/prove.md): every N from 1 to
// 16, and both sides of each power of two up to 256.
func PropertySweep(block string) []map[string]int {
	var s []map[string]int
	switch block {
	case "arbiter", "rr_arbiter":
		for n := 1; n <= 16; n++ {
			s = append(s, map[string]int{"N": n})
		}
		for _, n := range []int{31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256} {
			s = append(s, map[string]int{"N": n})
		}
	case "selector", "hd_selector":
		for _, n := range []int{1, 2, 3, 8, 64, 256} {
			for _, qw := range []int{1, 4, 16} {
				s = append(s, map[string]int{"N": n, "QW": qw})
			}
		}
	case "threshold", "dt_threshold":
		for _, qw := range []int{1, 4, 8, 16, 32} {
			for _, aw := range []int{2, 4, 6} {
				s = append(s, map[string]int{"C": 2, "QW": qw, "AW": aw})
			}
		}
		s = append(s, map[string]int{"C": 8, "QW": 16, "AW": 4})
	}
	return s
}
