package synth

import (
	"bufio"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Cost is what one Yosys run says about one design after `synth -lut 6`.
type Cost struct {
	LUTs  int // $lut cells (every one has at most 6 inputs)
	FFs   int // flip-flop bits: fine-grained $_*FF*_ cells, one bit each
	Other int // cells that are neither (0 in a clean LUT6 map)
	Cells int // stat's "Number of cells": LUTs + FFs + Other
}

// ParseError is output from Yosys that the parser does not understand.
type ParseError struct {
	What   string // "stat" or "ltp"
	Module string // the module looked for
	Reason string
}

// Error implements error.
func (e *ParseError) Error() string {
	return fmt.Sprintf("yosys %s output for %s not understood: %s", e.What, e.Module, e.Reason)
}

var (
	statSection = regexp.MustCompile(`^=== (.+) ===$`)
	statCells   = regexp.MustCompile(`^Number of cells:\s+(\d+)$`)
	statType    = regexp.MustCompile(`^(\S+)\s+(\d+)$`)
	// Fine-grained flip-flops after synth: $_DFF_P_, $_SDFFCE_PN0P_,
	// $_ALDFFE_PPP_, $_DFFSR_PNN_, $_FF_ ... One cell is one bit.
	fineFF = regexp.MustCompile(`^\$_[A-Z]*FF[A-Z]*_`)
	// Coarse flip-flops carry a width that stat does not print.
	coarseFF = regexp.MustCompile(`^\$(a|s|al)?dff(e|sr|sre|ce)?$|^\$sdffce$|^\$ff$`)
)

// statBlock is one "=== NAME ===" section of stat's output.
type statBlock struct {
	cells int            // Number of cells; -1 when missing
	types map[string]int // cell type -> count
	order []string       // types in the order listed
}

// ParseStat reads the output of Yosys's `stat` for module (the top after
// `synth -flatten`) and counts its LUTs, flip-flop bits and other cells.
// When the output has a "design hierarchy" section (a design that was not
// flattened), its totals are used. It fails with a *ParseError when the
// module's section, its cell count or a cell line is missing or malformed,
// when the listed types do not add up to the cell count, or when a coarse
// flip-flop (whose bit count stat does not give) is left.
func ParseStat(text, module string) (Cost, error) {
	perr := func(format string, a ...any) (Cost, error) {
		return Cost{}, &ParseError{What: "stat", Module: module, Reason: fmt.Sprintf(format, a...)}
	}
	blocks := map[string]*statBlock{}
	var names []string
	var cur *statBlock
	inCells := false
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if m := statSection.FindStringSubmatch(line); m != nil {
			cur = &statBlock{cells: -1, types: map[string]int{}}
			if _, dup := blocks[m[1]]; dup {
				return perr("section %q listed twice", m[1])
			}
			blocks[m[1]] = cur
			names = append(names, m[1])
			inCells = false
			continue
		}
		if cur == nil {
			continue
		}
		if m := statCells.FindStringSubmatch(line); m != nil {
			n, err := strconv.Atoi(m[1])
			if err != nil {
				return perr("cell count %q: %v", m[1], err)
			}
			cur.cells = n
			inCells = true
			continue
		}
		if !inCells {
			continue
		}
		if line == "" || strings.HasPrefix(line, "Number of ") || !strings.HasPrefix(line, "$") {
			// The type list ends at a blank line, the next counter or
			// the next pass's header.
			inCells = false
			continue
		}
		m := statType.FindStringSubmatch(line)
		if m == nil {
			return perr("cell line %q is not \"TYPE COUNT\"", line)
		}
		n, err := strconv.Atoi(m[2])
		if err != nil {
			return perr("cell line %q: %v", line, err)
		}
		if _, dup := cur.types[m[1]]; dup {
			return perr("cell type %s listed twice", m[1])
		}
		cur.types[m[1]] = n
		cur.order = append(cur.order, m[1])
	}
	if err := sc.Err(); err != nil {
		return perr("%v", err)
	}
	b := blocks["design hierarchy"]
	if b == nil {
		b = blocks[module]
	}
	if b == nil {
		if len(names) == 0 {
			return perr("no \"=== MODULE ===\" section")
		}
		return perr("no section for module %s (sections: %s)", module, strings.Join(names, ", "))
	}
	if b.cells < 0 {
		return perr("no \"Number of cells:\" line")
	}
	c := Cost{Cells: b.cells}
	sum := 0
	for _, t := range b.order {
		n := b.types[t]
		sum += n
		switch {
		case t == "$lut":
			c.LUTs += n
		case fineFF.MatchString(t):
			c.FFs += n
		case coarseFF.MatchString(t):
			return perr("coarse flip-flop cell %s left after synth: its bit count is not in stat's output", t)
		default:
			c.Other += n
		}
	}
	if sum != b.cells {
		return perr("cell types add up to %d, but \"Number of cells:\" says %d", sum, b.cells)
	}
	return c, nil
}

