package prove

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"occamy/cosim"
	"occamy/cosim/runner"
	"occamy/rtl/port"
	designfile "occamy/testbench/design"
)

// Prove builds the miter of the user's design (Options.RTL) against the
// project's reference at the given parameters and runs ABC's pdr (proof)
// and bmc3 (shortest counterexample) within Options.Timeout. It returns an
// error only when the proof could not run (*SetupError, a
// *port.ContractError, *UnsupportedError) or when a counterexample's
// replay contradicts it (*FlowError); a difference is Result.Cex.
func Prove(ctx context.Context, opt Options) (*Result, error) {
	if err := ToolMissing(); err != nil {
		return nil, err
	}
	d, err := resolve(ctx, opt)
	if err != nil {
		return nil, err
	}
	defer d.cleanup()
	res := &Result{Block: d.bs.Name, Top: d.top, Params: d.bs.Params, Order: d.bs.Order, Files: d.files, Clocked: d.bs.Clocked}
	if res.XSites = xSites(d.files, userNames(d.files, opt.RTL)); len(res.XSites) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("X not checked: the proof reads each explicit X or Z (%d in your files) as 0, as a zero power-up replay on Verilator does; occamy cosim checks X (random draws on Verilator, four-state on Icarus)", len(res.XSites)))
	}
	if note, err := d.checkContract(ctx); err != nil {
		return nil, err
	} else if note != "" {
		res.Notes = append(res.Notes, note)
	}
	if note := toolDefineNote(d.files, userNames(d.files, opt.RTL)); note != "" {
		res.Notes = append(res.Notes, note)
	}
	deadline := time.Now().Add(d.opt.Timeout)
	dctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	t0 := time.Now()
	if d.verilog {
		if d.sv, err = d.prepareSV(dctx); err != nil {
			return nil, d.timeoutOr(ctx, err, "preprocessing your files")
		}
		if d.sv != nil {
			res.Notes = append(res.Notes, d.sv.lower.Notes...)
			if len(d.sv.lower.Lowered) > 0 {
				res.Notes = append(res.Notes, "rewritten for Yosys 0.23 before the proof (docs/prove.md): "+strings.Join(d.sv.lower.Lowered, ", "))
			}
		}
	}
	what := fmt.Sprintf("Yosys: reading %s and the reference %s, building the miter", d.top, d.bs.Module)
	if err := d.opt.Steps.Run(what, func() error { return d.buildMiter(dctx) }); err != nil {
		return nil, d.timeoutOr(ctx, err, "building the miter")
	}
	res.Build = time.Since(t0)
	if d.dc != nil {
		res.Properties, res.Declared = d.props, declText(d.dc)
		if d.props != nil && opt.Property != "" {
			res.Properties = []string{opt.Property}
		}
	}
	res.Latches, res.Ands = d.size()
	if res.Ands == 0 && res.Latches == 0 && d.props != nil {
		res.Notes = append(res.Notes, "Yosys's optimisation made every property output constant 0 before ABC runs: the design computes what the monitor checks, structurally")
	} else if res.Ands == 0 && res.Latches == 0 {
		res.Notes = append(res.Notes, "Yosys's optimisation merged the two designs (structurally the same): the miter's output is constant 0 before ABC runs")
	}
	err = d.decide(ctx, deadline, res)
	res.CPU = d.cpu
	res.Total = time.Since(t0) - res.ReplayTime
	return res, err
}

// design is a resolved Options with its working directory.
type design struct {
	opt     Options
	bs      *runner.BlockSpec
	files   []string // the user's, absolute
	top     string
	layout  port.Layout
	dir     string
	keep    bool
	release func()    // unlocks a kept work directory
	verilog bool      // Verilator accepted the user's files
	sv      *svSource // the user's files preprocessed and lowered (nil: read as they are)
	module  bool      // a memory module: no golden model, no replay
	cpu     time.Duration
	// dc is the design file resolved against the contract (nil for
	// none); props are the names of the properties a property miter's
	// outputs stand for, nil for an equivalence miter.
	dc    *runner.Declaration
	props []string
}

