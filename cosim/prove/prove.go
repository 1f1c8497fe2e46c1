package prove

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"occamy/cosim"
	"occamy/cosim/runner"
)

// Prove builds the miter of the user's design (Options.RTL) against the
// project's reference at the given parameters and runs ABC's pdr (proof)
// and bmc3 (shortest counterexample) within Options.Timeout. It returns an
// error only when the proof could not run (*SetupError, a
// *cosim.ContractError, *UnsupportedError) or when a counterexample's
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
	if note, err := d.checkContract(ctx); err != nil {
		return nil, err
	} else if note != "" {
		res.Notes = append(res.Notes, note)
	}
	deadline := time.Now().Add(d.opt.Timeout)
	dctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	t0 := time.Now()
	if err := d.buildMiter(dctx); err != nil {
		return nil, d.timeoutOr(ctx, err, "building the miter")
	}
	res.Build = time.Since(t0)
	res.Latches, res.Ands = d.size()
	if res.Ands == 0 && res.Latches == 0 {
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
	layout  cosim.Layout
	dir     string
	keep    bool
	verilog bool // Verilator accepted the user's files
	module  bool // a memory module: no golden model, no replay
	cpu     time.Duration
}

func resolve(ctx context.Context, opt Options) (*design, error) {
	if opt.Depth < 0 {
		return nil, setupf("depth %d: want a positive number of cycles", opt.Depth)
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
	if len(opt.RTL) == 0 {
		return nil, setupf("no RTL given: prove compares your Verilog (--rtl) with the project's reference")
	}
	bs, err := runner.Describe(opt.Block, opt.Params, opt.VerilogDir)
	module := false
	if err != nil {
		mb, merr := describeModule(ctx, opt.Block, opt.Params, opt.VerilogDir, opt.CacheDir)
		if merr != nil {
			return nil, merr
		}
		if mb == nil {
			return nil, err
		}
		bs, module = mb, true
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
		clock, reset = cosim.DefaultClock, cosim.DefaultReset
	}
	if d.layout, err = cosim.NewLayout(bs.Ports, clock, reset, false); err != nil {
		return nil, err
	}
	if opt.WorkDir != "" {
		d.dir, d.keep = opt.WorkDir, true
		if err := os.MkdirAll(d.dir, 0o755); err != nil {
			return nil, setupf("work directory: %v", err)
		}
	} else if d.dir, err = os.MkdirTemp("", "occamy-prove-"); err != nil {
		return nil, setupf("work directory: %v", err)
	}
	return d, nil
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "no module"
	}
	return strings.Join(s, ", ")
}

func (d *design) cleanup() {
	if !d.keep {
		os.RemoveAll(d.dir)
	}
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
	el, err := cosim.Discover(ctx, cosim.Spec{Sources: d.files, Top: d.top, Params: d.gparams(), CacheDir: d.opt.CacheDir})
	if errors.Is(err, cosim.ErrToolMissing) {
		return "Verilator is not installed: the port contract was not checked before the proof, and a counterexample cannot be replayed", nil
	}
	if err != nil {
		return "", err
	}
	d.verilog = true
	return "", cosim.CheckPorts(d.bs.Module, d.top, d.bs.Ports, el.Ports)
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

// buildMiter runs the three Yosys steps: the user's design, the
// reference, the miter and its AIGER files.
func (d *design) buildMiter(ctx context.Context) error {
	if err := writeFile(filepath.Join(d.dir, "shiftx_map.v"), shiftxMap); err != nil {
		return setupf("work directory: %v", err)
	}
	if err := d.side(ctx, "uut", d.files, d.top, true); err != nil {
		return err
	}
	if err := d.side(ctx, "ref", d.bs.Sources, d.bs.Module, false); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(d.dir, "miter.sv"), miterWrapper(d.bs.Ports, d.bs.Clocked)); err != nil {
		return setupf("work directory: %v", err)
	}
	return d.export(ctx, []string{"uut.il", "ref.il"}, "miter.sv")
}

