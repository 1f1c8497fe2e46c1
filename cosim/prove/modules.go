package prove

import (
	"context"
	"errors"
	"path/filepath"
	"sort"
	"strconv"

	"occamy/cosim"
	"occamy/cosim/runner"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// moduleNames are the project's memory modules, which prove compares
// module against module: their port contract is the reference module's own
// ports (found by Verilator at the given parameters) and a counterexample is
// not replayed. Their sources come from the block blocks.
var moduleNames = []string{"sram_mp", "free_list", "pd_lists", "cp_sublists"}

// moduleSources is the registry's source list of memory module name,
// relative to the repository root in compile order; false for any other
// name.
func moduleSources(name string) ([]string, bool) {
	for _, m := range moduleNames {
		if m == name {
			b, err := blocks.Lookup(name)
			if err != nil {
				return nil, false
			}
			return b.Sources, true
		}
	}
	return nil, false
}

// ModuleBlocks lists the memory modules prove takes besides the runner's
// blocks.
func ModuleBlocks() []string {
	var s []string
	s = append(s, moduleNames...)
	sort.Strings(s)
	return s
}

// describeModule is runner.Describe for a memory module: only the given
// parameters are set (the others keep the module's defaults, on both
// sides), and the ports are the reference's.
func describeModule(ctx context.Context, name string, params map[string]int, verilogDir, cacheDir string) (*runner.BlockSpec, error) {
	srcs, ok := moduleSources(name)
	if !ok {
		return nil, nil
	}
	// The runner finds the repository root the same way for its blocks.
	probe, err := runner.Describe("arbiter", nil, verilogDir)
	if err != nil {
		return nil, err
	}
	root := filepath.Dir(filepath.Dir(probe.Sources[0]))
	bs := &runner.BlockSpec{Name: name, Module: name, Params: map[string]int{}, Headers: probe.Headers, Root: probe.Root}
	for k, v := range params {
		bs.Params[k] = v
		bs.Order = append(bs.Order, k)
	}
	sort.Strings(bs.Order)
	for _, f := range srcs {
		bs.Sources = append(bs.Sources, filepath.Join(root, f))
	}
	g := map[string]string{}
	for k, v := range params {
		g[k] = strconv.Itoa(v)
	}
	el, err := runner.Elaborate(ctx, &cosim.Design{Files: bs.Sources, Top: name, Params: g, CacheDir: cacheDir})
	if errors.Is(err, cosim.ErrToolMissing) {
		return nil, setupf("%s has no port table of its own: its ports come from Verilator, which is not installed", name)
	}
	if err != nil {
		return nil, &SetupError{Msg: "the reference " + name + " at these parameters", Err: err}
	}
	bs.Ports = el.Ports
	for _, p := range bs.Ports {
		if p.Name == port.DefaultClock {
			bs.Clocked = true
		}
	}
	return bs, nil
}
