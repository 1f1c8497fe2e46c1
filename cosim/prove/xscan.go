package prove

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// The miter reads every explicit X or Z as 0 (sideScript), as a zero
// power-up Verilator replay does, so a proof says nothing about a design's
// X behaviour. xSites finds where a design writes one, for the verdict to
// say so: each based literal with an x, z or ? digit ('x, 4'b10x1, 'hz),
// outside comments, strings, casex/casez and case inside labels, the right
// side of ==? and !=? and the items of inside {...} (where x, z and ? are
// wildcards, not values). Files the design includes are scanned too.

// maxSourceBytes bounds a source file the scan reads (Verilator and Yosys
// have read it already; a bigger one is not scanned).
const maxSourceBytes = 16 << 20

var includeRe = regexp.MustCompile("`include\\s+\"([^\"]+)\"")

// xSites returns FILE:LINE of each explicit X or Z in files and the files
// they include, the files named as in names.
func xSites(files []string, names map[string]string) []string {
	var out []string
	seen := map[string]bool{}
	var scan func(f string)
	scan = func(f string) {
		if seen[f] {
			return
		}
		seen[f] = true
		st, err := os.Stat(f)
		if err != nil || !st.Mode().IsRegular() || st.Size() > maxSourceBytes {
			return
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return
		}
		for _, line := range xLines(string(b)) {
			out = append(out, fmt.Sprintf("%s:%d", displayPath(f, names), line))
		}
		for _, m := range includeRe.FindAllStringSubmatch(string(b), -1) {
			inc := m[1]
			if !filepath.IsAbs(inc) {
				inc = filepath.Join(filepath.Dir(f), inc)
			}
			scan(inc)
		}
	}
	for _, f := range files {
		scan(f)
	}
	return out
}

// token is one lexical item of the scan: a word, a based literal, or a
// punctuation character, with its line.
type token struct {
	text string
	line int
	lit  bool // a based literal
}

// xLines returns the line of each based literal with an x, z or ? digit
// in src that is not a casex/casez label.
func xLines(src string) []int {
	toks := lex(src)
	var lines []int
	type caseCtx struct {
		wild  bool // casex or casez
		depth int  // bracket depth of its items
		open  bool // the case expression's parentheses not yet closed
	}
	var cases []caseCtx
	var sets []int // bracket depth inside each open inside {...}
	depth := 0
	for i, t := range toks {
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if n := len(cases); n > 0 && cases[n-1].open && depth == cases[n-1].depth {
				cases[n-1].open = false
			}
			if n := len(sets); n > 0 && depth < sets[n-1] {
				sets = sets[:n-1]
			}
		case "case", "casex", "casez":
			cases = append(cases, caseCtx{wild: t.text != "case", depth: depth, open: true})
		case "inside":
			// case (a) inside: its labels are sets, x z ? wildcards there.
			if n := len(cases); n > 0 && !cases[n-1].open && i > 0 && toks[i-1].text == ")" && depth == cases[n-1].depth {
				cases[n-1].wild = true
			}
			// a inside {...}: the items.
			if i+1 < len(toks) && toks[i+1].text == "{" {
				sets = append(sets, depth+1)
			}
		case "endcase":
			if len(cases) > 0 {
				cases = cases[:len(cases)-1]
			}
		}
		if !t.lit || !strings.ContainsAny(strings.ToLower(t.text[strings.IndexByte(t.text, '\'')+1:]), "xz?") {
			continue
		}
		if n := len(cases); n > 0 && cases[n-1].wild && !cases[n-1].open && depth == cases[n-1].depth && isLabel(toks, i) {
			continue
		}
		// The right side of ==? and !=?, and an item of inside {...}:
		// wildcards.
		if i >= 3 && toks[i-1].text == "?" && toks[i-2].text == "=" && (toks[i-3].text == "=" || toks[i-3].text == "!") {
			continue
		}
		if n := len(sets); n > 0 && depth == sets[n-1] && (toks[i-1].text == "{" || toks[i-1].text == ",") {
			continue
		}
		lines = append(lines, t.line)
	}
	return lines
}

// isLabel: the literal at i stands where a case item's label does: after
// the case expression, a ';', a ',' or end, and before ':' or ','.
func isLabel(toks []token, i int) bool {
	if i+1 >= len(toks) || (toks[i+1].text != ":" && toks[i+1].text != ",") {
		return false
	}
	if i == 0 {
		return false
	}
	switch toks[i-1].text {
	case ";", ",", ")", "end", "begin", "inside":
		return true
	}
	return false
}

var (
	wordRe = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*`)
	// a based literal: an optional size, ', an optional s, a base and
	// digits; or an unbased unsized '0 '1 'x 'z.
	litRe = regexp.MustCompile(`^(?:[0-9][0-9_]*\s*)?'(?:[sS]?[bBoOdDhH]\s*[0-9a-fA-FxXzZ?_]+|[01xXzZ])`)
)

// lex splits Verilog source into tokens, dropping comments, strings,
// whitespace and numbers that are not based literals.
func lex(src string) []token {
	var toks []token
	line := 1
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 2
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 4
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		default:
			if m := litRe.FindString(src[i:]); m != "" {
				toks = append(toks, token{text: m, line: line, lit: true})
				line += strings.Count(m, "\n")
				i += len(m)
			} else if m := wordRe.FindString(src[i:]); m != "" {
				toks = append(toks, token{text: m, line: line})
				i += len(m)
			} else if c >= '0' && c <= '9' {
				j := i
				for j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == '_' || src[j] == '.') {
					j++
				}
				i = j
			} else {
				toks = append(toks, token{text: string(c), line: line})
				i++
			}
		}
	}
	return toks
}
