package synth

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"text/tabwriter"

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

// bitIndex is a flat name's trailing bit or element indices: [720],
// [0][0].
var bitIndex = regexp.MustCompile(`(\[[0-9]+\])+$`)

// RowCone is the cone pattern of a census row's deepest endpoint: its
// name without the bit index and, when it had one, with a * after it, so
// that it names a vector (u_sched.def_q) and the elements of a register
// array (u_pdl.head_q[0], ...) alike; a generate block's [i] becomes ?i?.
func RowCone(endpoint string) string {
	base := bitIndex.ReplaceAllString(endpoint, "")
	glob := base != endpoint
	// A [ or ] left is a generate block's (u_egress.g_port[1].isv_q):
	// ? matches it, where Yosys would read [1] as a character class.
	base = strings.NewReplacer("[", "?", "]", "?").Replace(base)
	if !glob {
		return base
	}
	return base + "*"
}

// RowEnds is one cone pattern per census row (its deepest endpoint's),
// each pattern once, in the rows' order; at[i] is row i's pattern's
// index in ends.
func RowEnds(c Census) (ends []string, at []int) {
	seen := map[string]int{}
	for _, g := range c.Groups {
		p := RowCone(g.To)
		i, ok := seen[p]
		if !ok {
			i = len(ends)
			seen[p] = i
			ends = append(ends, p)
		}
		at = append(at, i)
	}
	return ends, at
}

// ErrNoRows is a census with no row over its budget: no cone to cut.
var ErrNoRows = errors.New("the census has no endpoint over its budget, so no row to cut a cone for")

// WriteTMConeRowsText prints each census row beside its deepest
// endpoint's cone mapped alone: where the row's flat maximum is the
// map's padding (alone well under it) and where the logic needs it.
func WriteTMConeRowsText(w io.Writer, flat Census, c TMCones, at []int) error {
	fmt.Fprintf(w, "occamy_tm %s: each flat census row (over %d) beside its deepest endpoint's cone mapped alone (Yosys %s)\n\n",
		c.Job.ParamString(), flat.Budget, c.Wall.Round(1e9))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "from block\tto block\tendpoints\tflat max\tcone\talone\tits deepest alone: start -> end")
	for i, g := range flat.Groups {
		k := c.Cones[at[i]]
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%d\t%s -> %s\n", g.FromBlock, g.ToBlock, g.Count, g.Max, k.Ends,
			k.Levels.Length, k.Census.MaxFrom, k.Census.MaxTo)
	}
	return tw.Flush()
}
