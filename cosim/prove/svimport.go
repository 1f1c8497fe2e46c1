package prove

// lowerImports replaces package imports, which Yosys 0.23 rejects in a
// module header, in a module body and at file scope, by qualified names:
// import p::*; goes and each use of one of p's names (parameters, types,
// enum constants, functions) in the import's reach (the module for a
// header or body import, the rest of the text for a file-scope one)
// becomes p::name, which Yosys reads. A name the module declares itself as
// well is refused: prove cannot tell which one a use means.
func lowerImports(p *svPass) {
	t := p.t
	scopes := t.scopes()
	pkgs := map[string]map[string]bool{}
	for _, s := range scopes {
		if s.kind == "package" {
			pkgs[s.name] = p.packageNames(s)
		}
	}
	for i := 0; i < len(t); i++ {
		if !t.is(i, "import") || t[i].kind != svIdent || t[i+1].kind == svStr { // import "DPI-C"
			continue
		}
		e := t.semi(i)
		// The reach: the enclosing module (or package), else the rest.
		from, to := e+1, len(t)-1
		owner := svScope{start: -1}
		for _, s := range scopes {
			if s.start < i && i < s.end {
				owner = s
				from, to = s.start, s.end
			}
		}
		names := map[string]string{} // name -> package
		ok := true
		for k := i + 1; k < e; k++ {
			if t[k].kind != svIdent || !t.op(k+1, "::") {
				continue
			}
			pk, item := t[k].text, t[k+2].text
			decl, known := pkgs[pk]
			if !known {
				p.refuseAt(t[i], "import "+pk+"::"+item, "prove cannot find package "+pk+" in your files; give its file with --rtl")
				ok = false
				break
			}
			for n := range decl {
				if item == "*" || item == n {
					names[n] = pk
				}
			}
			k += 2
		}
		if !ok {
			continue
		}
		group := []svEdit{p.rep(i, e, "")}
		local := p.declaredIn(from, to)
		for k := from; k <= to && k < len(t); k++ {
			if k >= i && k <= e {
				continue
			}
			pk, imported := names[t[k].text]
			if !imported || t[k].kind != svIdent || t.op(k-1, ".") || t.op(k-1, "::") || t.op(k+1, "::") {
				continue
			}
			if local[t[k].text] {
				who := "the file"
				if owner.name != "" {
					who = owner.name
				}
				p.refuseAt(t[i], "import "+pk+"::*", t[k].text+" is both imported from "+pk+" and declared in "+who+"; rename one or write "+pk+"::"+t[k].text)
				ok = false
				break
			}
			group = append(group, p.rep(k, k, pk+"::"+t[k].text))
		}
		if ok {
			p.edit("package import", group...)
		}
		i = e
	}
}

// packageNames lists the names a package declares: parameters, types,
// enum constants, functions and tasks.
func (p *svPass) packageNames(s svScope) map[string]bool {
	return p.declaredIn(s.start+2, s.end-1)
}

// declaredIn lists the names declared between tokens from and to: those
// following a declaration keyword or a type (parameters, variables,
// nets, genvars, ports), typedef names and their enum constants, and
// function and task names.
func (p *svPass) declaredIn(from, to int) map[string]bool {
	t := p.t
	out := map[string]bool{}
	for k := from; k <= to && k < len(t); k++ {
		if t[k].kind != svIdent {
			continue
		}
		switch t[k].text {
		case "typedef":
			e := t.semi(k)
			n := e - 1
			if t.op(n, "]") {
				n = t.matchBack(n) - 1
			}
			out[t[n].text] = true
			if t.is(k+1, "enum") {
				for b := k + 1; b < e; b++ {
					if t.op(b, "{") {
						c := t.match(b)
						expect := true
						for m := b + 1; m < c; m++ {
							switch {
							case expect && t[m].kind == svIdent:
								out[t[m].text] = true
								expect = false
							case t.op(m, ","):
								expect = true
							case t[m].kind == svOp && (t[m].text == "(" || t[m].text == "[" || t[m].text == "{"):
								m = t.match(m)
							}
						}
						break
					}
				}
			}
			k = e
		case "function", "task":
			if h := t.semi(k); h < len(t) {
				if n := t.routineName(k, h); n != "" {
					out[n] = true
				}
			}
		case "parameter", "localparam", "logic", "bit", "reg", "wire", "int", "integer", "byte", "shortint",
			"longint", "genvar", "input", "output", "inout", "var", "real", "time", "string", "tri", "wand", "wor", "uwire":
			// The declared names: identifiers at depth 0 up to ';' or ')',
			// each first after the type or a comma.
			e := k + 1
			expect := true
			for ; e <= to && e < len(t); e++ {
				tk := t[e]
				if tk.kind == svOp && (tk.text == ";" || tk.text == ")") {
					break
				}
				switch {
				case tk.kind == svOp && (tk.text == "(" || tk.text == "[" || tk.text == "{" || tk.text == "'{"):
					e = t.match(e)
				case tk.kind == svOp && tk.text == ",":
					expect = true
				case tk.kind == svOp && tk.text == "=":
					expect = false
				case tk.kind == svIdent && expect && !svKeyword[tk.text]:
					// A type name followed by the declared name: the last
					// identifier of the run is the name.
					if e+1 < len(t) && (t[e+1].kind == svIdent && !svKeyword[t[e+1].text] || t.op(e+1, "[") && p.typeBeforeName(e)) {
						continue
					}
					out[tk.text] = true
					expect = false
				}
			}
		}
	}
	return out
}

// typeBeforeName: the identifier at e is a type with packed dimensions
// before a name (T [3:0] x).
func (p *svPass) typeBeforeName(e int) bool {
	t := p.t
	k := e + 1
	for t.op(k, "[") {
		k = t.match(k) + 1
	}
	return k < len(t) && t[k].kind == svIdent && !svKeyword[t[k].text]
}
