package tm

import (
	"errors"
	"math"
	"strings"

	hw "occamy/hw/tm"
	"occamy/rtl"
	"occamy/testbench/blocks"
)

// spec is the TM block's parameters: hw/tm's Config (structural fields and
// run-time configuration), the tag's serial width (Verilog only) and how
// the run-time fields are given.
type spec struct {
	c hw.Config
	// SW is the serial bits a cell tag keeps (Go serials are compared
	// modulo 2^SW).
	SW int
	// Policy (index into Policies), Chain, DRR and Recheck are
	// cfg_policy_i, cfg_chain_i, cfg_drr_i and cfg_recheck_i.
	Policy, Chain, DRR, Recheck int
	// Alpha and Quantum are every class's exponent and quantum; Classes,
	// when not 0, seeds a draw of a different one per class instead
	// (Classes).
	Alpha, Quantum, Classes int
	// Traffic is 0 for the random traffic mix, k >= 1 for the named
	// scenario Scenarios()[k-1].
	Traffic int
	// Reconf (0/1): the random traffic resets now and then and reprograms
	// the run-time configuration (Traffic).
	Reconf int
}

// param is one parameter of the TM block, in the order `occamy blocks`
// lists them: its name, the spec field holding it, whether it is a
// Verilog parameter (else run-time configuration, driven on the cfg_*
// inputs) and the hw.Config field its *rtl.ParamError names, when that
// differs from the name.
type param struct {
	name    string
	field   func(s *spec) *int
	verilog bool
	model   string
}

// params is the one table of the TM's parameters.
var params = []param{
	{"P", func(s *spec) *int { return &s.c.P }, true, ""},
	{"Q", func(s *spec) *int { return &s.c.Q }, true, ""},
	{"B", func(s *spec) *int { return &s.c.B }, true, ""},
	{"K", func(s *spec) *int { return &s.c.K }, true, ""},
	{"QW", func(s *spec) *int { return &s.c.QW }, true, ""},
	{"AW", func(s *spec) *int { return &s.c.AW }, true, ""},
	{"MAXPKT", func(s *spec) *int { return &s.c.MaxPkt }, true, "MaxPkt"},
	{"IN", func(s *spec) *int { return &s.c.MaxOffers }, true, "MaxOffers"},
	{"TXWIN", func(s *spec) *int { return &s.c.TxWindow }, true, "TxWindow"},
	{"SW", func(s *spec) *int { return &s.SW }, true, ""},
	{"PUSHOUT_WAIT", func(s *spec) *int { return &s.c.PushoutWait }, true, "PushoutWait"},
	{"POLICY", func(s *spec) *int { return &s.Policy }, false, ""},
	{"CHAIN", func(s *spec) *int { return &s.Chain }, false, ""},
	{"DRR", func(s *spec) *int { return &s.DRR }, false, ""},
	{"RECHECK", func(s *spec) *int { return &s.Recheck }, false, ""},
	{"R", func(s *spec) *int { return &s.c.R }, false, ""},
	{"ALPHA", func(s *spec) *int { return &s.Alpha }, false, ""},
	{"QUANTUM", func(s *spec) *int { return &s.Quantum }, false, ""},
	{"CLASSES", func(s *spec) *int { return &s.Classes }, false, ""},
	{"TRAFFIC", func(s *spec) *int { return &s.Traffic }, false, ""},
	{"RECONF", func(s *spec) *int { return &s.Reconf }, false, ""},
}

// SerialBits is the default serial width of a cell tag, and its range.
const (
	SerialBits    = 16
	SerialBitsMax = 32
)

// occamy_tm's ingress: IN slots decided in one cycle, a serial chain of
// DT compares. The Go model's MaxOffers default (256) suits the
// scenarios' incasts offered to the model alone; the Verilog top takes at
// most MaxIN (its own check says so), DefaultIN by default.
const (
	DefaultIN = 4
	MaxIN     = 64
)

// MaxWait is the largest PUSHOUT_WAIT; occamy_tm caps it (Wait).
const MaxWait = 65535

// Wait is the wait allowance occamy_tm builds for PUSHOUT_WAIT w (its
// localparam WAIT): w capped at B (hw/tm's own bound) and at 2^QW-1-B, so
// that a queue length, cells waiting for room included, fits in QW bits.
// Its ingress FIFO has 2^clog2(B+Wait) entries. A test elaborates
// occamy_tm and compares this with the WAIT it gives tm_admission
// (cosim/runner, TestTMWaitIsTheVerilogs).
func Wait(w, b, qw int) int {
	qmax := 1<<17 - 1 // B+wait <= 2*65535 always fits in 17 bits
	if qw < 17 {
		qmax = 1<<max(qw, 0) - 1
	}
	return max(0, min(w, b, qmax-b))
}

func defaultSpec() spec {
	c := hw.DefaultConfig()
	c.MaxOffers = DefaultIN
	s := spec{c: c, SW: SerialBits, Alpha: c.AlphaExp[0], Quantum: c.Quantum[0]}
	v, err := NewCfg(c)
	if err != nil {
		panic("blocks/tm: tm's default policy is not in occamy_tm: " + err.Error())
	}
	s.Policy, s.Chain, s.DRR, s.Recheck = int(v.Policy), int(v.Chain), int(v.DRR), int(v.Recheck)
	return s
}

