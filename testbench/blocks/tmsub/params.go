package tmsub

import (
	"errors"
	"fmt"

	hw "occamy/hw/tm"
	"occamy/rtl"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
)

// A sub-block face has two kinds of parameters:
//
//   - its Verilog module's parameters (hw/tm SubBlock.Params), the block's
//     Params: those named like a parameter of the TM block (P, Q, B, K,
//     QW, IN, SW, TXWIN, MAXPKT) are that parameter; the others follow
//     the TM's (N = P·Q, LW = clog2(MAXPKT+1), WAIT = occamy_tm's capped
//     PUSHOUT_WAIT, DFW = occamy_tm's 18): given, they must be what
//     occamy_tm passes;
//   - every other parameter of the TM block (B, K, ..., POLICY, TRAFFIC,
//     RECONF), the block's Run parameters: the whole TM the stimulus is
//     recorded from (one build of the module serves every value of them).
//
// A module parameter given without the TM parameters it follows sets
// them where that is one choice: N without P and Q sets the pair (the
// default Q when it divides N), LW without MAXPKT sets MAXPKT = 2^LW − 1
// (unless MAXPKT already has that width), WAIT without PUSHOUT_WAIT sets
// PUSHOUT_WAIT = WAIT.
type params struct {
	module  string
	tm      *blocks.Block  // the TM block's face
	tmDef   map[string]int // its parameters at their defaults
	verilog []string       // the module's parameters, in its declaration order
	isTM    map[string]bool
}

// hint is how a module parameter that is no TM parameter sets the TM
// parameters it follows when it is given alone.
var hints = map[string]func(v int, given, p map[string]int) error{
	"N":    hintN,
	"LW":   hintLW,
	"WAIT": hintWait,
}

// ranges are the stated ranges of the module parameters that are no TM
// parameter (the others take the TM block's); Edge cuts each to what
// validates at the other defaults.
var ranges = map[string][2]int{"N": {1, hw.MaxP * hw.MaxQ}, "LW": {1, rtl.Clog2(hw.MaxPktMax + 1)}, "WAIT": {0, tmface.MaxWait}}

func newParams(module string, tm *blocks.Block, sb hw.SubBlock) *params {
	p := &params{module: module, tm: tm, isTM: map[string]bool{}}
	p.tmDef, _ = tm.Fill(nil)
	for _, n := range tm.ParamNames() {
		p.isTM[n] = true
	}
	for _, q := range sb.Params {
		p.verilog = append(p.verilog, q.Name)
	}
	return p
}

// tmParams is p's TM parameters, the TM block's defaults for those p
// leaves out (Block.Defaults has no Run parameters).
func (x *params) tmParams(p map[string]int) map[string]int {
	t := make(map[string]int, len(x.isTM))
	for n := range x.isTM {
		if v, ok := p[n]; ok {
			t[n] = v
		} else {
			t[n] = x.tmDef[n]
		}
	}
	return t
}

// derive fills the module parameters that follow the TM's (given ones
// first set the TM parameters they follow, when those are not given).
func (x *params) derive(given, p map[string]int) {
	gt := map[string]int{}
	for n, v := range given {
		if x.isTM[n] {
			gt[n] = v
		}
	}
	for _, n := range x.verilog {
		if v, ok := given[n]; ok && !x.isTM[n] && hints[n] != nil {
			_ = hints[n](v, given, p) // one that finds no choice leaves the check to validate
		}
	}
	t := x.tmParams(p)
	if x.tm.Contract.Derive != nil {
		x.tm.Contract.Derive(gt, t)
	}
	for n, v := range t {
		p[n] = v
	}
	sb, err := x.table(p)
	if err != nil {
		return
	}
	for _, q := range sb.Params {
		if _, ok := given[q.Name]; !ok {
			p[q.Name] = q.Value
		}
	}
}

func hintN(n int, given, p map[string]int) error {
	_, gp := given["P"]
	_, gq := given["Q"]
	switch {
	case gp && gq:
		return nil
	case gp:
		if p["P"] > 0 && n%p["P"] == 0 {
			p["Q"] = n / p["P"]
		}
		return nil
	case gq:
		if p["Q"] > 0 && n%p["Q"] == 0 {
			p["P"] = n / p["Q"]
		}
		return nil
	}
	if q := p["Q"]; q > 0 && n%q == 0 && n/q <= hw.MaxP {
		p["P"] = n / q
		return nil
	}
	for q := hw.MaxQ; q >= 1; q-- {
		if n%q == 0 && n/q <= hw.MaxP {
			p["P"], p["Q"] = n/q, q
			return nil
		}
	}
	return errors.New("no P·Q")
}

func hintLW(lw int, given, p map[string]int) error {
	if _, ok := given["MAXPKT"]; ok || lw < 1 || lw > 31 {
		return nil
	}
	if rtl.Clog2(p["MAXPKT"]+1) != lw {
		p["MAXPKT"] = 1<<lw - 1
	}
	return nil
}

func hintWait(w int, given, p map[string]int) error {
	if _, ok := given["PUSHOUT_WAIT"]; !ok {
		p["PUSHOUT_WAIT"] = w
	}
	return nil
}

