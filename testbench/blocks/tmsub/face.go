// Package tmsub builds the verification face of each sub-block of the
// traffic manager (tm_admission, tm_pd_lists, ... — the modules hw/tm
// models as types of their own) from hw/tm's port tables (SubBlocks,
// NewUnit), so that the faces follow the sub-blocks' ports without hand
// edits: the block's ports and parameters are the module's at a TM
// configuration, one golden adapter (gold) moves words into the Go
// sub-block's port fields and back, and the stimulus is recorded from a
// whole Go TM under the TM block's own stimulus (tmRun). What is
// particular to one sub-block (its coverpoints, its mutants, the files
// its module instantiates) lives in its own package,
// testbench/blocks/tm<name>, which calls Register.
package tmsub

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	hw "occamy/hw/tm"
	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/stimulus"
)

// Parent is the block every sub-block face belongs to: the TM.
const Parent = "tm"

// Spec is what one sub-block's package says about its face.
type Spec struct {
	Module  string   // the Verilog module, which is also the block's name (tm_sched)
	Summary string   // one line
	Uses    []string // the modules it instantiates (their files follow its own in Sources)
	// Cover are the coverpoints the sub-block adds to the TM's, and Hits
	// makes their counter: called once with the Go sub-block (the
	// *hw.Sched, ... of its Unit, which keeps its address), it returns
	// the function the adapter calls every cycle out of reset after the
	// Eval phases, with one counter per coverpoint.
	Cover   []blocks.Coverpoint
	Hits    func(u any) func(h []uint64)
	Mutants []blocks.Mutant
	Lint    []string // further lint sets, "K=V ..." over the module's parameters
	// Idle maps an output to the output enabling its entries (one bit per
	// entry, or one bit for all): the module drives an entry its enable
	// leaves out as 0, which the adapter shows too (the Go sub-block
	// leaves there what it last drove, which no consumer reads).
	Idle map[string]string
}

// Register builds the face of s.Module from hw/tm's port table and
// registers it. It panics, as blocks.Register does, on a face that cannot
// be built (a programming error the first test that imports it finds).
func Register(s Spec) {
	b, err := newBlock(s)
	if err != nil {
		panic("tmsub: " + err.Error())
	}
	blocks.Register(b)
}

func newBlock(s Spec) (*blocks.Block, error) {
	tm, err := blocks.Lookup(Parent)
	if err != nil {
		return nil, err
	}
	def, err := tm.Resolve(nil)
	if err != nil {
		return nil, err
	}
	sb, order, err := tableAt(tm, s.Module, def)
	if err != nil {
		return nil, err
	}
	x := newParams(s.Module, tm, sb)
	b := &blocks.Block{
		Name: s.Module, Module: s.Module, Parent: Parent, Doc: "docs/tm.md",
		Order:       tm.Order + 1 + order,
		Summary:     s.Summary,
		Sources:     []string{"verilog/" + s.Module + ".sv"},
		Coverpoints: s.Cover,
		Checks:      blocks.Checks{Mutants: s.Mutants, MutateFirst: "small", Lint: s.Lint},
	}
	for _, u := range s.Uses {
		b.Sources = append(b.Sources, "verilog/"+u+".sv")
	}
	// Every parameter at its default first (Resolve needs the names);
	// the module's ranges then come from Resolve itself.
	vdef := map[string]int{}
	for _, q := range sb.Params {
		vdef[q.Name] = q.Value
		b.Params = append(b.Params, blocks.Param{Name: q.Name, Default: q.Value, Min: q.Value, Max: q.Value})
	}
	for _, q := range append(append([]blocks.Param(nil), tm.Params...), tm.Run...) {
		if _, ok := vdef[q.Name]; !ok {
			b.Run = append(b.Run, q)
		}
	}
	b.Contract = blocks.Contract{
		Validate: x.validate,
		Derive:   x.derive,
		Ports: func(p map[string]int) []port.Port {
			t, err := x.table(p)
			if err != nil {
				return nil
			}
			return portsOf(t)
		},
		Elem: func(p map[string]int, name string) int { return elemOf(x, p, name) },
		Build: func(p map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
			full, err := b.Fill(p) // Defaults() leaves out the Run parameters
			if err != nil {
				return blocks.Sides{}, err
			}
			return build(s, x, tm, full, l, seed)
		},
	}
	b.Params, b.Run = x.list(b, vdef)
	small, err := tm.Resolve(tm.Small)
	if err != nil {
		return nil, err
	}
	ssb, _, err := tableAt(tm, s.Module, small)
	if err != nil {
		return nil, err
	}
	b.Small = map[string]int{}
	for n, v := range tm.Small {
		b.Small[n] = v
	}
	for _, q := range ssb.Params {
		b.Small[q.Name] = q.Value
	}
	return b, nil
}

