package runner

import (
	"errors"
	"fmt"
	"occamy/testbench/stimulus"

	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// build makes the block's golden model (wrapped with its coverage
// counters) and its random and directed sources.
func build(b *blocks.Block, p map[string]int, l *port.Layout, seed int64) (golden, stimulus.Source, stimulus.Finite, error) {
	sd, err := b.Build(p, l, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	return &goldWrap{g: sd.Golden, hits: sd.Hits, err: sd.Err}, sd.Random, sd.Directed, nil
}

// Blocks lists the block names Run accepts, in the order "all" runs them.
func Blocks() []string { return blocks.Names() }

// lookupBlock finds a block by name, alias or module name.
func lookupBlock(name string) (*blocks.Block, error) {
	b, err := blocks.Lookup(name)
	if err != nil {
		return nil, &SetupError{Msg: err.Error()}
	}
	return b, nil
}

// resolveParams fills defaults and checks names; values are checked by
// the block's Validate (the golden model's rules).
func resolveParams(b *blocks.Block, given map[string]int) (map[string]int, error) {
	p, err := b.Fill(given)
	var pe *blocks.ParamError
	if errors.As(err, &pe) {
		return nil, &SetupError{Msg: pe.Error()}
	}
	return p, err
}

// gparams are the -G parameters, as strings: the Verilog parameters only
// (a block's run-time configuration is driven on its cfg_* inputs).
func gparams(b *blocks.Block, p map[string]int) map[string]string {
	v := b.Verilog(p)
	g := make(map[string]string, len(v))
	for k, v := range v {
		g[k] = fmt.Sprint(v)
	}
	return g
}

// ParamNames lists a block's parameters (by name, alias or module name; the
// executor is the TM's) in the golden model's order.
func ParamNames(name string) ([]string, error) {
	b, _, err := lookupReplace(name, "")
	if err != nil {
		return nil, err
	}
	return b.ParamNames(), nil
}
