package runner

import (
	"errors"
	"fmt"

	"occamy/cosim/registry"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// param is one block parameter and its default.
type param struct {
	name string
	def  int
}

// block is a registry block as the runner uses it.
type block struct {
	reg     *registry.Block
	name    string   // short name: threshold, selector, ...
	module  string   // Verilog module name of the project's version
	params  []param  // in the order the Go model's Params lists them
	sources []string // the project's Verilog, relative to the repository root
}

// fromRegistry wraps a registry block.
func fromRegistry(r *registry.Block) *block {
	b := &block{reg: r, name: r.Name, module: r.Module, sources: r.Sources}
	for _, q := range r.Params {
		b.params = append(b.params, param{q.Name, q.Default})
	}
	return b
}

// clocked reports whether the block has a clock.
func (b *block) clocked(p map[string]int) bool {
	for _, q := range b.ports(p) {
		if q.Name == port.DefaultClock {
			return true
		}
	}
	return false
}

func (b *block) validate(p map[string]int) error    { return b.reg.Validate(p) }
func (b *block) ports(p map[string]int) []port.Port { return b.reg.Ports(p) }
func (b *block) elem(p map[string]int, port string) int {
	if b.reg.Elem == nil {
		return 0
	}
	return b.reg.Elem(p, port)
}

// build makes the golden model (wrapped with its coverage counters) and
// its random and directed sources.
func (b *block) build(p map[string]int, l *port.Layout, seed int64) (golden, stimulus.Source, stimulus.Finite, error) {
	sd, err := b.reg.Build(p, l, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	return &goldWrap{g: sd.Golden, hits: sd.Hits, err: sd.Err}, sd.Random, sd.Directed, nil
}

// Blocks lists the block names Run accepts, in the order "all" runs them.
func Blocks() []string { return registry.Names() }

// lookupBlock finds a block by name, alias or module name.
func lookupBlock(name string) (*block, error) {
	r, err := registry.Lookup(name)
	if err != nil {
		return nil, &SetupError{Msg: err.Error()}
	}
	return fromRegistry(r), nil
}

// resolveParams fills defaults and checks names; values are checked by
// validate (the golden model's rules).
func (b *block) resolveParams(given map[string]int) (map[string]int, error) {
	p, err := b.reg.Fill(given)
	var pe *registry.ParamError
	if errors.As(err, &pe) {
		return nil, &SetupError{Msg: pe.Error()}
	}
	return p, err
}

// gparams are the -G parameters, as strings: the Verilog parameters only
// (a block's run-time configuration is driven on its cfg_* inputs).
func (b *block) gparams(p map[string]int) map[string]string {
	v := b.reg.Verilog(p)
	g := make(map[string]string, len(v))
	for k, v := range v {
		g[k] = fmt.Sprint(v)
	}
	return g
}

// paramText is "N=64 QW=16" in the block's parameter order.
func (b *block) paramText(p map[string]int) string { return b.reg.ParamText(p) }

// ParamNames lists a block's parameters (by name, alias or module name; the
// executor is the TM's) in the golden model's order.
func ParamNames(name string) ([]string, error) {
	b, _, err := lookupReplace(name, "")
	if err != nil {
		return nil, err
	}
	return b.reg.ParamNames(), nil
}
