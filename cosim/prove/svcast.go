package prove

import (
	"fmt"
	"strconv"
)

// intTypes are the integer types a cast may name: width and signedness.
var intTypes = map[string]struct {
	width  int
	signed bool
}{
	"int": {32, true}, "integer": {32, true}, "shortint": {16, true}, "longint": {64, true},
	"byte": {8, true}, "time": {64, false},
}

// lowerCasts writes a cast to an integer type or to a typedef as a size
// cast Yosys 0.23 reads, with the type's signedness: int'(x) as
// $signed(32'(x)) (x extended by its own signedness, truncated, then
// signed: the value of int'(x)), nib_t'(x) for typedef logic [3:0] nib_t as
// $unsigned((4)'(x)). A typedef is sized from its declaration (vectors,
// integer types, enums, packed structs and unions, and typedefs of those);
// a cast to one prove cannot size is refused.
func lowerCasts(p *svPass) {
	t := p.t
	var tds *typedefs
	for i := 0; i+3 < len(t); i++ {
		// $bits(T) of a typedef: Yosys 0.23 takes T for an expression.
		if t[i].kind == svSys && t[i].text == "$bits" && t.op(i+1, "(") && i+3 < len(t) && t[i+2].kind == svIdent && t.op(i+3, ")") {
			if tds == nil {
				tds = p.typedefs()
			}
			if td := tds.lookup(t[i+2].text, "", i); td != nil && td.width != "" {
				p.edit("$bits of a typedef", p.rep(i, i+3, "("+td.qualified(i)+")"))
				i += 3
			}
			continue
		}
		if t[i].kind != svIdent || !t.op(i+1, "'") || !t.op(i+2, "(") {
			continue
		}
		var width string
		var signed bool
		start := i
		if it, ok := intTypes[t[i].text]; ok {
			width, signed = strconv.Itoa(it.width), it.signed
		} else {
			if svKeyword[t[i].text] {
				continue // signed'(x), unsigned'(x): Yosys reads them
			}
			if tds == nil {
				tds = p.typedefs()
			}
			pkg := ""
			if t.op(i-1, "::") && i >= 2 {
				pkg, start = t[i-2].text, i-2
			}
			td := tds.lookup(t[i].text, pkg, i)
			if td == nil {
				continue // a parameter: W'(x) is a size cast Yosys reads
			}
			if td.width == "" {
				p.refuseAt(t[i], "cast to "+t[i].text, "prove cannot size this type for Yosys 0.23; write a size cast, W'(x), with $signed or $unsigned")
				continue
			}
			width, signed = td.qualified(i), td.signed
		}
		fn := "$unsigned"
		if signed {
			fn = "$signed"
		}
		close := t.match(i + 2)
		p.edit("cast to "+t[i].text, p.rep(start, i+1, fmt.Sprintf("%s((%s)'", fn, width)), p.ins(close, ")"))
		i = close
	}
}
