package synth

import (
	"context"
	"time"
)

// TMFlat is the whole traffic manager synthesised flat: the paths that
// cross its sub-blocks (a register in one, LUTs in two or three, a
// register or a memory port in another), which the per-sub-block runs of
// RunTM cannot see, since each of those starts and ends its paths at the
// sub-block's ports.
type TMFlat struct {
	Job    TMJob
	Cost   Cost
	Levels Path // the TM's longest path, register or memory port to register or memory port
	// Census is every endpoint deeper than its budget, from the same
	// netlist ltp measures (its Max is Levels.Length).
	Census Census
	Wall   time.Duration
}

// DepthTarget is issue 29's target: every register-to-register path of
// occamy_tm within 8 LUT6 levels. The flat census counts the endpoints
// deeper than it.
const DepthTarget = 8

// FlatScript synthesises the elaborated TM flattened whole, its memories'
// black-box cells deleted before stat and ltp (a memory's read data starts
// a path, its address and write data end one, as in PartScript), then
// writes that netlist, the one ltp measured, as JSON to netlistFile.
func (j TMJob) FlatScript(statFile, ltpFile, netlistFile string) string {
	return j.elaborate() + mapAndMeasure(j.Module, statFile, ltpFile) + "write_json " + netlistFile + "\n"
}

// RunTMFlat synthesises j's TM flat (one Yosys run: about 40 s at the small
// set on this machine, 5 to 8 min at the defaults) and returns its cost,
// its longest path and the census of its endpoints deeper than budget.
// The census's maximum is ltp's length when both count alike
// (TestTMFlatDepthSmall and occamy synth --flat check it).
func (r *Runner) RunTMFlat(ctx context.Context, j TMJob, budget int) (TMFlat, error) {
	if r.Yosys == "" {
		return TMFlat{}, &MissingYosysError{}
	}
	srcs, err := r.tmSources(j)
	if err != nil {
		return TMFlat{}, err
	}
	out, wall, err := r.yosysIn(ctx, j, srcs, j.FlatScript("stat.txt", "ltp.txt", "netlist.json"),
		"stat.txt", "ltp.txt", "netlist.json")
	if err != nil {
		return TMFlat{}, err
	}
	c, err := ParseStat(out[0], j.Module)
	if err != nil {
		return TMFlat{}, err
	}
	p, err := ParseLTP(out[1], j.Module)
	if err != nil {
		return TMFlat{}, err
	}
	n, err := ReadNetlist([]byte(out[2]))
	if err != nil {
		return TMFlat{}, err
	}
	cen, err := CensusOf(n, budget)
	if err != nil {
		return TMFlat{}, err
	}
	return TMFlat{Job: j, Cost: c, Levels: p, Census: cen, Wall: wall}, nil
}
