package prove

import (
	"fmt"
	"strconv"
	"strings"
)

// lowerPacked flattens multi-dimensional packed arrays, which Yosys 0.23
// rejects in ports and in declarations alike: logic [N-1:0][QW-1:0] q
// becomes logic [(N)*(QW)-1:0] q, the layout the standard gives the packed
// array (element i of [N-1:0] at bits i*QW and up), and each select is
// rewritten on the flat vector: q[i] as q[(i)*(QW) +: QW], q[i][j] as
// q[(i)*(QW) + (j)], a range or an indexed part-select of the last
// dimension selected as a +: part-select, $left(q), $size(q, 2) and the
// other dimension functions as the declared bounds. Unpacked dimensions
// (memories) stay as they are. Ascending and descending bounds are both
// handled: an index is turned into an offset from the right bound.
func lowerPacked(p *svPass) {
	t := p.t
	decls, ok := p.packedDecls()
	if !ok || len(decls) == 0 {
		return
	}
	var group []svEdit
	done := map[int]bool{}
	for _, d := range decls {
		if !done[d.dimFrom] {
			done[d.dimFrom] = true
			group = append(group, p.rep(d.dimFrom, d.dimTo, "["+d.total()+"-1:0]"))
		}
	}
	for i := 0; i < len(t); i++ {
		text, end, handled, ok := p.packedSpan(decls, i)
		if !ok {
			return
		}
		if !handled {
			continue
		}
		if end > i {
			group = append(group, p.rep(i, end, text))
		}
		i = end
	}
	p.edit("multi-dimensional packed array", group...)
}

// packedSpan renders what starts at token i when it is a use of a packed
// array (with its selects) or a dimension function of one ($left(q)):
// the text, the last token covered, whether it was one, and false when a
// use was refused.
func (p *svPass) packedSpan(decls []*packedDecl, i int) (string, int, bool, bool) {
	t := p.t
	if t[i].kind == svSys && dimFunc[t[i].text] != "" && t.op(i+1, "(") {
		if d := p.packedAt(decls, i+2); d != nil {
			v, close, ok := p.packedDim(d, i)
			if !ok {
				return "", 0, true, false
			}
			if v != "" {
				return v, close, true, true
			}
		}
	}
	d := p.packedAt(decls, i)
	if d == nil {
		return "", 0, false, true
	}
	text, end, ok := p.packedUse(decls, d, i)
	return text, end, true, ok
}

// packedDecl is one multi-dimensional packed declaration.
type packedDecl struct {
	name             string
	dims             [][2]string // packed, outermost first: {left, right}
	unpacked         int         // unpacked dimensions after the name
	dimFrom, dimTo   int         // tokens of the packed dimensions
	scopeFrom, scope int         // tokens where the name means this declaration
	exclude          [][2]int    // routines redeclaring the name
}

func (d *packedDecl) width(j int) string { return dimSize(d.dims[j][0], d.dims[j][1]) }

// elem is the width of an element after selecting the first j+1 packed
// dimensions.
func (d *packedDecl) elem(j int) string {
	var parts []string
	for k := j + 1; k < len(d.dims); k++ {
		parts = append(parts, d.width(k))
	}
	return product(parts)
}

func (d *packedDecl) total() string { return d.elem(-1) }

// norm is the offset of index i in dimension j from its right bound.
func (d *packedDecl) norm(j int, i string) string {
	l, r := d.dims[j][0], d.dims[j][1]
	x, errL := strconv.Atoi(l)
	y, errR := strconv.Atoi(r)
	if errL == nil && errR == nil {
		switch {
		case x >= y && y == 0:
			return "(" + i + ")"
		case x >= y:
			return fmt.Sprintf("((%s) - %d)", i, y)
		}
		return fmt.Sprintf("(%d - (%s))", y, i)
	}
	return fmt.Sprintf("(((%s) >= (%s)) ? ((%s) - (%s)) : ((%s) - (%s)))", l, r, i, r, r, i)
}

func dimSize(l, r string) string {
	x, errL := strconv.Atoi(l)
	y, errR := strconv.Atoi(r)
	if errL == nil && errR == nil {
		if x < y {
			x, y = y, x
		}
		return strconv.Itoa(x - y + 1)
	}
	if r == "0" {
		return "((" + l + ") + 1)"
	}
	return fmt.Sprintf("(((%s) >= (%s)) ? ((%s) - (%s) + 1) : ((%s) - (%s) + 1))", l, r, l, r, r, l)
}

func product(parts []string) string {
	if len(parts) == 0 {
		return "1"
	}
	n, rest := 1, []string(nil)
	for _, s := range parts {
		if v, err := strconv.Atoi(s); err == nil {
			n *= v
		} else {
			rest = append(rest, s)
		}
	}
	if n != 1 || len(rest) == 0 {
		rest = append([]string{strconv.Itoa(n)}, rest...)
	}
	if len(rest) == 1 {
		return rest[0]
	}
	return "(" + strings.Join(rest, " * ") + ")"
}

