package prove

// svRefusals lists the constructs left in the lowered text that Yosys
// 0.23 cannot read and prove does not rewrite, each with its workaround,
// so that prove refuses them by name before Yosys runs (docs/prove.md has
// the table).
func svRefusals(p *svPass) {
	t := p.t
	for i := 0; i < len(t); i++ {
		tk := t[i]
		switch {
		case tk.kind == svOp && tk.text == "{" && (t.op(i+1, "<<") || t.op(i+1, ">>")):
			p.refuseAt(tk, "streaming operator {"+t[i+1].text+"{...}}", "Yosys 0.23 has no streaming operators; write the reordering as a for loop or a generate loop over the bits")
		case tk.kind == svOp && tk.text == "'{":
			p.refuseAt(tk, "assignment pattern '{...}", "Yosys 0.23 reads no assignment patterns; assign the elements (a for loop), or '0 for all zeros")
		case tk.kind == svIdent && tk.text == "type" && (t.is(i-1, "parameter") || t.is(i-1, "localparam") || t.op(i-1, ",") || t.op(i-1, "(")):
			p.refuseAt(tk, "type parameter", "Yosys 0.23 has no type parameters; use a width parameter (parameter int W) and logic [W-1:0]")
		case tk.kind == svIdent && (tk.text == "break" || tk.text == "continue"):
			p.refuseAt(tk, tk.text, "Yosys 0.23 has no "+tk.text+"; keep a flag that the rest of the loop body tests")
		case tk.kind == svIdent && tk.text == "do":
			p.refuseAt(tk, "do ... while", "Yosys 0.23 has no do-while loop; write a for loop with a constant bound")
		case tk.kind == svIdent && tk.text == "disable":
			p.refuseAt(tk, "disable", "Yosys 0.23 cannot disable a block; keep a flag that the rest of the block tests")
		case tk.kind == svIdent && tk.text == "interface" && !t.is(i-1, "end"):
			p.refuseAt(tk, "interface", "prove does not read interfaces; connect the signals as ports")
		case tk.kind == svIdent && enumMethod[tk.text] && t.op(i-1, ".") && t.op(i+1, "(") && i >= 2 &&
			(t[i-2].kind == svIdent || t.op(i-2, ")") || t.op(i-2, "]")):
			p.refuseAt(tk, "method ."+tk.text+"()", "Yosys 0.23 has no enum or array methods; write the value out (for .next(), the next constant by a case)")
		}
	}
	p.unpackedPorts()
	p.routineArgs()
}

// routineArgs refuses a function or task argument with a default value
// and a call that binds arguments by name (f(.x(a))): Yosys 0.23 parses
// neither.
func (p *svPass) routineArgs() {
	t := p.t
	names := map[string]bool{}
	for i := 0; i < len(t); i++ {
		if t[i].kind != svIdent || (t[i].text != "function" && t[i].text != "task") || t.is(i-1, "import") || t.is(i-1, "export") {
			continue
		}
		h := t.semi(i)
		names[t.routineName(i, h)] = true
		for k := i + 1; k < h; k++ {
			if !t.op(k, "(") {
				continue
			}
			c := t.match(k)
			for m := k + 1; m < c; m++ {
				if t[m].kind == svOp && (t[m].text == "(" || t[m].text == "[" || t[m].text == "{") {
					m = t.match(m)
				} else if t.op(m, "=") {
					p.refuseAt(t[m], "default argument value", "Yosys 0.23 reads no default argument values; pass every argument at each call")
				}
			}
			break
		}
	}
	for i := 1; i+2 < len(t); i++ {
		if t[i].kind == svIdent && names[t[i].text] && t.op(i+1, "(") && t.op(i+2, ".") && !t.op(i-1, ".") {
			p.refuseAt(t[i], "argument by name in a call of "+t[i].text, "Yosys 0.23 binds arguments only by position; pass them in order")
		}
	}
}

var enumMethod = map[string]bool{"next": true, "prev": true, "first": true, "last": true, "num": true,
	"name": true, "sum": true, "product": true, "and": true, "or": true, "xor": true, "size": true}

// unpackedPorts refuses ports declared with unpacked dimensions
// (input logic [QW-1:0] q [N]): Yosys 0.23 reads memories but not as ports.
func (p *svPass) unpackedPorts() {
	t := p.t
	for _, s := range t.scopes() {
		if s.kind != "module" {
			continue
		}
		// The ANSI port list: the parenthesis after the name and the
		// parameter list.
		k := s.start + 1
		for k < s.end && !t.op(k, "(") && !t.op(k, ";") {
			if t.op(k, "#") && t.op(k+1, "(") {
				k = t.match(k+1) + 1
				continue
			}
			k++
		}
		if t.op(k, "(") {
			c := t.match(k)
			for m := k + 1; m < c; m++ {
				if t[m].kind == svOp && (t[m].text == "(" || t[m].text == "{") {
					m = t.match(m)
					continue
				}
				if t[m].kind == svIdent && !svKeyword[t[m].text] && t.op(m+1, "[") {
					e := m + 1
					for t.op(e, "[") {
						e = t.match(e) + 1
					}
					if t.op(e, ",") || e == c || t.op(e, "=") {
						p.refuseAt(t[m], "unpacked-array port "+t[m].text, "Yosys 0.23 reads no array ports; declare it packed, logic [N-1:0][W-1:0] (prove flattens those) or logic [N*W-1:0]")
					}
					m = e - 1
				}
			}
		}
		// Ports declared in the body: input ... name [N];
		for m := k; m < s.end; m++ {
			if !(t.is(m, "input") || t.is(m, "output") || t.is(m, "inout")) || t.op(m-1, "(") || t.op(m-1, ",") {
				continue
			}
			e := t.semi(m)
			for n := m + 1; n < e; n++ {
				if t[n].kind == svOp && t[n].text == "[" {
					n = t.match(n)
					continue
				}
				if t[n].kind == svIdent && !svKeyword[t[n].text] && t.op(n+1, "[") {
					p.refuseAt(t[n], "unpacked-array port "+t[n].text, "Yosys 0.23 reads no array ports; declare it packed, logic [N-1:0][W-1:0] (prove flattens those) or logic [N*W-1:0]")
				}
			}
			m = e
		}
	}
}
