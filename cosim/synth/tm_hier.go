package synth

import (
	"bufio"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// HierModule is one module of an elaborated design, as the hierarchy dump
// lists it.
type HierModule struct {
	Name     string     // RTLIL name, e.g. `$paramod$3f..\tm_enqueue` or `occamy_tm`
	Base     string     // the Verilog module it derives from, e.g. tm_enqueue
	Blackbox bool       // a black box (the memory's stub)
	Params   []Param    // its parameters as elaborated, in the dump's order
	Cells    []HierCell // its instances of modules, in the dump's order
}

// HierCell is one instance of a module inside a module.
type HierCell struct {
	Type string // the instantiated module's RTLIL name
	Name string // instance name, e.g. u_hd or g_slice[0].u_mem
	Line int    // the source line it is instantiated at (its src attribute), 0 if not given
}

// Hier is the hierarchy dump of an elaborated design: Yosys's
// `dump =* %C =*/i:* %u` after `hierarchy`, i.e. every module (with its
// parameters and input wires) and every cell that instantiates a module.
type Hier struct {
	Modules map[string]*HierModule
	Order   []string // module names in the dump's order
}

// Param returns the module's parameter name and whether it has it.
func (m *HierModule) Param(name string) (int, bool) {
	for _, p := range m.Params {
		if p.Name == name {
			return p.Value, true
		}
	}
	return 0, false
}

// BaseName returns the Verilog module an RTLIL module name derives from:
// `$paramod$<hash>\NAME` and `$paramod\NAME\P=...` give NAME, `\NAME`
// gives NAME.
func BaseName(rtlil string) string {
	switch {
	case strings.HasPrefix(rtlil, `$paramod$`):
		if i := strings.IndexByte(rtlil, '\\'); i >= 0 {
			return rtlil[i+1:]
		}
	case strings.HasPrefix(rtlil, `$paramod\`):
		rest := rtlil[len(`$paramod\`):]
		if i := strings.IndexByte(rest, '\\'); i >= 0 {
			return rest[:i]
		}
		return rest
	}
	return strings.TrimPrefix(rtlil, `\`)
}

// unescape turns an RTLIL identifier into the name Yosys commands take:
// a public `\name` loses its backslash, a `$...` name stays.
func unescape(id string) string { return strings.TrimPrefix(id, `\`) }

// srcLine reads the first line number of a src attribute such as
// "occamy_tm.sv:193.3-199.5"; 0 when it has none.
func srcLine(attr string) int {
	attr = strings.Trim(attr, `"`)
	if i := strings.LastIndexByte(attr, ':'); i >= 0 {
		attr = attr[i+1:]
	}
	if i := strings.IndexAny(attr, ".-|"); i >= 0 {
		attr = attr[:i]
	}
	n, err := strconv.Atoi(attr)
	if err != nil {
		return 0
	}
	return n
}

// ParseHier reads the hierarchy dump. It fails with a *ParseError naming
// the line for a module, parameter or cell line it does not understand, a
// module listed twice, or a dump with no module.
func ParseHier(text string) (Hier, error) {
	perr := func(format string, a ...any) (Hier, error) {
		return Hier{}, &ParseError{What: "hierarchy", Module: "the design", Reason: fmt.Sprintf(format, a...)}
	}
	h := Hier{Modules: map[string]*HierModule{}}
	var cur *HierModule
	blackbox := false // an `attribute \blackbox 1` before the next module
	inCell := false
	line0 := 0 // the src line of the attribute before the next cell
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	n := 0
	for sc.Scan() {
		n++
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		indent := len(raw) - len(strings.TrimLeft(raw, " "))
		switch {
		case cur == nil && indent == 0 && f[0] == "attribute":
			if len(f) == 3 && f[1] == `\blackbox` && f[2] == "1" {
				blackbox = true
			}
		case cur == nil && f[0] == "module":
			if len(f) != 2 || indent != 0 {
				return perr("line %d: %q is not \"module NAME\"", n, line)
			}
			name := unescape(f[1])
			if _, dup := h.Modules[name]; dup {
				return perr("line %d: module %s listed twice", n, name)
			}
			cur = &HierModule{Name: name, Base: BaseName(f[1]), Blackbox: blackbox}
			h.Modules[name] = cur
			h.Order = append(h.Order, name)
			blackbox = false
		case cur == nil:
			// autoidx and other top-level lines.
		case indent == 0 && f[0] == "end":
			sort.SliceStable(cur.Cells, func(a, b int) bool {
				ca, cb := cur.Cells[a], cur.Cells[b]
				if ca.Line != cb.Line {
					return ca.Line < cb.Line
				}
				return ca.Name < cb.Name
			})
			cur, inCell = nil, false
		case inCell:
			if indent == 2 && f[0] == "end" {
				inCell = false
			}
		case indent == 2 && f[0] == "attribute" && len(f) == 3 && f[1] == `\src`:
			line0 = srcLine(f[2])
		case indent == 2 && f[0] == "parameter":
			// `parameter \N 64`; a parameter without a value or with a
			// non-integer one is not something the TM's modules have.
			if len(f) != 3 {
				return perr("line %d: parameter line %q is not \"parameter \\NAME VALUE\"", n, line)
			}
			v, err := strconv.Atoi(f[2])
			if err != nil {
				return perr("line %d: parameter %s of %s has the non-integer value %q", n, unescape(f[1]), cur.Name, f[2])
			}
			cur.Params = append(cur.Params, Param{unescape(f[1]), v})
		case indent == 2 && f[0] == "cell":
			if len(f) != 3 {
				return perr("line %d: cell line %q is not \"cell TYPE NAME\"", n, line)
			}
			cur.Cells = append(cur.Cells, HierCell{Type: unescape(f[1]), Name: unescape(f[2]), Line: line0})
			inCell, line0 = true, 0
		}
	}
	if err := sc.Err(); err != nil {
		return perr("%v", err)
	}
	if cur != nil {
		return perr("module %s has no \"end\"", cur.Name)
	}
	if len(h.Order) == 0 {
		return perr("no \"module NAME\" line")
	}
	return h, nil
}

// HierPart is one instance of a non-memory sub-module in the hierarchy.
type HierPart struct {
	Path   string // instance path from the top, e.g. u_hd.u_maxfind
	Module *HierModule
	Depth  int // 1 for an instance in the top
}

// HierMemory is one memory instance (a black box).
type HierMemory struct {
	Path   string
	Module *HierModule
}

// Walk lists, depth first in source order (each module's cells by the line
// they are instantiated at, then by name), every instance under
// top: memories (instances of a black box whose base is mem) and the
// other sub-modules. It fails when top is missing, a cell's module is not
// in the dump, or an instance of mem is not a black box.
func (h Hier) Walk(top, mem string) ([]HierPart, []HierMemory, error) {
	t := h.Modules[top]
	if t == nil {
		return nil, nil, &ParseError{What: "hierarchy", Module: top, Reason: "the top is not in the dump (modules: " + strings.Join(h.Order, ", ") + ")"}
	}
	var parts []HierPart
	var mems []HierMemory
	var walk func(m *HierModule, prefix string, depth int) error
	walk = func(m *HierModule, prefix string, depth int) error {
		for _, c := range m.Cells {
			sub := h.Modules[c.Type]
			if sub == nil {
				return &ParseError{What: "hierarchy", Module: m.Name, Reason: fmt.Sprintf("cell %s's module %s is not in the dump", c.Name, c.Type)}
			}
			path := prefix + c.Name
			if sub.Base == mem {
				if !sub.Blackbox {
					return &ParseError{What: "hierarchy", Module: m.Name, Reason: fmt.Sprintf("memory %s (%s) is not a black box", path, c.Type)}
				}
				mems = append(mems, HierMemory{Path: path, Module: sub})
				continue
			}
			parts = append(parts, HierPart{Path: path, Module: sub, Depth: depth})
			if err := walk(sub, path+".", depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(t, "", 1); err != nil {
		return nil, nil, err
	}
	return parts, mems, nil
}
