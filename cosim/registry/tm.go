package registry

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"occamy/hw/tm"
	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// tmSpec is the TM block's parameters: hw/tm's Config (structural fields
// and run-time configuration), the tag's serial width (Verilog only) and
// how the run-time fields are given.
type tmSpec struct {
	c tm.Config
	// SW is the serial bits a cell tag keeps (Go serials are compared
	// modulo 2^SW).
	SW int
	// Policy (index into stimulus.TMPolicies), Chain, DRR and Recheck are
	// cfg_policy_i, cfg_chain_i, cfg_drr_i and cfg_recheck_i.
	Policy, Chain, DRR, Recheck int
	// Alpha and Quantum are every class's exponent and quantum; Classes,
	// when not 0, seeds a draw of a different one per class instead
	// (stimulus.TMClasses).
	Alpha, Quantum, Classes int
	// Traffic is 0 for the random traffic mix, k >= 1 for the named
	// scenario stimulus.TMScenarios()[k-1].
	Traffic int
	// Reconf (0/1): the random traffic resets now and then and reprograms
	// the run-time configuration (stimulus.TMTraffic).
	Reconf int
}

// TMSerialBits is the default serial width of a cell tag, and its range.
const (
	TMSerialBits    = 16
	TMSerialBitsMax = 32
)

// occamy_tm's ingress: IN slots decided in one cycle, a serial chain of
// DT compares. The Go model's MaxOffers default (256) suits the
// scenarios' incasts offered to the model alone; the Verilog top takes at
// most TMMaxIN (its own check says so), TMDefaultIN by default.
const (
	TMDefaultIN = 4
	TMMaxIN     = 64
)

func defaultTMSpec() tmSpec {
	c := tm.DefaultConfig()
	c.MaxOffers = TMDefaultIN
	s := tmSpec{c: c, SW: TMSerialBits, Alpha: c.AlphaExp[0], Quantum: c.Quantum[0]}
	v, err := stimulus.NewTMCfg(c)
	if err != nil {
		panic("registry: tm's default policy is not in occamy_tm: " + err.Error())
	}
	s.Policy, s.Chain, s.DRR, s.Recheck = int(v.Policy), int(v.Chain), int(v.DRR), int(v.Recheck)
	return s
}

// tmNames are the TM's Verilog parameters (the first tmVerilog) and then
// its run-time configuration.
var tmNames = []string{"P", "Q", "B", "K", "QW", "AW", "MAXPKT", "IN", "TXWIN", "SW", "PUSHOUT_WAIT",
	"POLICY", "CHAIN", "DRR", "RECHECK", "R", "ALPHA", "QUANTUM", "CLASSES", "TRAFFIC", "RECONF"}

const tmVerilog = 11

// tmModelName maps a tm.Config field, as its *rtl.ParamError names it, to
// the TM block's parameter.
var tmModelName = map[string]string{"MaxPkt": "MAXPKT", "MaxOffers": "IN", "TxWindow": "TXWIN", "PushoutWait": "PUSHOUT_WAIT"}

// TMMaxWait is the largest PUSHOUT_WAIT; occamy_tm caps it (TMWait).
const TMMaxWait = 65535

// TMWait is the wait allowance occamy_tm builds for PUSHOUT_WAIT w: w capped
// at B (hw/tm's own bound) and at 2^QW-1-B, so that a queue length, cells
// waiting for room included, fits in QW bits. Its ingress FIFO has
// 2^clog2(B+TMWait) entries.
func TMWait(w, b, qw int) int {
	qmax := 1<<17 - 1 // B+wait <= 2*65535 always fits in 17 bits
	if qw < 17 {
		qmax = 1<<max(qw, 0) - 1
	}
	return max(0, min(w, b, qmax-b))
}

