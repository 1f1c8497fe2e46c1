package scenario

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"occamy/hw/tm"
	"occamy/rtl"
	"occamy/testbench/field"
	"occamy/testbench/traffic"
)

// DefaultAlpha is α when neither --alpha nor the config file sets it: the
// paper's recommendation.
const DefaultAlpha = 8

// DefaultSeed is the seed when none is given.
const DefaultSeed = 1

// Options are a run's inputs. Zero values mean "not given". Bad input is
// reported as a *field.Error naming the Options field ("Alpha",
// "Params", "TM.B", ...).
type Options struct {
	Scenario string             // scenario name
	Policy   string             // BM policy
	Alpha    float64            // α for every class (a power of two)
	Cycles   *uint64            // cycle count, at least 1 when given
	Seed     *uint64            // random seed
	Params   map[string]float64 // scenario parameters by name
	TM       []TMSet            // tm.Config fields set by the caller, in order
	File     *File              // parsed config file
	Sources  []traffic.Spec     // extra traffic sources
	Check    bool               // check invariants every cycle
}

// TMSet is one tm.Config field set by the caller. An error about it is a
// *field.Error whose Field is "TM." + Field.
type TMSet struct {
	Field string // tm.Config field, e.g. "P"
	Value any    // of the field's type
}

// Prepared is a fully resolved run: everything checked, nothing run yet.
type Prepared struct {
	Scenario *Scenario
	Config   tm.Config
	Policy   string
	Alpha    float64 // α of class 0, for reports
	Seed     uint64
	Values   Values
	Plan     *Plan
	Sources  []traffic.Spec // the scenario's, then the extra ones
	Cycles   uint64
	// Backend, when set, runs the scenario on another Model than hw/tm
	// (cosim/tmsim: the Verilog occamy_tm); Traced asks it to record the
	// main run's waveform.
	Backend Backend
	Traced  bool
	// Engine names what runs the scenario, for the reports; the zero
	// value is hw/tm (EngineGo).
	Engine Engine
}

// Engine is what ran a scenario: the Go model hw/tm, or a simulator
// running a Verilog top.
type Engine struct {
	Sim string `json:"sim"` // "go", or the simulator: "verilator", "icarus"
	Top string `json:"top"` // "hw/tm", or the Verilog top: "occamy_tm"
}

// EngineGo is hw/tm's engine.
var EngineGo = Engine{Sim: "go", Top: "hw/tm"}

// String is "hw/tm (go)", "occamy_tm (verilator)".
func (e Engine) String() string { return e.Top + " (" + e.Sim + ")" }

// engine is the run's engine, hw/tm when none is set.
func (p *Prepared) engine() Engine {
	if p.Engine == (Engine{}) {
		return EngineGo
	}
	return p.Engine
}

// ParseAlpha checks that α is a power of two representable in AW bits
// (2^-(2^(AW-1)) .. 2^(2^(AW-1)-1)) and returns its exponent. Its errors
// are *field.Error for field Alpha.
func ParseAlpha(alpha float64, aw int) (int, error) {
	s, err := alphaExp(alpha, aw)
	if err != nil {
		return 0, &field.Error{Field: "Alpha", Err: err}
	}
	return s, nil
}

// alphaExp is ParseAlpha with an error that names no field.
func alphaExp(alpha float64, aw int) (int, error) {
	lo, hi := -(1 << (aw - 1)), 1<<(aw-1)-1
	allowed := fmt.Sprintf("a power of two from 2^%d to 2^%d (…, 0.25, 0.5, 1, 2, 4, 8, …, %s)", lo, hi, fmtNum(math.Ldexp(1, hi)))
	if alpha == 0 {
		return 0, fmt.Errorf("0 is not a power of two, allowed %s", allowed)
	}
	if !(alpha > 0) || math.IsInf(alpha, 0) {
		return 0, fmt.Errorf("%s out of range, allowed %s", fmtNum(alpha), allowed)
	}
	frac, exp := math.Frexp(alpha)
	if frac != 0.5 {
		return 0, fmt.Errorf("%s is not a power of two, allowed %s", fmtNum(alpha), allowed)
	}
	s := exp - 1
	if s < lo || s > hi {
		return 0, fmt.Errorf("%s out of range, allowed %s", fmtNum(alpha), allowed)
	}
	return s, nil
}

