package synth

import (
	"occamy/hw/executor"
	"occamy/hw/expulsion"
	"occamy/rtl"
)

// retired are the register-file executor (hd_executor) and the expulsion
// top that wraps it (occamy_expulsion): no longer co-simulated blocks (the
// registry's executor is the traffic manager's tm_hd_exec, docs/executor.md),
// kept only as the cost references of docs/hardware-cost.md until the
// traffic manager's per-sub-block table replaces those rows. Their
// parameter rules are their Go models' (hw/executor, hw/expulsion), which
// their Verilog's own checks state.
var retired = map[string]struct {
	module, summary string
	files           []string
	params          func(given map[string]int) ([]Param, error)
}{
	"executor": {executor.Block, "register-file head-drop executor (retired from co-simulation; the TM's executor is tm_hd_exec)",
		[]string{"hd_executor.sv"}, func(g map[string]int) ([]Param, error) {
			p := executor.Params{N: g["N"], QW: g["QW"], B: g["B"], P: g["P"]}
			if err := p.Validate(); err != nil {
				return nil, err
			}
			if err := rtl.CheckRange(executor.Block, "P", p.P, executor.MinP, executor.MaxP); err != nil {
				return nil, err
			}
			return []Param{{"N", p.N}, {"QW", p.QW}, {"B", p.B}, {"P", p.P}}, nil
		}},
	"top": {"occamy_expulsion", "whole expulsion path: threshold, selector, arbiter, register-file executor (Q=min(8,N) classes; retired from co-simulation)",
		[]string{"occamy_expulsion.sv", "dt_threshold.sv", "hd_selector.sv", "rr_arbiter.sv", "hd_executor.sv"},
		func(g map[string]int) ([]Param, error) {
			d := expulsion.DefaultParams()
			p := expulsion.Params{N: g["N"], Q: min(8, g["N"]), QW: g["QW"], AW: d.AW, B: g["B"], P: g["P"]}
			if err := p.Validate(); err != nil {
				return nil, err
			}
			return []Param{{"N", p.N}, {"Q", p.Q}, {"QW", p.QW}, {"AW", p.AW}, {"B", p.B}, {"P", p.P}}, nil
		}},
}
