package port

import (
	"fmt"
	"strings"
)

// ContractError lists every way a top's ports differ from the ports a block's
// contract expects. It is returned before anything is simulated. The
// contracts themselves (each block's ports as functions of its parameters)
// are declared once, in each block's face (testbench/blocks).
type ContractError struct {
	Block    string   // contract name, e.g. "hd_selector"
	Top      string   // the user's top module
	Problems []string // one line per missing, extra, wrong-direction or wrong-width port
}

// Error is one line for a single problem; otherwise it lists the problems,
// one per line after a summary line.
func (e *ContractError) Error() string {
	if len(e.Problems) == 1 {
		return fmt.Sprintf("cosim: top %s does not match the %s port contract: %s", e.Top, e.Block, e.Problems[0])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "cosim: top %s does not match the %s port contract (%d problem", e.Top, e.Block, len(e.Problems))
	if len(e.Problems) != 1 {
		b.WriteString("s")
	}
	b.WriteString("):")
	for _, p := range e.Problems {
		b.WriteString("\n  ")
		b.WriteString(p)
	}
	return b.String()
}

// CheckPorts compares the ports a top has (got) with those a block's
// contract expects (want) and returns a *ContractError listing every missing
// port, extra port, wrong direction and wrong width, or nil when they match.
// Port order does not matter: the Layout maps ports by name.
func CheckPorts(block, top string, want, got []Port) error {
	gotBy := make(map[string]Port, len(got))
	for _, p := range got {
		gotBy[p.Name] = p
	}
	wantBy := make(map[string]Port, len(want))
	for _, p := range want {
		wantBy[p.Name] = p
	}
	var extra []Port
	for _, p := range got {
		if _, ok := wantBy[p.Name]; !ok {
			extra = append(extra, p)
		}
	}
	var probs []string
	for _, w := range want {
		g, ok := gotBy[w.Name]
		if !ok {
			msg := fmt.Sprintf("missing %s (%s)", w, bitsText(w.Width))
			if near := nearest(w.Name, extra); near != "" {
				msg += fmt.Sprintf("; the top has %s, renamed?", near)
			}
			probs = append(probs, msg)
			continue
		}
		if g.Dir != w.Dir {
			probs = append(probs, fmt.Sprintf("port %s is an %s, want %s", w.Name, g.Dir, w.Dir))
		}
		if g.Width != w.Width {
			probs = append(probs, fmt.Sprintf("port %s is %s wide, want %s", w.Name, bitsText(g.Width), bitsText(w.Width)))
		}
	}
	for _, p := range extra {
		probs = append(probs, fmt.Sprintf("extra %s (%s) is not in the contract", p, bitsText(p.Width)))
	}
	if len(probs) == 0 {
		return nil
	}
	return &ContractError{Block: block, Top: top, Problems: probs}
}

func bitsText(w int) string {
	if w == 1 {
		return "1 bit"
	}
	return fmt.Sprintf("%d bits", w)
}

// nearest returns the extra port whose name is closest to name (edit
// distance at most a third of the name, at least 2), or "".
func nearest(name string, extra []Port) string {
	best, bestD := "", max(2, len(name)/3)+1
	for _, p := range extra {
		if d := editDistance(strings.ToLower(name), strings.ToLower(p.Name)); d < bestD {
			best, bestD = p.Name, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
