package prove

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"occamy/cosim/runner"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	designfile "occamy/testbench/design"
)

// applyDesign fills the options a design file gives and the flags leave
// unset (block, top, files relative to the file, parameters), as occamy
// cosim does.
func applyDesign(opt *Options) error {
	if opt.Design == nil {
		return nil
	}
	ro := runner.Options{Block: opt.Block, RTL: opt.RTL, Top: opt.Top, Params: opt.Params, Design: opt.Design}
	if err := runner.ApplyDesign(&ro); err != nil {
		return err
	}
	opt.Block, opt.RTL, opt.Top, opt.Params = ro.Block, ro.RTL, ro.Top, ro.Params
	if len(opt.Design.Observe) > 0 {
		return setupf("--observe reads an internal signal through a hierarchical reference, which Yosys reads as an undriven wire: a proof of it would be wrong, so prove refuses it (occamy cosim --observe checks it in simulation)")
	}
	if opt.Design.Check == designfile.CheckScoreboard {
		return setupf("--check scoreboard is a co-simulation check; prove proves equality or the block's properties")
	}
	return nil
}

// declare resolves the design file against the contract and the design's
// ports (got, from Verilator's elaboration), then checks those ports.
func (d *design) declare(got []port.Port) error {
	dc, err := runner.Declare(d.runnerOptions(), got)
	if err != nil {
		return err
	}
	if dc.Properties {
		if err := noMonitor(d.bs.Name, dc.Props, " (occamy cosim --check properties checks them)"); err != nil {
			return err
		}
	}
	d.dc = dc
	return port.CheckPorts(d.bs.Module, d.top, dc.Ports, got)
}

// runnerOptions are the run options the design file is resolved with.
func (d *design) runnerOptions() runner.Options {
	return runner.Options{Block: d.bs.Name, RTL: d.files, Top: d.top, Params: d.bs.Params, VerilogDir: d.opt.VerilogDir,
		CacheDir: d.opt.CacheDir, Design: d.opt.Design}
}

// buildDeclared writes the miter of a design under a design file (the
// equivalence miter, or the property monitor) and exports it.
func (d *design) buildDeclared(ctx context.Context) error {
	sides := []string{"uut.il"}
	var text string
	if d.dc.Properties {
		mon, err := d.dc.Props.Monitor(d.dc.Config)
		if err != nil {
			return setupf("property monitor: %v", err)
		}
		only, err := d.onlyProperty(mon.Names)
		if err != nil {
			return err
		}
		if text, err = propMiter(d.bs, d.dc, mon, nil, only); err != nil {
			return err
		}
		d.props = mon.Names
	} else {
		if err := d.side(ctx, "ref", d.bs.Sources, d.bs.Module, false); err != nil {
			return err
		}
		sides = append(sides, "ref.il")
		text = declMiter(d.bs, d.dc)
	}
	if err := writeFile(filepath.Join(d.dir, "miter.sv"), text); err != nil {
		return setupf("work directory: %v", err)
	}
	return d.export(ctx, sides, "miter.sv")
}

// onlyProperty is the index of Options.Property among the monitor's
// property names, -1 for every property.
func (d *design) onlyProperty(names []string) (int, error) {
	if d.opt.Property == "" {
		return -1, nil
	}
	for k, n := range names {
		if n == d.opt.Property {
			return k, nil
		}
	}
	return 0, setupf("--property %s: %s's properties are %s", d.opt.Property, d.bs.Name, strings.Join(names, ", "))
}

// propertySummary is the summary line of --properties on a design.
func (r *Result) propertySummary(what string) string {
	n, hold := fmt.Sprintf("%d properties (%s)", len(r.Properties), strings.Join(r.Properties, ", ")), "hold"
	if len(r.Properties) == 1 {
		n, hold = fmt.Sprintf("1 property (%s)", r.Properties[0]), "holds"
	}
	switch r.Verdict {
	case Proven:
		return fmt.Sprintf("PROVEN%s %s: %s %s in every checked cycle, for every input sequence and power-up state (%s, %s; %d latches, %d ANDs)",
			r.xCaveat(), what, n, hold, r.Engine, secs(r.Total), r.Latches, r.Ands)
	case Refuted:
		return fmt.Sprintf("VIOLATED %s: %s fails at cycle %d (a shortest counterexample: %s, %s)", what, r.Cex.Property, r.Cex.Cycle, r.Engine, secs(r.Total))
	}
	return fmt.Sprintf("INCONCLUSIVE %s: %s: no proof and no violation within the limit; bounded search found none in the first %d cycles (pdr reached frame %d, %s)",
		what, n, r.Depth, r.PDRFrames, secs(r.Total))
}

// propName is the property a property miter's output po stands for, ""
// for an equivalence miter.
func (d *design) propName(po int) string {
	if d.props == nil {
		return ""
	}
	if po >= 0 && po < len(d.props) {
		return d.props[po]
	}
	return fmt.Sprintf("output %d", po)
}

// clockReset are the clock and reset names of a side: the design's own
// under a design file, else clk_i and rst_ni.
func (d *design) clockReset(user bool) (string, string) {
	if user && d.dc != nil {
		return d.dc.Clock, d.dc.Reset
	}
	return port.DefaultClock, port.DefaultReset
}

// fixCex writes what the miter drove besides its inputs into a
// counterexample's words: the tied inputs' values and each uniform
// input's element repeated, so its lines show what the design saw (the
// replay applies the same declarations again).
func (d *design) fixCex(c *Counterexample) {
	if d.dc == nil || c == nil {
		return
	}
	l := &c.Layout
	for k := 0; (k+1)*l.InWords <= len(c.Inputs); k++ {
		in := c.Inputs[k*l.InWords : (k+1)*l.InWords]
		for name, v := range d.dc.Tie {
			if i := l.Input(name); i >= 0 {
				w := l.In(in, i)
				for j := range w {
					w[j] = 0
				}
				pack.PutUint64(w, v)
			}
		}
		for name, e := range d.dc.Uniform {
			i := l.Input(name)
			if i < 0 || e <= 0 || e > 32 {
				continue
			}
			w := l.In(in, i)
			v := pack.Get(w, 0, e)
			for j := 1; j*e < l.Inputs[i].Width; j++ {
				pack.Put(w, j, e, v)
			}
		}
	}
}
