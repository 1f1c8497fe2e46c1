package runner

import (
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/rtl/vcd"
)

// goTrace writes the golden side of a run as a VCD in the project's
// convention (rtl/vcd.Tracer: top scope "occamy" with clk, the block's ports
// under occamy.TOP), reading each cycle's contract-layout words.
type goTrace struct {
	t       *vcd.Tracer
	in, out []uint32
}

// newGoTrace creates path and declares every port but the clock.
func newGoTrace(path, top string, l *port.Layout) (*goTrace, error) {
	t, err := vcd.CreateTracer(path, vcd.TracerOptions{})
	if err != nil {
		return nil, err
	}
	g := &goTrace{t: t}
	var sigs []rtl.Signal
	for i, p := range l.Inputs {
		i, p := i, p
		sigs = append(sigs, rtl.Signal{Name: p.Name, Width: p.Width, Read: func(dst []uint64) {
			pack.To64(dst, l.In(g.in, i))
		}})
	}
	for i, p := range l.Outputs {
		i, p := i, p
		sigs = append(sigs, rtl.Signal{Name: p.Name, Width: p.Width, Read: func(dst []uint64) {
			pack.To64(dst, l.Out(g.out, i))
		}})
	}
	if err := t.Declare([]rtl.Scope{{Name: top, Signals: sigs}}); err != nil {
		t.Close()
		return nil, err
	}
	return g, nil
}

// sample records cycle c.
func (g *goTrace) sample(c uint64, in, out []uint32) error {
	g.in, g.out = in, out
	return g.t.Sample(c)
}

func (g *goTrace) close() error { return g.t.Close() }
