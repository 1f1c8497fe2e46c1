package port

import "fmt"

// Dir is a port direction.
type Dir uint8

// Port directions. Inout ports are rejected by discovery.
const (
	In  Dir = iota + 1 // input port
	Out                // output port
)

// String returns "input" or "output".
func (d Dir) String() string {
	switch d {
	case In:
		return "input"
	case Out:
		return "output"
	}
	return fmt.Sprintf("Dir(%d)", uint8(d))
}

// Port is one port of a top module: its Verilog name, direction and width in
// bits.
type Port struct {
	Name  string
	Dir   Dir
	Width int
}

// Words is the number of 32-bit words that hold the port's value.
func (p Port) Words() int { return WordsFor(p.Width) }

// String formats the port as Verilog would declare it, e.g. "input [15:0] a_i".
func (p Port) String() string {
	if p.Width == 1 {
		return fmt.Sprintf("%s %s", p.Dir, p.Name)
	}
	return fmt.Sprintf("%s [%d:0] %s", p.Dir, p.Width-1, p.Name)
}

// WordsFor is the number of 32-bit words that hold width bits.
func WordsFor(width int) int { return (width + 31) / 32 }

// MarshalText writes a direction as "input" or "output".
func (d Dir) MarshalText() ([]byte, error) {
	if d != In && d != Out {
		return nil, fmt.Errorf("cosim: bad direction %d", uint8(d))
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads "input" or "output".
func (d *Dir) UnmarshalText(b []byte) error {
	switch string(b) {
	case "input":
		*d = In
	case "output":
		*d = Out
	default:
		return fmt.Errorf("cosim: bad direction %q", b)
	}
	return nil
}

// Input is an input port of width w.
func Input(name string, w int) Port { return Port{Name: name, Dir: In, Width: w} }

// Output is an output port of width w.
func Output(name string, w int) Port { return Port{Name: name, Dir: Out, Width: w} }
