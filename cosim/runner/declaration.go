package runner

import (
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// Declaration is a design file resolved against a block's contract at a
// run's parameters: what occamy prove builds its miter from, so that
// prove and the co-simulation read one design file the same way.
type Declaration struct {
	// Ports are the design's ports as it must declare them: renamed, the
	// tied inputs left out, a uniform input narrowed when the design
	// takes one element, no clock and reset for a combinational design.
	Ports []port.Port
	// Clock and Reset are the design's clock and reset ("" when it has
	// none); ResetHigh: its reset is active high.
	Clock, Reset string
	ResetHigh    bool
	// Name is the design's name of each contract port it has.
	Name map[string]string
	// Tie holds the contract inputs the design lacks at a value.
	Tie map[string]uint64
	// Uniform are the inputs one_class makes uniform, with their element
	// width; Narrow those the design takes at that width.
	Uniform map[string]int
	Narrow  map[string]bool
	// Latency is every contract output's declared latency (the
	// reference's unless declared); RefLatency the reference's.
	Latency, RefLatency map[string]int
	// Valid names the valid output of a don't-care output.
	Valid map[string]string
	// Hold is --constrain hold=K (0: none) and Held the inputs it holds.
	Hold int
	Held []string
	// Observe names observed internal signals (name -> path).
	Observe map[string]string
	// Properties: the check is the block's properties, with WaitBound.
	Properties bool
	WaitBound  int
	// Config is the block's property configuration (Props.New and
	// Props.Monitor take it); Props the block's properties.
	Config blocks.PropConfig
	Props  *blocks.Props
}

// ApplyDesign fills the options a design file gives and opt leaves unset:
// block, top, files (relative to the file), include directories and
// parameters (those of opt on top).
func ApplyDesign(opt *Options) error { return applyDesign(opt) }

// Declare resolves opt.Design for opt.Block at opt.Params against got,
// the design's ports as its elaboration found them (nil: the declared
// widths). A design file that does not fit the block is a *SetupError.
func Declare(opt Options, got []port.Port) (*Declaration, error) {
	s, err := prepare(opt)
	if err != nil {
		return nil, err
	}
	d := s.decl
	if d == nil {
		return nil, setupf("no design file")
	}
	ports := d.wantPorts(s, got)
	if err := d.setPorts(ports); err != nil {
		return nil, err
	}
	l := &s.canon
	x := &Declaration{Ports: ports, Clock: d.clock, Reset: d.reset, ResetHigh: d.resetHigh, Name: map[string]string{},
		Tie: map[string]uint64{}, Uniform: map[string]int{}, Narrow: map[string]bool{}, Latency: map[string]int{},
		RefLatency: map[string]int{}, Valid: map[string]string{}, Hold: d.hold, Observe: d.paths,
		Properties: d.props, WaitBound: d.f.WaitBound, Props: s.b.Props}
	for _, p := range s.ports {
		if !(p.Dir == port.In && d.tied(s, p.Name)) && !d.dropped(p.Name) {
			x.Name[p.Name] = d.name(p.Name)
		}
	}
	for i, v := range d.tie {
		x.Tie[l.Inputs[i].Name] = uint64(v)
	}
	for _, i := range d.uniform {
		n := l.Inputs[i].Name
		x.Uniform[n] = s.b.Elem(s.p, n)
		x.Narrow[n] = d.narrow[n]
	}
	for _, i := range d.held {
		x.Held = append(x.Held, l.Inputs[i].Name)
	}
	cfg := blocks.PropConfig{Params: s.p, Layout: l, Latency: map[string]int{}, WaitBound: d.f.WaitBound, Observed: d.observe,
		LowestTie: d.f.LowestTie}
	for i, o := range l.Outputs {
		if i < len(d.lat) {
			x.Latency[o.Name], x.RefLatency[o.Name] = d.lat[i], d.lat[i]-d.shift[i]
			if v := d.valid[i]; v >= 0 {
				x.Valid[o.Name] = l.Outputs[v].Name
			}
		} else {
			x.Latency[o.Name] = d.obsLatency(s, o.Name)
		}
		cfg.Latency[o.Name] = x.Latency[o.Name]
	}
	x.Config = cfg
	return x, nil
}