// binding ties the table to the spec.
var binding = blocks.Binding[spec]{Def: defaultSpec(), Names: paramNames(),
	Fields: func(s *spec) []*int {
		f := make([]*int, len(params))
		for i, q := range params {
			f[i] = q.field(s)
		}
		return f
	},
	Validate: func(s spec) error { _, err := s.config(); return err },
}

func paramNames() []string {
	n := make([]string, len(params))
	for i, q := range params {
		n[i] = q.name
	}
	return n
}

// config is the hw.Config the golden model runs and the stimulus drives:
// the structural fields, the run-time ones (per class from Classes when
// set), the memories at the Go default budgets scaled to K; with a
// scenario, the scenario's run-time configuration. Errors are the model's,
// naming the block's parameter.
func (s spec) config() (hw.Config, error) {
	for _, f := range []struct {
		name      string
		v, lo, hi int
	}{{"IN", s.c.MaxOffers, 1, MaxIN}, {"SW", s.SW, 1, SerialBitsMax}, {"PUSHOUT_WAIT", s.c.PushoutWait, 0, MaxWait},
		{"CHAIN", s.Chain, 0, 1}, {"DRR", s.DRR, 0, 1}, {"RECHECK", s.Recheck, 0, 1},
		{"CLASSES", s.Classes, 0, math.MaxInt32}, {"TRAFFIC", s.Traffic, 0, len(Scenarios())}, {"RECONF", s.Reconf, 0, 1}} {
		if err := rtl.CheckRange(hw.Block, f.name, f.v, f.lo, f.hi); err != nil {
			return hw.Config{}, err
		}
	}
	if s.Policy < 0 || s.Policy >= len(Policies) {
		return hw.Config{}, &rtl.ParamError{Block: hw.Block, Param: "POLICY", Value: int64(s.Policy), Max: int64(len(Policies) - 1),
			Note: PolicyValues() + "; pushout and abm are not hardware as modelled"}
	}
	c := s.c
	if c.Q < 1 || c.Q > hw.MaxQ {
		return hw.Config{}, modelErr(c.Validate()) // the model names Q before it reads the per-class lists
	}
	def := hw.DefaultConfig()
	c.PushoutWait = Wait(c.PushoutWait, c.B, c.QW)
	c.Policy = Policies[s.Policy]
	c.FreeMode, c.Sched, c.HDRecheck = freeMode(s.Chain == 1), sched(s.DRR == 1), s.Recheck == 1
	c.AlphaExp, c.Quantum = make([]int, max(c.Q, 0)), make([]int, max(c.Q, 0))
	for i := range c.AlphaExp {
		c.AlphaExp[i], c.Quantum[i] = s.Alpha, s.Quantum
	}
	if c.K >= 1 {
		c.CP.ReadPorts, c.CP.WritePorts = def.CP.ReadPorts/def.K*c.K, def.CP.WritePorts/def.K*c.K
		c.CD.ReadPorts, c.CD.WritePorts = def.CD.ReadPorts/def.K*c.K, def.CD.WritePorts/def.K*c.K
	}
	if err := modelErr(c.Validate()); err != nil {
		return hw.Config{}, err
	}
	// cfg_quantum_i is driven whatever the scheduler: its range is the
	// model's DRR range.
	d := c
	d.Sched = hw.SchedDRR
	if err := modelErr(d.Validate()); err != nil {
		return hw.Config{}, err
	}
	if s.Classes != 0 {
		Classes(&c, int64(s.Classes))
	}
	if s.Traffic > 0 {
		sc, _, err := Scenario(Scenarios()[s.Traffic-1], c, 1)
		if err != nil {
			return hw.Config{}, err
		}
		c = sc
	}
	return c, modelErr(c.Validate())
}

// freeMode is the free mode cfg_chain_i selects.
func freeMode(chain bool) hw.FreeMode {
	if chain {
		return hw.FreeChain
	}
	return hw.FreeCell
}

// sched is the scheduler cfg_drr_i selects.
func sched(drr bool) hw.SchedMode {
	if drr {
		return hw.SchedDRR
	}
	return hw.SchedSP
}

// modelErr renames a model field in an *rtl.ParamError to the block's
// parameter (MaxPkt is MAXPKT, AlphaExp[c] is ALPHA, ...).
func modelErr(err error) error {
	var pe *rtl.ParamError
	if !errors.As(err, &pe) {
		return err
	}
	q := *pe
	for _, p := range params {
		if p.model != "" && p.model == q.Param {
			q.Param = p.name
			return &q
		}
	}
	switch {
	case strings.HasPrefix(q.Param, "AlphaExp["):
		q.Param = "ALPHA"
	case strings.HasPrefix(q.Param, "Quantum["):
		q.Param = "QUANTUM"
	}
	return &q
}
