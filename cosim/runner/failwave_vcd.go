package runner

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"occamy/rtl/vcd"
)

// This file writes a failure window's VCD (failwave.go): its own small
// four-state emitter, since a window mixes two-state words (the golden
// side, the in-process RTL) with a cut of a simulator's four-state dump
// (Icarus's x and z), which rtl/vcd's two-state Writer cannot hold.

// wavePeriod is the dump time of one cycle in every waveform the project
// writes or reads back: cycle c's values from c·wavePeriod (rtl/vcd.Tracer,
// the Verilator wrapper's trace, the Icarus harness).
const wavePeriod = 1000

// winVar is one var of the window's dump.
type winVar struct {
	scope, name string // scope below the top ("" for the top), name
	rng         string // its bit range, "[3:0]", "" for a scalar
	width       int
	code        string
}

// trace is the var's name in a save file: its full path and range.
func (v winVar) trace() string {
	p := winTop + "."
	if v.scope != "" {
		p += v.scope + "."
	}
	return p + v.name + v.rng
}

// winTop is the window's top scope.
const winTop = "occamy"

// winEvent is a var taking a value (VCD text: "1", "b101") at time t.
type winEvent struct {
	t   uint64
	v   int
	val string
}

// winDump collects a window's vars and value changes, then writes them.
type winDump struct {
	vars []winVar
	ev   []winEvent
}

// add declares a var of range [width-1:0] and returns its index.
func (d *winDump) add(scope, name string, width int) int {
	rng := ""
	if width > 1 {
		rng = fmt.Sprintf("[%d:0]", width-1)
	}
	return d.addRange(scope, name, rng, width)
}

// addRange declares a var with the given range text and returns its index.
func (d *winDump) addRange(scope, name, rng string, width int) int {
	d.vars = append(d.vars, winVar{scope: scope, name: name, rng: rng, width: width, code: winCode(len(d.vars))})
	return len(d.vars) - 1
}

// set records var v's value at time t.
func (d *winDump) set(t uint64, v int, val string) { d.ev = append(d.ev, winEvent{t, v, val}) }

// setWords records var v's value at t from little-endian 32-bit words.
func (d *winDump) setWords(t uint64, v int, words []uint32) {
	w := d.vars[v].width
	b := make([]byte, w)
	for i := 0; i < w; i++ {
		b[w-1-i] = byte('0' + words[i>>5]>>uint(i&31)&1)
	}
	d.set(t, v, string(b))
}

// winCode is the n-th identifier code: printable ASCII from '!' to '~'.
func winCode(n int) string {
	var b []byte
	for {
		b = append(b, byte('!'+n%94))
		n /= 94
		if n == 0 {
			return string(b)
		}
		n--
	}
}

// valueText is a value in VCD body form for a var of width bits: "1" for
// a scalar, "b10x" (leading zeros dropped, but one before an x or z) for a
// vector.
func valueText(bits string, width int) string {
	if width == 1 {
		return bits[len(bits)-1:]
	}
	t := strings.TrimLeft(bits, "0")
	if t == "" || t[0] != '1' && len(t) < len(bits) {
		// A reader extends a short vector with its first digit: keep a
		// 0 before an x or z that the zeros stood before.
		t = "0" + t
	}
	return "b" + t
}

// write writes the dump: the header (top scope occamy, each var's scope
// below it), the first time with every var's value (x when it has none
// yet), then each time with the values that changed at it, up to end.
func (d *winDump) write(w io.Writer, comment string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "$version occamy failure window $end\n$comment %s $end\n$timescale 1ps $end\n", comment)
	byScope := map[string][]int{}
	var scopes []string
	for i, v := range d.vars {
		if _, ok := byScope[v.scope]; !ok {
			scopes = append(scopes, v.scope)
		}
		byScope[v.scope] = append(byScope[v.scope], i)
	}
	// Scopes as a tree, each scope's vars before its sub-scopes, in order
	// of first declaration.
	writeScopes(bw, winTop, "", scopes, byScope, d.vars)
	bw.WriteString("$enddefinitions $end\n")
	sort.SliceStable(d.ev, func(i, j int) bool { return d.ev[i].t < d.ev[j].t })
	last := make([]string, len(d.vars))
	for i := 0; i < len(d.ev); {
		t := d.ev[i].t
		first := i == 0
		j := i
		for j < len(d.ev) && d.ev[j].t == t {
			j++
		}
		vals := map[int]string{} // the last value given at t wins
		var order []int
		for k := i; k < j; k++ {
			if _, ok := vals[d.ev[k].v]; !ok {
				order = append(order, d.ev[k].v)
			}
			vals[d.ev[k].v] = valueText(d.ev[k].val, d.vars[d.ev[k].v].width)
		}
		fmt.Fprintf(bw, "#%d\n", t)
		if first {
			bw.WriteString("$dumpvars\n")
			for v := range d.vars {
				val, ok := vals[v]
				if !ok {
					val = valueText("x", d.vars[v].width)
				}
				writeValue(bw, val, d.vars[v].code)
				last[v] = val
			}
			bw.WriteString("$end\n")
		} else {
			for _, v := range order {
				if vals[v] != last[v] {
					writeValue(bw, vals[v], d.vars[v].code)
					last[v] = vals[v]
				}
			}
		}
		i = j
	}
	return bw.Flush()
}

