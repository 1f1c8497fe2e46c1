package mutation

import (
	"fmt"
	"strings"

	"occamy/testbench/blocks"
)

// Block is a co-simulation block name, as `occamy cosim --block` takes it
// (a face of testbench/blocks).
type Block string

// blockInfo is a block's top module and its source files in verilog/, in
// compile order, from the blocks.
type blockInfo struct {
	top   string
	files []string
}

// TopModule is the block's top module name.
func (b Block) TopModule() (string, error) {
	bi, err := b.info()
	return bi.top, err
}

// Files is the block's source files, relative to verilog/, in compile order.
func (b Block) Files() ([]string, error) {
	bi, err := b.info()
	return bi.files, err
}

func (b Block) info() (blockInfo, error) {
	r, err := blocks.Lookup(string(b))
	if err != nil || r.Hidden {
		return blockInfo{}, fmt.Errorf("mutation: unknown block %q, want one of %s", string(b), strings.Join(blocks.Names(), ", "))
	}
	bi := blockInfo{top: r.Module}
	for _, f := range r.Sources {
		rel, ok := strings.CutPrefix(f, "verilog/")
		if !ok {
			return blockInfo{}, fmt.Errorf("mutation: %s's source %s is outside verilog/", b, f)
		}
		bi.files = append(bi.files, rel)
	}
	return bi, nil
}

// headers are the project's shared headers (blocks.Headers), relative
// to verilog/: the sources include them, so the copies need them beside.
func headers() ([]string, error) {
	var hs []string
	for _, h := range blocks.Headers {
		rel, ok := strings.CutPrefix(h, "verilog/")
		if !ok {
			return nil, fmt.Errorf("mutation: the header %s is outside verilog/", h)
		}
		hs = append(hs, rel)
	}
	return hs, nil
}

// uses reports whether the block compiles file.
func (b Block) uses(file string) bool {
	bi, err := b.info()
	if err != nil {
		return false
	}
	for _, f := range bi.files {
		if f == file {
			return true
		}
	}
	return false
}