var tmParams = binding[tmSpec]{
	def: defaultTMSpec(), names: tmNames,
	fields: func(s *tmSpec) []*int {
		c := &s.c
		return []*int{&c.P, &c.Q, &c.B, &c.K, &c.QW, &c.AW, &c.MaxPkt, &c.MaxOffers, &c.TxWindow, &s.SW, &c.PushoutWait,
			&s.Policy, &s.Chain, &s.DRR, &s.Recheck, &c.R, &s.Alpha, &s.Quantum, &s.Classes, &s.Traffic, &s.Reconf}
	},
	validate: func(s tmSpec) error { _, err := s.config(); return err },
}

// config is the tm.Config the golden model runs and the stimulus drives:
// the structural fields, the run-time ones (per class from Classes when
// set), the memories at the Go default budgets scaled to K; with a
// scenario, the scenario's run-time configuration. Errors are the model's,
// naming the block's parameter.
func (s tmSpec) config() (tm.Config, error) {
	for _, f := range []struct {
		name      string
		v, lo, hi int
	}{{"IN", s.c.MaxOffers, 1, TMMaxIN}, {"SW", s.SW, 1, TMSerialBitsMax}, {"PUSHOUT_WAIT", s.c.PushoutWait, 0, TMMaxWait},
		{"CHAIN", s.Chain, 0, 1}, {"DRR", s.DRR, 0, 1}, {"RECHECK", s.Recheck, 0, 1},
		{"CLASSES", s.Classes, 0, math.MaxInt32}, {"TRAFFIC", s.Traffic, 0, len(stimulus.TMScenarios())}, {"RECONF", s.Reconf, 0, 1}} {
		if err := rtl.CheckRange(tm.Block, f.name, f.v, f.lo, f.hi); err != nil {
			return tm.Config{}, err
		}
	}
	if s.Policy < 0 || s.Policy >= len(stimulus.TMPolicies) {
		return tm.Config{}, &rtl.ParamError{Block: tm.Block, Param: "POLICY", Value: int64(s.Policy), Max: int64(len(stimulus.TMPolicies) - 1),
			Note: stimulus.TMPolicyValues() + "; pushout and abm are not hardware as modelled"}
	}
	c := s.c
	if c.Q < 1 || c.Q > tm.MaxQ {
		return tm.Config{}, tmModelErr(c.Validate()) // the model names Q before it reads the per-class lists
	}
	def := tm.DefaultConfig()
	c.PushoutWait = TMWait(c.PushoutWait, c.B, c.QW)
	c.Policy = stimulus.TMPolicies[s.Policy]
	c.FreeMode, c.Sched, c.HDRecheck = "cell", "sp", s.Recheck == 1
	if s.Chain == 1 {
		c.FreeMode = "chain"
	}
	if s.DRR == 1 {
		c.Sched = "drr"
	}
	c.AlphaExp, c.Quantum = make([]int, max(c.Q, 0)), make([]int, max(c.Q, 0))
	for i := range c.AlphaExp {
		c.AlphaExp[i], c.Quantum[i] = s.Alpha, s.Quantum
	}
	if c.K >= 1 {
		c.CP.ReadPorts, c.CP.WritePorts = def.CP.ReadPorts/def.K*c.K, def.CP.WritePorts/def.K*c.K
		c.CD.ReadPorts, c.CD.WritePorts = def.CD.ReadPorts/def.K*c.K, def.CD.WritePorts/def.K*c.K
	}
	if err := tmModelErr(c.Validate()); err != nil {
		return tm.Config{}, err
	}
	// cfg_quantum_i is driven whatever the scheduler: its range is the
	// model's DRR range.
	d := c
	d.Sched = "drr"
	if err := tmModelErr(d.Validate()); err != nil {
		return tm.Config{}, err
	}
	if s.Classes != 0 {
		stimulus.TMClasses(&c, int64(s.Classes))
	}
	if s.Traffic > 0 {
		sc, _, err := stimulus.TMScenario(stimulus.TMScenarios()[s.Traffic-1], c, 1)
		if err != nil {
			return tm.Config{}, err
		}
		c = sc
	}
	return c, tmModelErr(c.Validate())
}

