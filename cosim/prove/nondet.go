package prove

import (
	"regexp"
	"strings"
)

// nondet are the system functions whose value is not a function of the
// design's inputs and state: random numbers, simulation time, files and
// the command line. Yosys 0.23 reads one without arguments as an undriven
// wire (a warning, "implicitly declared") and rejects one with arguments;
// either way the miter cannot model it.
var nondet = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`random urandom urandom_range dist_chi_square dist_erlang
		dist_exponential dist_normal dist_poisson dist_t dist_uniform time stime realtime
		fopen fclose fgetc fgets fscanf fread feof ferror ftell fseek rewind ungetc
		test$plusargs value$plusargs system`) {
		nondet["$"+n] = true
	}
}

var (
	// FILE:LINE: Warning: Identifier `\$random' is implicitly declared.
	implicitRe = regexp.MustCompile("(?m)^(.*):(\\d+): Warning: Identifier `\\\\?(\\$[^']*)' is implicitly declared")
	// FILE:LINE: ERROR: Can't resolve function name `\$random'.
	unresolvedRe = regexp.MustCompile("(?m)^(.*):(\\d+): ERROR: Can't resolve function name `\\\\?(\\$[^']*)'")
	// Creating register for signal `\top.\sig' using process `\top.$proc$FILE:LINE$N'.
	registerRe = regexp.MustCompile("Creating register for signal `\\\\?[^.]*\\.\\\\?([^']*)' using process `[^$]*\\$proc\\$(.*):(\\d+)\\$\\d+'")
)

// sysFuncs lists the system functions of Yosys's output (out) that the
// miter cannot model: every non-deterministic one, and any other that
// Yosys took for an undriven wire.
func sysFuncs(out string, names map[string]string) []Finding {
	var fs []Finding
	seen := map[string]bool{}
	add := func(file, line, fn, what string) {
		f := Finding{Pos: displayPath(file, names) + ":" + line, Signal: fn, What: what}
		if !seen[f.String()] {
			seen[f.String()] = true
			fs = append(fs, f)
		}
	}
	for _, m := range implicitRe.FindAllStringSubmatch(out, -1) {
		if nondet[m[3]] {
			add(m[1], m[2], m[3], "a non-deterministic system function; Yosys 0.23 reads it as an undriven wire, so a proof would not cover its values")
		} else {
			add(m[1], m[2], m[3], "a system function Yosys 0.23 does not know; it reads it as an undriven wire")
		}
	}
	for _, m := range unresolvedRe.FindAllStringSubmatch(out, -1) {
		if nondet[m[3]] {
			add(m[1], m[2], m[3], "a non-deterministic system function, which a proof cannot model")
		}
	}
	return fs
}

// multiEdge names the flop Yosys's proc stopped at with "Multiple edge
// sensitive events found for this signal" (a flop on both edges of a
// clock, or on two signals neither of which is a reset): the last register
// its log was creating. nil when the log does not end that way.
func multiEdge(log string, names map[string]string) []Finding {
	if !strings.Contains(log, "Multiple edge sensitive events found") {
		return nil
	}
	ms := registerRe.FindAllStringSubmatch(log, -1)
	f := Finding{Signal: "a register", What: "a flop on more than one edge (Yosys: multiple edge sensitive events); only the rising edge of clk_i, with an asynchronous reset from rst_ni, is modelled"}
	if len(ms) > 0 {
		m := ms[len(ms)-1]
		f.Signal, f.Pos = m[1], displayPath(m[2], names)+":"+m[3]
	}
	return []Finding{f}
}

var (
	loopCellRe = regexp.MustCompile(`^\s+cell \$[a-z_]+\$(.*):(\d+)\$\d+ `)
	loopWireRe = regexp.MustCompile(`^\s+wire \\(\S+)`)
)

// loops reads Yosys's check report: each combinational loop it found, named
// by its public signals and the first line of its cells. The AIGER export
// cannot be built from a loop (before, the run ended in "Yosys cannot
// build the miter" with no reason).
func loops(report string, names map[string]string) []Finding {
	var fs []Finding
	var cur *Finding
	flush := func() {
		if cur != nil {
			if cur.Signal == "" {
				cur.Signal = "an expression"
			}
			fs = append(fs, *cur)
			cur = nil
		}
	}
	for _, l := range strings.Split(report, "\n") {
		switch {
		case strings.Contains(l, "found logic loop in module"):
			flush()
			cur = &Finding{What: "a combinational loop (a signal that depends on itself within a cycle): the miter cannot be built from it, and simulation may not settle"}
		case cur != nil && strings.HasPrefix(l, "    "):
			if m := loopCellRe.FindStringSubmatch(l); m != nil && cur.Pos == "" {
				cur.Pos = displayPath(m[1], names) + ":" + m[2]
			} else if m := loopWireRe.FindStringSubmatch(l); m != nil {
				if cur.Signal != "" {
					cur.Signal += ", "
				}
				cur.Signal += m[1]
			}
		default:
			flush()
		}
	}
	flush()
	return fs
}
