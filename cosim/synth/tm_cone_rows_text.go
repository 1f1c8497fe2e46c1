package synth

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// WriteTMConeRowsText prints each census row with every name in it: its
// kind, its endpoints, its flat maximum and its depth with its cone
// mapped alone (aloneOf), so that the flat maximum shows as the map's
// padding (alone well under it) or as what the logic needs; then the
// names deeper than the budget alone. A name not cut (an internal net)
// or whose cut found nothing to end at says so.
func WriteTMConeRowsText(w io.Writer, flat Census, rc RowCones, c TMCones) error {
	fmt.Fprintf(w, "occamy_tm %s: each name of the flat census's rows (endpoints over %d), its cone cut out and mapped alone (%d cones, Yosys %s)\n",
		c.Job.ParamString(), flat.Budget, len(c.Cones), c.Wall.Round(time.Second))
	for _, g := range flat.Groups {
		fmt.Fprintf(w, "\n%s -> %s: %d endpoints, flat max %d; %s\n", g.FromBlock, g.ToBlock, g.Count, g.Max, rowDeepestAlone(g, rc, c))
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  name\tkind\tendpoints\tflat max\talone\tits deepest alone: start -> end")
		for _, e := range g.Ends {
			a := aloneOf(e.Name, rc, c)
			fmt.Fprintf(tw, "  %s\t%s\t%d\t%d\t%s\t%s\n", e.Name, e.Kind, e.Count, e.Max, a, a.path)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	over := overAlone(flat, rc, c)
	if len(over) == 0 {
		_, err := fmt.Fprintf(w, "\nalone over %d: none\n", flat.Budget)
		return err
	}
	_, err := fmt.Fprintf(w, "\nalone over %d, the deepest first (name, levels alone, its rows):\n  %s\n", flat.Budget, strings.Join(over, "\n  "))
	return err
}

// alone is a name's depth with its cone cut out and mapped alone.
type alone struct {
	cut    bool   // whether its cone was cut and ended at something: levels holds
	levels int    // its depth alone
	path   string // its deepest path alone, or why it has none
}

// String is the depth, "-" when the name was not cut.
func (a alone) String() string {
	if !a.cut {
		return "-"
	}
	return strconv.Itoa(a.levels)
}

// aloneOf is a name's depth alone: its own deepest endpoint in its
// cone's census (RunTMConeRows counts every endpoint a level deep or
// more), else, for a name at level 0 there or named otherwise in the
// cone's netlist, the cone's longest path (which ends at the name or at
// an endpoint its logic feeds as well, as deep at most, up to the map).
func aloneOf(name string, rc RowCones, c TMCones) alone {
	k, ok := rc.cone(name, c)
	switch {
	case !ok:
		return alone{path: "not cut: an internal net, no name to cut by"}
	case k.CutNothing():
		return alone{path: coneDeepest(k)}
	}
	if e, ok := k.Census.nameEnd(name); ok {
		return alone{cut: true, levels: e.Max, path: e.From + " -> " + e.To}
	}
	return alone{cut: true, levels: k.Levels.Length, path: coneDeepest(k)}
}

// rowDeepestAlone names the row's name deepest alone (the first of a tie,
// in the row's order).
func rowDeepestAlone(g CensusGroup, rc RowCones, c TMCones) string {
	best, lv := "", -1
	for _, e := range g.Ends {
		if a := aloneOf(e.Name, rc, c); a.cut && a.levels > lv {
			best, lv = e.Name, a.levels
		}
	}
	if lv < 0 {
		return "no name of it cut"
	}
	return fmt.Sprintf("the deepest alone %s %d", best, lv)
}

// overAlone lists the names deeper than the budget alone, the deepest
// first, each with the rows it is in.
func overAlone(flat Census, rc RowCones, c TMCones) []string {
	type over struct {
		name   string
		levels int
		rows   []string
	}
	var names []over
	at := map[string]int{}
	for _, g := range flat.Groups {
		for _, e := range g.Ends {
			a := aloneOf(e.Name, rc, c)
			if !a.cut || a.levels <= flat.Budget {
				continue
			}
			i, seen := at[e.Name]
			if !seen {
				i = len(names)
				at[e.Name] = i
				names = append(names, over{name: e.Name, levels: a.levels})
			}
			names[i].rows = append(names[i].rows, g.FromBlock+" -> "+g.ToBlock)
		}
	}
	slices.SortStableFunc(names, func(a, b over) int { return cmp.Compare(b.levels, a.levels) })
	lines := make([]string, len(names))
	for i, n := range names {
		lines[i] = n.name + " " + strconv.Itoa(n.levels) + " (" + strings.Join(n.rows, ", ") + ")"
	}
	return lines
}
