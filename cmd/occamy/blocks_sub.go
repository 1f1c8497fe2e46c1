package main

import (
	"fmt"
	"sort"
	"strings"

	"occamy/testbench/blocks"
)

// ranges lists parameters as "NAME=DEFAULT (MIN..MAX, NOTE)".
func ranges(qs []blocks.Param) string {
	var ps []string
	for _, q := range qs {
		s := fmt.Sprintf("%s=%d (%d..%d", q.Name, q.Default, q.Min, q.Max)
		if q.Note != "" {
			s += ", " + q.Note
		}
		ps = append(ps, s+")")
	}
	return strings.Join(ps, ", ")
}

// coverNames is b's coverpoints, sorted and comma-separated.
func coverNames(b *blocks.Block) string {
	var cs []string
	for _, c := range b.Coverpoints {
		cs = append(cs, c.Name)
	}
	sort.Strings(cs)
	return strings.Join(cs, ", ")
}

// writeSubBlockText lists a sub-block face indented under its parent
// (listed just before it): its own module parameters only, since the
// others and the run-time ones are its parent's (the whole block its
// stimulus is recorded from), and its small set as its parent's.
func writeSubBlockText(sb *strings.Builder, b *blocks.Block, bs []*blocks.Block) {
	var first *blocks.Block // the parent's first sub-block listed
	listed := false
	for _, o := range bs {
		listed = listed || o.Name == b.Parent
		if o.Parent == b.Parent && first == nil {
			first = o
		}
	}
	in := ""
	if listed {
		in = "  "
	}
	if first == b {
		fmt.Fprintf(sb, "%ssub-blocks of %s (each co-simulated alone against its own module, --block NAME, on the\n"+
			"%sinputs its instance sees inside a whole Go %s; the other parameters and run-time ones are %s's):\n",
			in, b.Parent, in, b.Parent, b.Parent)
	}
	fmt.Fprintf(sb, "%s%s — %s\n", in, b.Name, b.Summary)
	fmt.Fprintf(sb, "%s  sources:     %s\n", in, strings.Join(b.Sources, " "))
	fmt.Fprintf(sb, "%s  parameters:  %s\n", in, ranges(b.Params))
	small := b.SmallParams()
	own := make(map[string]int, len(b.Params))
	for _, q := range b.Params {
		own[q.Name] = small[q.Name]
	}
	fmt.Fprintf(sb, "%s  small set:   %s, at %s's small set\n", in, b.ParamText(own), b.Parent)
	if cs := coverNames(b); cs != "" {
		fmt.Fprintf(sb, "%s  coverpoints: %s (beside %s's)\n", in, cs, b.Parent)
	}
}
