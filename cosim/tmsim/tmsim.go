// Package tmsim runs the named traffic scenarios (testbench/scenario) on
// the Verilog traffic manager occamy_tm instead of hw/tm: the scenario's
// sources drive occamy_tm's ingress slots, and every counter of the result
// (tm.Stats) is derived from occamy_tm's outputs alone (deriver), so a
// result printed from the RTL says what the RTL did. docs/cosim.md,
// "Scenarios on the RTL", says which counter comes from which output.
package tmsim

import (
	"context"
	"encoding/json"
	"fmt"
	tmface "occamy/testbench/blocks/tm"
	"strings"

	"occamy/cosim"
	"occamy/cosim/runner"
	"occamy/hw/tm"
	"occamy/testbench/blocks"
	"occamy/testbench/field"
	"occamy/testbench/scenario"
)

// DefaultIN is occamy_tm's ingress slots (MaxOffers) when a scenario run on
// the RTL leaves MaxOffers at hw/tm's default (256, above what the Verilog
// takes): the Verilog's maximum, above what any built-in scenario offers
// in a cycle at its defaults, so their results are those of hw/tm at 256.
const DefaultIN = tmface.MaxIN

// MaxIcarusCycles is the longest run --rtl icarus takes: Icarus runs a few
// thousand cycles of occamy_tm per second at the defaults.
const MaxIcarusCycles = 200_000

// Options say how to run occamy_tm.
type Options struct {
	// Sim is runner.Verilator, or runner.Icarus for short runs (each run
	// is simulated whole, ahead, then replayed one Step at a time).
	Sim string
	// VCD, when set, is where the scenario's main run writes its waveform
	// (the Go trace's signal names, see wave).
	VCD string
	// Seed seeds Verilator's random power-up values.
	Seed int64
	// PGO builds the Verilated model profile-guided (runner.Options.PGO).
	PGO bool
	// CacheDir, VerilogDir, RTL and Top are runner.Options'.
	CacheDir, VerilogDir string
	RTL                  []string
	Top                  string
	// Ctx, when set, is the context of the Verilator builds.
	Ctx context.Context
	// Steps receives the builds' and the Icarus runs' long steps
	// (runner.Options.Steps).
	Steps cosim.Progress
}

// Prepare is scenario.Prepare for a run on occamy_tm: MaxOffers, when
// neither the options nor the config file set it, is DefaultIN; then the
// configuration must be one occamy_tm implements (Fit). The returned run
// has its Backend set: Execute it with no Go tracer.
func Prepare(o scenario.Options, opt Options) (*scenario.Prepared, error) {
	if err := checkSim(opt); err != nil {
		return nil, err
	}
	if !setsMaxOffers(o) {
		o.TM = append([]scenario.TMSet{{Field: "MaxOffers", Value: DefaultIN}}, o.TM...)
	}
	p, err := scenario.Prepare(o)
	if err != nil {
		return nil, err
	}
	if err := Fit(p.Config); err != nil {
		return nil, err
	}
	if opt.Sim == runner.Icarus && p.Cycles > MaxIcarusCycles {
		return nil, field.Errorf("Cycles", "%d out of range for --rtl icarus, allowed 1..%d (Icarus runs each run whole, ahead, at a few thousand cycles per second; use verilator)", p.Cycles, MaxIcarusCycles)
	}
	if opt.Ctx == nil {
		opt.Ctx = context.Background()
	}
	p.Backend = &backend{opt: opt}
	p.Traced = opt.VCD != ""
	p.Engine = scenario.Engine{Sim: opt.Sim, Top: opt.Top}
	if b, err := blocks.Lookup("tm"); err == nil && p.Engine.Top == "" {
		p.Engine.Top = b.Module
	}
	return p, nil
}

// checkSim names the simulators supported.
func checkSim(opt Options) error {
	switch opt.Sim {
	case runner.Verilator:
		return nil
	case runner.Icarus:
		if opt.VCD != "" {
			return field.Errorf("VCD", "the RTL's waveform is written from Verilator's trace; run with --rtl verilator")
		}
		if opt.PGO {
			return field.Errorf("PGO", "a profile-guided build is a Verilator build; run with --rtl verilator")
		}
		return nil
	}
	return field.Errorf("Sim", "%q unknown, allowed: verilator, icarus", opt.Sim)
}