// tmModelErr renames a model field in an *rtl.ParamError to the block's
// parameter (MaxPkt is MAXPKT, AlphaExp[c] is ALPHA, ...).
func tmModelErr(err error) error {
	var pe *rtl.ParamError
	if !errors.As(err, &pe) {
		return err
	}
	q := *pe
	switch {
	case tmModelName[q.Param] != "":
		q.Param = tmModelName[q.Param]
	case strings.HasPrefix(q.Param, "AlphaExp["):
		q.Param = "ALPHA"
	case strings.HasPrefix(q.Param, "Quantum["):
		q.Param = "QUANTUM"
	}
	return &q
}

// tmShape are the widths of resolved parameters.
func tmShape(m map[string]int) (tmSpec, stimulus.TMShape) {
	s := tmParams.decode(m)
	return s, stimulus.NewTMShape(s.c, s.SW)
}

// tmPortW is the width of a count of up to n ports used in a cycle.
func tmPortW(n int) int { return rtl.Clog2(n + 1) }

// tmAlphaFor is the default α exponent a within AW bits: ALPHA is a
// run-time input, so a narrow AW takes the largest exponent it holds
// rather than being refused (AW's range is the Verilog's, 2..8).
func tmAlphaFor(a, aw int) int {
	if aw < 2 || aw > 8 {
		return a
	}
	return min(max(a, -(1<<(aw-1))), 1<<(aw-1)-1)
}

func init() {
	all := tmParams.params()
	// AW's range with the default ALPHA following it (derive), as Resolve
	// sees it, rather than at ALPHA=3.
	for i := range all {
		if all[i].Name != "AW" {
			continue
		}
		ok := func(aw int) bool {
			s := tmParams.def
			s.c.AW, s.Alpha = aw, tmAlphaFor(s.Alpha, aw)
			_, err := s.config()
			return err == nil
		}
		all[i].Min = edge(2, all[i].Default, ok)
	}
	register(&Block{
		Name: "tm", Aliases: []string{"traffic-manager"}, Module: "occamy_tm", Doc: "docs/tm.md",
		Summary: "the whole traffic manager: admission, enqueue, PD lists, cell-pointer sub-lists and free list, cell data, egress, dequeue, head-drop executor",
		Sources: []string{"verilog/occamy_tm.sv", "verilog/tm_admission.sv", "verilog/tm_enqueue.sv",
			"verilog/tm_dequeue.sv", "verilog/tm_hd_choice.sv", "verilog/tm_hd_exec.sv", "verilog/tm_sched.sv", "verilog/tm_egress.sv",
			"verilog/tm_pd_lists.sv", "verilog/tm_free_list.sv", "verilog/tm_sram_wide.sv",
			"verilog/tm_maxfind.sv", "verilog/dt_threshold.sv", "verilog/hd_selector.sv", "verilog/rr_arbiter.sv", "verilog/sram_mp.sv"},
		Params: all[:tmVerilog],
		Run:    all[tmVerilog:],
		Small: map[string]int{"P": 2, "Q": 2, "B": 48, "K": 2, "QW": 7, "AW": 3, "MAXPKT": 6, "IN": 3, "TXWIN": 4,
			"SW": 5, "PUSHOUT_WAIT": 12, "POLICY": 1, "CHAIN": 1, "DRR": 1, "RECHECK": 1, "R": 4, "ALPHA": 2, "QUANTUM": 3, "CLASSES": 0, "RECONF": 1},
		Coverpoints: tmCover,
		Subs:        tmSubs,
		Integrity:   "eg_tag_o",
		Validate:    tmParams.check,
		derive: func(given, p map[string]int) {
			if _, ok := given["QUANTUM"]; !ok {
				p["QUANTUM"] = p["MAXPKT"]
			}
			if _, ok := given["ALPHA"]; !ok {
				p["ALPHA"] = tmAlphaFor(p["ALPHA"], p["AW"])
			}
		},
		Ports: func(m map[string]int) []port.Port {
			s, sh := tmShape(m)
			c := s.c
			n, k := sh.N, c.K
			pd := tm.DefaultConfig().PD
			return append(clockReset(),
				port.Input("cfg_policy_i", stimulus.TMPolicyW), port.Input("cfg_chain_i", 1),
				port.Input("cfg_drr_i", 1), port.Input("cfg_recheck_i", 1),
				port.Input("cfg_alpha_i", c.Q*c.AW), port.Input("cfg_quantum_i", c.Q*stimulus.TMQuantumW),
				port.Input("cfg_r_i", stimulus.TMRW()),
				port.Input("in_valid_i", sh.IN), port.Input("in_qid_i", sh.IN*sh.IW),
				port.Input("in_cells_i", sh.IN*sh.LW), port.Output("in_ok_o", sh.IN),
				port.Output("eg_valid_o", c.P), port.Output("eg_qid_o", c.P*sh.IW),
				port.Output("eg_tag_o", c.P*sh.TagW()),
				port.Output("hd_valid_o", 1), port.Output("hd_qid_o", sh.IW), port.Output("hd_cells_o", sh.LW),
				port.Output("qlen_o", n*c.QW), port.Output("free_o", c.QW), port.Output("wait_o", c.QW),
				port.Output("pd_rd_o", tmPortW(pd.ReadPorts)), port.Output("pd_wr_o", tmPortW(pd.WritePorts)),
				port.Output("cp_rd_o", tmPortW(2*k)), port.Output("cp_wr_o", tmPortW(k)),
				port.Output("cd_rd_o", tmPortW(k)), port.Output("cd_wr_o", tmPortW(k)))
		},
		Elem: func(m map[string]int, name string) int {
			s, sh := tmShape(m)
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
				return stimulus.TMQuantumW
			}
			return 0
		},
		Build: buildTM,
	})
}

