package scenario

import (
	"errors"
	"fmt"

	"occamy/hw/tm"
	"occamy/rtl"
	"occamy/testbench/field"
	"occamy/testbench/traffic"
)

// Prepare's checks of a configuration: the shape first, the fields
// derived from it, the TM's own validation and the packets' sizes, each
// error naming what the caller gave.

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
