package tm

import (
	"fmt"
	"strconv"
	"strings"

	"occamy/rtl/port"
)

// A small reader of a Verilog module's ANSI header (its #(...) parameter
// list and its (...) port list), enough for the port tables' test to
// compare each sub-block's Go table with the module it models: parameters
// with default expressions, ports with packed ranges, and an integer
// expression evaluator for the widths (+ - * / % **, shifts, compares,
// && || !, ?:, parentheses, $clog2). Nothing else of the file is read.

type vtok struct {
	kind byte // 'i' identifier or system name, 'n' number, 'p' punctuation
	s    string
	v    int64
}

// vlex splits src into tokens, dropping comments and whitespace; `define
// lines, compiler directives and attributes are dropped too.
func vlex(src string) ([]vtok, error) {
	var t []vtok
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return nil, fmt.Errorf("unterminated comment")
			}
			i += j + 4
		case strings.HasPrefix(src[i:], "(*"):
			j := strings.Index(src[i+2:], "*)")
			if j < 0 {
				return nil, fmt.Errorf("unterminated attribute")
			}
			i += j + 4
		case c == '`':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '"':
			j := strings.IndexByte(src[i+1:], '"')
			if j < 0 {
				return nil, fmt.Errorf("unterminated string")
			}
			t = append(t, vtok{'p', "\"", 0})
			i += j + 2
		case c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i + 1
			for j < len(src) && (src[j] == '_' || src[j] == '$' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			t = append(t, vtok{'i', src[i:j], 0})
			i = j
		case c >= '0' && c <= '9' || c == '\'':
			j := i
			for j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == '_') {
				j++
			}
			if j == i && (j+1 >= len(src) || !strings.ContainsRune("sSdDhHbBoO01", rune(src[j+1]))) {
				t = append(t, vtok{'p', "'", 0})
				i++
				continue
			}
			if j < len(src) && src[j] == '\'' {
				// A sized or based literal: size'base digits.
				k := j + 1
				if k < len(src) && (src[k] == 's' || src[k] == 'S') {
					k++
				}
				if k >= len(src) {
					return nil, fmt.Errorf("bad literal at %d", i)
				}
				base := 10
				switch src[k] {
				case 'd', 'D':
				case 'h', 'H':
					base = 16
				case 'b', 'B':
					base = 2
				case 'o', 'O':
					base = 8
				case '0', '1':
					// '0, '1: all zeros or ones; only '0 is meaningful without a width.
					t = append(t, vtok{'n', src[i : k+1], int64(src[k] - '0')})
					i = k + 1
					continue
				default:
					// A cast, size'(expr): keep the size, drop the tick.
					v, err := strconv.ParseInt(strings.ReplaceAll(src[i:j], "_", ""), 10, 64)
					if err != nil {
						return nil, fmt.Errorf("bad cast size %q", src[i:j])
					}
					t = append(t, vtok{'n', src[i:j], v}, vtok{'p', "'", 0})
					i = j + 1
					continue
				}
				k++
				e := k
				for e < len(src) && (src[e] == '_' || src[e] >= '0' && src[e] <= '9' || src[e] >= 'a' && src[e] <= 'f' || src[e] >= 'A' && src[e] <= 'F') {
					e++
				}
				v, err := strconv.ParseInt(strings.ReplaceAll(src[k:e], "_", ""), base, 64)
				if err != nil {
					return nil, fmt.Errorf("bad literal %q", src[i:e])
				}
				t = append(t, vtok{'n', src[i:e], v})
				i = e
				continue
			}
			if j == i {
				t = append(t, vtok{'p', "'", 0})
				i++
				continue
			}
			v, err := strconv.ParseInt(strings.ReplaceAll(src[i:j], "_", ""), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("bad number %q", src[i:j])
			}
			t = append(t, vtok{'n', src[i:j], v})
			i = j
		default:
			p := string(c)
			for _, op := range []string{"**", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+:", "-:", "::"} {
				if strings.HasPrefix(src[i:], op) {
					p = op
					break
				}
			}
			t = append(t, vtok{'p', p, 0})
			i += len(p)
		}
	}
	return t, nil
}