// Prepare resolves and checks every input. All its errors are bad input.
func Prepare(o Options) (*Prepared, error) {
	f := o.File
	if f == nil {
		f = &File{}
	}
	name := o.Scenario
	if name == "" {
		name = f.Scenario
	}
	if name == "" {
		return nil, field.Errorf("Scenario", "missing, allowed: %s", strings.Join(Names(), ", "))
	}
	s, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	cfg := tm.DefaultConfig()
	if s.Configure != nil {
		s.Configure(&cfg)
	}
	set := map[string]bool{}
	if f.TM != nil {
		fs, err := applyTM(&cfg, f.TM, "config.tm")
		if err != nil {
			return nil, err
		}
		for k := range fs {
			set[k] = true
		}
	}
	byCaller := map[string]bool{}
	for _, ts := range o.TM {
		if err := setTM(&cfg, ts.Field, ts.Value); err != nil {
			return nil, &field.Error{Field: "TM." + ts.Field, Err: err}
		}
		set[ts.Field] = true
		byCaller[ts.Field] = true
	}
	if err := checkShape(&cfg, byCaller); err != nil {
		return nil, err
	}
	fitDerived(&cfg, set)

	p := &Prepared{Scenario: s, Seed: DefaultSeed}
	p.Policy = firstNonEmpty(o.Policy, f.BM, cfg.Policy.String())
	pol, err := tm.ParsePolicy(p.Policy)
	if err != nil {
		return nil, field.Errorf("Policy", "%q unknown, allowed: %s", p.Policy, strings.Join(tm.PolicyNames(tm.AllPolicies), ", "))
	}
	cfg.Policy = pol
	alpha := o.Alpha
	if alpha == 0 {
		alpha = f.Alpha
	}
	if alpha == 0 && !set["AlphaExp"] {
		alpha = DefaultAlpha
	}
	if alpha != 0 {
		e, err := ParseAlpha(alpha, cfg.AW)
		if err != nil {
			return nil, err
		}
		for c := range cfg.AlphaExp {
			cfg.AlphaExp[c] = e
		}
	}
	if o.Seed != nil {
		p.Seed = *o.Seed
	} else if f.Seed != nil {
		p.Seed = *f.Seed
	}
	params := map[string]float64{}
	for k, v := range f.Params {
		params[k] = v
	}
	for k, v := range o.Params {
		params[k] = v
	}
	if p.Values, err = resolve(s, params, len(o.Params) == 0 && len(f.Params) > 0); err != nil {
		return nil, err
	}
	if err := validateTM(&cfg, byCaller); err != nil {
		return nil, err
	}
	if p.Plan, err = s.Plan(&cfg, p.Values); err != nil {
		return nil, err
	}
	cfg.Check = o.Check
	p.Sources = append(append(append([]traffic.Spec(nil), p.Plan.Sources...), f.Sources...), o.Sources...)
	if len(p.Sources) == 0 {
		return nil, field.Errorf("Sources", "scenario %s has no sources of its own; give some as extra sources or in the config file", s.Name)
	}
	p.Cycles = p.Plan.Cycles
	if f.Cycles != 0 {
		p.Cycles = f.Cycles
	}
	if o.Cycles != nil {
		p.Cycles = *o.Cycles
	}
	if p.Cycles == 0 {
		return nil, field.Errorf("Cycles", "0 out of range, allowed 1 or more")
	}
	if err := validateTM(&cfg, byCaller); err != nil {
		return nil, err
	}
	if err := checkPackets(&cfg, p.Sources, byCaller); err != nil {
		return nil, err
	}
	p.Config = cfg
	p.Alpha = math.Ldexp(1, cfg.AlphaExp[0])
	return p, nil
}

