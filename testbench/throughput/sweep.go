package throughput

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"occamy/hw/tm"
	"occamy/testbench/field"
	"occamy/testbench/sweep"
)

// Grid is the set of values each sweep dimension takes; the sweep is their
// product, in the order K, FreeMode, Size, Ports, PD, CP, CD, Load (load
// varies fastest).
type Grid struct {
	K        []int
	FreeMode []tm.FreeMode
	Size     []Size
	Load     []float64 // percent
	Ports    []int
	PD       []Mem
	CP       []Mem
	CD       []Mem
}

// DefaultGrid is the full throughput-vs-load sweep: k = 1, 2, 4, 8, both
// free modes, 1500-byte packets, load 0..100% in steps of 10, 8 ports,
// default memories. 88 points.
func DefaultGrid() Grid {
	s, _ := ParseSize("fixed:1500")
	loads, _ := ParseLoads("0:100:10")
	return Grid{K: []int{1, 2, 4, 8}, FreeMode: []tm.FreeMode{tm.FreeCell, tm.FreeChain}, Size: []Size{s}, Load: loads,
		Ports: []int{8}, PD: []Mem{{}}, CP: []Mem{{}}, CD: []Mem{{}}}
}

// Points expands the grid; it is an error (a *field.Error naming the
// Point field) for any dimension to be empty.
func (g Grid) Points() ([]Point, error) {
	for _, d := range []struct {
		field string
		n     int
	}{{"K", len(g.K)}, {"FreeMode", len(g.FreeMode)}, {"Size", len(g.Size)}, {"Load", len(g.Load)},
		{"Ports", len(g.Ports)}, {"PD", len(g.PD)}, {"CP", len(g.CP)}, {"CD", len(g.CD)}} {
		if d.n == 0 {
			return nil, emptyRange(d.field)
		}
	}
	var out []Point
	for _, k := range g.K {
		for _, fm := range g.FreeMode {
			for _, s := range g.Size {
				for _, p := range g.Ports {
					for _, pd := range g.PD {
						for _, cp := range g.CP {
							for _, cd := range g.CD {
								for _, l := range g.Load {
									out = append(out, Point{K: k, FreeMode: fm, Size: s, Load: l, Ports: p, PD: pd, CP: cp, CD: cd})
								}
							}
						}
					}
				}
			}
		}
	}
	return out, nil
}

// Sweep measures every point on at most jobs goroutines (0: one per core)
// and returns the results in point order. Each point depends only on its
// own parameters and the options, so the results are identical whatever
// jobs is. done, when not nil, is called after each point.
func Sweep(ctx context.Context, pts []Point, o Options, jobs int, done func()) ([]Result, error) {
	// Check every point before running any, so bad input fails fast.
	for _, p := range pts {
		if _, err := Config(p, o); err != nil {
			return nil, err
		}
	}
	return sweep.Map(ctx, len(pts), jobs, func(ctx context.Context, i int) (Result, error) {
		r, err := Measure(ctx, pts[i], o)
		if err != nil {
			return Result{}, fmt.Errorf("point %d (%s): %w", i, pts[i], err)
		}
		return r, nil
	}, done)
}

// String names a point in errors and tables.
func (p Point) String() string {
	s := fmt.Sprintf("k=%d %s %s load=%g%% P=%d", p.K, p.FreeMode, p.Size.Name, p.Load, p.Ports)
	if !p.PD.Auto() || !p.CP.Auto() || !p.CD.Auto() {
		s += fmt.Sprintf(" pd=%s cp=%s cd=%s", p.PD, p.CP, p.CD)
	}
	return s
}

// ParseInts parses a comma-separated list of integers for the Point field
// name, each in lo..hi (and, when allowed is not nil, one of allowed).
// Errors are *field.Error for name.
func ParseInts(name, text string, lo, hi int, allowed []int) ([]int, error) {
	var out []int
	for _, f := range splitList(text) {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, field.Errorf(name, "%q is not a whole number", f)
		}
		if allowed != nil && !containsInt(allowed, v) {
			return nil, field.Errorf(name, "%d not allowed, allowed %s", v, joinInts(allowed))
		}
		if v < lo || v > hi {
			return nil, field.Errorf(name, "%d out of range, allowed %d..%d", v, lo, hi)
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, emptyRange(name)
	}
	return out, nil
}

// ParseLoads parses loads in percent: a list "0,50,90" or a range
// "START:STOP:STEP" (inclusive; STEP > 0), every value in 0..100.
// Errors are *field.Error for Load.
func ParseLoads(text string) ([]float64, error) {
	const name = "Load"
	num := func(s string) (float64, error) {
		v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "%"), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, field.Errorf(name, "%q is not a number", s)
		}
		if v < 0 || v > 100 {
			return 0, field.Errorf(name, "%g out of range, allowed 0..100 (percent of line rate)", v)
		}
		return v, nil
	}
	if strings.Contains(text, ":") {
		parts := strings.Split(text, ":")
		if len(parts) != 3 {
			return nil, field.Errorf(name, "%q: want START:STOP:STEP or a comma-separated list", text)
		}
		a, err := num(parts[0])
		if err != nil {
			return nil, err
		}
		b, err := num(parts[1])
		if err != nil {
			return nil, err
		}
		step, err := strconv.ParseFloat(strings.TrimSpace(parts[2]), 64)
		if err != nil || !(step > 0) || math.IsInf(step, 0) {
			return nil, field.Errorf(name, "step %q, allowed a number above 0", parts[2])
		}
		if a > b {
			return nil, field.Errorf(name, "empty sweep range %s (start above stop)", text)
		}
		var out []float64
		for i := 0; ; i++ {
			v := a + float64(i)*step
			if v > b+1e-9 {
				break
			}
			if len(out) == 1000 {
				return nil, field.Errorf(name, "%s has more than 1000 values", text)
			}
			out = append(out, math.Round(v*1e9)/1e9)
		}
		return out, nil
	}
	var out []float64
	for _, f := range splitList(text) {
		v, err := num(f)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, emptyRange(name)
	}
	return out, nil
}

// emptyRange is the error of a sweep dimension without values.
func emptyRange(name string) error {
	return field.Errorf(name, "empty sweep range, give at least one value")
}

// ParseFreeModes parses a comma-separated list of "cell" and "chain";
// errors are *field.Error for FreeMode.
func ParseFreeModes(text string) ([]tm.FreeMode, error) {
	var out []tm.FreeMode
	for _, f := range splitList(text) {
		m, err := tm.ParseFreeMode(f)
		if err != nil {
			return nil, field.Errorf("FreeMode", "%q unknown, allowed %s", f, strings.Join(tm.FreeModeNames(), ", "))
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil, emptyRange("FreeMode")
	}
	return out, nil
}

// ParseMems parses a comma-separated list of memory budgets (ParseMem)
// for the Point field name.
func ParseMems(name, text string) ([]Mem, error) {
	var out []Mem
	for _, f := range splitList(text) {
		m, err := ParseMem(name, f)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil, emptyRange(name)
	}
	return out, nil
}

func splitList(text string) []string {
	var out []string
	for _, f := range strings.Split(text, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func joinInts(list []int) string {
	s := make([]string, len(list))
	for i, v := range list {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ", ")
}