// side writes NAME.il: one design read, elaborated and flattened.
func (d *design) side(ctx context.Context, name string, files []string, top string, user bool) error {
	script := filepath.Join(d.dir, name+".ys")
	if err := writeFile(script, sideScript(files, top, d.bs.Params, "occ_"+name, name+".il")); err != nil {
		return setupf("work directory: %v", err)
	}
	r := yosys(ctx, d.dir, d.opt.MemMB, script)
	d.cpu += r.cpu
	os.Rename(filepath.Join(d.dir, "yosys.log"), filepath.Join(d.dir, name+".log"))
	switch {
	case r.timedOut:
		return &SetupError{Msg: "Yosys reading " + name, Err: context.DeadlineExceeded}
	case r.err == nil:
		return nil
	case memKilled(r):
		return setupf("Yosys ran out of memory (limit %d MB) reading %s", d.opt.MemMB, strings.Join(files, " "))
	case !user:
		return setupf("Yosys cannot read the project's %s (a bug in the project):\n  %s", top, yosysErrors(r.out))
	case d.verilog:
		return &UnsupportedError{Files: d.opt.RTL, Output: yosysErrors(r.out)}
	}
	return setupf("Yosys cannot read %s:\n  %s", strings.Join(d.opt.RTL, " "), yosysErrors(r.out))
}

// export builds the AIGER files from RTLIL sides and a wrapper.
func (d *design) export(ctx context.Context, sides []string, wrapper string) error {
	script := filepath.Join(d.dir, "export.ys")
	if err := writeFile(script, exportScript(sides, wrapper)); err != nil {
		return setupf("work directory: %v", err)
	}
	r := yosys(ctx, d.dir, d.opt.MemMB, script)
	d.cpu += r.cpu
	os.Rename(filepath.Join(d.dir, "yosys.log"), filepath.Join(d.dir, "export.log"))
	switch {
	case r.timedOut:
		return &SetupError{Msg: "Yosys building the miter", Err: context.DeadlineExceeded}
	case memKilled(r):
		return setupf("Yosys ran out of memory (limit %d MB) building the miter", d.opt.MemMB)
	case r.err != nil:
		return setupf("Yosys cannot build the miter:\n  %s", yosysErrors(r.out))
	}
	return nil
}

var statCell = regexp.MustCompile(`(?m)^\s*\$(_AND_|_DFF_P_)\s+(\d+)`)

// size reads the miter's AND gates and registers from stat.txt.
func (d *design) size() (latches, ands int) {
	b, _ := os.ReadFile(filepath.Join(d.dir, "stat.txt"))
	for _, m := range statCell.FindAllStringSubmatch(string(b), -1) {
		n, _ := strconv.Atoi(m[2])
		if m[1] == "_AND_" {
			ands = n
		} else {
			latches = n
		}
	}
	return latches, ands
}

// scorrLatches: above this many registers pdr runs after ABC's scorr,
// which merges the registers the two designs hold one to one (same
// encoding) by induction: the executor against itself at N=2 B=8 (211
// registers) is then proven in 0.1 s where pdr alone gave up after 30 s;
// with a dozen registers (the arbiter) scorr only adds time.
const scorrLatches = 32

