package blocks

import (
	"fmt"
	"maps"
)

// Matrix is a block's regression: what `occamy cosim --block B` runs by
// default. Every parameter set is run in every mode, at every seed, for
// Cycles cycles each; the sets are the shapes (Verilog parameters, one
// build each) and the modes the run-time configuration (Block.Run, driven
// on inputs: no rebuild), so a matrix of S sets costs S builds however
// many modes it has.
type Matrix struct {
	Sets  []Set // parameter sets; the first is the defaults (no parameter given)
	Modes []Set // run-time modes; none: one mode, the set as it is
	// Seeds are the stimulus seeds every configuration runs at; the
	// first is the one coverage closure is judged at (1).
	Seeds  []int64
	Cycles int // per configuration and seed, reset included
	// Budget is the matrix's total cycles as its documentation states it:
	// Register checks that configurations × seeds × Cycles is exactly it.
	Budget int
}

// Set is a named assignment of parameters on top of the block's defaults.
type Set struct {
	Name   string
	Params map[string]int
}

// Config is one configuration of a matrix: a set in a mode.
type Config struct {
	// Name is "SET/MODE", or "SET" when the matrix has no modes.
	Name      string
	Set, Mode string
	// Params are the parameters given (the set's, then the mode's on top):
	// the block's defaults fill the rest (Block.Resolve).
	Params map[string]int
}

// DefaultMatrixCycles is the cycles per configuration and seed of the
// matrix a block gets when it declares none (the runner's default budget
// on Verilator).
const DefaultMatrixCycles = 200_000

// Configs lists the configurations, set by set (each set's modes in
// order): the configurations of one build are adjacent.
func (m *Matrix) Configs() []Config {
	var cs []Config
	for _, s := range m.Sets {
		if len(m.Modes) == 0 {
			cs = append(cs, Config{Name: s.Name, Set: s.Name, Params: maps.Clone(s.Params)})
			continue
		}
		for _, md := range m.Modes {
			p := maps.Clone(s.Params)
			if p == nil {
				p = map[string]int{}
			}
			maps.Copy(p, md.Params)
			cs = append(cs, Config{Name: s.Name + "/" + md.Name, Set: s.Name, Mode: md.Name, Params: p})
		}
	}
	return cs
}

// Runs is the number of runs: configurations times seeds.
func (m *Matrix) Runs() int { return len(m.Configs()) * len(m.Seeds) }

// Total is the matrix's cycles: runs times Cycles.
func (m *Matrix) Total() int { return m.Runs() * m.Cycles }

// Lookup finds a configuration by name.
func (m *Matrix) Lookup(name string) (Config, bool) {
	for _, c := range m.Configs() {
		if c.Name == name {
			return c, true
		}
	}
	return Config{}, false
}

// Regression is the block's matrix: the one it declares, or else its
// defaults and its small set (when it has one), at seeds 1 and 2,
// DefaultMatrixCycles each.
func (b *Block) Regression() *Matrix {
	if b.Matrix != nil {
		return b.Matrix
	}
	m := &Matrix{Sets: []Set{{Name: "defaults"}}, Seeds: []int64{1, 2}, Cycles: DefaultMatrixCycles}
	if len(b.Small) > 0 {
		m.Sets = append(m.Sets, Set{Name: "small", Params: maps.Clone(b.Small)})
	}
	m.Budget = m.Total()
	return m
}

// SubRegression is the matrix of a sub-module `--block NAME` names on its
// own (the executor): its own when it declares one, else its block's.
func (b *Block) SubRegression(s *Sub) *Matrix {
	if s != nil && s.Matrix != nil {
		return s.Matrix
	}
	return b.Regression()
}

// checkMatrix panics on a matrix that cannot run as declared: no set, a
// first set that gives parameters, a name used twice, a configuration the
// block's Validate refuses, a mode that sets a Verilog parameter (its
// builds would differ), no seed, or a Budget that is not its total.
func (b *Block) checkMatrix(m *Matrix, what string) {
	fail := func(format string, a ...any) {
		panic(fmt.Sprintf("blocks: %s: %s: %s", b.Name, what, fmt.Sprintf(format, a...)))
	}
	if len(m.Sets) == 0 || len(m.Seeds) == 0 || m.Cycles < 2 {
		fail("a matrix needs a set, a seed and at least 2 cycles")
	}
	if len(m.Sets[0].Params) != 0 {
		fail("its first set %s gives parameters: the first set is the defaults", m.Sets[0].Name)
	}
	verilog := map[string]bool{}
	for _, q := range b.Params {
		verilog[q.Name] = true
	}
	for _, md := range m.Modes {
		for k := range md.Params {
			if verilog[k] {
				fail("mode %s sets the Verilog parameter %s (a mode must share its set's build)", md.Name, k)
			}
		}
	}
	seen := map[string]bool{}
	for _, c := range m.Configs() {
		if seen[c.Name] {
			fail("configuration %s twice", c.Name)
		}
		seen[c.Name] = true
		if _, err := b.Resolve(c.Params); err != nil {
			fail("configuration %s: %v", c.Name, err)
		}
	}
	if m.Total() != m.Budget {
		fail("budget %d cycles stated, %d configurations × %d seeds × %d cycles = %d", m.Budget,
			len(m.Configs()), len(m.Seeds), m.Cycles, m.Total())
	}
}
