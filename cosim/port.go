package cosim

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