// buildTM makes the TM's golden adapter and its sources.
func buildTM(m map[string]int, l *port.Layout, seed int64) (Sides, error) {
	s, sh := tmShape(m)
	c, err := s.config()
	if err != nil {
		return Sides{}, err
	}
	g, err := newTMGold(c, sh, l)
	if err != nil {
		return Sides{}, err
	}
	var src stimulus.Source
	if s.Traffic > 0 {
		sc, specs, err := stimulus.TMScenario(stimulus.TMScenarios()[s.Traffic-1], c, seed)
		if err != nil {
			return Sides{}, err
		}
		src, err = stimulus.TMScenarioSource(sc, specs, s.SW, l, seed)
		if err != nil {
			return Sides{}, err
		}
	} else if src, err = stimulus.TMTraffic(c, s.SW, l, seed, s.Reconf == 1); err != nil {
		return Sides{}, err
	}
	dir, err := stimulus.TMDirected(c, s.SW, l, seed, func() *tm.TM { return g.m })
	if err != nil {
		return Sides{}, err
	}
	return Sides{Golden: g, Random: src, Directed: dir, Hits: g.hits, Err: g.Err, OnEval: &g.onEval}, nil
}

// TMConfig is the tm.Config a run of the TM block at resolved parameters p
// drives and checks (for logs and tests).
func TMConfig(p map[string]int) (tm.Config, error) { return tmParams.decode(p).config() }

// tmText is a one-line summary of a configuration's run-time fields.
func tmText(c tm.Config) string {
	return fmt.Sprintf("%s %s %s recheck=%v R=%d α=%v quantum=%v", c.Policy, c.FreeMode, c.Sched, c.HDRecheck, c.R, c.AlphaExp, c.Quantum)
}

// TMConfigText is tmText of TMConfig(p), or the error.
func TMConfigText(p map[string]int) string {
	c, err := TMConfig(p)
	if err != nil {
		return err.Error()
	}
	return tmText(c)
}
