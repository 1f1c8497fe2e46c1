package verilator

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/big"
	"occamy/cosim"
	"occamy/rtl/port"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// maxPortWidth bounds a port's width; wider ports are rejected as input
// errors rather than allocated.
const maxPortWidth = 1 << 20

// xmlDtype is one entry of the XML type table.
type xmlDtype struct {
	kind     string // element name, e.g. "basicdtype"
	name     string
	left     string
	right    string
	hasRange bool
	sub      string   // sub_dtype_id
	members  []string // struct/union member dtype ids
	rng      [2]string
}

// xmlVar is a port declaration of a module.
type xmlVar struct {
	name, dir, dtype string
}

// xmlModule is a module as read, before its port widths are known.
type xmlModule struct {
	name, orig string
	params     map[string]string
	vars       []xmlVar
	top        bool
}

// ParseElaboration reads the XML that `verilator --xml-only` writes and
// returns the top module's ports and the files read. Ports must be packed
// (scalars, vectors, packed arrays, packed structs, enums) and be inputs or
// outputs; anything else is an error naming the port.
func ParseElaboration(r io.Reader) (*cosim.Elaboration, error) {
	dec := xml.NewDecoder(r)
	el := &cosim.Elaboration{}
	types := map[string]*xmlDtype{}
	var vars []xmlVar
	var mods []*xmlModule
	var (
		inFiles   bool
		topDepth  = -1 // depth of the top <module>, -1 outside it
		modDepth  = -1 // depth of the current <module>, -1 outside any
		cur       *xmlModule
		param     string // the parameter whose <const> comes next, "" when none
		paramInt  bool   // that parameter is an int or integer (signed 32 bits)
		depth     int
		curDtype  *xmlDtype             // open struct/union/packarray under construction
		rangeIdx  = -1                  // which bound of a packarray <range> comes next
		dtypeDeep int                   // depth of curDtype's element
		fileIDs   = map[string]string{} // XML file id -> file name
		loops     []string              // names of the open generate-loop copies ("g_q[3]")
		begins    []bool                // per open <begin>: it is a loop copy
	)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("cosim: reading Verilator XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			a := attrs(t.Attr)
			switch name := t.Name.Local; {
			case name == "files":
				inFiles = true
			case name == "file" && inFiles:
				if f := a["filename"]; f != "" && !strings.HasPrefix(f, "<") {
					el.Files = append(el.Files, xmlBytes(f))
					fileIDs[a["id"]] = xmlBytes(f)
				}
			case name == "begin":
				isCopy := loopCopy.MatchString(a["name"])
				begins = append(begins, isCopy)
				if isCopy {
					loops = append(loops, a["name"])
				}
			case name == "varxref" && len(loops) > 0 && modDepth >= 0:
				el.LoopRefs = append(el.LoopRefs, fmt.Sprintf("%s: %s.%s in %s", locText(a["loc"], fileIDs), a["dotted"], a["name"], loops[len(loops)-1]))
			case name == "module" && modDepth < 0:
				cur = &xmlModule{name: a["name"], orig: a["origName"], params: map[string]string{}}
				if cur.orig == "" {
					cur.orig = cur.name
				}
				mods = append(mods, cur)
				modDepth = depth
				if a["topModule"] == "1" && topDepth < 0 && el.Top == "" {
					el.Top = a["name"]
					topDepth = depth
					cur.top = true
				}
			case name == "var" && modDepth >= 0 && depth == modDepth+1 && a["dir"] != "":
				v := xmlVar{name: a["name"], dir: a["dir"], dtype: a["dtype_id"]}
				cur.vars = append(cur.vars, v)
				if topDepth >= 0 {
					vars = append(vars, v)
				}
			case name == "var" && modDepth >= 0 && depth == modDepth+1 && a["param"] == "true" && a["localparam"] != "true":
				param, paramInt = a["name"], a["vartype"] == "int" || a["vartype"] == "integer"
			case name == "const" && param != "" && depth == modDepth+2:
				if v, ok := constDecimal(a["name"], paramInt); ok {
					cur.params[param] = v
				}
				param = ""
			case strings.HasSuffix(name, "dtype") && name != "memberdtype" && a["id"] != "":
				d := &xmlDtype{kind: name, name: a["name"], left: a["left"], right: a["right"], sub: a["sub_dtype_id"]}
				_, hasL := a["left"]
				_, hasR := a["right"]
				d.hasRange = hasL && hasR
				types[a["id"]] = d
				curDtype, dtypeDeep, rangeIdx = d, depth, -1
			case name == "memberdtype" && curDtype != nil:
				curDtype.members = append(curDtype.members, a["sub_dtype_id"])
			case name == "range" && curDtype != nil && depth == dtypeDeep+1:
				rangeIdx = 0
			case name == "const" && curDtype != nil && rangeIdx >= 0 && rangeIdx < 2 && depth == dtypeDeep+2:
				curDtype.rng[rangeIdx] = a["name"]
				rangeIdx++
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "files":
				inFiles = false
			case "begin":
				if n := len(begins); n > 0 {
					if begins[n-1] {
						loops = loops[:len(loops)-1]
					}
					begins = begins[:n-1]
				}
			case "module":
				if depth == topDepth {
					topDepth = -1
				}
				if depth == modDepth {
					modDepth, cur = -1, nil
				}
			case "var":
				if depth == modDepth+1 {
					param = ""
				}
			}
			if curDtype != nil && depth == dtypeDeep {
				curDtype, rangeIdx = nil, -1
			}
			depth--
		}
	}
	if el.Top == "" {
		return nil, errors.New("cosim: Verilator XML names no top module")
	}
	el.Files = dropSpaceCuts(el.Files)
	widths := map[string]int{}
	for _, v := range vars {
		p := port.Port{Name: v.name}
		switch v.dir {
		case "input":
			p.Dir = port.In
		case "output":
			p.Dir = port.Out
		default:
			return nil, fmt.Errorf("cosim: port %s of %s is an %s; only input and output ports are supported", v.name, el.Top, v.dir)
		}
		w, err := dtypeWidth(types, widths, v.dtype, 0)
		if err != nil {
			return nil, fmt.Errorf("cosim: port %s of %s: %w", v.name, el.Top, err)
		}
		p.Width = w
		el.Ports = append(el.Ports, p)
	}
	for _, m := range mods {
		el.Modules = append(el.Modules, m.sized(types, widths))
	}
	return el, nil
}

