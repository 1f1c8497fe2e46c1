package prove

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Finding is one construct of a design that prove does not model: where it
// is, the signal it concerns and what it is.
type Finding struct {
	Pos    string // FILE:LINE as the user named the file ("" if Yosys gave none)
	Signal string // the register, latch or function concerned
	What   string // what is wrong, one clause
}

func (f Finding) String() string {
	s := f.Signal + ": " + f.What
	if f.Pos != "" {
		s = f.Pos + ": " + s
	}
	return s
}

// RefusedError is a design with constructs the miter would not model
// soundly: a clock other than clk_i's rising edge, an asynchronous control
// other than rst_ni, a latch, a flop on several edges, a non-deterministic
// system function. A proof of such a design could say PROVEN where
// simulation differs, so none is attempted (docs/prove.md, "What prove
// refuses").
type RefusedError struct {
	Design   string // the user's top, or "the project's M"
	Findings []Finding
}

// maxFindings is how many findings the message lists.
const maxFindings = 12

func (e *RefusedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "prove: refused: %s has what a proof cannot model soundly, so none is attempted (docs/prove.md; occamy cosim can still check it):", e.Design)
	for i, f := range e.Findings {
		if i == maxFindings {
			fmt.Fprintf(&b, "\n  ... and %d more", len(e.Findings)-maxFindings)
			break
		}
		b.WriteString("\n  " + f.String())
	}
	return b.String()
}

// srcPos is the first FILE:LINE of a Yosys src attribute
// ("/abs/f.sv:12.3-14.6|..."), with the file as the user named it
// (names maps absolute paths to the given ones); "" when there is none or
// Yosys gave line 0.
var srcRe = regexp.MustCompile(`^(.*):(\d+)\.\d+-\d+\.\d+$`)

func srcPos(src string, names map[string]string) string {
	src, _, _ = strings.Cut(src, "|")
	m := srcRe.FindStringSubmatch(src)
	if m == nil || m[2] == "0" {
		return ""
	}
	return displayPath(m[1], names) + ":" + m[2]
}

// displayPath is a file as the user named it, else relative to the working
// directory when that is shorter.
func displayPath(f string, names map[string]string) string {
	if n, ok := names[f]; ok {
		return n
	}
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, f); err == nil && len(r) < len(f) {
			return r
		}
	}
	return f
}

// userNames maps each absolute path of files to the name in given.
func userNames(files, given []string) map[string]string {
	m := map[string]string{}
	for i, f := range files {
		if i < len(given) {
			m[f] = given[i]
		}
	}
	return m
}

// refuse returns a *RefusedError when the side just read (r, its log, its
// NAME.json and NAME.check) has a construct the miter cannot model: a
// non-deterministic or unknown system function, a flop on several edges,
// a storage element other than a flop of clk_i's rising edge (with an
// asynchronous reset from rst_ni), a combinational loop. A failed run with
// none of these returns nil, for the caller's own message.
func (d *design) refuse(name string, r toolRun, log, top string, user bool) error {
	names := userNames(d.files, d.opt.RTL)
	who := top
	if !user {
		who = "the project's " + top + " (a bug in the project)"
	}
	fs := sysFuncs(r.out, names)
	fs = append(fs, hierRefs(r.out, names)...)
	if r.err != nil {
		b, _ := os.ReadFile(log)
		fs = append(fs, multiEdge(string(b), names)...)
	} else {
		st, err := storage(filepath.Join(d.dir, name+".json"), "occ_"+name, d.bs.Clocked, names)
		if err != nil {
			return setupf("reading Yosys's netlist of %s: %v", top, err)
		}
		fs = append(fs, st...)
		rep, _ := os.ReadFile(filepath.Join(d.dir, name+".check"))
		fs = append(fs, loops(string(rep), names)...)
	}
	if len(fs) == 0 {
		return nil
	}
	return &RefusedError{Design: who, Findings: fs}
}

// FILE:LINE: Warning: Identifier `\u_sub.sig' is implicitly declared.
var hierRe = regexp.MustCompile("(?m)^(.*):(\\d+): Warning: Identifier `\\\\?([^'$][^']*\\.[^']*)' is implicitly declared")

// hierRefs lists the hierarchical references (u_sub.sig read from outside
// u_sub) in Yosys's output: Yosys 0.23 does not resolve them and reads each
// as a new undriven wire, which the flow makes 0, so a proof would compare
// a constant where simulation reads the signal (before, the replay showed
// no difference at the counterexample's cycle: "BUG IN THE FLOW", exit 4).
func hierRefs(out string, names map[string]string) []Finding {
	var fs []Finding
	seen := map[string]bool{}
	for _, m := range hierRe.FindAllStringSubmatch(out, -1) {
		f := Finding{Pos: displayPath(m[1], names) + ":" + m[2], Signal: m[3],
			What: "a hierarchical reference: Yosys 0.23 does not resolve it and reads it as an undriven wire; bring the signal out through a port of the instance"}
		if !seen[f.String()] {
			seen[f.String()] = true
			fs = append(fs, f)
		}
	}
	return fs
}
