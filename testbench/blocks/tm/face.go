package tm

import (
	"fmt"
	"occamy/hw/arbiter"
	"occamy/hw/selector"
	"occamy/testbench/blocks"

	hw "occamy/hw/tm"
	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// tmShape are the widths of resolved parameters.
func shapeOf(m map[string]int) (spec, Shape) {
	s := binding.Decode(m)
	return s, NewShape(s.c, s.SW)
}

// tmPortW is the width of a count of up to n ports used in a cycle.
func portW(n int) int { return rtl.Clog2(n + 1) }

// tmAlphaFor is the default α exponent a within AW bits: ALPHA is a
// run-time input, so a narrow AW takes the largest exponent it holds
// rather than being refused (AW's range is the Verilog's, 2..8).
func alphaFor(a, aw int) int {
	if aw < 2 || aw > 8 {
		return a
	}
	return min(max(a, -(1<<(aw-1))), 1<<(aw-1)-1)
}

func init() {
	all := binding.Params()
	var verilog, run []blocks.Param
	// AW's range with the default ALPHA following it (derive), as Resolve
	// sees it, rather than at ALPHA=3.
	for i := range all {
		if all[i].Name != "AW" {
			continue
		}
		ok := func(aw int) bool {
			s := binding.Def
			s.c.AW, s.Alpha = aw, alphaFor(s.Alpha, aw)
			_, err := s.config()
			return err == nil
		}
		all[i].Min = blocks.Edge(2, all[i].Default, ok)
	}
	for i := range all {
		if all[i].Name == "POLICY" {
			for _, p := range Policies {
				all[i].Names = append(all[i].Names, p.String())
			}
		}
	}
	for i, q := range all {
		if params[i].verilog {
			verilog = append(verilog, q)
		} else {
			run = append(run, q)
		}
	}
	blocks.Register(&blocks.Block{
		Name: "tm", Aliases: []string{"traffic-manager"}, Module: "occamy_tm", Doc: "docs/tm.md",
		Order:   100,
		Summary: "the whole traffic manager: admission, enqueue, PD lists, cell-pointer sub-lists and free list, cell data, egress, dequeue, head-drop executor",
		Sources: []string{"verilog/occamy_tm.sv", "verilog/tm_admission.sv", "verilog/tm_enqueue.sv",
			"verilog/tm_dequeue.sv", "verilog/tm_hd_choice.sv", "verilog/tm_hd_exec.sv", "verilog/tm_sched.sv", "verilog/tm_egress.sv",
			"verilog/tm_pd_lists.sv", "verilog/tm_free_list.sv", "verilog/tm_sram_wide.sv",
			"verilog/dt_threshold.sv", "verilog/hd_selector.sv", "verilog/rr_arbiter.sv", "verilog/sram_mp.sv"},
		Params: verilog,
		Run:    run,
		Small: map[string]int{"P": 2, "Q": 2, "B": 48, "K": 2, "QW": 7, "AW": 3, "MAXPKT": 6, "IN": 3, "TXWIN": 4,
			"SW": 5, "PUSHOUT_WAIT": 12, "POLICY": 1, "CHAIN": 1, "DRR": 1, "RECHECK": 1, "R": 4, "ALPHA": 2, "QUANTUM": 3, "CLASSES": 0, "RECONF": 1},
		Coverpoints: tmCover,
		Matrix:      tmMatrix,
		Subs:        subs,
		Checks: blocks.Checks{
			Mutants:     mutants,
			MutateFirst: "small/reconf",
			Loose:       []string{"P=0", "Q=0", "K=0", "MAXPKT=0", "IN=0", "SW=0"},
		},
		Contract: blocks.Contract{
			Integrity: "eg_tag_o",
			Validate:  binding.Check,
			Derive: func(given, p map[string]int) {
				if _, ok := given["QUANTUM"]; !ok {
					p["QUANTUM"] = p["MAXPKT"]
				}
				if _, ok := given["ALPHA"]; !ok {
					p["ALPHA"] = alphaFor(p["ALPHA"], p["AW"])
				}
			},
			Ports: func(m map[string]int) []port.Port {
				s, sh := shapeOf(m)
				c := s.c
				n, k := sh.N, c.K
				pd := hw.DefaultConfig().PD
				return append(blocks.ClockReset(),
					port.Input("cfg_policy_i", PolicyW), port.Input("cfg_chain_i", 1),
					port.Input("cfg_drr_i", 1), port.Input("cfg_recheck_i", 1),
					port.Input("cfg_alpha_i", c.Q*c.AW), port.Input("cfg_quantum_i", c.Q*QuantumW),
					port.Input("cfg_r_i", RW()),
					port.Input("in_valid_i", sh.IN), port.Input("in_qid_i", sh.IN*sh.IW),
					port.Input("in_cells_i", sh.IN*sh.LW), port.Output("in_ok_o", sh.IN),
					port.Output("eg_valid_o", c.P), port.Output("eg_qid_o", c.P*sh.IW),
					port.Output("eg_tag_o", c.P*sh.TagW()),
					port.Output("hd_valid_o", 1), port.Output("hd_qid_o", sh.IW), port.Output("hd_cells_o", sh.LW),
					port.Output("qlen_o", n*c.QW), port.Output("free_o", c.QW), port.Output("wait_o", c.QW),
					port.Output("pd_rd_o", portW(pd.ReadPorts)), port.Output("pd_wr_o", portW(pd.WritePorts)),
					port.Output("cp_rd_o", portW(2*k)), port.Output("cp_wr_o", portW(k)),
					port.Output("cd_rd_o", portW(k)), port.Output("cd_wr_o", portW(k)))
			},
			Elem: func(m map[string]int, name string) int {
				s, sh := shapeOf(m)
				switch name {
				case "in_valid_i", "in_ok_o", "eg_valid_o":
					return 1
				case "in_qid_i", "eg_qid_o":
					return sh.IW
				case "in_cells_i":
					return sh.LW
				case "eg_tag_o":
					return sh.TagW()
				case "qlen_o":
					return s.c.QW
				case "cfg_alpha_i":
					return s.c.AW
				case "cfg_quantum_i":
					return QuantumW
				}
				return 0
			},
			Build: build,
		},
	})
}

// build makes the TM's golden adapter and its sources.
func build(m map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
	s, sh := shapeOf(m)
	c, err := s.config()
	if err != nil {
		return blocks.Sides{}, err
	}
	g, err := newGold(c, sh, l)
	if err != nil {
		return blocks.Sides{}, err
	}
	var src stimulus.Source
	if s.Traffic > 0 {
		sc, specs, err := Scenario(Scenarios()[s.Traffic-1], c, seed)
		if err != nil {
			return blocks.Sides{}, err
		}
		src, err = ScenarioSource(sc, specs, s.SW, l, seed)
		if err != nil {
			return blocks.Sides{}, err
		}
	} else if src, err = Traffic(c, s.SW, l, seed, s.Reconf == 1); err != nil {
		return blocks.Sides{}, err
	}
	dir, err := Directed(c, s.SW, l, seed, func() *hw.TM { return g.m })
	if err != nil {
		return blocks.Sides{}, err
	}
	return blocks.Sides{Golden: g, Random: src, Directed: dir, Hits: g.hits, Err: g.Err, OnEval: &g.onEval}, nil
}

// Config is the hw.Config a run of the TM block at resolved parameters p
// drives and checks (for logs and tests).
func Config(p map[string]int) (hw.Config, error) { return binding.Decode(p).config() }

// tmText is a one-line summary of a configuration's run-time fields.
func text(c hw.Config) string {
	return fmt.Sprintf("%s %s %s recheck=%v R=%d α=%v quantum=%v", c.Policy, c.FreeMode, c.Sched, c.HDRecheck, c.R, c.AlphaExp, c.Quantum)
}

// ConfigText is tmText of Config(p), or the error.
func ConfigText(p map[string]int) string {
	c, err := Config(p)
	if err != nil {
		return err.Error()
	}
	return text(c)
}

// subs are occamy_tm's replaceable sub-modules: every name-to-module
// mapping of --replace is here.
var subs = []blocks.Sub{
	{Name: "executor", Module: "tm_hd_exec", Doc: "docs/executor.md", Standalone: true, Matrix: execMatrix},
	{Name: "selector", Module: selector.Block, Doc: "docs/blocks.md"},
	{Name: "arbiter", Module: arbiter.Block, Doc: "docs/blocks.md"},
}