// checkShape checks the fields others depend on (P, Q, B, QW, AW) first, so that
// errors name what the user gave rather than a consequence.
func checkShape(cfg *tm.Config, byCaller map[string]bool) error {
	for _, c := range []struct {
		field  string
		v, max int
		min    int
	}{{"P", cfg.P, tm.MaxP, 1}, {"Q", cfg.Q, tm.MaxQ, 1}, {"B", cfg.B, tm.MaxB, 1}, {"QW", cfg.QW, 32, 2}, {"AW", cfg.AW, 8, 2}} {
		if c.v < c.min || c.v > c.max {
			return tmErr(&rtl.ParamError{Block: tm.Block, Param: c.field, Value: int64(c.v), Min: int64(c.min), Max: int64(c.max)}, byCaller)
		}
	}
	return nil
}

// fitDerived resizes the per-class lists to Q, the memory port budgets to
// K, and caps PushoutWait at B, when the user changed Q, K or B but not
// those fields, the way tm.DefaultConfig derives them.
func fitDerived(cfg *tm.Config, set map[string]bool) {
	def := tm.DefaultConfig()
	if !set["AlphaExp"] && len(cfg.AlphaExp) != cfg.Q {
		cfg.AlphaExp = resize(cfg.AlphaExp, cfg.Q, def.AlphaExp[0])
	} else {
		cfg.AlphaExp = append([]int(nil), cfg.AlphaExp...)
	}
	if !set["Quantum"] && len(cfg.Quantum) != cfg.Q {
		cfg.Quantum = resize(cfg.Quantum, cfg.Q, cfg.MaxPkt)
	}
	if !set["PushoutWait"] && cfg.PushoutWait > cfg.B {
		cfg.PushoutWait = cfg.B
	}
	if set["K"] {
		if !set["CP"] {
			cfg.CP = tm.MemConfig{ReadPorts: 2 * cfg.K, WritePorts: cfg.K, ReadLatency: def.CP.ReadLatency}
		}
		if !set["CD"] {
			cfg.CD = tm.MemConfig{ReadPorts: cfg.K, WritePorts: cfg.K, ReadLatency: def.CD.ReadLatency}
		}
	}
}

func resize(s []int, n, fill int) []int {
	out := make([]int, n)
	for i := range out {
		if i < len(s) {
			out[i] = s[i]
		} else {
			out[i] = fill
		}
	}
	return out
}

// validateTM runs tm's validation, naming the Options field when the
// caller set the tm field.
func validateTM(cfg *tm.Config, byCaller map[string]bool) error {
	if cfg.B >= 1 && cfg.B < cfg.MaxPkt && byCaller["B"] {
		return field.Errorf("TM.B", "B=%d cells is smaller than one packet (MaxPkt=%d cells), allowed %d..%d", cfg.B, cfg.MaxPkt, cfg.MaxPkt, tm.MaxB)
	}
	if err := cfg.Validate(); err != nil {
		return tmErr(err, byCaller)
	}
	return nil
}

// tmErr makes a tm parameter error a *field.Error for "TM." + the field
// when the caller set that field.
func tmErr(err error, byCaller map[string]bool) error {
	var pe *rtl.ParamError
	if errors.As(err, &pe) && byCaller[pe.Param] {
		return &field.Error{Field: "TM." + pe.Param, Err: err}
	}
	return err
}

// checkPackets checks that every source's largest packet fits MaxPkt and
// the buffer.
func checkPackets(cfg *tm.Config, specs []traffic.Spec, byCaller map[string]bool) error {
	env := Env(cfg)
	for i := range specs {
		mc := specs[i].MaxCells(env)
		if mc > cfg.B {
			err := fmt.Errorf("B=%d cells is smaller than one packet (sources[%d] sends up to %d cells of %d bytes), allowed %d..%d", cfg.B, i, mc, cfg.CellBytes, mc, tm.MaxB)
			if byCaller["B"] {
				return &field.Error{Field: "TM.B", Err: err}
			}
			return fmt.Errorf("tm.B: %w", err)
		}
		if mc > cfg.MaxPkt {
			return fmt.Errorf("sources[%d].size: packets up to %d cells, allowed at most MaxPkt=%d cells (%d bytes)", i, mc, cfg.MaxPkt, cfg.MaxPkt*cfg.CellBytes)
		}
	}
	return nil
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
