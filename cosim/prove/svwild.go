package prove

import (
	"fmt"
	"strconv"
	"strings"
)

// lowerWildEq writes a ==? L and a !=? L, L a literal, as a compare that
// ignores L's x, z and ? bits: ((a) | W) == V with W those bits and V the
// literal with them set. Against anything but a literal the mask is not
// known before simulation: refused.
func lowerWildEq(p *svPass) {
	t := p.t
	for i := 1; i+1 < len(t); i++ {
		if !t.op(i, "==?") && !t.op(i, "!=?") {
			continue
		}
		s := p.leftOperand(i, precEquality)
		r := i + 1
		if s >= i || t[r].kind != svLit || r+1 < len(t) && binPrec(t, r+1) > precEquality {
			p.refuseAt(t[i], t[i].text, "prove lowers a "+t[i].text+" L with L a literal (its x, z and ? bits ignored); write ((a) & MASK) == (VALUE & MASK)")
			continue
		}
		op := "=="
		if t[i].text == "!=?" {
			op = "!="
		}
		w, ok := wildCompare(flat(p.text(s, i-1)), t[r].text, op)
		if !ok {
			p.refuseAt(t[i], t[i].text, "prove cannot read the literal "+t[r].text)
			continue
		}
		p.edit(t[i].text, p.rep(s, r, w))
		i = r
	}
}

// wildCompare is the comparison op (== or !=) of e with a literal whose x,
// z and ? bits are wildcards: ((e) | MASK) op VALUE, MASK those bits and
// VALUE the literal with them set, both of the literal's width and
// signedness (so extended as the literal would be).
func wildCompare(e, lit, op string) (string, bool) {
	bits, size, _, ok := litBits(lit)
	if !ok {
		return "", false
	}
	if !strings.ContainsAny(bits, "xz?") {
		return fmt.Sprintf("((%s) %s (%s))", e, op, lit), true
	}
	if size == 0 { // 'x, 'z: every bit a wildcard
		if op == "==" {
			return "1'b1", true
		}
		return "1'b0", true
	}
	mask, val := wildParts(lit)
	return fmt.Sprintf("(((%s) | %s) %s %s)", e, mask, op, val), true
}

// wildParts is a literal with wildcard bits as MASK (those bits) and VALUE
// (the literal with them set), of its width and signedness.
func wildParts(lit string) (mask, val string) {
	bits, _, signed, _ := litBits(lit)
	var w, v strings.Builder
	for _, b := range bits {
		if b == 'x' || b == 'z' || b == '?' {
			w.WriteByte('1')
			v.WriteByte('1')
		} else {
			w.WriteByte('0')
			v.WriteByte(byte(b))
		}
	}
	s := ""
	if signed {
		s = "s"
	}
	return fmt.Sprintf("%d'%sb%s", len(bits), s, w.String()), fmt.Sprintf("%d'%sb%s", len(bits), s, v.String())
}

// litBits reads a based literal: its bits MSB first ('0', '1', 'x', 'z',
// '?'), its declared size (0 for '0 '1 'x 'z) and signedness.
func litBits(lit string) (bits string, size int, signed, ok bool) {
	lit = strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(lit, "_", ""), " ", ""))
	q := strings.IndexByte(lit, '\'')
	if q < 0 {
		return "", 0, false, false
	}
	rest := lit[q+1:]
	if len(rest) == 1 { // '0 '1 'x 'z
		return rest, 0, false, true
	}
	size = 32
	if q > 0 {
		n, err := strconv.Atoi(lit[:q])
		if err != nil || n <= 0 || n > 4096 {
			return "", 0, false, false
		}
		size = n
	}
	if rest[0] == 's' {
		signed, rest = true, rest[1:]
	}
	if rest == "" {
		return "", 0, false, false
	}
	base, digits := rest[0], rest[1:]
	per := map[byte]int{'b': 1, 'o': 3, 'h': 4}[base]
	var b strings.Builder
	switch {
	case per > 0:
		for i := 0; i < len(digits); i++ {
			c := digits[i]
			if c == 'x' || c == 'z' || c == '?' {
				b.WriteString(strings.Repeat(string(c), per))
				continue
			}
			v, err := strconv.ParseUint(string(c), 16, 8)
			if err != nil || int(v) >= 1<<per {
				return "", 0, false, false
			}
			b.WriteString(fmt.Sprintf("%0*b", per, v))
		}
	case base == 'd':
		if digits == "x" || digits == "z" || digits == "?" {
			b.WriteString(strings.Repeat(digits, size))
		} else {
			v, err := strconv.ParseUint(digits, 10, 64)
			if err != nil {
				return "", 0, false, false
			}
			b.WriteString(strconv.FormatUint(v, 2))
		}
	default:
		return "", 0, false, false
	}
	s := b.String()
	if len(s) > size {
		s = s[len(s)-size:]
	} else if len(s) < size {
		pad := "0"
		if s != "" && (s[0] == 'x' || s[0] == 'z' || s[0] == '?') {
			pad = string(s[0])
		}
		s = strings.Repeat(pad, size-len(s)) + s
	}
	return s, size, signed, true
}
