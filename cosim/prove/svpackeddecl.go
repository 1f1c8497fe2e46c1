package prove

import (
	"fmt"
	"strconv"
)

// packedDecls finds the multi-dimensional packed declarations of every
// module: a type keyword, net type or direction followed by two or more
// packed dimensions and the declared names.
func (p *svPass) packedDecls() ([]*packedDecl, bool) {
	t := p.t
	var out []*packedDecl
	for _, s := range t.scopes() {
		if s.kind == "package" {
			continue
		}
		var routines [][2]int
		for _, r := range t.procRanges() {
			if r[0] > s.start && r[1] < s.end && (t.is(r[0], "function") || t.is(r[0], "task")) {
				routines = append(routines, r)
			}
		}
		seen := map[string]bool{}
		for i := s.start; i < s.end; i++ {
			if !t.op(i, "[") || !packedPrev[t[i-1].text] || t[i-1].kind != svIdent {
				continue
			}
			var dims [][2]string
			k := i
			for t.op(k, "[") {
				c := t.match(k)
				colon := -1
				for m := k + 1; m < c; m++ {
					if t[m].kind == svOp && (t[m].text == "(" || t[m].text == "[" || t[m].text == "{") {
						m = t.match(m)
					} else if t.op(m, ":") {
						colon = m
					}
				}
				if colon < 0 {
					dims = nil
					break
				}
				dims = append(dims, [2]string{flat(p.text(k+1, colon-1)), flat(p.text(colon+1, c-1))})
				k = c + 1
			}
			if len(dims) < 2 {
				if len(dims) == 0 && t.op(k, "[") {
					p.refuseAt(t[i], "packed dimension", "a packed dimension written [N]; write [N-1:0]")
					return nil, false
				}
				i = k - 1
				continue
			}
			if st := t.stmtStart(i); st < i && t.is(st, "typedef") {
				p.refuseAt(t[i], "typedef "+t[t.semi(i)-1].text, "a typedef of a multi-dimensional packed array: prove flattens such arrays by name and cannot follow a type; declare the variables with their dimensions")
				return nil, false
			}
			dimTo := k - 1
			for k < s.end && t[k].kind == svIdent && !svKeyword[t[k].text] {
				d := &packedDecl{name: t[k].text, dims: dims, dimFrom: i, dimTo: dimTo, scopeFrom: s.start, scope: s.end}
				if r, in := inRanges(routines, i); in {
					d.scopeFrom, d.scope = r[0], r[1]
				} else {
					if seen[d.name] {
						p.refuseAt(t[k], d.name, "declared twice in a module: prove flattens multi-dimensional packed arrays by name and needs one declaration of each")
						return nil, false
					}
					seen[d.name] = true
					for _, r := range routines {
						if p.declaredIn(r[0], r[1])[d.name] {
							d.exclude = append(d.exclude, r)
						}
					}
				}
				m := k + 1
				for t.op(m, "[") {
					d.unpacked++
					m = t.match(m) + 1
				}
				out = append(out, d)
				// Another name of the same declaration: ", name" then one
				// of , ; ) [ =.
				for m < s.end && !t.op(m, ",") && !t.op(m, ";") && !t.op(m, ")") {
					if t[m].kind == svOp && (t[m].text == "(" || t[m].text == "[" || t[m].text == "{" || t[m].text == "'{") {
						m = t.match(m)
					}
					m++
				}
				if !t.op(m, ",") || m+2 >= len(t) || t[m+1].kind != svIdent || svKeyword[t[m+1].text] {
					break
				}
				if n := t[m+2]; !(n.kind == svOp && (n.text == "," || n.text == ";" || n.text == ")" || n.text == "[" || n.text == "=")) {
					break
				}
				k = m + 1
			}
			i = dimTo
		}
	}
	return out, true
}

// packedPrev are the words a declaration's packed dimensions follow.
var packedPrev = map[string]bool{"logic": true, "bit": true, "reg": true, "wire": true, "var": true,
	"tri": true, "wand": true, "wor": true, "uwire": true, "signed": true, "unsigned": true,
	"input": true, "output": true, "inout": true}

// stmtStart is the first token of the declaration or statement holding
// token i: after the previous ';' (or the start).
func (t svToks) stmtStart(i int) int {
	for k := i - 1; k >= 0; k-- {
		if t.op(k, ";") {
			return k + 1
		}
	}
	return 0
}

// packedDim is a dimension function ($left, $size, ...) of the packed
// array d at token i: its value from the declared bounds, and the ')'.
// "" when the dimension asked is an unpacked one (left as it is).
func (p *svPass) packedDim(d *packedDecl, i int) (string, int, bool) {
	t := p.t
	fn := dimFunc[t[i].text]
	dim, close := 1, i+3
	if t.op(i+3, ",") {
		n, err := strconv.Atoi(t[i+4].text)
		if err != nil || !t.op(i+5, ")") {
			p.refuseAt(t[i], t[i].text+"("+d.name+", ...)", "prove flattens "+d.name+" (a multi-dimensional packed array) and needs a literal dimension number here")
			return "", 0, false
		}
		dim, close = n, i+5
	}
	if !t.op(close, ")") || dim <= d.unpacked {
		return "", close, true
	}
	j := dim - d.unpacked - 1
	if j >= len(d.dims) || fn == "dimensions" {
		p.refuseAt(t[i], t[i].text+"("+d.name+")", "prove flattens "+d.name+" (a multi-dimensional packed array); write its dimensions out")
		return "", 0, false
	}
	l, r := d.dims[j][0], d.dims[j][1]
	var v string
	switch fn {
	case "left":
		v = l
	case "right":
		v = r
	case "high":
		v = fmt.Sprintf("(((%s) >= (%s)) ? (%s) : (%s))", l, r, l, r)
	case "low":
		v = fmt.Sprintf("(((%s) >= (%s)) ? (%s) : (%s))", l, r, r, l)
	case "size":
		v = d.width(j)
	case "increment":
		v = fmt.Sprintf("(((%s) >= (%s)) ? 1 : -1)", l, r)
	}
	return "(" + v + ")", close, true
}
