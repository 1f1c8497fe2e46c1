package scenario

import (
	"fmt"
	"math"
	"strings"

	"occamy/hw/tm"
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

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
