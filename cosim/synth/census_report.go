package synth

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// SavedFlat is one flat run as `occamy synth --block tm --flat --json FILE`
// writes it: the census grouped, not per bit.
type SavedFlat struct {
	Command string `json:"command"`
	Version string `json:"version"`
	Flat    TMFlat `json:"flat"`
}

// SaveFlatJSON writes s to name atomically, indented.
func SaveFlatJSON(name string, s SavedFlat) error { return saveIndented(name, s) }

// CensusAgrees says whether the census's deepest endpoint is ltp's length,
// as it is when both count levels alike on the same netlist.
func (f TMFlat) CensusAgrees() bool { return f.Census.Max == f.Levels.Length }

// WriteTMFlatText prints a flat run: its cost, ltp's longest path, and
// the census's endpoints over budget by start and end block (what `occamy
// synth --block tm --flat` prints).
func WriteTMFlatText(w io.Writer, f TMFlat) error {
	c := f.Census
	fmt.Fprintf(w, "occamy_tm %s flat, memories (%s) as black boxes: %d LUT6, %d FF (Yosys %s)\n",
		f.Job.ParamString(), f.Job.MemModule, f.Cost.LUTs, f.Cost.FFs, f.Wall.Round(time.Second))
	fmt.Fprintf(w, "longest path (ltp -noff): %d levels, %s -> %s\n", f.Levels.Length, f.Levels.From, f.Levels.To)
	agree := "the same as ltp's"
	if !f.CensusAgrees() {
		agree = fmt.Sprintf("NOT ltp's %d: the census counts levels otherwise", f.Levels.Length)
	}
	fmt.Fprintf(w, "census: %d endpoints, %d deeper than %d levels; the deepest %d (%s -> %s), %s\n",
		c.Endpoints, c.Over, c.Budget, c.Max, c.MaxFrom, c.MaxTo, agree)
	if len(c.Groups) == 0 {
		return nil
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "from block\tto block\tendpoints\tmax\tthe deepest: start -> end\tits names (max)")
	for _, g := range c.Groups {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s -> %s\t%s\n", g.FromBlock, g.ToBlock, g.Count, g.Max, g.From, g.To, rowNames(g, rowNamesShown))
	}
	return tw.Flush()
}

// rowNamesShown is how many names of a row the flat run's table lists;
// --cone-rows lists them all.
const rowNamesShown = 3

// rowNames is a row's first n names with their flat maximum, deepest
// first, and how many more it has.
func rowNames(g CensusGroup, n int) string {
	if !g.HasEnds() {
		return "-"
	}
	var parts []string
	for _, e := range g.Ends[:min(n, len(g.Ends))] {
		parts = append(parts, e.Name+" "+strconv.Itoa(e.Max))
	}
	s := strings.Join(parts, ", ")
	if more := len(g.Ends) - n; more > 0 {
		s += fmt.Sprintf(" +%d more", more)
	}
	return s
}

// SavedCones is one cone run as `occamy synth --block tm --flat --cone
// ... --json FILE` writes it.
type SavedCones struct {
	Command string  `json:"command"`
	Version string  `json:"version"`
	Cones   TMCones `json:"cones"`
}

// SaveConesJSON writes s to name atomically, indented.
func SaveConesJSON(name string, s SavedCones) error { return saveIndented(name, s) }

// WriteTMConesText prints a cone run: per cone, its levels alone, its
// endpoints over budget, its LUT6 and its deepest path.
func WriteTMConesText(w io.Writer, c TMCones, budget int) error {
	fmt.Fprintf(w, "occamy_tm %s flat, each cone cut out and mapped alone, memories (%s) as black boxes (Yosys %s)\n\n",
		c.Job.ParamString(), c.Job.MemModule, c.Wall.Round(time.Second))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "cone (ends)\tlevels alone\tendpoints over %d\tLUT6\tFF\tthe deepest: start -> end\n", budget)
	for _, k := range c.Cones {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\n", k.Ends, coneLevels(k), k.Census.Over,
			k.Cost.LUTs, k.Cost.FFs, coneDeepest(k))
	}
	return tw.Flush()
}

// coneLevels is a cone's levels alone, "-" when it cut nothing.
func coneLevels(k TMCone) string {
	if k.CutNothing() {
		return "-"
	}
	return strconv.Itoa(k.Levels.Length)
}

// coneDeepest is a cone's deepest path alone, or why it has none: it cut
// nothing, or its ends are driven straight from registers or inputs.
func coneDeepest(k TMCone) string {
	switch {
	case k.CutNothing():
		return "cut nothing: the name is no register, output or memory input after the coarse synthesis"
	case k.Census.Max == 0:
		return "none: registers, memory read data or inputs drive it directly"
	}
	return k.Census.MaxFrom + " -> " + k.Census.MaxTo
}