// vparam is one entry of a module's parameter list.
type vparam struct {
	name  string
	local bool
	expr  []vtok
}

// vport is one port of a module's ANSI port list; rng is its packed
// range "msb:lsb", nil for a 1-bit port.
type vport struct {
	name string
	dir  port.Dir
	rng  []vtok
}

// vmodule is a module's header.
type vmodule struct {
	name   string
	params []vparam
	ports  []vport
}

// parseHeader reads module name's header from src.
func parseHeader(src, name string) (*vmodule, error) {
	t, err := vlex(src)
	if err != nil {
		return nil, err
	}
	i := 0
	for ; i+1 < len(t); i++ {
		if t[i].kind == 'i' && t[i].s == "module" && t[i+1].s == name {
			break
		}
	}
	if i+1 >= len(t) {
		return nil, fmt.Errorf("no module %s", name)
	}
	i += 2
	m := &vmodule{name: name}
	if i < len(t) && t[i].s == "import" {
		for i < len(t) && t[i].s != ";" {
			i++
		}
		i++
	}
	if i+1 < len(t) && t[i].s == "#" && t[i+1].s == "(" {
		items, next, err := vsplit(t, i+1)
		if err != nil {
			return nil, fmt.Errorf("%s parameters: %w", name, err)
		}
		i = next
		local := false
		for _, it := range items {
			p, err := vparseParam(it, &local)
			if err != nil {
				return nil, fmt.Errorf("%s parameters: %w", name, err)
			}
			m.params = append(m.params, p)
		}
	}
	if i >= len(t) || t[i].s != "(" {
		return nil, fmt.Errorf("%s: no port list", name)
	}
	items, _, err := vsplit(t, i)
	if err != nil {
		return nil, fmt.Errorf("%s ports: %w", name, err)
	}
	var prev vport
	for _, it := range items {
		p, err := vparsePort(it, &prev)
		if err != nil {
			return nil, fmt.Errorf("%s ports: %w", name, err)
		}
		m.ports = append(m.ports, p)
	}
	return m, nil
}

// vsplit returns the comma-separated items of the parenthesised list that
// opens at t[open], and the index after its closing parenthesis.
func vsplit(t []vtok, open int) ([][]vtok, int, error) {
	depth := 0
	var items [][]vtok
	start := open + 1
	for i := open; i < len(t); i++ {
		switch t[i].s {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				if i > start {
					items = append(items, t[start:i])
				}
				return items, i + 1, nil
			}
		case ",":
			if depth == 1 {
				items = append(items, t[start:i])
				start = i + 1
			}
		}
	}
	return nil, 0, fmt.Errorf("unbalanced list")
}

var vtypes = map[string]bool{"int": true, "integer": true, "logic": true, "bit": true, "unsigned": true, "signed": true, "wire": true, "reg": true, "var": true, "type": true, "longint": true, "shortint": true}

// vparseParam reads "[parameter|localparam] [type] [range] NAME = expr";
// an entry without the keyword keeps the previous one's kind.
func vparseParam(it []vtok, local *bool) (vparam, error) {
	i := 0
	if i < len(it) && (it[i].s == "parameter" || it[i].s == "localparam") {
		*local = it[i].s == "localparam"
		i++
	}
	for i < len(it) && vtypes[it[i].s] {
		i++
	}
	if i < len(it) && it[i].s == "[" {
		for i < len(it) && it[i].s != "]" {
			i++
		}
		i++
	}
	if i+1 >= len(it) || it[i].kind != 'i' || it[i+1].s != "=" {
		return vparam{}, fmt.Errorf("cannot read parameter %s", vjoin(it))
	}
	return vparam{name: it[i].s, local: *local, expr: it[i+2:]}, nil
}

