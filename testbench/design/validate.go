package design

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// Bounds of the declarations.
const (
	MaxLatency = 64      // cycles
	MaxHold    = 1 << 20 // cycles
)

// Kinds of check (File.Check).
const (
	CheckEquivalence = "equivalence"
	CheckProperties  = "properties"
	CheckScoreboard  = "scoreboard"
)

var (
	ident = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_$]*$`)
	// A hierarchical path: instance names, each with constant indices.
	pathSeg = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_$]*(\[[0-9]+\])*$`)
)

// Validate checks the declarations against block b's face at resolved
// parameters p: every name a contract port (or observable) of the right
// direction, every value in range. The first problem is an *Error naming
// the file and line (or the flag).
func (f *File) Validate(b *blocks.Block, p map[string]int) error {
	if f.Block != "" && !names(b, f.Block) {
		return f.errf("block", "", "the file is for %s, the run for %s", f.Block, b.Name)
	}
	if _, err := b.Fill(f.Params); err != nil {
		return f.errf("params", "", "%v", err)
	}
	ports := b.Ports(p)
	find := func(name string) (port.Port, bool) {
		for _, q := range ports {
			if q.Name == name {
				return q, true
			}
		}
		return port.Port{}, false
	}
	list := func(dir port.Dir) string {
		var s []string
		for _, q := range ports {
			if q.Dir == dir && q.Name != port.DefaultClock {
				s = append(s, q.Name)
			}
		}
		return strings.Join(s, ", ")
	}
	if f.Clock != "" && !ident.MatchString(f.Clock) {
		return f.errf("clock", "", "%q is not a Verilog identifier", f.Clock)
	}
	if r := f.Reset; r != nil {
		if r.Port != "" && !ident.MatchString(r.Port) {
			return f.errf("reset", "port", "%q is not a Verilog identifier", r.Port)
		}
		if r.Active != "" && r.Active != "low" && r.Active != "high" {
			return f.errf("reset", "active", "%q: want low or high", r.Active)
		}
	}
	seen := map[string]string{}
	for _, d := range sorted(f.Ports) {
		c := f.Ports[d]
		if !ident.MatchString(d) {
			return f.errf("ports", d, "%q is not a Verilog identifier", d)
		}
		if _, ok := find(c); !ok {
			return f.errf("ports", d, "%s has no port %s (ports: %s, %s)", b.Name, c, list(port.In), list(port.Out))
		}
		if o, dup := seen[c]; dup {
			return f.errf("ports", d, "both %s and %s are named %s", o, d, c)
		}
		seen[c] = d
	}
	for _, k := range sorted(f.Tie) {
		q, ok := find(k)
		switch {
		case !ok || q.Dir != port.In:
			return f.errf("tie", k, "%s has no input %s (inputs: %s)", b.Name, k, list(port.In))
		case k == port.DefaultClock || k == port.DefaultReset:
			return f.errf("tie", k, "the clock and the reset cannot be tied")
		case q.Width < 64 && f.Tie[k] >= 1<<q.Width:
			return f.errf("tie", k, "%d does not fit %s's %d bits", f.Tie[k], k, q.Width)
		}
		if _, renamed := seen[k]; renamed {
			return f.errf("tie", k, "%s is both tied and renamed (ports:)", k)
		}
	}
	for _, k := range sorted(f.Latency) {
		if _, obs := f.Observe[k]; obs {
			// an observed signal's latency
		} else if q, ok := find(k); !ok || q.Dir != port.Out {
			return f.errf("latency", k, "%s has no output %s (outputs: %s)", b.Name, k, list(port.Out))
		}
		if n := f.Latency[k]; n < 0 || n > MaxLatency {
			return f.errf("latency", k, "want a whole number of cycles 0..%d", MaxLatency)
		}
	}
	for _, k := range sorted(f.DontCare) {
		v := f.DontCare[k]
		if q, ok := find(k); !ok || q.Dir != port.Out {
			return f.errf("dont_care", k, "%s has no output %s (outputs: %s)", b.Name, k, list(port.Out))
		}
		q, ok := find(v)
		switch {
		case !ok || q.Dir != port.Out:
			return f.errf("dont_care", k, "%s has no output %s to say when %s is valid (outputs: %s)", b.Name, v, k, list(port.Out))
		case q.Width != 1:
			return f.errf("dont_care", k, "%s is %d bits wide: the valid output must be 1 bit", v, q.Width)
		case v == k:
			return f.errf("dont_care", k, "an output cannot be its own valid")
		}
	}
	if f.Constrain.OneClass && (b.Props == nil || len(b.Props.Uniform) == 0) {
		return f.errf("constrain", "one_class", "%s has no per-class input to make equal", b.Name)
	}
	if h := f.Constrain.Hold; h < 0 || h > MaxHold {
		return f.errf("constrain", "hold", "want a whole number of cycles 0..%d", MaxHold)
	} else if h > 0 && (b.Props == nil || len(b.Props.Held) == 0) {
		return f.errf("constrain", "hold", "%s has no request or length input to hold", b.Name)
	}
	for _, k := range sorted(f.Observe) {
		if q, ok := find(k); ok && q.Dir == port.Out {
			if err := checkPath(f, k, f.Observe[k]); err != nil {
				return err // a contract output the design has no port for
			}
			continue
		}
		if err := f.checkObserve(b, k, f.Observe[k]); err != nil {
			return err
		}
	}
	switch f.Check {
	case "", CheckEquivalence, CheckScoreboard:
	case CheckProperties:
		if b.Props == nil || b.Props.New == nil {
			return f.errf("check", "", "%s has no properties to check (blocks with properties: %s)", b.Name, strings.Join(withProps(), ", "))
		}
	default:
		return f.errf("check", "", "%q: want equivalence, properties or scoreboard", f.Check)
	}
	if f.WaitBound < 0 {
		return f.errf("wait_bound", "", "want a whole number of grants, 1 or more")
	}
	return nil
}