func resolve(ctx context.Context, opt Options) (*design, error) {
	if opt.Depth < 0 {
		return nil, setupf("depth %d: want a positive number of cycles", opt.Depth)
	}
	if opt.Property != "" && (opt.Design == nil || opt.Design.Check != designfile.CheckProperties) {
		return nil, setupf("--property %s: one property is proven with --properties on a design", opt.Property)
	}
	if opt.Depth == 0 {
		opt.Depth = DefaultDepth
	}
	if opt.Timeout < 0 {
		return nil, setupf("timeout %v: want a positive duration", opt.Timeout)
	}
	if opt.Timeout == 0 {
		opt.Timeout = DefaultTimeout
	}
	if opt.MemMB <= 0 {
		opt.MemMB = DefaultMemMB
	}
	if err := applyDesign(&opt); err != nil {
		return nil, err
	}
	if len(opt.RTL) == 0 {
		return nil, setupf("no RTL given: prove compares your Verilog (--rtl) with the project's reference")
	}
	// A memory module's Verilog name (sram_mp, free_list, ...) is compared
	// module against module, before the registry, which also knows those
	// names as aliases of its co-simulation blocks.
	bs, err := describeModule(ctx, opt.Block, opt.Params, opt.VerilogDir, opt.CacheDir)
	if err != nil {
		return nil, err
	}
	module := bs != nil
	if !module {
		if bs, err = runner.Describe(opt.Block, opt.Params, opt.VerilogDir); err != nil {
			return nil, err
		}
	}
	d := &design{opt: opt, bs: bs, module: module}
	for i, f := range bs.Sources {
		if bs.Sources[i], err = filepath.Abs(f); err != nil {
			return nil, setupf("%s: %v", f, err)
		}
	}
	for _, f := range opt.RTL {
		a, err := filepath.Abs(f)
		if err != nil {
			return nil, setupf("%s: %v", f, err)
		}
		if st, err := os.Stat(a); err != nil || st.IsDir() {
			return nil, setupf("RTL file %s cannot be read", f)
		}
		d.files = append(d.files, a)
	}
	if err := runner.CheckUserModules(opt.RTL, bs); err != nil {
		var re *runner.RedefinitionError
		if errors.As(err, &re) {
			return nil, &SetupError{Msg: "RTL", Err: re}
		}
		return nil, err
	}
	d.top = opt.Top
	if d.top == "" {
		top, mods := runner.GuessTop(d.files, bs.Module)
		if top == "" {
			return nil, setupf("cannot tell the top module of %s: it declares %s; give --top", strings.Join(opt.RTL, " "), orNone(mods))
		}
		d.top = top
	}
	clock, reset := "", ""
	if bs.Clocked {
		clock, reset = port.DefaultClock, port.DefaultReset
	}
	if d.layout, err = port.NewLayout(bs.Ports, clock, reset, false); err != nil {
		return nil, err
	}
	if err := d.openWorkDir(opt.WorkDir, "occamy-prove-"); err != nil {
		return nil, err
	}
	return d, nil
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "no module"
	}
	return strings.Join(s, ", ")
}

func (d *design) gparams() map[string]string {
	g := map[string]string{}
	for k, v := range d.bs.Params {
		g[k] = strconv.Itoa(v)
	}
	return g
}

// checkContract elaborates the user's top with Verilator, as occamy cosim
// does, and checks its ports against the block's contract, with the same
// messages. Without Verilator the check falls to Yosys's miter, whose
// errors are less precise; the note says so.
func (d *design) checkContract(ctx context.Context) (string, error) {
	el, err := runner.Elaborate(ctx, &cosim.Design{Files: d.files, Top: d.top, Params: d.gparams(), CacheDir: d.opt.CacheDir,
		IncludeDirs: headerDirs(d.bs.Headers)})
	if errors.Is(err, cosim.ErrToolMissing) {
		if d.opt.Design != nil {
			dc, err := runner.Declare(d.runnerOptions(), nil)
			if err != nil {
				return "", err
			}
			d.dc = dc
		}
		return "Verilator is not installed: the port contract was not checked before the proof, and a counterexample cannot be replayed", nil
	}
	if err != nil {
		return "", err
	}
	d.verilog = true
	if d.opt.Design != nil {
		return "", d.declare(el.Ports)
	}
	return "", port.CheckPorts(d.bs.Module, d.top, d.bs.Ports, el.Ports)
}

// timeoutOr turns a run stopped by the proof's deadline into a setup error
// that says so, and passes the caller's own cancellation through.
func (d *design) timeoutOr(ctx context.Context, err error, what string) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var se *SetupError
	if errors.As(err, &se) && se.Err == context.DeadlineExceeded {
		return setupf("%s took longer than the %v limit (give --timeout)", what, d.opt.Timeout)
	}
	return err
}

// headerDirs are the directories of the headers, each once.
func headerDirs(headers []string) []string {
	var dirs []string
	for _, h := range headers {
		if d := filepath.Dir(h); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}
