package prove

import (
	"fmt"
	"strings"
)

// lowerInside writes e inside {a, [lo:hi], 4'b1?0?} as comparisons, the
// way Verilator 5.006 computes them (what occamy cosim runs; Icarus 11 has
// no inside), as measured item by item (TestInsideMatchesVerilator): every
// operand (e, the items, the bounds) is evaluated and extended by its own
// signedness at the widest one's width W, a range compares signed only
// when every operand is signed, an item is equal after that extension, and
// a literal with x, z or ? digits ignores those bits. IEEE 1800 reads some
// of these otherwise: a negative signed e against a wider unsigned item is
// where they part. With
//
//	W = the largest operand width, S = (((e ^ e) & (lo ^ lo) & ...) - 1 < 0)
//
// (S is 1 when every operand is signed: the difference is then signed and
// -1), e inside {[lo:hi]} is (S ? $signed((W)'(e)) >= $signed((W)'(lo))
// && ... : $unsigned((W)'(e)) >= $unsigned((W)'(lo)) && ...).
//
// An operand's width is $bits({x}), except for a cast N'(x), which is N:
// Yosys 0.23 sizes a narrowing cast (W'(i), i an int) as its operand, in
// $bits as in any context around it. So an operand with a cast inside it
// (W'(i) + 1) is refused, with the workaround of casting it whole. e is
// repeated: an expression without side effects in code Yosys reads.
func lowerInside(p *svPass) {
	t := p.t
	for i := 1; i+1 < len(t); i++ {
		if !t.is(i, "inside") || t[i].kind != svIdent || !t.op(i+1, "{") || t.op(i-1, ")") && p.caseInside(i) {
			continue
		}
		s := p.leftOperand(i, precRelational)
		if s >= i {
			p.refuseAt(t[i], "inside", "prove cannot tell its left operand; put it in parentheses")
			continue
		}
		close := t.match(i + 1)
		e := flat(p.text(s, i-1))
		items, ok := p.setItems(i+1, close, t[i])
		if !ok {
			continue
		}
		m, bad := newMembership(e, [][]setItem{items}, false)
		if m == nil {
			p.refuseAt(t[i], "inside", "prove cannot size the operand "+bad+" for Yosys 0.23 (a cast inside an expression); cast the whole operand, W'(...)")
			continue
		}
		p.edit("inside", p.rep(s, close, m.expr(items)))
		i = close
	}
}

// caseInside: the inside at i follows a case expression.
func (p *svPass) caseInside(i int) bool {
	o := p.t.matchBack(i - 1)
	return o > 0 && (p.t.is(o-1, "case") || p.t.is(o-1, "casez") || p.t.is(o-1, "casex"))
}

// setItem is one item of a set: a value (lo), a range (lo, hi; "$" open)
// or a literal with wildcard bits (lit).
type setItem struct {
	lo, hi string
	rng    bool
	lit    string
}

// setItems reads the comma-separated items between tokens open and close
// (exclusive).
func (p *svPass) setItems(open, close int, at svTok) ([]setItem, bool) {
	t := p.t
	var items []setItem
	ok := true
	item := func(a, b int) {
		if b < a || !ok {
			return
		}
		if t.op(a, "[") && t.match(a) == b {
			c := -1
			for k := a + 1; k < b; k++ {
				if t[k].kind == svOp && (t[k].text == "(" || t[k].text == "[" || t[k].text == "{") {
					k = t.match(k)
				} else if t.op(k, ":") {
					c = k
				}
			}
			if c < 0 {
				p.refuseAt(at, "inside", "a range item other than [lo:hi]; write the comparisons")
				ok = false
				return
			}
			items = append(items, setItem{lo: flat(p.text(a+1, c-1)), hi: flat(p.text(c+1, b-1)), rng: true})
			return
		}
		if a == b && t[a].kind == svLit {
			if bits, size, _, good := litBits(t[a].text); good && strings.ContainsAny(bits, "xz?") {
				if size == 0 {
					p.refuseAt(at, "inside", "an item "+t[a].text+" (all bits wildcards); leave it out")
					ok = false
					return
				}
				items = append(items, setItem{lit: t[a].text})
				return
			}
		}
		items = append(items, setItem{lo: flat(p.text(a, b))})
	}
	start := open + 1
	for k := open + 1; k < close; k++ {
		if t[k].kind == svOp && (t[k].text == "(" || t[k].text == "[" || t[k].text == "{" || t[k].text == "'{") {
			k = t.match(k)
		} else if t.op(k, ",") {
			item(start, k-1)
			start = k + 1
		}
	}
	item(start, close-1)
	return items, ok && len(items) > 0
}

// membership writes the comparisons of e with sets of items
// (lowerInside); case inside compares ranges unsigned whatever the
// signedness, as Verilator 5.006 does.
type membership struct {
	e, s, w  string
	unsigned bool
}