func setsMaxOffers(o scenario.Options) bool {
	for _, s := range o.TM {
		if s.Field == "MaxOffers" {
			return true
		}
	}
	if o.File == nil || o.File.TM == nil {
		return false
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(o.File.TM, &keys) != nil {
		return false // Prepare reports the file's error
	}
	_, ok := keys["MaxOffers"]
	return ok
}

// Fit reports whether occamy_tm implements c: its policies
// (tmface.Policies), IN = MaxOffers up to tmface.MaxIN, memories
// of read latency 1 at the default budgets scaled to K. The error names the
// tm.Config field ("Policy", "TM.MaxOffers", "TM.PD", ...).
func Fit(c tm.Config) error {
	if _, err := tmface.NewCfg(c); err != nil {
		return field.Errorf("Policy", "%s: occamy_tm implements %s", c.Policy, strings.Join(tm.PolicyNames(tmface.Policies), ", "))
	}
	if c.MaxOffers > tmface.MaxIN {
		return field.Errorf("TM.MaxOffers", "%d out of range for occamy_tm, allowed 1..%d (its IN ingress slots)", c.MaxOffers, tmface.MaxIN)
	}
	def := tm.DefaultConfig()
	for _, m := range []struct {
		name      string
		got, want tm.MemConfig
	}{{"PD", c.PD, def.PD},
		{"CP", c.CP, tm.MemConfig{ReadPorts: def.CP.ReadPorts / def.K * c.K, WritePorts: def.CP.WritePorts / def.K * c.K, ReadLatency: 1}},
		{"CD", c.CD, tm.MemConfig{ReadPorts: def.CD.ReadPorts / def.K * c.K, WritePorts: def.CD.WritePorts / def.K * c.K, ReadLatency: 1}}} {
		if m.got != m.want {
			return field.Errorf("TM."+m.name, "%+v: occamy_tm's %s memory has %+v (K=%d)", m.got, m.name, m.want, c.K)
		}
	}
	return nil
}

// Params are the TM block's parameters (registry) for c: the structure,
// then the run-time configuration of class 0 (the cfg_* inputs carry every
// class's own).
func Params(c tm.Config) map[string]int {
	pol := 0
	for i, p := range tmface.Policies {
		if p == c.Policy {
			pol = i
		}
	}
	b2i := func(b bool) int {
		if b {
			return 1
		}
		return 0
	}
	return map[string]int{"P": c.P, "Q": c.Q, "B": c.B, "K": c.K, "QW": c.QW, "AW": c.AW, "MAXPKT": c.MaxPkt,
		"IN": c.MaxOffers, "TXWIN": c.TxWindow, "SW": tmface.SerialBits,
		"POLICY": pol, "CHAIN": b2i(c.FreeMode == tm.FreeChain), "DRR": b2i(c.Sched == tm.SchedDRR), "RECHECK": b2i(c.HDRecheck),
		"R": c.R, "ALPHA": c.AlphaExp[0], "QUANTUM": c.Quantum[0]}
}

// backend is the scenario.Backend of occamy_tm. It builds each library
// once (by Verilog parameters and tracing) and opens a fresh model per run.
type backend struct {
	opt   Options
	built map[string]*runner.Built
}

// NewModel implements scenario.Backend.
func (b *backend) NewModel(r scenario.RunSpec) (scenario.Model, error) {
	if b.opt.Sim == runner.Icarus {
		return openIcarus(b.opt.Ctx, r, b.opt)
	}
	c := r.Config
	vcd := ""
	if r.Traced {
		vcd = b.opt.VCD
	}
	params := Params(c)
	key := fmt.Sprint(params, vcd != "")
	lib := b.built[key]
	if lib == nil {
		var err error
		lib, err = runner.BuildModel(b.opt.Ctx, runner.Options{Block: "tm", Params: params, Seed: b.opt.Seed,
			CacheDir: b.opt.CacheDir, VerilogDir: b.opt.VerilogDir, RTL: b.opt.RTL, Top: b.opt.Top, PGO: b.opt.PGO, Steps: b.opt.Steps}, vcd != "")
		if err != nil {
			return nil, err
		}
		if b.built == nil {
			b.built = map[string]*runner.Built{}
		}
		b.built[key] = lib
	}
	return openRTL(lib, r, vcd)
}
