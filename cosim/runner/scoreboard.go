package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"occamy/cosim"
	"occamy/rtl/port"
	"occamy/testbench/design"
	"occamy/testbench/tmscore"
)

// ScoreOptions are what a scoreboard run takes besides Options.
type ScoreOptions struct {
	// Map is the design file with its tm: section; nil checks occamy_tm
	// (or occamy_tm with Options.Replace) through its own map.
	Map *design.File
	// NoSteady leaves out the steady-state phase (its check then says it
	// did not run).
	NoSteady bool
}

// ScoreResult is a scoreboard run: what was checked, on what, and the
// verdict (tmscore.Result, flattened into the JSON).
type ScoreResult struct {
	Checked
	tmscore.Result
	// Rate is cycles per second of Elapsed (the simulation, build
	// excluded); TrafficRate the same over the cycles before the drain
	// (the reset, the traffic and the steady-state phase), which carry
	// traffic: the drain's are cheaper.
	Rate        float64  `json:"cycles_per_second"`
	TrafficRate float64  `json:"traffic_cycles_per_second,omitempty"`
	Elapsed     Seconds  `json:"elapsed_seconds"`
	VCD         string   `json:"vcd,omitempty"` // the window around the first violation
	Notes       []string `json:"notes,omitempty"`
	// Build is the time spent building the model or finding it cached.
	Build       time.Duration `json:"-"`
	Interrupted bool          `json:"-"`
}

// Scoreboard checks a traffic manager at transaction level (issue 26):
// the project's traffic through the map's ports, every check of
// testbench/tmscore, hw/tm's outcomes on the same offers. It runs on the
// simulator opt.Sim names (Verilator in this process, cycle by cycle;
// Icarus over a stimulus file). opt.Cycles is the traffic's length (the
// reset, the steady-state phase and the drain come on top); opt.VCDDir,
// when set, receives the window around the first violation
// (TOP.scoreboard.vcd). Errors are setup errors; a violation is the
// result's verdict.
func Scoreboard(ctx context.Context, opt Options, so ScoreOptions) (*ScoreResult, error) {
	d, err := scoreDesign(ctx, opt, so.Map)
	if err != nil {
		return nil, err
	}
	sim := d.sim
	res := &ScoreResult{Checked: Checked{Block: "tm", Top: d.top, Sim: sim.Name(), Params: d.params, Seed: opt.Seed,
		Files: d.files, Mode: "scoreboard"}}
	if d.sub != nil {
		res.Replace, res.ReplaceModule = d.sub.Name, d.sub.Module
	}
	res.Name = runName(opt.Block, nil, nil) + " scoreboard " + d.cfgText
	if opt.VCDDir != "" {
		if err := os.MkdirAll(opt.VCDDir, 0o755); err != nil {
			return nil, setupf("VCD directory: %v", err)
		}
	}
	if opt.Cycles <= 0 {
		opt.Cycles = sim.Caps().DefaultCycles
	}
	u := tmscore.Setup{Map: d.m, Params: d.params, Config: d.cfg, Seed: opt.Seed, Cycles: opt.Cycles,
		Steady: !so.NoSteady}
	if err := tmscore.Check(u); err != nil {
		return nil, err
	}
	if sim.Caps().InProcess {
		err = scoreInProcess(ctx, opt, d, u, res)
	} else {
		err = scoreFiles(ctx, opt, d, u, res)
	}
	if err != nil {
		if ctx.Err() != nil {
			res.Interrupted = true
			return res, nil
		}
		return nil, err
	}
	if res.Elapsed.Duration > 0 {
		res.Rate = float64(res.Cycles) / res.Elapsed.Seconds()
	}
	return res, nil
}

// scoreWindow writes the VCD window of sb when a violation was found and
// a directory is given.
func scoreWindow(opt Options, d *scoreDUT, sb *tmscore.Scoreboard, res *ScoreResult) {
	if opt.VCDDir == "" || res.First == nil {
		return
	}
	p := filepath.Join(opt.VCDDir, d.top+".scoreboard.vcd")
	if err := sb.WriteVCD(p, d.top); err != nil {
		res.Notes = append(res.Notes, fmt.Sprintf("the VCD window around the first violation was not written: %v", err))
		return
	}
	res.VCD = p
	if f, l, ok := sb.WindowSpan(); ok {
		res.Notes = append(res.Notes, fmt.Sprintf("%s holds cycles %d..%d around the first violation (cycle %d)", p, f, l, res.First.Cycle))
	}
}

// scoreInProcess runs the scoreboard on an in-process simulator.
func scoreInProcess(ctx context.Context, opt Options, d *scoreDUT, u tmscore.Setup, res *ScoreResult) error {
	if err := d.sim.Available(); err != nil {
		return err
	}
	t0 := time.Now()
	if d.sess != nil {
		if _, err := d.sess.checkContract(ctx); err != nil {
			return err
		}
	}
	b, err := d.sim.Build(ctx, d.design)
	if err != nil {
		return err
	}
	res.Build = time.Since(t0)
	m, err := b.Open(cosim.OpenOptions{Seed: opt.Seed, ZeroInit: opt.ZeroInit})
	if err != nil {
		return err
	}
	defer m.Close()
	u.Layout, u.EarlyDrain = m.Layout(), true
	sb, err := tmscore.New(u)
	if err != nil {
		return err
	}
	start := time.Now()
	complete, err := scoreLoop(ctx, opt, m, sb, res, start)
	if err != nil {
		return err
	}
	res.Elapsed = Seconds{time.Since(start)}
	res.Result = *sb.Result(complete)
	if !complete {
		res.Interrupted = true
	}
	scoreWindow(opt, d, sb, res)
	return nil
}

// layoutOf is the layout of a design's ports with its clock and reset.
func layoutOf(ports []port.Port, f *design.File) (port.Layout, error) {
	rst, high := port.DefaultReset, false
	if f.Reset != nil {
		rst, high = f.Reset.Port, f.Reset.Active == "high"
	}
	return port.NewLayout(ports, port.DefaultClock, rst, high)
}