// vparsePort reads "[input|output] [type] [signed] [[msb:lsb]] NAME"; an
// entry without a direction keeps the previous one's, and a bare name the
// previous one's range too.
func vparsePort(it []vtok, prev *vport) (vport, error) {
	if len(it) == 1 && it[0].kind == 'i' && prev.dir != 0 {
		// "a_o, b_o": b_o has a_o's direction, type and range.
		p := *prev
		p.name = it[0].s
		return p, nil
	}
	i := 0
	dir := prev.dir
	if i < len(it) {
		switch it[i].s {
		case "input":
			dir = port.In
			i++
		case "output":
			dir = port.Out
			i++
		case "inout":
			return vport{}, fmt.Errorf("inout port %s", vjoin(it))
		}
	}
	if dir == 0 {
		return vport{}, fmt.Errorf("port without a direction: %s", vjoin(it))
	}
	for i < len(it) && vtypes[it[i].s] {
		i++
	}
	p := vport{dir: dir}
	if i < len(it) && it[i].s == "[" {
		depth, j := 0, i
		for ; j < len(it); j++ {
			switch it[j].s {
			case "[", "(", "{":
				depth++
			case "]", ")", "}":
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j >= len(it) {
			return vport{}, fmt.Errorf("cannot read the range of %s", vjoin(it))
		}
		p.rng = it[i+1 : j]
		i = j + 1
	}
	if i != len(it)-1 || it[i].kind != 'i' {
		return vport{}, fmt.Errorf("cannot read port %s", vjoin(it))
	}
	p.name = it[i].s
	*prev = p
	return p, nil
}

func vjoin(t []vtok) string {
	s := make([]string, len(t))
	for i, x := range t {
		s[i] = x.s
	}
	return strings.Join(s, " ")
}

// ports evaluates the header with the non-local parameters in set (the
// others at their defaults) and returns the ports with their widths, and
// the parameters set names that the module does not declare.
func (m *vmodule) portsAt(set map[string]int) ([]port.Port, error) {
	env := map[string]int64{}
	declared := map[string]bool{}
	for _, p := range m.params {
		declared[p.name] = true
		if v, ok := set[p.name]; ok && !p.local {
			env[p.name] = int64(v)
			continue
		}
		v, err := veval(p.expr, env)
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %w", p.name, err)
		}
		env[p.name] = v
	}
	for n := range set {
		if !declared[n] {
			return nil, fmt.Errorf("parameter %s is not declared by %s", n, m.name)
		}
	}
	out := make([]port.Port, 0, len(m.ports))
	for _, p := range m.ports {
		w := int64(1)
		if p.rng != nil {
			e := &vexpr{t: p.rng, env: env}
			a, err := e.ternary()
			if err == nil {
				err = e.expect(":")
			}
			var b int64
			if err == nil {
				b, err = e.ternary()
			}
			if err == nil && e.i != len(p.rng) {
				err = fmt.Errorf("unexpected %q", p.rng[e.i].s)
			}
			if err != nil {
				return nil, fmt.Errorf("port %s: range %s: %w", p.name, vjoin(p.rng), err)
			}
			w = a - b + 1
			if b > a {
				w = b - a + 1
			}
		}
		out = append(out, port.Port{Name: p.name, Dir: p.dir, Width: int(w)})
	}
	return out, nil
}

// veval evaluates a constant expression over env.
func veval(t []vtok, env map[string]int64) (int64, error) {
	e := &vexpr{t: t, env: env}
	v, err := e.ternary()
	if err != nil {
		return 0, err
	}
	if e.i != len(t) {
		return 0, fmt.Errorf("unexpected %q in %s", t[e.i].s, vjoin(t))
	}
	return v, nil
}

type vexpr struct {
	t   []vtok
	i   int
	env map[string]int64
}

func (e *vexpr) peek() string {
	if e.i < len(e.t) {
		return e.t[e.i].s
	}
	return ""
}

func (e *vexpr) expect(s string) error {
	if e.peek() != s {
		return fmt.Errorf("want %q at %d in %s", s, e.i, vjoin(e.t))
	}
	e.i++
	return nil
}

func (e *vexpr) ternary() (int64, error) {
	c, err := e.binary(0)
	if err != nil || e.peek() != "?" {
		return c, err
	}
	e.i++
	a, err := e.ternary()
	if err != nil {
		return 0, err
	}
	if err := e.expect(":"); err != nil {
		return 0, err
	}
	b, err := e.ternary()
	if err != nil {
		return 0, err
	}
	if c != 0 {
		return a, nil
	}
	return b, nil
}

// vprec lists the binary operators from the loosest.
var vprec = [][]string{{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">="}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}, {"**"}}

