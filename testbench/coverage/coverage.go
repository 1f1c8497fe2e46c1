// Package coverage holds a block's functional coverage: named coverpoints,
// each a corner case of the block's contract, and the hits each got in a run.
//
// A block declares its coverpoints once, in its face (testbench/blocks). The runner
// counts hits on the golden side every compared cycle (no allocation on the
// per-cycle path: counters are a preallocated slice indexed by coverpoint),
// and a Report goes into the verdict, the table and the JSON output.
package coverage

import (
	"fmt"
	"io"
	"strings"
)

// Point is one named coverpoint and its hits in a run.
type Point struct {
	Name string `json:"name"` // short identifier, e.g. "free_cells_empty"
	Desc string `json:"desc"` // one line: the corner case it witnesses
	Hits uint64 `json:"hits"`
	// NA, when set, says why the corner cannot occur at this run's
	// parameters (e.g. "N is a power of two"): the point is shown as n/a
	// and is not a hole.
	NA string `json:"na,omitempty"`
}

// Report is the coverage of one run of one block at one parameter set.
type Report struct {
	Block  string         `json:"block"`
	Params map[string]int `json:"params,omitempty"`
	Points []Point        `json:"points"`
}

// Zero lists the coverpoints with no hit that the parameters allow, in
// declaration order.
func (r *Report) Zero() []string {
	if r == nil {
		return nil
	}
	var z []string
	for _, p := range r.Points {
		if p.Hits == 0 && p.NA == "" {
			z = append(z, p.Name)
		}
	}
	return z
}

// Counts returns the coverpoints hit, those reachable at the parameters
// (not n/a), and the n/a ones. An n/a point is never counted as hit.
func (r *Report) Counts() (hit, reachable, na int) {
	for _, p := range r.Points {
		switch {
		case p.NA != "":
			na++
		case p.Hits > 0:
			hit++
		}
	}
	return hit, len(r.Points) - na, na
}

// WriteTable writes one line per coverpoint: name, hits, description, and
// "ZERO" on a coverpoint that was never hit.
func (r *Report) WriteTable(w io.Writer) error {
	if r == nil || len(r.Points) == 0 {
		return nil
	}
	width := 0
	for _, p := range r.Points {
		width = max(width, len(p.Name))
	}
	var b strings.Builder
	hit, reach, na := r.Counts()
	fmt.Fprintf(&b, "coverage %s: %d/%d coverpoints hit", r.Block, hit, reach)
	if na > 0 {
		fmt.Fprintf(&b, " (%d n/a at these parameters)", na)
	}
	b.WriteString("\n")
	for _, p := range r.Points {
		flag := ""
		switch {
		case p.NA != "":
			flag = "  n/a: " + p.NA
		case p.Hits == 0:
			flag = "  ZERO"
		}
		fmt.Fprintf(&b, "  %-*s %12d  %s%s\n", width, p.Name, p.Hits, p.Desc, flag)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