// checkObserve checks one --observe entry.
func (f *File) checkObserve(b *blocks.Block, name, path string) error {
	if _, ok := b.Props.Observable(name); !ok {
		var known []string
		if b.Props != nil {
			for _, o := range b.Props.Observe {
				known = append(known, o.Name)
			}
		}
		if len(known) == 0 {
			return f.errf("observe", name, "%s has no output or internal signal %s to observe", b.Name, name)
		}
		return f.errf("observe", name, "%s has no output or observable %s (observables: %s)", b.Name, name, strings.Join(known, ", "))
	}
	return checkPath(f, name, path)
}

// checkPath checks an observed signal's hierarchical path.
func checkPath(f *File, name, path string) error {
	for _, seg := range strings.Split(path, ".") {
		if !pathSeg.MatchString(seg) {
			return f.errf("observe", name, "%q: want a hierarchical path of instance names with constant indices, e.g. u_sched.g_grp[3].u_rr.ptr_q; "+
				"a reference with a loop variable is what Verilator 5.006 resolves silently to copy 0 (write each copy's constant index)", path)
		}
	}
	return nil
}

// withProps lists the blocks that have properties.
func withProps() []string {
	var s []string
	for _, b := range blocks.All() {
		if b.Props != nil && b.Props.New != nil {
			s = append(s, b.Name)
		}
	}
	return s
}

func names(b *blocks.Block, n string) bool {
	for _, m := range b.Names() {
		if m == n {
			return true
		}
	}
	return false
}

// errf is an *Error at the line of key (and sub-key) in the file, or
// naming the flag when the declaration came from one.
func (f *File) errf(key, sub, format string, a ...any) error {
	what := key + ": "
	if sub != "" {
		what += sub + ": "
	}
	where := f.line(key, sub)
	if where == "" {
		where = flagOf[key]
	}
	return &Error{Where: where, What: what + fmt.Sprintf(format, a...)}
}

// flagOf is the flag of a key, for errors about a declaration no file made.
var flagOf = map[string]string{"ports": "--port", "tie": "--tie", "latency": "--latency", "dont_care": "--dont-care",
	"constrain": "--constrain", "observe": "--observe", "check": "--check", "wait_bound": "--wait-bound",
	"block": "--block", "params": "--param", "clock": "--map", "reset": "--map"}

func sorted[V any](m map[string]V) []string {
	k := make([]string, 0, len(m))
	for n := range m {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}
