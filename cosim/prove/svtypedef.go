package prove

import (
	"fmt"
	"strconv"
	"strings"
)

// typedef is a type's name, where it is declared, and its width as an
// expression ("" when prove cannot size it).
type typedef struct {
	name, width string
	signed      bool
	at          int    // token index of the name
	scope       [2]int // the module, package or interface declaring it; {-1, -1} for the file
	pkg         string // the package declaring it
	ids         []string
}

// qualified is the width as seen from token i: a package's parameters
// named with the package when i is outside it.
func (td *typedef) qualified(i int) string {
	if td.pkg == "" || td.scope[0] <= i && i <= td.scope[1] {
		return td.width
	}
	w := td.width
	for _, id := range td.ids {
		w = replaceIdent(w, id, td.pkg+"::"+id)
	}
	return w
}

type typedefs struct{ all map[string][]*typedef }

// lookup finds the typedef name visible at token i: the one declared in
// i's scope, else the package's (pkg given, or any package), else the
// file's.
func (ts *typedefs) lookup(name, pkg string, i int) *typedef {
	var best *typedef
	for _, td := range ts.all[name] {
		switch {
		case pkg != "":
			if td.pkg == pkg {
				return td
			}
		case td.scope[0] <= i && i <= td.scope[1] && td.at < i:
			return td
		case td.pkg != "" || td.scope[0] < 0:
			best = td
		}
	}
	return best
}

// typedefs collects every typedef of the text with its width.
func (p *svPass) typedefs() *typedefs {
	t := p.t
	ts := &typedefs{all: map[string][]*typedef{}}
	scopes := t.scopes()
	for i := 0; i < len(t); i++ {
		if !t.is(i, "typedef") || t[i].kind != svIdent {
			continue
		}
		e := t.semi(i)
		n := e - 1
		if t.op(n, "]") { // unpacked dimensions: not a packed type
			n = t.matchBack(n) - 1
		}
		td := &typedef{name: t[n].text, at: n, scope: [2]int{-1, -1}}
		for _, s := range scopes {
			if s.start <= i && i <= s.end {
				td.scope = [2]int{s.start, s.end}
				if s.kind == "package" {
					td.pkg = s.name
				}
			}
		}
		if n == e-1 {
			td.width, td.signed, _ = p.typeWidth(ts, i+1, n, i)
			td.ids = identsOf(p.t, i+1, n)
		}
		ts.all[td.name] = append(ts.all[td.name], td)
		i = e
	}
	return ts
}

// typeWidth sizes the packed type of tokens i..end-1 (a data type as in a
// typedef or a struct member): its width expression, signedness, and the
// index after the type.
func (p *svPass) typeWidth(ts *typedefs, i, end, at int) (string, bool, int) {
	t := p.t
	var base string
	signed, named := false, false
	switch w := t[i].text; {
	case w == "logic" || w == "bit" || w == "reg":
		base = "1"
		i++
	case intTypes[w].width > 0:
		base, signed = strconv.Itoa(intTypes[w].width), intTypes[w].signed
		i++
	case w == "enum":
		i++
		if t.op(i, "{") {
			base, signed = "32", true
		} else {
			b, s, j := p.typeWidth(ts, i, end, at)
			if b == "" {
				return "", false, end
			}
			base, signed, i = b, s, j
		}
		if !t.op(i, "{") {
			return "", false, end
		}
		return base, signed, t.match(i) + 1
	case w == "struct" || w == "union":
		i++
		if !t.is(i, "packed") {
			return "", false, end
		}
		i++
		if t.is(i, "signed") {
			signed = true
			i++
		} else if t.is(i, "unsigned") {
			i++
		}
		if !t.op(i, "{") {
			return "", false, end
		}
		close := t.match(i)
		var parts []string
		for j := i + 1; j < close; {
			mw, _, k := p.typeWidth(ts, j, close, at)
			if mw == "" {
				return "", false, end
			}
			s := t.semi(k)
			names := 1 + countTop(t, k, s, ",")
			for n := 0; n < names; n++ {
				parts = append(parts, "("+mw+")")
			}
			j = s + 1
		}
		if len(parts) == 0 {
			return "", false, end
		}
		sep := " + "
		if w == "union" {
			return parts[0], signed, close + 1 // a packed union's members share one width
		}
		return strings.Join(parts, sep), signed, close + 1
	case t[i].kind == svIdent && !svKeyword[w]:
		pkg := ""
		if t.op(i+1, "::") {
			pkg, i = w, i+2
		}
		td := ts.lookup(t[i].text, pkg, at)
		if td == nil || td.width == "" {
			return "", false, end
		}
		base, signed, named = td.qualified(at), td.signed, true
		i++
	default:
		return "", false, end
	}
	explicit := false
	if t.is(i, "signed") {
		signed, explicit = true, true
		i++
	} else if t.is(i, "unsigned") {
		signed, explicit = false, true
		i++
	}
	for t.op(i, "[") {
		c := t.match(i)
		d := dimWidth(p, i, c)
		if d == "" {
			return "", false, end
		}
		if base == "1" {
			base = d
		} else {
			base = "(" + base + ") * " + d
		}
		if named && !explicit {
			signed = false // a packed array of a signed typedef is unsigned
		}
		i = c + 1
	}
	return base, signed, i
}

