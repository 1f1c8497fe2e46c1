package scenario

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"occamy/testbench/field"
)

// Param declares one scenario parameter. Every value is a number; Int
// parameters must be whole. A parameter with Auto set has a default that
// depends on the TM config (its Auto text says how); its Default is unused.
type Param struct {
	Name     string
	Default  float64
	Auto     string // non-empty: computed default, described
	Min, Max float64
	Int      bool
	Doc      string
}

// Values are resolved parameter values by name. Only parameters the user
// set or that have a fixed default are present; Auto parameters the user
// left alone are absent (see Has).
type Values map[string]float64

// Has reports whether name has a value.
func (v Values) Has(name string) bool { _, ok := v[name]; return ok }

// Or returns the value of name, or def when absent.
func (v Values) Or(name string, def float64) float64 {
	if x, ok := v[name]; ok {
		return x
	}
	return def
}

// allowed describes a parameter's allowed values for errors.
func (p Param) allowed() string {
	kind := "a number"
	if p.Int {
		kind = "an integer"
	}
	return fmt.Sprintf("%s in %s..%s", kind, fmtNum(p.Min), fmtNum(p.Max))
}

func fmtNum(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// resolve checks user values against the declared parameters and fills in
// fixed defaults. Errors are *field.Error for Params, or name the config
// file's params when fromFile.
func resolve(s *Scenario, user map[string]float64, fromFile bool) (Values, error) {
	bad := func(key, format string, a ...any) error {
		if fromFile {
			return fmt.Errorf("config.params %s: %s", key, fmt.Sprintf(format, a...))
		}
		return field.KeyErrorf("Params", key, format, a...)
	}
	byName := map[string]Param{}
	for _, p := range s.Params {
		byName[p.Name] = p
	}
	names := make([]string, 0, len(user))
	for k := range user {
		names = append(names, k)
	}
	sort.Strings(names)
	v := Values{}
	for _, k := range names {
		p, ok := byName[k]
		if !ok {
			return nil, bad(k, "unknown parameter of scenario %s, allowed: %s", s.Name, s.paramNames())
		}
		x := user[k]
		if math.IsNaN(x) || x < p.Min || x > p.Max || (p.Int && x != math.Trunc(x)) {
			return nil, bad(k+"="+fmtNum(x), "out of range, allowed %s", p.allowed())
		}
		v[k] = x
	}
	for _, p := range s.Params {
		if !v.Has(p.Name) && p.Auto == "" {
			v[p.Name] = p.Default
		}
	}
	return v, nil
}

func (s *Scenario) paramNames() string {
	if len(s.Params) == 0 {
		return "(none)"
	}
	n := make([]string, len(s.Params))
	for i, p := range s.Params {
		n[i] = p.Name
	}
	return strings.Join(n, ", ")
}