var (
	ltpHead = regexp.MustCompile(`^Longest topological path in (.+) \(length=(\d+)\):$`)
	ltpNode = regexp.MustCompile(`^(\d+|ff): (.+?)(?: \(via .*\))?$`)
)

// Path is the longest topological path `ltp -noff` reports for one module.
type Path struct {
	Length int    // cells on the path: LUT levels after a LUT map
	From   string // first node, e.g. "ptr_q[2]"
	To     string // the register it ends at ("ff:" line) or its last public node
}

// ParseLTP reads the output of Yosys's `ltp -noff` for module. Length is the
// number of cells on the longest path, which after `synth -lut 6` is the
// number of LUT levels. It fails with a *ParseError when the module's
// "Longest topological path" line is missing or malformed, when ltp found
// a combinational loop, or when the listed path does not match its length.
func ParseLTP(text, module string) (Path, error) {
	perr := func(format string, a ...any) (Path, error) {
		return Path{}, &ParseError{What: "ltp", Module: module, Reason: fmt.Sprintf(format, a...)}
	}
	var p Path
	found := false
	inPath := false
	last := -1
	var nodes []string
	ff := ""
	var seen []string
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "Detected loop") {
			return perr("combinational loop: %s", line)
		}
		if m := ltpHead.FindStringSubmatch(line); m != nil {
			seen = append(seen, m[1])
			inPath = false
			if m[1] != module {
				continue
			}
			if found {
				return perr("two longest paths listed for %s", module)
			}
			n, err := strconv.Atoi(m[2])
			if err != nil {
				return perr("length %q: %v", m[2], err)
			}
			p.Length, found, inPath = n, true, true
			continue
		}
		if !inPath {
			continue
		}
		m := ltpNode.FindStringSubmatch(line)
		if m == nil {
			inPath = false
			continue
		}
		if m[1] == "ff" {
			ff = m[2]
			continue
		}
		i, err := strconv.Atoi(m[1])
		if err != nil || i != last+1 {
			return perr("path node %q out of order (want %d)", line, last+1)
		}
		last = i
		nodes = append(nodes, m[2])
	}
	if err := sc.Err(); err != nil {
		return perr("%v", err)
	}
	if !found {
		if len(seen) == 0 {
			return perr("no \"Longest topological path in MODULE (length=N):\" line")
		}
		return perr("no longest path for module %s (modules: %s)", module, strings.Join(seen, ", "))
	}
	if len(nodes) != p.Length+1 {
		return perr("length=%d but %d path nodes listed (want %d)", p.Length, len(nodes), p.Length+1)
	}
	p.From = nodeName(nodes[0])
	p.To = pathEnd(nodes, ff)
	return p, nil
}

// pathEnd names where a path ends: the register its last node feeds (the
// "ff:" line), else its last node when public, else the last public node
// followed by " …", else the last node as it is.
func pathEnd(nodes []string, ff string) string {
	if ff != "" {
		return nodeName(ff)
	}
	end := nodes[len(nodes)-1]
	if strings.HasPrefix(end, `\`) {
		return nodeName(end)
	}
	for i := len(nodes) - 2; i >= 0; i-- {
		if strings.HasPrefix(nodes[i], `\`) {
			return nodeName(nodes[i]) + " …"
		}
	}
	return end
}

// nodeName turns an RTLIL bit name such as `\q_len [31]` into q_len[31].
// Internal names ($abc$...) are kept as they are.
func nodeName(s string) string {
	s = strings.TrimPrefix(s, `\`)
	return strings.Replace(s, " [", "[", 1)
}
