package coverage

import (
	"fmt"
	"io"
	"strings"
)

// Merged is the coverage of several runs of one block (the configurations
// and seeds of a regression): per coverpoint, the hits summed and the runs
// that hit it among those where it applied.
type Merged struct {
	Block  string        `json:"block"`
	Sim    string        `json:"sim,omitempty"`
	Runs   int           `json:"runs"`
	Points []MergedPoint `json:"points"`
}

// MergedPoint is one coverpoint over the merged runs.
type MergedPoint struct {
	Name string `json:"name"`
	Desc string `json:"desc"`
	Hits uint64 `json:"hits"`
	// HitIn counts the runs that hit it, Applicable those where it was
	// not n/a.
	HitIn      int `json:"hit_in"`
	Applicable int `json:"applicable_in"`
	// NA is why it is n/a, when it is in every run (the first run's reason).
	NA string `json:"na,omitempty"`
}

// Merge merges the reports of one block's runs (nil ones skipped; the
// coverpoints are the first report's, matched by name); nil when none has
// coverage.
func Merge(rs []*Report) *Merged {
	var m *Merged
	idx := map[string]int{}
	for _, r := range rs {
		if r == nil || len(r.Points) == 0 {
			continue
		}
		if m == nil {
			m = &Merged{Block: r.Block}
			for i, p := range r.Points {
				idx[p.Name] = i
				m.Points = append(m.Points, MergedPoint{Name: p.Name, Desc: p.Desc, NA: p.NA})
			}
		}
		m.Runs++
		for _, p := range r.Points {
			i, ok := idx[p.Name]
			if !ok {
				continue
			}
			mp := &m.Points[i]
			if p.NA != "" {
				continue
			}
			mp.Applicable++
			mp.NA = ""
			mp.Hits += p.Hits
			if p.Hits > 0 {
				mp.HitIn++
			}
		}
	}
	if m != nil {
		for i := range m.Points {
			if m.Points[i].Applicable > 0 {
				m.Points[i].NA = ""
			}
		}
	}
	return m
}

// Zero lists the coverpoints that applied in some run and were hit in
// none: the holes of the whole regression.
func (m *Merged) Zero() []string {
	if m == nil {
		return nil
	}
	var z []string
	for _, p := range m.Points {
		if p.Applicable > 0 && p.HitIn == 0 {
			z = append(z, p.Name)
		}
	}
	return z
}

// Counts returns the coverpoints hit in some run, those that applied in
// some run, and those n/a in every run.
func (m *Merged) Counts() (hit, applicable, na int) {
	for _, p := range m.Points {
		switch {
		case p.Applicable == 0:
			na++
		case p.HitIn > 0:
			hit++
		}
	}
	return hit, len(m.Points) - na, na
}

// WriteTable writes the merged table: a title line, then per coverpoint
// its hits, the runs that hit it among those where it applied, its
// description and "ZERO" on a hole.
func (m *Merged) WriteTable(w io.Writer) error {
	if m == nil || len(m.Points) == 0 {
		return nil
	}
	width := 0
	for _, p := range m.Points {
		width = max(width, len(p.Name))
	}
	var b strings.Builder
	hit, reach, na := m.Counts()
	title := m.Block
	if m.Sim != "" {
		title += " on " + m.Sim
	}
	fmt.Fprintf(&b, "coverage %s merged over %d runs: %d/%d coverpoints hit", title, m.Runs, hit, reach)
	if na > 0 {
		fmt.Fprintf(&b, " (%d n/a in every run)", na)
	}
	b.WriteString("\n")
	for _, p := range m.Points {
		in := fmt.Sprintf("in %d/%d", p.HitIn, p.Applicable)
		flag := ""
		switch {
		case p.Applicable == 0:
			in, flag = "n/a", "  n/a: "+p.NA
		case p.HitIn == 0:
			flag = "  ZERO"
		}
		fmt.Fprintf(&b, "  %-*s %12d  %-9s %s%s\n", width, p.Name, p.Hits, in, p.Desc, flag)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
