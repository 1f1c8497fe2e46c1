package tmscore

import (
	"fmt"
	"math"
	"slices"

	hw "occamy/hw/tm"
	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/design"
)

// Setup is one scoreboard run: the map, the top's layout, the run's
// configuration and how long its traffic lasts.
type Setup struct {
	Map    *design.File   // with its tm: section (CheckTM passed)
	Layout *port.Layout   // the top's ports
	Params map[string]int // the TM face's parameters, resolved: the traffic (TRAFFIC, CLASSES, ...) and hw/tm's build
	Config hw.Config      // the run's configuration (tm face Config of Params)
	Seed   int64
	// Cycles is the traffic phase's length; the reset, the ingress start,
	// the steady-state phase and the drain come on top.
	Cycles int
	// Steady runs the steady-state phase after the traffic.
	Steady bool
	// EarlyDrain ends the drain once nothing is left in the design (an
	// in-process simulator, which the scoreboard steps cycle by cycle);
	// otherwise the drain lasts its bound (a stimulus file is fixed).
	EarlyDrain bool
	// Before and After are the cycles the VCD window keeps around the
	// first violation.
	Before, After int
	// Plan is filled by New.
	Plan Plan
}

// Plan is when each phase starts.
type Plan struct {
	TrafficAt, SteadyAt, DrainAt, End uint64
	// The steady-state phase: Flows constant flows of Size-cell packets
	// after Pause cycles, measured over the last Measure cycles.
	SteadyFlows, SteadySize, SteadyPause, SteadyMeasure int
	SteadyExpect                                        float64 // αB/(1+nα), cells per queue
	Drain, PortIdle                                     int
	// Latency is the most cycles from a packet's dequeue to its first
	// cell leaving (egress.latency, or its default): the board matches a
	// head drop that old with its queue's oldest waiting packet.
	Latency int
	// Live is the most packets that may be in the design at once
	// (offered and undecided, or admitted and unfinished).
	Live int
}

// plan computes the phases and bounds of u.
func plan(u *Setup) (Plan, error) {
	t, c := u.Map.TM, u.Config
	var p Plan
	if u.Cycles < 1 {
		return p, fmt.Errorf("tmscore: %d traffic cycles: want at least 1", u.Cycles)
	}
	p.TrafficAt = ResetCycles + uint64(t.Ingress.Start)
	p.SteadyAt = p.TrafficAt + uint64(u.Cycles)
	p.Drain = t.Liveness.Drain
	if p.Drain == 0 {
		p.Drain = c.B*c.R + 64*c.R + 256
	}
	p.PortIdle = t.Liveness.PortIdle
	if p.PortIdle == 0 {
		p.PortIdle = 4*c.R*c.MaxPkt + 64*c.R + 256
	}
	p.Latency = t.Egress.Latency
	if p.Latency == 0 {
		p.Latency = p.PortIdle + (t.Shape.EgressCells+c.MaxPkt)*c.R
	}
	p.DrainAt = p.SteadyAt
	if u.Steady {
		n := min(2, c.P)
		if r := t.Ingress.CellRate; r > 0 {
			n = max(1, min(n, int(float64(r*c.R)/1.5)))
		}
		a := math.Ldexp(1, c.AlphaExp[0])
		p.SteadyFlows, p.SteadySize, p.SteadyPause = n, min(c.MaxPkt, 4), p.Drain
		p.SteadyExpect = a * float64(c.B) / (1 + float64(n)*a)
		fill := int(2*p.SteadyExpect*float64(c.R)) + 64*c.R
		p.SteadyMeasure = max(fill, 1000)
		p.DrainAt += uint64(p.SteadyPause + fill + p.SteadyMeasure)
	}
	p.End = p.DrainAt + uint64(p.Drain)
	a := t.Admit
	undecided := t.Ingress.Slots * (a.Window + 1)
	if t.Ingress.CellRate > 0 {
		undecided = t.Ingress.Backlog + t.Ingress.Slots*(a.Window+1)
	}
	p.Live = c.B + t.Shape.Wait + t.Shape.EgressCells + undecided
	if sb := t.Tag.SerialBits; sb < 62 && uint64(1)<<uint(sb) < 2*uint64(p.Live) {
		return p, &design.Error{Where: u.Map.At("tm", "tag", "serial_bits"),
			What: fmt.Sprintf("tm.tag.serial_bits: %d bits number %d packets, but up to %d may be in the design at once (B=%d, wait %d, egress cells %d, undecided %d): the tags could not tell them apart; give at least %d bits",
				sb, 1<<uint(sb), p.Live, c.B, t.Shape.Wait, t.Shape.EgressCells, undecided, rtl.Clog2(2*p.Live))}
	}
	return p, nil
}

// checkRun checks the run's configuration against what the map says the
// design implements and how it is shaped.
func checkRun(u *Setup) error {
	t, c := u.Map.TM, &u.Config
	s := t.Shape
	for _, x := range []struct {
		key       string
		run, want int
	}{{"ports", c.P, s.Ports}, {"queues_per_port", c.Q, s.QueuesPerPort}, {"buffer", c.B, s.Buffer},
		{"max_packet", c.MaxPkt, s.MaxPacket}} {
		if x.run != x.want {
			return &design.Error{Where: u.Map.At("tm", "shape", x.key),
				What: fmt.Sprintf("tm.shape.%s is %d, the run has %d", x.key, x.want, x.run)}
		}
	}
	if s.LineRate > 0 && c.R != s.LineRate {
		return &design.Error{Where: u.Map.At("tm", "shape", "line_rate"),
			What: fmt.Sprintf("tm.shape.line_rate: the design sends a cell every %d cycles, the run has R=%d", s.LineRate, c.R)}
	}
	if w := t.Config.Alpha.Width; w != c.AW {
		return &design.Error{Where: u.Map.At("tm", "config", "alpha", "width"),
			What: fmt.Sprintf("tm.config.alpha.width is %d, the run has AW=%d", w, c.AW)}
	}
	for _, x := range settings(c, &t.Config) {
		have := x.ch.Settings()
		if len(have) > 0 && !slices.Contains(have, x.run) {
			return &design.Error{Where: u.Map.At("tm", "config", x.what),
				What: fmt.Sprintf("tm.config.%s: the design implements %v, the run asks for %s", x.what, have, x.run)}
		}
	}
	if c.Policy != hw.PolicyDT && c.Policy.Expels() && t.HeadDrop == nil {
		return &design.Error{Where: u.Map.At("tm"),
			What: fmt.Sprintf("tm: policy %s expels packets, and the map has no head_drop event to see it", c.Policy)}
	}
	return nil
}