// dimWidth is the width of the packed dimension [A:B] at tokens i..c.
func dimWidth(p *svPass, i, c int) string {
	t := p.t
	colon := -1
	for k := i + 1; k < c; k++ {
		if t[k].kind == svOp && (t[k].text == "(" || t[k].text == "[" || t[k].text == "{") {
			k = t.match(k)
		} else if t.op(k, ":") {
			colon = k
		}
	}
	if colon < 0 {
		return ""
	}
	a, b := flat(p.text(i+1, colon-1)), flat(p.text(colon+1, c-1))
	if x, err := strconv.Atoi(a); err == nil {
		if y, err := strconv.Atoi(b); err == nil {
			if x < y {
				x, y = y, x
			}
			return strconv.Itoa(x - y + 1)
		}
	}
	return fmt.Sprintf("(((%s) >= (%s)) ? ((%s) - (%s) + 1) : ((%s) - (%s) + 1))", a, b, a, b, b, a)
}

// countTop counts the tokens s between i and e at bracket depth 0.
func countTop(t svToks, i, e int, s string) int {
	n := 0
	for k := i; k < e; k++ {
		if t[k].kind == svOp && (t[k].text == "(" || t[k].text == "[" || t[k].text == "{" || t[k].text == "'{") {
			k = t.match(k)
		} else if t.op(k, s) {
			n++
		}
	}
	return n
}

// identsOf lists the non-keyword identifiers of tokens i..e-1.
func identsOf(t svToks, i, e int) []string {
	var ids []string
	for k := i; k < e; k++ {
		if t[k].kind == svIdent && !svKeyword[t[k].text] && !t.op(k+1, "::") && !t.op(k-1, "::") {
			ids = append(ids, t[k].text)
		}
	}
	return ids
}

// replaceIdent replaces the identifier id in the expression s.
func replaceIdent(s, id, with string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if isIdentStart(s[i]) && (i == 0 || !isIdentChar(s[i-1]) && s[i-1] != ':') {
			e := i
			for e < len(s) && isIdentChar(s[e]) {
				e++
			}
			if s[i:e] == id {
				b.WriteString(with)
			} else {
				b.WriteString(s[i:e])
			}
			i = e
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// svScope is a module, package or interface: its kind, name and tokens.
type svScope struct {
	kind, name string
	start, end int
}

// scopes lists the modules, packages and interfaces of the text.
func (t svToks) scopes() []svScope {
	var out []svScope
	for i := 0; i < len(t); i++ {
		k := t[i].text
		if t[i].kind != svIdent || (k != "module" && k != "package" && k != "interface" && k != "macromodule" && k != "program") {
			continue
		}
		shut := "end" + k
		if k == "macromodule" {
			shut = "endmodule"
		}
		e := i
		for e < len(t) && !t.is(e, shut) {
			e++
		}
		n := i + 1
		for n < e && (svKeyword[t[n].text] || t[n].kind != svIdent) {
			n++
		}
		name := ""
		if n < e {
			name = t[n].text
		}
		out = append(out, svScope{kind: strings.TrimPrefix(k, "macro"), name: name, start: i, end: e})
		i = e
	}
	return out
}
