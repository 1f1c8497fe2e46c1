package synth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"occamy/rtl/infile"
)

// ReadSavedFlat reads a flat run's census as `occamy synth --block tm
// --flat --json FILE` wrote it. A file of another kind (a sweep's
// results, a cone run) or a flat run without a census is an error.
func ReadSavedFlat(name string) (SavedFlat, error) {
	f, err := infile.Open(name)
	if err != nil {
		return SavedFlat{}, err
	}
	defer f.Close()
	return readSavedFlat(name, f)
}

func readSavedFlat(name string, r io.Reader) (SavedFlat, error) {
	var s SavedFlat
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return SavedFlat{}, fmt.Errorf("%s: not a flat run's census (occamy synth --block tm --flat --json): %w", name, err)
	}
	if s.Flat.Job.Module == "" || s.Flat.Census.Endpoints == 0 {
		return SavedFlat{}, fmt.Errorf("%s: not a flat run's census (occamy synth --block tm --flat --json): no TM or no endpoints", name)
	}
	return s, nil
}

// RowCones is the cones a census's rows are cut into: one per endpoint
// name over all the rows, each name once.
type RowCones struct {
	Patterns []string       // the cone patterns, in the rows' order, each row's deepest name first
	At       map[string]int // a name's pattern's index in Patterns; a name not Cuttable has none
}

// ErrNoRows is a census with no row over its budget: no cone to cut.
var ErrNoRows = errors.New("the census has no endpoint over its budget, so no row to cut a cone for")

// ErrNoEnds is a census saved before it kept its rows' endpoints by name.
var ErrNoEnds = errors.New("the census predates the endpoints by name (its rows keep only their deepest endpoint): run the flat census again")

// ErrNoNames is a census whose endpoints over budget are all internal
// nets, with no name to cut a cone by.
var ErrNoNames = errors.New("every endpoint over the census's budget is an internal net, with no name to cut a cone by")

// ConesOfRows is the cones of every name of c's rows (CensusGroup.Ends),
// so that no name deeper alone than its row's deepest endpoint in the
// flat map hides behind it. It fails with ErrNoRows, ErrNoEnds or
// ErrNoNames.
func ConesOfRows(c Census) (RowCones, error) {
	if len(c.Groups) == 0 {
		return RowCones{}, ErrNoRows
	}
	rc := RowCones{At: map[string]int{}}
	seen := map[string]int{}
	for _, g := range c.Groups {
		if !g.HasEnds() {
			return RowCones{}, ErrNoEnds
		}
		for _, e := range g.Ends {
			if !e.Cuttable() {
				continue
			}
			p := e.Cone()
			i, ok := seen[p]
			if !ok {
				i = len(rc.Patterns)
				seen[p] = i
				rc.Patterns = append(rc.Patterns, p)
			}
			rc.At[e.Name] = i
		}
	}
	if len(rc.Patterns) == 0 {
		return RowCones{}, ErrNoNames
	}
	return rc, nil
}

// RunTMConeRows cuts and maps rc's cones in one Yosys run (RunTMCones),
// each cone's census at budget 0, of every endpoint at least one level
// deep, so that each name's own deepest endpoint alone is in it and
// WriteTMConeRowsText need not take the cone's deepest for the name's.
func (r *Runner) RunTMConeRows(ctx context.Context, j TMJob, rc RowCones) (TMCones, error) {
	return r.RunTMCones(ctx, j, rc.Patterns, 0)
}

// cone is a name's cone in c, cut as rc has it; ok is false for a name
// rc did not cut (an internal net).
func (rc RowCones) cone(name string, c TMCones) (k TMCone, ok bool) {
	i, ok := rc.At[name]
	if !ok || i >= len(c.Cones) {
		return TMCone{}, false
	}
	return c.Cones[i], true
}
