package prove

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"occamy/cosim/runner"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
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
	// Property, when set, proves that property alone (a name of
	// PropResult.Properties); the others, the lemmas included, are left
	// out: for showing each can fail (without the lemmas the arbiter's
	// wait_bound takes pdr 43 s at N=32, all six together 10 s).
	Property string
	Timeout  time.Duration // the whole proof; 0 means DefaultTimeout
	MemMB    int
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
		if len(r.Properties) == 1 {
			return fmt.Sprintf("PROVEN %s: %s (%s, %d ANDs)", what, r.Properties[0], secs(r.Elapsed), r.Ands)
		}
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
	dc, err := refDeclaration(bs)
	if err != nil {
		return nil, err
	}
	mon, err := dc.Props.Monitor(dc.Config)
	if err != nil {
		return nil, setupf("property monitor: %v", err)
	}
	var lem *blocks.Lemmas
	if dc.Props.RefLemmas != nil {
		l, err := dc.Props.RefLemmas(dc.Config)
		if err != nil {
			return nil, setupf("the reference's lemmas: %v", err)
		}
		lem = &l
	}
	names := propNames(mon, lem)
	d := &design{opt: Options{MemMB: opt.MemMB, Timeout: opt.Timeout, Property: opt.Property}, bs: bs, dc: dc}
	only, err := d.onlyProperty(names)
	if err != nil {
		return nil, err
	}
	miter, err := propMiter(bs, dc, mon, lem, only)
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
	if err := d.openWorkDir(opt.WorkDir, "occamy-props-"); err != nil {
		return nil, err
	}
	defer d.cleanup()
	res := &PropResult{Block: bs.Name, Params: bs.Params, Order: bs.Order, Properties: names}
	if only >= 0 {
		res.Properties = names[only : only+1]
	}
	t0 := time.Now()
	dctx, cancel := context.WithTimeout(ctx, opt.Timeout)
	defer cancel()
	if err := d.writeMaps(); err != nil {
		return nil, err
	}
	var expose []port.Port
	if lem != nil {
		expose = lem.Expose
	}
	if err := d.sideExposed(dctx, srcs, top, expose); err != nil {
		return nil, d.timeoutOr(ctx, err, "building the property monitor")
	}
	if err := writeFile(filepath.Join(d.dir, "miter.sv"), miter); err != nil {
		return nil, setupf("work directory: %v", err)
	}
	if err := d.export(dctx, []string{"uut.il"}, "miter.sv"); err != nil {
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

// sideExposed writes uut.il from srcs with the named internal signals of
// the top made output ports (Yosys expose), for the lemmas to read.
func (d *design) sideExposed(ctx context.Context, srcs []string, top string, expose []port.Port) error {
	script := strings.TrimSuffix(sideScript(srcs, top, d.bs.Params, "occ_uut", "uut.il", false), "write_rtlil uut.il\n")
	for _, p := range expose {
		script += fmt.Sprintf("expose occ_uut/%s\n", p.Name)
	}
	script += "write_rtlil uut.il\n"
	path := filepath.Join(d.dir, "uut.ys")
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

// refDeclaration declares the project's Verilog of a block as a design
// declares itself: its own port names and the reference's latencies, for
// propMiter. A block with no Monitor has no reference properties to prove.
func refDeclaration(bs *runner.BlockSpec) (*runner.Declaration, error) {
	b, err := blocks.Lookup(bs.Name)
	if err != nil {
		return nil, err
	}
	pr := b.Props
	if err := noMonitor(bs.Name, pr, ""); err != nil {
		return nil, err
	}
	l, err := b.Layout(bs.Params)
	if err != nil {
		return nil, setupf("%s: %v", bs.Name, err)
	}
	dc := &runner.Declaration{Ports: bs.Ports, Name: map[string]string{}, Tie: map[string]uint64{}, Uniform: map[string]int{},
		Narrow: map[string]bool{}, Latency: map[string]int{}, RefLatency: map[string]int{}, Valid: map[string]string{},
		Properties: true, Props: pr}
	if bs.Clocked {
		dc.Clock, dc.Reset = port.DefaultClock, port.DefaultReset
	}
	cfg := blocks.PropConfig{Params: bs.Params, Layout: &l, Latency: map[string]int{}}
	for _, p := range bs.Ports {
		dc.Name[p.Name] = p.Name
		if p.Dir == port.Out {
			lat := pr.OutLatency(bs.Params, p.Name)
			dc.Latency[p.Name], dc.RefLatency[p.Name], cfg.Latency[p.Name] = lat, lat, lat
		}
	}
	dc.Config = cfg
	return dc, nil
}

// noMonitor refuses --properties on a block whose face has no Monitor,
// quoting Props.NoMonitor and then hint; nil when it has one.
func noMonitor(block string, pr *blocks.Props, hint string) error {
	if pr != nil && pr.Monitor != nil {
		return nil
	}
	why := ""
	if pr != nil && pr.NoMonitor != "" {
		why = ": " + pr.NoMonitor
	}
	return setupf("--properties: prove has no monitor of %s's properties%s%s", block, why, hint)
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