func writeValue(w *bufio.Writer, val, code string) {
	w.WriteString(val)
	if val[0] == 'b' {
		w.WriteByte(' ')
	}
	w.WriteString(code)
	w.WriteByte('\n')
}

// writeScopes writes scope path (below the top; "" is the top itself) as
// name, its vars, then the scopes directly below it.
func writeScopes(w *bufio.Writer, name, path string, scopes []string, byScope map[string][]int, vars []winVar) {
	fmt.Fprintf(w, "$scope module %s $end\n", name)
	for _, i := range byScope[path] {
		v := vars[i]
		rng := ""
		if v.rng != "" {
			rng = " " + v.rng
		}
		fmt.Fprintf(w, "$var wire %d %s %s%s $end\n", v.width, v.code, v.name, rng)
	}
	seen := map[string]bool{}
	for _, s := range scopes {
		rest, ok := strings.CutPrefix(s, path)
		if path != "" {
			rest, ok = strings.CutPrefix(s, path+".")
		}
		if !ok || s == path || rest == "" {
			continue
		}
		child, _, _ := strings.Cut(rest, ".")
		if seen[child] {
			continue
		}
		seen[child] = true
		sub := child
		if path != "" {
			sub = path + "." + child
		}
		writeScopes(w, child, sub, scopes, byScope, vars)
	}
	w.WriteString("$upscope $end\n")
}

// cutWave copies into d the window [from, end] of a simulator's dump
// (cycle c at c·wavePeriod): every var of scope (its path in the dump)
// and below, under the window's scope under, with the values they held at
// from and every change after it up to end. It returns the window's vars
// by their path relative to scope. Real and string vars are left out.
func (d *winDump) cutWave(path, scope, under string, from, end uint64) (map[string]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rd, err := vcd.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	h := rd.Header()
	byCode := map[int][]int{}
	rel := map[string]int{}
	for _, v := range h.Vars {
		if h.Codes[v.Code].Real || (v.Scope != scope && !strings.HasPrefix(v.Scope, scope+".")) {
			continue
		}
		sub := under + strings.TrimPrefix(v.Scope, scope)
		r := strings.TrimPrefix(strings.TrimPrefix(v.Path(), scope), ".")
		if _, dup := rel[r]; dup {
			continue
		}
		rng := ""
		if v.HasRange {
			rng = fmt.Sprintf("[%d:%d]", v.MSB, v.LSB)
			if v.MSB == v.LSB {
				rng = fmt.Sprintf("[%d]", v.MSB)
			}
		}
		i := d.addRange(sub, v.Name, rng, v.Width)
		rel[r] = i
		byCode[v.Code] = append(byCode[v.Code], i)
	}
	snap := func() {
		for c, vs := range byCode {
			for _, i := range vs {
				d.set(from, i, rd.Value(c).String())
			}
		}
	}
	started := false
	for rd.Next() {
		ev := rd.Event()
		if ev.Kind == vcd.TimeEvent {
			if !started && ev.Time > from {
				snap()
				started = true
			}
			if ev.Time > end {
				break
			}
			continue
		}
		if ev.Kind != vcd.ChangeEvent || !started {
			continue
		}
		for _, i := range byCode[ev.Code] {
			d.set(ev.Time, i, ev.Value.String())
		}
	}
	if err := rd.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if !started {
		snap()
	}
	return rel, nil
}
