package runner

import (
	"fmt"
	"maps"
	"path/filepath"
	"strings"

	"occamy/testbench/blocks"
)

// MatrixRun says how a regression departs from its block's matrix
// (blocks.Matrix): other seeds, another budget per run, or one run only.
type MatrixRun struct {
	Seeds  []int64 // nil: the matrix's seeds
	Cycles int     // 0: the matrix's cycles per run
	// Quick runs the first configuration (the defaults) at the first seed
	// only: one run, as a check of one configuration.
	Quick bool
}

// Matrix is the regression matrix of a block as Options name it (its
// name, alias or module; a stand-alone sub-module such as the executor;
// a --replace: the block's matrix, or the sub-module's own).
func Matrix(block, replace string) (*blocks.Matrix, error) {
	b, sub, err := lookupReplace(block, replace)
	if err != nil {
		return nil, err
	}
	return b.SubRegression(sub), nil
}

// Regression expands o into the runs of its block's regression matrix:
// one Options per configuration and seed, in the matrix's order, each
// with the configuration's parameters and name (Options.Set). o gives
// the rest (simulator, RTL, replace, mode switches); its Params must be
// empty: a run at given parameters is one configuration, not a matrix.
func Regression(o Options, mr MatrixRun) ([]Options, error) {
	if len(o.Params) > 0 {
		return nil, fieldf("Params", "a regression runs its matrix's parameter sets; give parameters for a single run")
	}
	m, err := Matrix(o.Block, o.Replace)
	if err != nil {
		return nil, err
	}
	seeds := m.Seeds
	if len(mr.Seeds) > 0 {
		seeds = mr.Seeds
	}
	cycles := m.Cycles
	if mr.Cycles > 0 {
		cycles = mr.Cycles
	}
	cfgs := m.Configs()
	if mr.Quick {
		cfgs, seeds = cfgs[:1], seeds[:1]
	}
	var runs []Options
	for _, c := range cfgs {
		for _, seed := range seeds {
			r := o
			r.Params, r.Set, r.Seed, r.Cycles = maps.Clone(c.Params), c.Name, seed, cycles
			runs = append(runs, r)
		}
	}
	return runs, nil
}

// setName is the run's parameter set by name: Options.Set, else
// "defaults" when no parameter differs from them, else the given
// parameters that differ ("N=16 QW=12").
func (s *session) setName() string {
	return setName(s.opt, s.b)
}

func setName(o Options, b *blocks.Block) string {
	if o.Set != "" {
		return o.Set
	}
	if b == nil {
		return "defaults"
	}
	def, err := b.Fill(nil)
	if err != nil {
		return "defaults"
	}
	var s []string
	for _, n := range b.ParamNames() {
		if v, ok := o.Params[n]; ok && v != def[n] {
			s = append(s, fmt.Sprintf("%s=%d", n, v))
		}
	}
	if len(s) == 0 {
		return "defaults"
	}
	return strings.Join(s, " ")
}

// designName says whose Verilog a run checks: "project RTL", or "your
// FILES" (base names) for Options.RTL.
func designName(o Options) string {
	if len(o.RTL) == 0 {
		return "project RTL"
	}
	names := make([]string, len(o.RTL))
	for i, f := range o.RTL {
		names[i] = filepath.Base(f)
	}
	return "your " + strings.Join(names, ", ")
}

// Subject is what a verdict line checked: the block, its parameter set,
// whose Verilog (and which module of it), the simulator and how it ran:
// "tm [small/occamy] (project RTL occamy_tm, verilator lock-step)".
func (r *Result) Subject() string {
	set := r.SetName()
	design := r.Design
	if design == "" {
		design = "project RTL"
	}
	top := r.Top
	if r.Replace != "" {
		top = fmt.Sprintf("%s %s inside %s", r.Replace, r.ReplaceModule, r.Top)
	}
	switch {
	case top == "":
	case design == "project RTL":
		design += " " + top
	default:
		design += ": " + top
	}
	how := r.Sim
	if r.Mode != "" {
		how += " " + r.Mode
	}
	return fmt.Sprintf("%s [%s] (%s, %s)", r.Block, set, design, how)
}

// SetName is the run's parameter set, "defaults" when unnamed.
func (r *Result) SetName() string {
	if r.Set == "" {
		return "defaults"
	}
	return r.Set
}

// SetOf names the parameter set params of block as a verdict line does,
// for results made outside Run (the DPI scoreboard): "defaults" or
// "small" when they are exactly the block's defaults or small set, else
// the first configuration of its matrix with exactly these parameters
// ("k8/occamy"), else the parameters that differ from the defaults.
func SetOf(block string, params map[string]int) string {
	b, _, err := lookupReplace(block, "")
	if err != nil || b == nil {
		return "defaults"
	}
	if want, err := b.Fill(params); err == nil {
		named := []blocks.Config{{Name: "defaults"}, {Name: "small", Params: b.Small}}
		if len(b.Small) == 0 {
			named = named[:1]
		}
		for _, c := range append(named, b.Regression().Configs()...) {
			if got, err := b.Fill(c.Params); err == nil && maps.Equal(got, want) {
				return c.Name
			}
		}
	}
	return setName(Options{Block: block, Params: params}, b)
}
