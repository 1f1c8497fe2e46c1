package runner

import (
	"fmt"
	"sort"
	"strings"

	"occamy/cosim"
	"occamy/hw/arbiter"
	"occamy/hw/executor"
	"occamy/hw/expulsion"
	"occamy/hw/selector"
	"occamy/hw/threshold"
	"occamy/rtl"
	"occamy/testbench/stimulus"
)

// param is one block parameter and its default.
type param struct {
	name string
	def  int
}

// block describes one block the runner can check: its Verilog, its port
// contract, its golden model and its stimulus.
type block struct {
	name    string   // short name: threshold, selector, ...
	module  string   // Verilog module name of the project's version
	params  []param  // in the order the Go model's Params lists them
	sources []string // the project's Verilog, relative to the verilog directory's parent
	hidden  bool     // not listed by Blocks (benchmark tops)
	// validate checks the parameters with the golden model's rules.
	validate func(p map[string]int) error
	// ports gives the contract ports, clock first, in the project's
	// declaration order.
	ports func(p map[string]int) []cosim.Port
	// elem gives the element width of a packed port (qlen_o: QW), 0 for
	// a plain vector, to name the differing element in a mismatch.
	elem func(p map[string]int, port string) int
	// build makes the golden model and its sources: random (closed loop
	// through the model where needed) and directed (nil when the block
	// has none).
	build func(p map[string]int, l *cosim.Layout, seed int64) (golden, stimulus.Source, stimulus.Finite, error)
}

// clocked reports whether the block has a clock.
func (b *block) clocked(p map[string]int) bool {
	for _, q := range b.ports(p) {
		if q.Name == cosim.DefaultClock {
			return true
		}
	}
	return false
}

func port(name string, dir cosim.Dir, w int) cosim.Port {
	return cosim.Port{Name: name, Dir: dir, Width: w}
}

// contractPorts takes the ports of a reference contract in cosim.
func contractPorts(name string) func(p map[string]int) []cosim.Port {
	return func(p map[string]int) []cosim.Port {
		c, ok := cosim.LookupContract(name)
		if !ok {
			panic("runner: no contract " + name)
		}
		ps, err := c.Ports(p)
		if err != nil {
			return nil
		}
		return ps
	}
}