// config is the TM configuration and serial width of resolved p, its
// errors named as the sub-block's.
func (x *params) config(p map[string]int) (hw.Config, int, error) {
	t := x.tmParams(p)
	c, err := tmface.Config(t)
	if err != nil {
		return hw.Config{}, 0, x.rename(err)
	}
	return c, t["SW"], nil
}

// table is the module's port table at resolved p.
func (x *params) table(p map[string]int) (hw.SubBlock, error) {
	c, sw, err := x.config(p)
	if err != nil {
		return hw.SubBlock{}, err
	}
	subs, err := hw.SubBlocks(c, sw)
	if err != nil {
		return hw.SubBlock{}, x.rename(err)
	}
	for _, sb := range subs {
		if sb.Module == x.module {
			return sb, nil
		}
	}
	return hw.SubBlock{}, fmt.Errorf("%s: hw/tm has no sub-block %s", x.module, x.module)
}

// validate checks resolved p: the TM's rules, then each module parameter
// against the value occamy_tm passes at that TM.
func (x *params) validate(p map[string]int) error {
	for _, n := range x.verilog {
		if v, ok := p[n]; ok && n == "N" && (v < 1 || v > hw.MaxP*hw.MaxQ) {
			return &rtl.ParamError{Block: x.module, Param: n, Value: int64(v), Min: 1, Max: hw.MaxP * hw.MaxQ, Note: nNote}
		}
	}
	sb, err := x.table(p)
	if err != nil {
		return err
	}
	for _, q := range sb.Params {
		v, ok := p[q.Name]
		if !ok || v == q.Value {
			continue
		}
		return x.follow(q.Name, v, q.Value, p)
	}
	return nil
}

const nNote = "occamy_tm's P·Q queues: P ≤ 32 ports, Q ≤ 8 classes"

// follow is the error for module parameter n given v where occamy_tm, at
// the TM p describes, passes want.
func (x *params) follow(n string, v, want int, p map[string]int) error {
	e := &rtl.ParamError{Block: x.module, Param: n, Value: int64(v), Min: int64(want), Max: int64(want)}
	switch n {
	case "N":
		e.Min, e.Max, e.Note = 1, hw.MaxP*hw.MaxQ, fmt.Sprintf("%s; P=%d Q=%d give %d", nNote, p["P"], p["Q"], want)
	case "LW":
		e.Note = fmt.Sprintf("clog2(MAXPKT+1) with MAXPKT=%d", p["MAXPKT"])
	case "WAIT":
		e.Min, e.Max = 0, int64(tmface.Wait(tmface.MaxWait, p["B"], p["QW"]))
		e.Note = fmt.Sprintf("occamy_tm's PUSHOUT_WAIT capped at B=%d and 2^QW-1-B; PUSHOUT_WAIT=%d gives %d", p["B"], p["PUSHOUT_WAIT"], want)
		if v >= 0 && int64(v) <= e.Max {
			e.Note = fmt.Sprintf("PUSHOUT_WAIT=%d gives %d", p["PUSHOUT_WAIT"], want)
			e.Min, e.Max = int64(want), int64(want)
		}
	default:
		e.Note = "the value occamy_tm passes " + x.module
	}
	return e
}

// rename makes a TM parameter error the sub-block's.
func (x *params) rename(err error) error {
	var pe *rtl.ParamError
	if errors.As(err, &pe) {
		q := *pe
		q.Block = x.module
		return &q
	}
	return fmt.Errorf("%s: %w", x.module, err)
}

// list is the Params of the face: the module's parameters with their
// defaults, each range the stated one (the TM block's for a TM parameter)
// cut to what validates at the other defaults; and the Run parameters:
// the TM block's others, as it states them.
func (x *params) list(b *blocks.Block, def map[string]int) (verilog, run []blocks.Param) {
	stated := map[string]blocks.Param{}
	for _, q := range append(append([]blocks.Param(nil), x.tm.Params...), x.tm.Run...) {
		stated[q.Name] = q
	}
	for _, n := range x.verilog {
		q := blocks.Param{Name: n, Default: def[n], Min: def[n], Max: def[n]}
		if s, ok := stated[n]; ok {
			q.Min, q.Max, q.Note = s.Min, s.Max, s.Note
		} else if r, ok := ranges[n]; ok {
			q.Min, q.Max = r[0], r[1]
		} else {
			q.Note = "the value occamy_tm passes"
		}
		if n == "N" {
			q.Note = nNote
		}
		ok := func(v int) bool {
			_, err := b.Resolve(map[string]int{n: v})
			return err == nil
		}
		q.Min = blocks.Edge(q.Min, q.Default, ok)
		q.Max = blocks.Edge(q.Max, q.Default, ok)
		verilog = append(verilog, q)
	}
	isV := map[string]bool{}
	for _, n := range x.verilog {
		isV[n] = true
	}
	names := x.tm.ParamNames()
	for _, n := range names {
		if !isV[n] {
			run = append(run, stated[n])
		}
	}
	return verilog, run
}
