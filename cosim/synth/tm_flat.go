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
	Wall   time.Duration
}

// FlatScript synthesises the elaborated TM flattened whole, its memories'
// black-box cells deleted before stat and ltp (a memory's read data starts
// a path, its address and write data end one, as in PartScript).
func (j TMJob) FlatScript(statFile, ltpFile string) string {
	return j.elaborate() + mapAndMeasure(j.Module, statFile, ltpFile)
}

// RunTMFlat synthesises j's TM flat (one Yosys run: about 40 s at the small
// set on this machine) and returns its cost and longest path.
func (r *Runner) RunTMFlat(ctx context.Context, j TMJob) (TMFlat, error) {
	if r.Yosys == "" {
		return TMFlat{}, &MissingYosysError{}
	}
	srcs, err := r.tmSources(j)
	if err != nil {
		return TMFlat{}, err
	}
	out, wall, err := r.yosysIn(ctx, j, srcs, j.FlatScript("stat.txt", "ltp.txt"), "stat.txt", "ltp.txt")
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
	return TMFlat{Job: j, Cost: c, Levels: p, Wall: wall}, nil
}
