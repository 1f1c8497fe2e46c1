package runner

import (
	"path/filepath"

	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// BlockSpec is what another checker of a block (occamy prove) needs from the
// runner's block table: the block's names, its resolved and validated
// parameters, its contract ports and the project's Verilog of it.
type BlockSpec struct {
	Name   string         // short name: threshold, selector, ...
	Module string         // the project's top module
	Params map[string]int // every parameter, defaults filled, validated
	Order  []string       // parameter names in the golden model's order
	Ports  []port.Port    // the contract ports, in the project's declaration order
	// Sources are the project's Verilog files of the block, absolute, in
	// compile order.
	Sources []string
	// Clocked says the block has clk_i (and rst_ni).
	Clocked bool
	// Headers are the project's shared headers (blocks.Headers),
	// absolute: the sources include them, and so does a copy of one.
	Headers []string
	// Root is the repository root the sources were found under.
	Root string
}

// Describe resolves a block (short or module name) at the given parameters
// the way Run does: unknown names and out-of-range values are a
// *SetupError. verilogDir is as Options.VerilogDir.
func Describe(name string, params map[string]int, verilogDir string) (*BlockSpec, error) {
	b, err := lookupBlock(name)
	if err != nil {
		return nil, err
	}
	p, err := resolveParams(b, params)
	if err != nil {
		return nil, err
	}
	if err := b.Validate(p); err != nil {
		return nil, &SetupError{Msg: "parameters", Err: err}
	}
	root, err := findRoot(verilogDir, b.Sources)
	if err != nil {
		return nil, err
	}
	bs := &BlockSpec{Name: b.Name, Module: b.Module, Params: p, Ports: b.Ports(p), Clocked: b.Clocked(p), Root: root}
	for _, q := range b.Params {
		bs.Order = append(bs.Order, q.Name)
	}
	for _, f := range b.Sources {
		bs.Sources = append(bs.Sources, filepath.Join(root, f))
	}
	for _, h := range blocks.Headers {
		bs.Headers = append(bs.Headers, filepath.Join(root, h))
	}
	return bs, nil
}

// GuessTop picks the top module of a user's files as Run does when
// Options.Top is empty: the block's module when a file declares it, else
// the only module declared; "" and the declared modules when it cannot.
func GuessTop(files []string, module string) (string, []string) { return guessTop(files, module) }
