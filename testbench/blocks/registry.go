package blocks

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// registered is every face, sorted by Order then name.
var (
	mu         sync.RWMutex
	registered []*Block
)

// Register adds a face; each face calls it from its init. It panics on an
// incomplete face or a name, alias or module another face already has (a
// programming error, found by the first test that imports both).
func Register(b *Block) {
	c := &b.Contract
	if b.Name == "" || b.Module == "" || c.Validate == nil || c.Ports == nil || c.Build == nil || len(b.Sources) == 0 {
		panic("blocks: incomplete block " + b.Name)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, o := range registered {
		for _, n := range o.Names() {
			for _, m := range b.Names() {
				if n == m {
					panic(fmt.Sprintf("blocks: %s and %s both answer to %q", o.Name, b.Name, n))
				}
			}
		}
	}
	b.checkMatrix(b.Regression(), "matrix")
	for i := range b.Subs {
		if s := &b.Subs[i]; s.Matrix != nil {
			b.checkMatrix(s.Matrix, s.Name+"'s matrix")
		}
	}
	if f := b.Checks.MutateFirst; f != "" {
		if _, ok := b.Regression().Lookup(f); !ok {
			panic(fmt.Sprintf("blocks: %s: Checks.MutateFirst names %s, no configuration of its matrix", b.Name, f))
		}
	}
	for _, m := range b.Checks.Mutants {
		if m.First == "" {
			continue
		}
		if _, ok := b.Regression().Lookup(m.First); !ok {
			panic(fmt.Sprintf("blocks: %s: mutant %s's First names %s, no configuration of its matrix", b.Name, m.ID, m.First))
		}
	}
	for i := range b.Checks.Mutants {
		b.Checks.Mutants[i].Block = b.Name
	}
	registered = append(registered, b)
	sort.SliceStable(registered, func(i, j int) bool {
		x, y := registered[i], registered[j]
		if x.Order != y.Order {
			return x.Order < y.Order
		}
		return x.Name < y.Name
	})
}

// All returns the listed blocks (not the hidden benchmark tops), in the
// order `--block all` runs them.
func All() []*Block {
	mu.RLock()
	defer mu.RUnlock()
	var s []*Block
	for _, b := range registered {
		if !b.Hidden {
			s = append(s, b)
		}
	}
	return s
}

// Every returns every block, hidden ones included.
func Every() []*Block {
	mu.RLock()
	defer mu.RUnlock()
	return append([]*Block(nil), registered...)
}

// Names lists the names of All.
func Names() []string {
	var s []string
	for _, b := range All() {
		s = append(s, b.Name)
	}
	return s
}

// UnknownError is a block name no face answers to.
type UnknownError struct{ Name string }

func (e *UnknownError) Error() string {
	return fmt.Sprintf("unknown block %q (known: %s)", e.Name, strings.Join(Names(), ", "))
}

// Lookup finds a block by name, alias or Verilog module name.
func Lookup(name string) (*Block, error) {
	for _, b := range Every() {
		for _, n := range b.Names() {
			if n == name {
				return b, nil
			}
		}
	}
	return nil, &UnknownError{Name: name}
}