var blocks = []*block{
	{
		name: "threshold", module: threshold.Block,
		validate: func(p map[string]int) error { return threshold.Params{C: p["C"], QW: p["QW"], AW: p["AW"]}.Validate() },
		params:   []param{{"C", 8}, {"QW", 16}, {"AW", 4}},
		sources:  []string{"verilog/dt_threshold.sv"},
		ports:    contractPorts(threshold.Block),
		elem: func(p map[string]int, port string) int {
			switch port {
			case "alpha_i":
				return p["AW"]
			case "thr_o":
				return p["QW"]
			}
			return 0
		},
		build: func(p map[string]int, l *cosim.Layout, seed int64) (golden, stimulus.Source, stimulus.Finite, error) {
			tp := threshold.Params{C: p["C"], QW: p["QW"], AW: p["AW"]}
			g, err := newThresholdGold(tp, l)
			if err != nil {
				return nil, nil, nil, err
			}
			src, err := stimulus.Threshold(tp, l, seed)
			if err != nil {
				return nil, nil, nil, err
			}
			dir, err := stimulus.ThresholdDirected(tp, l)
			return g, src, dir, err
		},
	},
	{
		name: "selector", module: selector.Block,
		validate: func(p map[string]int) error { return selector.Params{N: p["N"], QW: p["QW"]}.Validate() },
		params:   []param{{"N", 64}, {"QW", 16}},
		sources:  []string{"verilog/hd_selector.sv"},
		ports:    contractPorts(selector.Block),
		elem:     selectorElem,
		build: func(p map[string]int, l *cosim.Layout, seed int64) (golden, stimulus.Source, stimulus.Finite, error) {
			sp := selector.Params{N: p["N"], QW: p["QW"]}
			g, err := newSelectorGold(sp, l)
			if err != nil {
				return nil, nil, nil, err
			}
			src, err := stimulus.Selector(sp, l, seed)
			if err != nil {
				return nil, nil, nil, err
			}
			dir, err := stimulus.SelectorDirected(sp, l)
			return g, src, dir, err
		},
	},
	{
		name: "arbiter", module: arbiter.Block,
		validate: func(p map[string]int) error { return arbiter.Params{N: p["N"]}.Validate() },
		params:   []param{{"N", 64}},
		sources:  []string{"verilog/rr_arbiter.sv"},
		ports:    contractPorts(arbiter.Block),
		elem: func(p map[string]int, port string) int {
			if port == "req_i" {
				return 1
			}
			return 0
		},
		build: func(p map[string]int, l *cosim.Layout, seed int64) (golden, stimulus.Source, stimulus.Finite, error) {
			ap := arbiter.Params{N: p["N"]}
			g, err := newArbiterGold(ap, l)
			if err != nil {
				return nil, nil, nil, err
			}
			src, err := stimulus.Arbiter(ap, l, seed, g.a)
			if err != nil {
				return nil, nil, nil, err
			}
			dir, err := stimulus.ArbiterDirected(ap, l)
			return g, src, dir, err
		},
	},
	{
		name: "executor", module: executor.Block,
		validate: func(p map[string]int) error {
			return executor.Params{N: p["N"], QW: p["QW"], B: p["B"], P: p["P"]}.Validate()
		},
		params:  []param{{"N", 64}, {"QW", 16}, {"B", 16384}, {"P", 0}},
		sources: []string{"verilog/hd_executor.sv"},
		ports: func(p map[string]int) []cosim.Port {
			iw, fw := rtl.IdxWidth(p["N"]), rtl.Clog2(p["B"]+1)
			return []cosim.Port{
				port("clk_i", cosim.In, 1), port("rst_ni", cosim.In, 1),
				port("enq_valid_i", cosim.In, 1), port("enq_qid_i", cosim.In, iw), port("enq_eop_i", cosim.In, 1),
				port("enq_ready_o", cosim.Out, 1),
				port("drop_valid_i", cosim.In, 1), port("drop_qid_i", cosim.In, iw),
				port("drop_ack_o", cosim.Out, 1), port("drop_cells_o", cosim.Out, fw),
				port("qlen_o", cosim.Out, p["N"]*p["QW"]), port("free_o", cosim.Out, fw),
			}
		},
		elem: func(p map[string]int, port string) int {
			if port == "qlen_o" {
				return p["QW"]
			}
			return 0
		},
		build: func(p map[string]int, l *cosim.Layout, seed int64) (golden, stimulus.Source, stimulus.Finite, error) {
			ep := executor.Params{N: p["N"], QW: p["QW"], B: p["B"], P: p["P"]}
			g, err := newExecutorGold(ep, l)
			if err != nil {
				return nil, nil, nil, err
			}
			src, err := stimulus.Executor(ep, l, seed, g.e)
			if err != nil {
				return nil, nil, nil, err
			}
			dir, err := stimulus.ExecutorDirected(ep, l, g.e)
			return g, src, dir, err
		},
	},
	{
		name: "top", module: "occamy_expulsion",
		validate: func(p map[string]int) error {
			return expulsion.Params{N: p["N"], Q: p["Q"], QW: p["QW"], AW: p["AW"], B: p["B"], P: p["P"]}.Validate()
		},
		params: []param{{"N", 64}, {"Q", 8}, {"QW", 16}, {"AW", 4}, {"B", 16384}, {"P", 0}},
		sources: []string{"verilog/occamy_expulsion.sv", "verilog/dt_threshold.sv", "verilog/hd_selector.sv",
			"verilog/rr_arbiter.sv", "verilog/hd_executor.sv"},
		ports: func(p map[string]int) []cosim.Port {
			iw := rtl.IdxWidth(p["N"])
			return []cosim.Port{
				port("clk_i", cosim.In, 1), port("rst_ni", cosim.In, 1),
				port("alpha_i", cosim.In, p["Q"]*p["AW"]),
				port("enq_valid_i", cosim.In, 1), port("enq_qid_i", cosim.In, iw), port("enq_eop_i", cosim.In, 1),
				port("enq_ready_o", cosim.Out, 1),
				port("drop_valid_o", cosim.Out, 1), port("drop_qid_o", cosim.Out, iw),
			}
		},
		elem: func(p map[string]int, port string) int {
			if port == "alpha_i" {
				return p["AW"]
			}
			return 0
		},
		build: func(p map[string]int, l *cosim.Layout, seed int64) (golden, stimulus.Source, stimulus.Finite, error) {
			tp := expulsion.Params{N: p["N"], Q: p["Q"], QW: p["QW"], AW: p["AW"], B: p["B"], P: p["P"]}
			g, err := newTopGold(tp, l)
			if err != nil {
				return nil, nil, nil, err
			}
			src, err := stimulus.Top(tp, l, seed, g.t)
			if err != nil {
				return nil, nil, nil, err
			}
			dir, err := stimulus.TopDirected(tp, l, g.t)
			return g, src, dir, err
		},
	},
	{
		// selarb is the benchmark top of docs/cosim.md: the selector's
		// register feeding the arbiter.
		name: "selarb", module: "sel_arb_top", hidden: true,
		validate: func(p map[string]int) error { return selector.Params{N: p["N"], QW: p["QW"]}.Validate() },
		params:   []param{{"N", 64}, {"QW", 16}},
		sources:  []string{"verilog/hd_selector.sv", "verilog/rr_arbiter.sv", "cosim/testdata/sel_arb_top.sv"},
		ports: func(p map[string]int) []cosim.Port {
			return []cosim.Port{
				port("clk_i", cosim.In, 1), port("rst_ni", cosim.In, 1),
				port("qlen_i", cosim.In, p["N"]*p["QW"]), port("thr_i", cosim.In, p["N"]*p["QW"]),
				port("ack_i", cosim.In, 1),
				port("over_o", cosim.Out, p["N"]), port("gnt_valid_o", cosim.Out, 1),
				port("gnt_idx_o", cosim.Out, rtl.IdxWidth(p["N"])),
			}
		},
		elem: selectorElem,
		build: func(p map[string]int, l *cosim.Layout, seed int64) (golden, stimulus.Source, stimulus.Finite, error) {
			sp := selector.Params{N: p["N"], QW: p["QW"]}
			g, err := newSelArbGold(sp, l)
			if err != nil {
				return nil, nil, nil, err
			}
			src, err := stimulus.SelArb(sp, l, seed)
			return g, src, nil, err
		},
	},
}