// packedAt returns the declaration the name at token i refers to, nil when
// it is not a use of one (a declaration's own name, a member, a port name
// of an instance).
func (p *svPass) packedAt(decls []*packedDecl, i int) *packedDecl {
	t := p.t
	if t[i].kind != svIdent || t.op(i-1, ".") || t.op(i-1, "::") {
		return nil
	}
	for _, d := range decls {
		if d.name != t[i].text || i < d.scopeFrom || i > d.scope {
			continue
		}
		if _, ex := inRanges(d.exclude, i); ex {
			continue
		}
		return d
	}
	return nil
}

// packedUse renders the use of d at token i with its selects (and a
// dimension function around it): the text and the last token it covers.
func (p *svPass) packedUse(decls []*packedDecl, d *packedDecl, i int) (string, int, bool) {
	t := p.t
	// The selects after the name.
	var sel [][2]int
	for k := i + 1; t.op(k, "["); k = t.match(k) + 1 {
		sel = append(sel, [2]int{k, t.match(k)})
	}
	if len(sel) <= d.unpacked {
		if len(sel) == 0 {
			return t[i].text, i, true
		}
		return t[i].text + p.render(decls, i+1, sel[len(sel)-1][1]), sel[len(sel)-1][1], true
	}
	text := t[i].text
	for _, s := range sel[:d.unpacked] {
		text += p.render(decls, s[0], s[1])
	}
	ps := sel[d.unpacked:]
	if len(ps) > len(d.dims) {
		p.refuseAt(t[i], d.name, "more selects than it has dimensions")
		return "", 0, false
	}
	var off []string
	for j, s := range ps {
		inner := s
		kind, a, b := p.selectKind(decls, inner[0], inner[1])
		last := j == len(ps)-1
		if kind != "" && !last {
			p.refuseAt(t[i], d.name, "a range select before the last dimension of a packed array; select one element at a time")
			return "", 0, false
		}
		w := d.elem(j)
		scale := func(x string) string {
			if w == "1" {
				return x
			}
			return "(" + x + ") * " + w
		}
		switch kind {
		case "":
			off = append(off, scale(d.norm(j, a)))
			o := strings.Join(off, " + ")
			if last {
				if len(ps) == len(d.dims) {
					return text + "[" + o + "]", s[1], true
				}
				return text + "[" + o + " +: " + w + "]", s[1], true
			}
		case ":":
			lo := scale(d.norm(j, b))
			n := dimSize(a, b)
			return text + "[" + strings.Join(append(off, lo), " + ") + " +: " + mul(n, w) + "]", s[1], true
		case "+:", "-:":
			l, r := d.dims[j][0], d.dims[j][1]
			var first, second string // the low offset in a descending, an ascending dimension
			if kind == "+:" {
				first, second = d.norm(j, a), d.norm(j, "("+a+") + ("+b+") - 1")
			} else {
				first, second = d.norm(j, "("+a+") - ("+b+") + 1"), d.norm(j, a)
			}
			lo := fmt.Sprintf("(((%s) >= (%s)) ? %s : %s)", l, r, first, second)
			return text + "[" + strings.Join(append(off, scale(lo)), " + ") + " +: " + mul(b, w) + "]", s[1], true
		}
	}
	return text, ps[len(ps)-1][1], true
}

func mul(a, b string) string {
	if b == "1" {
		return "(" + a + ")"
	}
	return "(" + a + ") * " + b
}

var dimFunc = map[string]string{"$left": "left", "$right": "right", "$high": "high", "$low": "low",
	"$size": "size", "$increment": "increment", "$dimensions": "dimensions", "$unpacked_dimensions": "dimensions"}

// selectKind reads the select [..] at tokens open..close: "" for an index
// (a is it), ":" for a range a:b, "+:" or "-:" for a part-select a +: b,
// each rendered with the packed arrays inside it lowered.
func (p *svPass) selectKind(decls []*packedDecl, open, close int) (kind, a, b string) {
	t := p.t
	for k := open + 1; k < close; k++ {
		switch {
		case t[k].kind == svOp && (t[k].text == "(" || t[k].text == "[" || t[k].text == "{" || t[k].text == "'{"):
			k = t.match(k)
		case t.op(k, ":") || t.op(k, "+:") || t.op(k, "-:"):
			return t[k].text, flat(p.renderIn(decls, open+1, k-1)), flat(p.renderIn(decls, k+1, close-1))
		case t.op(k, "?"):
			// a ternary index: skip to its ':' partner
			depth := 1
			for k++; k < close && depth > 0; k++ {
				if t.op(k, "?") {
					depth++
				} else if t.op(k, ":") {
					depth--
				}
			}
			k--
		}
	}
	return "", flat(p.renderIn(decls, open+1, close-1)), ""
}

// render is tokens open..close (a select, brackets included) with the
// packed arrays inside lowered.
func (p *svPass) render(decls []*packedDecl, open, close int) string {
	return "[" + p.renderIn(decls, open+1, close-1) + "]"
}

// renderIn is tokens i..j with the uses of packed arrays lowered.
func (p *svPass) renderIn(decls []*packedDecl, i, j int) string {
	t := p.t
	var b strings.Builder
	at := i
	for k := i; k <= j; k++ {
		text, end, handled, ok := p.packedSpan(decls, k)
		if !handled || !ok {
			continue
		}
		b.WriteString(p.src[t[at].start:t[k].start])
		b.WriteString(text)
		at, k = end+1, end
	}
	if at <= j {
		b.WriteString(p.src[t[at].start:t[j].end])
	}
	return b.String()
}
