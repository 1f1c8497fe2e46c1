package mutation

import (
	"fmt"
	"sort"
	"strings"
)

// Block is a co-simulation block name, as `occamy cosim --block` takes it.
type Block string

// The blocks of the project's Verilog.
const (
	Threshold Block = "threshold"
	Selector  Block = "selector"
	Arbiter   Block = "arbiter"
	Executor  Block = "executor"
	Top       Block = "top"
)

// blockInfo is a block's top module and its source files in verilog/, in
// compile order.
type blockInfo struct {
	top   string
	files []string
}

var blocks = map[Block]blockInfo{
	Threshold: {"dt_threshold", []string{"dt_threshold.sv"}},
	Selector:  {"hd_selector", []string{"hd_selector.sv"}},
	Arbiter:   {"rr_arbiter", []string{"rr_arbiter.sv"}},
	Executor:  {"hd_executor", []string{"hd_executor.sv"}},
	Top: {"occamy_expulsion", []string{
		"dt_threshold.sv", "hd_selector.sv", "rr_arbiter.sv", "hd_executor.sv", "occamy_expulsion.sv",
	}},
}

// TopModule is the block's top module name.
func (b Block) TopModule() (string, error) {
	bi, err := b.info()
	return bi.top, err
}

// Files is the block's source files, relative to verilog/, in compile order.
func (b Block) Files() ([]string, error) {
	bi, err := b.info()
	return append([]string(nil), bi.files...), err
}

func (b Block) info() (blockInfo, error) {
	bi, ok := blocks[b]
	if !ok {
		return blockInfo{}, fmt.Errorf("mutation: unknown block %q, want one of %s", string(b), strings.Join(blockNames(), ", "))
	}
	return bi, nil
}

// uses reports whether the block compiles file.
func (b Block) uses(file string) bool {
	bi, ok := blocks[b]
	if !ok {
		return false
	}
	for _, f := range bi.files {
		if f == file {
			return true
		}
	}
	return false
}

func blockNames() []string {
	var ns []string
	for b := range blocks {
		ns = append(ns, string(b))
	}
	sort.Strings(ns)
	return ns
}