// Blocks lists the block names Run accepts, in the order "all" runs them.
func Blocks() []string {
	var s []string
	for _, b := range blocks {
		if !b.hidden {
			s = append(s, b.name)
		}
	}
	return s
}

// lookupBlock finds a block by short name or module name.
func lookupBlock(name string) (*block, error) {
	for _, b := range blocks {
		if b.name == name || b.module == name {
			return b, nil
		}
	}
	return nil, &SetupError{Msg: fmt.Sprintf("unknown block %q (known: %s)", name, strings.Join(Blocks(), ", "))}
}

// resolveParams fills defaults and checks names; values are checked by the
// golden model's constructor. P=0 (executor, top) means P=B, as the
// Verilog default.
func (b *block) resolveParams(given map[string]int) (map[string]int, error) {
	p := make(map[string]int, len(b.params))
	for _, q := range b.params {
		p[q.name] = q.def
	}
	names := make([]string, 0, len(given))
	for k := range given {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if _, ok := p[k]; !ok {
			return nil, &SetupError{Msg: fmt.Sprintf("%s has no parameter %s (parameters: %s)", b.name, k, b.paramNames())}
		}
		p[k] = given[k]
	}
	if v, ok := p["P"]; ok && v == 0 {
		p["P"] = p["B"]
	}
	return p, nil
}

func (b *block) paramNames() string {
	var s []string
	for _, q := range b.params {
		s = append(s, q.name)
	}
	return strings.Join(s, ", ")
}

// gparams are the -G parameters, as strings.
func (b *block) gparams(p map[string]int) map[string]string {
	g := make(map[string]string, len(p))
	for k, v := range p {
		g[k] = fmt.Sprint(v)
	}
	return g
}

// paramText is "N=64 QW=16" in the block's parameter order.
func (b *block) paramText(p map[string]int) string {
	var s []string
	for _, q := range b.params {
		s = append(s, fmt.Sprintf("%s=%d", q.name, p[q.name]))
	}
	return strings.Join(s, " ")
}

// ParamNames lists a block's parameters (by short or module name) in the
// golden model's order.
func ParamNames(name string) ([]string, error) {
	b, err := lookupBlock(name)
	if err != nil {
		return nil, err
	}
	var s []string
	for _, q := range b.params {
		s = append(s, q.name)
	}
	return s, nil
}

// selectorElem is the element width of the selector's packed ports, shared
// by the selector and the selector+arbiter benchmark top.
func selectorElem(p map[string]int, port string) int {
	switch port {
	case "qlen_i", "thr_i":
		return p["QW"]
	case "over_o":
		return 1
	}
	return 0
}