// decide runs pdr on the free power-up miter, then bmc3 on the zero
// power-up one for the shortest replayable counterexample (or, when pdr
// ran out of time, for a bounded answer), and replays a counterexample.
func (d *design) decide(ctx context.Context, deadline time.Time, res *Result) error {
	if res.Latches == 0 {
		// Combinational: SAT sweeping proves what pdr cannot (the
		// threshold unit's shifters at QW=16); pdr still finds the
		// counterexamples, bmc3 does not run on a network without latches.
		st, err := abc(ctx, d.dir, d.opt.MemMB, "free.aig", "iprove", time.Until(deadline)*2/3, "")
		if err != nil {
			return err
		}
		res.Proof = st.elapsed
		d.cpu += st.cpu
		if st.status == 1 {
			res.Verdict, res.Engine = Proven, "iprove"
			return nil
		}
	}
	engine := "pdr"
	if res.Latches > scorrLatches {
		engine = "scorr; pdr"
	}
	// The whole depth, also after pdr found a counterexample: pdr's may
	// need non-zero power-up values that a replay cannot set, where a
	// longer one from zeros exists.
	depth := d.opt.Depth
	pdr, bmc, err := d.portfolio(ctx, deadline, engine, depth, res.Latches > 0)
	if err != nil {
		return err
	}
	res.Proof += pdr.elapsed
	res.PDRFrames = pdr.frames
	if pdr.status == 1 {
		res.Verdict, res.Engine = Proven, engine
		return nil
	}
	if res.Latches == 0 && pdr.status != 0 {
		res.Verdict = Inconclusive
		return nil
	}
	res.Search = bmc.elapsed
	switch {
	case bmc.status == 0:
		res.Verdict, res.Engine = Refuted, "bmc3"
		m, err := readMap(filepath.Join(d.dir, "zero.map"))
		if err != nil {
			return setupf("AIGER map: %v", err)
		}
		if res.Cex, err = readCex(filepath.Join(d.dir, "zero.cex"), m, d.layout, bmc.cexFrame); err != nil {
			return setupf("counterexample: %v", err)
		}
	case pdr.status == 0:
		res.Verdict, res.Engine = Refuted, "pdr"
		m, err := readMap(filepath.Join(d.dir, "free.map"))
		if err != nil {
			return setupf("AIGER map: %v", err)
		}
		if res.Cex, err = readCex(filepath.Join(d.dir, "free.cex"), m, d.layout, pdr.cexFrame); err != nil {
			return setupf("counterexample: %v", err)
		}
		if len(res.Cex.PowerUp) > 0 {
			res.Notes = append(res.Notes, fmt.Sprintf("no counterexample from a zero power-up in %d cycles: this one needs power-up values %s",
				depth, strings.Join(res.Cex.PowerUp, ", ")))
		}
	default:
		res.Verdict = Inconclusive
		res.Depth = bmc.frames + 1
		if bmc.status == 1 {
			res.Depth = depth
		}
		return nil
	}
	if d.opt.NoReplay {
		return nil
	}
	return d.replay(ctx, res)
}

// engineRun is one ABC run of the portfolio.
type engineRun struct {
	st  abcStatus
	err error
}

// portfolio runs pdr on free.aig and (for a sequential miter) bmc3 on
// zero.aig side by side until the deadline: a pdr proof stops bmc3, a
// bmc3 counterexample stops pdr; otherwise both run to their end. A run
// stopped by the other comes back undecided.
func (d *design) portfolio(ctx context.Context, deadline time.Time, engine string, depth int, seq bool) (pdr, bmc abcStatus, err error) {
	pctx, stopPDR := context.WithCancel(ctx)
	bctx, stopBMC := context.WithCancel(ctx)
	defer stopPDR()
	defer stopBMC()
	left := max(time.Until(deadline), time.Second)
	pc, bc := make(chan engineRun, 1), make(chan engineRun, 1)
	go func() {
		st, err := abc(pctx, d.dir, d.opt.MemMB, "free.aig", engine, left, "free.cex")
		pc <- engineRun{st, err}
	}()
	if seq {
		go func() {
			st, err := abc(bctx, d.dir, d.opt.MemMB, "zero.aig", fmt.Sprintf("bmc3 -F %d", depth), left, "zero.cex")
			bc <- engineRun{st, err}
		}()
	} else {
		bc <- engineRun{abcStatus{status: -1}, nil}
	}
	pdone, bdone := false, false
	for !pdone || !bdone {
		select {
		case r := <-pc:
			pdone, pdr = true, r.st
			if r.err != nil && pctx.Err() == nil {
				err = r.err
			}
			if r.err != nil {
				pdr.status = -1
			}
			if pdr.status == 1 || err != nil {
				stopBMC()
			}
		case r := <-bc:
			bdone, bmc = true, r.st
			if r.err != nil && bctx.Err() == nil {
				err = r.err
			}
			if r.err != nil {
				bmc.status = -1
			}
			if bmc.status == 0 || err != nil {
				stopPDR()
			}
		}
	}
	d.cpu += pdr.cpu + bmc.cpu
	if ctx.Err() != nil {
		return pdr, bmc, ctx.Err()
	}
	return pdr, bmc, err
}