func (e *vexpr) binary(level int) (int64, error) {
	if level == len(vprec) {
		return e.unary()
	}
	a, err := e.binary(level + 1)
	if err != nil {
		return 0, err
	}
	for {
		op := e.peek()
		found := false
		for _, o := range vprec[level] {
			if o == op {
				found = true
			}
		}
		if !found {
			return a, nil
		}
		e.i++
		b, err := e.binary(level + 1)
		if err != nil {
			return 0, err
		}
		if a, err = vapply(op, a, b); err != nil {
			return 0, err
		}
	}
}

func vbool(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func vapply(op string, a, b int64) (int64, error) {
	switch op {
	case "||":
		return vbool(a != 0 || b != 0), nil
	case "&&":
		return vbool(a != 0 && b != 0), nil
	case "|":
		return a | b, nil
	case "^":
		return a ^ b, nil
	case "&":
		return a & b, nil
	case "==":
		return vbool(a == b), nil
	case "!=":
		return vbool(a != b), nil
	case "<":
		return vbool(a < b), nil
	case "<=":
		return vbool(a <= b), nil
	case ">":
		return vbool(a > b), nil
	case ">=":
		return vbool(a >= b), nil
	case "<<":
		if b < 0 || b > 62 {
			return 0, fmt.Errorf("shift by %d", b)
		}
		return a << uint(b), nil
	case ">>":
		if b < 0 || b > 62 {
			return 0, fmt.Errorf("shift by %d", b)
		}
		return a >> uint(b), nil
	case "+":
		return a + b, nil
	case "-":
		return a - b, nil
	case "*":
		return a * b, nil
	case "/", "%":
		if b == 0 {
			return 0, fmt.Errorf("division by zero")
		}
		if op == "/" {
			return a / b, nil
		}
		return a % b, nil
	case "**":
		if b < 0 || b > 62 {
			return 0, fmt.Errorf("power %d", b)
		}
		r := int64(1)
		for ; b > 0; b-- {
			r *= a
		}
		return r, nil
	}
	return 0, fmt.Errorf("operator %q", op)
}

func (e *vexpr) unary() (int64, error) {
	switch e.peek() {
	case "-", "+", "!", "~":
		op := e.peek()
		e.i++
		v, err := e.unary()
		switch op {
		case "-":
			v = -v
		case "!":
			v = vbool(v == 0)
		case "~":
			v = ^v
		}
		return v, err
	}
	return e.primary()
}

func (e *vexpr) primary() (int64, error) {
	if e.i >= len(e.t) {
		return 0, fmt.Errorf("expression ends early: %s", vjoin(e.t))
	}
	x := e.t[e.i]
	e.i++
	switch {
	case x.s == "(":
		v, err := e.ternary()
		if err != nil {
			return 0, err
		}
		return v, e.expect(")")
	case x.kind == 'n':
		if e.peek() == "'" { // size'(expr): the value, kept to its size
			e.i++
			if err := e.expect("("); err != nil {
				return 0, err
			}
			v, err := e.ternary()
			if err != nil {
				return 0, err
			}
			if x.v < 63 {
				v &= 1<<uint(x.v) - 1
			}
			return v, e.expect(")")
		}
		return x.v, nil
	case x.s == "$clog2":
		if err := e.expect("("); err != nil {
			return 0, err
		}
		v, err := e.ternary()
		if err != nil {
			return 0, err
		}
		if err := e.expect(")"); err != nil {
			return 0, err
		}
		n := int64(0)
		for n < 63 && int64(1)<<uint(n) < v {
			n++
		}
		return n, nil
	case x.kind == 'i':
		v, ok := e.env[x.s]
		if !ok {
			return 0, fmt.Errorf("unknown name %s", x.s)
		}
		return v, nil
	}
	return 0, fmt.Errorf("unexpected %q in %s", x.s, vjoin(e.t))
}