// newMembership sizes the operands of e's sets; it names the operand it
// cannot size when there is one.
func newMembership(e string, sets [][]setItem, caseInside bool) (*membership, string) {
	ops := []string{e}
	for _, set := range sets {
		for _, it := range set {
			switch {
			case it.lit != "":
				mask, _ := wildParts(it.lit)
				ops = append(ops, mask)
			case it.rng:
				for _, b := range []string{it.lo, it.hi} {
					if b != "$" {
						ops = append(ops, b)
					}
				}
			default:
				ops = append(ops, it.lo)
			}
		}
	}
	var zero []string
	m := &membership{e: e, unsigned: caseInside}
	for _, o := range ops {
		zero = append(zero, fmt.Sprintf("((%s) ^ (%s))", o, o))
		w, ok := operandWidth(o)
		if !ok {
			return nil, o
		}
		if m.w == "" {
			m.w = w
		} else {
			m.w = fmt.Sprintf("((%s) > (%s) ? (%s) : (%s))", m.w, w, m.w, w)
		}
	}
	m.s = "((" + strings.Join(zero, " & ") + ") - 1 < 0)"
	return m, ""
}

// operandWidth is the width of an operand as Yosys 0.23 computes it right:
// N for a cast N'(x) (also inside $signed or $unsigned, as int'(x) is
// written), $bits({x}) for an operand without a cast; false for an operand
// with a cast inside it.
func operandWidth(x string) (string, bool) {
	if !strings.Contains(x, "'(") {
		return "$bits({" + x + "})", true
	}
	t := svToks(svLex(x, ""))
	i, end := 0, len(t)-1
	if (t.is(0, "$signed") || t.is(0, "$unsigned")) && t.op(1, "(") && t.match(1) == end {
		i, end = 2, end-1
	}
	// N ' ( ... ) with N a name, a number or a parenthesised expression.
	q := i + 1
	if t.op(i, "(") {
		q = t.match(i) + 1
	}
	if q+1 > end || !t.op(q, "'") || !t.op(q+1, "(") || t.match(q+1) != end || strings.Contains(x[t[q+2].start:t[end].start], "'(") {
		return "", false
	}
	return "(" + x[t[i].start:t[q-1].end] + ")", true
}

// same is x evaluated and extended by its own signedness at the common
// width.
func (m *membership) same(x string) string { return fmt.Sprintf("(%s)'(%s)", m.w, x) }

// ranges is lo <= e <= hi ("$" an open bound) in the compare's signedness.
func (m *membership) ranges(lo, hi string) string {
	cmp := func(f func(string) string) string {
		var parts []string
		if lo != "$" {
			parts = append(parts, fmt.Sprintf("%s >= %s", f(m.e), f(lo)))
		}
		if hi != "$" {
			parts = append(parts, fmt.Sprintf("%s <= %s", f(m.e), f(hi)))
		}
		if len(parts) == 0 {
			return "1'b1"
		}
		return "(" + strings.Join(parts, " && ") + ")"
	}
	unsigned := func(x string) string { return "$unsigned(" + m.same(x) + ")" }
	if m.unsigned {
		return cmp(unsigned)
	}
	signed := func(x string) string { return "$signed(" + m.same(x) + ")" }
	return fmt.Sprintf("(%s ? %s : %s)", m.s, cmp(signed), cmp(unsigned))
}

// expr is e's membership in one set.
func (m *membership) expr(items []setItem) string {
	var terms []string
	for _, it := range items {
		switch {
		case it.rng:
			terms = append(terms, m.ranges(it.lo, it.hi))
		case it.lit != "":
			mask, val := wildParts(it.lit)
			terms = append(terms, fmt.Sprintf("((%s | %s) == %s)", m.same(m.e), m.same(mask), m.same(val)))
		default:
			terms = append(terms, fmt.Sprintf("(%s == %s)", m.same(m.e), m.same(it.lo)))
		}
	}
	return "(" + strings.Join(terms, " || ") + ")"
}

// lowerCaseInside writes case (e) inside as case (1'b1) whose labels are
// the membership comparisons of e with each item's set, in the same order
// (the first matching item wins, as in case inside), all items sized
// together as Verilator 5.006 does.
func lowerCaseInside(p *svPass) {
	t := p.t
	for i := 0; i+1 < len(t); i++ {
		if !t.is(i, "case") || t[i].kind != svIdent || !t.op(i+1, "(") {
			continue
		}
		ce := t.match(i + 1)
		if !t.is(ce+1, "inside") {
			continue
		}
		end := t.blockEnd(i)
		e := flat(p.text(i+2, ce-1))
		type label struct {
			from, to int
			items    []setItem
		}
		var labels []label
		var sets [][]setItem
		ok := true
		for j := ce + 2; j < end; {
			c := t.caseColon(j, end)
			if c >= end {
				break
			}
			if !t.is(j, "default") {
				// The items j..c-1 as a set.
				items, good := p.setItems(j-1, c, t[j])
				if !good {
					ok = false
					break
				}
				labels = append(labels, label{j, c - 1, items})
				sets = append(sets, items)
			}
			j = t.stmtEnd(c+1) + 1
		}
		if !ok {
			i = ce
			continue
		}
		m, bad := newMembership(e, sets, true)
		if m == nil {
			p.refuseAt(t[i], "case inside", "prove cannot size the operand "+bad+" for Yosys 0.23 (a cast inside an expression); cast the whole operand, W'(...)")
			i = ce
			continue
		}
		group := []svEdit{p.rep(i+1, ce+1, "(1'b1)")}
		for _, l := range labels {
			group = append(group, p.rep(l.from, l.to, m.expr(l.items)))
		}
		p.edit("case inside", group...)
		i = ce
	}
}
