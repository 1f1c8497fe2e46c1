package tm

import (
	"strings"

	"occamy/rtl"
	"occamy/rtl/port"
)

// Param is one Verilog parameter of a sub-block with the value occamy_tm
// gives it for a Config.
type Param struct {
	Name  string
	Value int
}

// SubBlock is one sub-block of occamy_tm as the Go model builds it for a
// Config: its Verilog module and instance, the parameter values occamy_tm
// passes it, and its ports in declaration order with their widths. A
// co-simulation of the sub-block alone drives the Go sub-block's port
// fields (named GoName(port)) from the inputs and compares its output
// fields with these outputs.
type SubBlock struct {
	Module   string // Verilog module, e.g. "tm_sched"
	Instance string // its instance in occamy_tm, e.g. "u_sched"
	Params   []Param
	Ports    []port.Port
}

// DefaultSW is the serial bits occamy_tm keeps in a cell tag by default
// (its parameter SW); the Go model keeps 32.
const DefaultSW = 16

// vw are the widths occamy_tm derives from its parameters (docs/tm.md,
// "occamy_tm sub-modules"), shared by every sub-block's port table.
type vw struct {
	N, P, Q, B, K, QW, IN, SW, TXWIN, MAXPKT int
	IW                                       int // queue index: max(1, clog2 N)
	PW                                       int // port index: max(1, clog2 P)
	LW                                       int // cell count: clog2(MAXPKT+1)
	CW                                       int // cell index: max(1, clog2 B)
	BNW                                      int // cell count up to B: clog2(B+1)
	TW                                       int // cell tag: SW+LW
	BW                                       int // PD body: SW+LW+2K·CW
	RW                                       int // cp_mem read-port count: clog2(2K+1)
	WW                                       int // cp_mem write-port count: clog2(K+1)
	NW                                       int // admissions per cycle: clog2(IN+1)
	DFW                                      int // tm_sched's deficit width (its default)
}

func widthsOf(c *Config, sw int) vw {
	v := vw{N: c.N(), P: c.P, Q: c.Q, B: c.B, K: c.K, QW: c.QW, IN: c.MaxOffers, SW: sw, TXWIN: c.TxWindow, MAXPKT: c.MaxPkt, DFW: 18}
	v.IW, v.PW = rtl.IdxWidth(v.N), rtl.IdxWidth(v.P)
	v.LW, v.CW, v.BNW = rtl.Clog2(v.MAXPKT+1), rtl.IdxWidth(v.B), rtl.Clog2(v.B+1)
	v.TW, v.BW = v.SW+v.LW, v.SW+v.LW+2*v.K*v.CW
	v.RW, v.WW, v.NW = rtl.Clog2(2*v.K+1), rtl.Clog2(v.K+1), rtl.Clog2(v.IN+1)
	return v
}

// clkRst are the clock and reset every sub-module declares first. The Go
// sub-blocks have no field for them: Commit is the rising edge, and a
// sub-block is built in its reset state (occamy_tm holds them in reset
// together).
var clkRst = []port.Port{in("clk_i", 1), in("rst_ni", 1)}

// GoName is the Go field name of a Verilog port: its words joined in
// CamelCase, "in_valid_i" → "InValidI", "rst_ni" → "RstNI" (the house's
// convention, as hw/arbiter's ReqI and GntValidO).
func GoName(port string) string {
	words := strings.Split(port, "_")
	var b strings.Builder
	for i, w := range words {
		if w == "" {
			continue
		}
		if i == len(words)-1 && (w == "i" || w == "o" || w == "ni" || w == "no" || w == "q" || w == "d") {
			b.WriteString(strings.ToUpper(w))
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

func in(name string, w int) port.Port  { return port.Port{Name: name, Dir: port.In, Width: w} }
func out(name string, w int) port.Port { return port.Port{Name: name, Dir: port.Out, Width: w} }

// SubBlocks returns the port table of every sub-block of occamy_tm that
// hw/tm models as its own type, for Config c and serial width sw (the
// Verilog's SW, 1..32; DefaultSW at occamy_tm's default), in occamy_tm's
// stage order. It checks c first. The selector, the arbiter and the
// threshold unit have their own packages (hw/selector, hw/arbiter,
// hw/threshold) and their own tables there.
func SubBlocks(c Config, sw int) ([]SubBlock, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if err := rtl.CheckRange(Block, "SW", sw, 1, 32); err != nil {
		return nil, err
	}
	v := widthsOf(&c, sw)
	return []SubBlock{
		admissionPorts(v, rtlWait(&c)),
		pdListsPorts(v),
		dequeuePorts(v),
		schedPorts(v),
		hdChoicePorts(v),
		hdExecPorts(v),
		enqueuePorts(v, rtlWait(&c)),
		freeListPorts(v),
		egressPorts(v),
	}, nil
}