// tableAt is the module's table, and its place in the stage order, at
// resolved TM parameters tp.
func tableAt(tm *blocks.Block, module string, tp map[string]int) (hw.SubBlock, int, error) {
	c, err := configOf(tp)
	if err != nil {
		return hw.SubBlock{}, 0, err
	}
	subs, err := hw.SubBlocks(c, tp["SW"])
	if err != nil {
		return hw.SubBlock{}, 0, err
	}
	for i, sb := range subs {
		if sb.Module == module {
			return sb, i, nil
		}
	}
	return hw.SubBlock{}, 0, fmt.Errorf("hw/tm has no sub-block %s (it has %s)", module, modules(subs))
}

func modules(subs []hw.SubBlock) string {
	s := make([]string, len(subs))
	for i, sb := range subs {
		s[i] = sb.Module
	}
	return strings.Join(s, ", ")
}

// portsOf is the table's ports as the contract's (a copy).
func portsOf(sb hw.SubBlock) []port.Port { return slices.Clone(sb.Ports) }

// elemOf is a packed port's element width at resolved p: the port's
// width over the entries of its Go field (a slice, in the sub-block built
// alone) or 1 for a bitmap; 0 for a plain vector.
func elemOf(x *params, p map[string]int, name string) int {
	c, sw, err := x.config(p)
	if err != nil {
		return 0
	}
	u, err := hw.NewUnit(x.module, c, sw)
	if err != nil {
		return 0
	}
	for _, q := range u.SubBlock.Ports {
		if q.Name != name {
			continue
		}
		f := reflect.ValueOf(u.Ports).Elem().FieldByName(hw.GoName(name))
		switch {
		case !f.IsValid():
		case f.Type() == reflect.TypeOf(rtl.Bitmap{}):
			return 1
		case f.Kind() == reflect.Slice && f.Len() > 1 && q.Width%f.Len() == 0:
			return q.Width / f.Len()
		}
	}
	return 0
}

// build makes the golden adapter over a new Unit and the recorder of a
// whole TM at the same configuration.
func build(s Spec, x *params, tm *blocks.Block, p map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
	c, sw, err := x.config(p)
	if err != nil {
		return blocks.Sides{}, err
	}
	u, err := hw.NewUnit(s.Module, c, sw)
	if err != nil {
		return blocks.Sides{}, err
	}
	hits := make([]uint64, len(s.Cover))
	var cover func(h []uint64)
	if s.Hits != nil {
		cover = s.Hits(u.Ports)
	}
	g, err := newGold(u, l, hits, cover, s.Idle)
	if err != nil {
		return blocks.Sides{}, err
	}
	r, err := newTMRun(s.Module, u.SubBlock, u.Ports, l, tm, x.tmParams(p), seed)
	if err != nil {
		return blocks.Sides{}, err
	}
	sd := blocks.Sides{Golden: g, Hits: hits, OnEval: &g.onEval,
		Random: &recorder{r: r, src: r.sides.Random}}
	if r.sides.Directed != nil {
		sd.Directed = &recorder{r: r, src: r.sides.Directed, fin: r.sides.Directed}
	}
	sd.Err = func() error {
		if err := r.err(); err != nil {
			return err
		}
		return g.Err()
	}
	return sd, nil
}

// configOf is the TM configuration of resolved TM parameters.
func configOf(tp map[string]int) (hw.Config, error) { return tmface.Config(tp) }

var _ stimulus.Finite = (*recorder)(nil)