// sized is the module with its port widths from the type table.
func (m *xmlModule) sized(types map[string]*xmlDtype, widths map[string]int) cosim.Module {
	out := cosim.Module{Name: m.name, Orig: m.orig, Params: m.params}
	for _, v := range m.vars {
		p := port.Port{Name: v.name}
		switch v.dir {
		case "input":
			p.Dir = port.In
		case "output":
			p.Dir = port.Out
		default:
			out.Err = fmt.Errorf("port %s of %s is an %s", v.name, m.orig, v.dir)
			return out
		}
		w, err := dtypeWidth(types, widths, v.dtype, 0)
		if err != nil {
			out.Err = fmt.Errorf("port %s of %s: %w", v.name, m.orig, err)
			return out
		}
		p.Width = w
		out.Ports = append(out.Ports, p)
	}
	return out
}

// constDecimal turns a Verilator constant ("32'sh10", "32'h40", "1'b1") into
// a decimal string, negative when its top bit is set and it is signed: an
// "s" constant, or the value of an int parameter (Verilator writes a
// negative int default as "32'hffffffff").
func constDecimal(c string, signedInt bool) (string, bool) {
	i := strings.IndexByte(c, '\'')
	if i <= 0 || i+2 > len(c) {
		return "", false
	}
	bits, ok := new(big.Int).SetString(c[:i], 10)
	if !ok || bits.Sign() <= 0 || bits.Cmp(big.NewInt(maxPortWidth)) > 0 {
		return "", false
	}
	r := c[i+1:]
	signed := r[0] == 's'
	if signed {
		r = r[1:]
	}
	if r == "" {
		return "", false
	}
	base := map[byte]int{'h': 16, 'd': 10, 'b': 2, 'o': 8}[r[0]]
	if base == 0 {
		return "", false
	}
	v, ok := new(big.Int).SetString(strings.ReplaceAll(r[1:], "_", ""), base)
	if !ok || v.Sign() < 0 {
		return "", false
	}
	n := int(bits.Int64())
	if (signed || signedInt && n == 32) && v.BitLen() == n {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(n)))
	}
	return v.String(), true
}

// xmlBytes undoes Verilator 5.006's escaping of file names: it writes each
// byte of a non-ASCII name as its own character reference (ü, UTF-8 C3 BC,
// as "&#195;&#188;"), which the XML decoder reads as the runes U+00C3
// U+00BC. When every rune fits a byte, those bytes are the name.
func xmlBytes(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xff {
			return s // a real multi-byte character: not byte-escaped
		}
		b = append(b, byte(r))
	}
	if !utf8.Valid(b) {
		return s
	}
	return string(b)
}

// dropSpaceCuts removes the bogus entries Verilator 5.006 lists for a path
// with a space: the path cut at its first space ("/tmp/my dir/a.sv" also
// gives "/tmp/my"). An entry that, followed by a space, starts another
// entry is such a cut.
func dropSpaceCuts(files []string) []string {
	// In sorted order the names starting with f+" " begin at the first
	// name not below f+" ", so each test is one binary search: linear in
	// the names' total length, whatever a hostile file list holds.
	sorted := append([]string(nil), files...)
	sort.Strings(sorted)
	out := files[:0:0]
	for _, f := range files {
		p := f + " "
		i := sort.SearchStrings(sorted, p)
		if i < len(sorted) && strings.HasPrefix(sorted[i], p) {
			continue
		}
		out = append(out, f)
	}
	return out
}

func attrs(as []xml.Attr) map[string]string {
	m := make(map[string]string, len(as))
	for _, a := range as {
		m[a.Name.Local] = a.Value
	}
	return m
}

// loopCopy is the name of one copy of a generate loop's block ("g_q[3]").
var loopCopy = regexp.MustCompile(`\[\d+\]$`)

// locText is "FILE:LINE" of an XML loc ("c,5,24,5,30"), the file by its
// id in the XML's file table.
func locText(loc string, files map[string]string) string {
	f := strings.Split(loc, ",")
	if len(f) < 2 {
		return loc
	}
	name, ok := files[f[0]]
	if !ok {
		name = f[0]
	}
	return name + ":" + f[1]
}
