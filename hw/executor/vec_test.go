package executor

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl"
	"occamy/testbench/vectors"
)

// dut adapts an Executor to vectors.DUT: its ports are the traced signals
// ending in _i, _ni or _o; after every edge it runs the store checker and
// keeps the first error.
type dut struct {
	e     *Executor
	ports []rtl.Signal
	index map[string]int
	set   map[string]func(v uint64)
	cycle int
	err   error
}

func newDUT(e *Executor) *dut {
	d := &dut{e: e, index: map[string]int{}}
	for _, s := range e.Signals() {
		if vectors.IsInput(s.Name) || strings.HasSuffix(s.Name, "_o") {
			d.index[s.Name] = len(d.ports)
			d.ports = append(d.ports, s)
		}
	}
	d.set = map[string]func(v uint64){
		"rst_ni":       func(v uint64) { e.RstNI = v != 0 },
		"enq_valid_i":  func(v uint64) { e.EnqValidI = v != 0 },
		"enq_qid_i":    func(v uint64) { e.EnqQidI = uint16(v) },
		"enq_eop_i":    func(v uint64) { e.EnqEopI = v != 0 },
		"drop_valid_i": func(v uint64) { e.DropValidI = v != 0 },
		"drop_qid_i":   func(v uint64) { e.DropQidI = uint16(v) },
	}
	return d
}

// Ports implements vectors.DUT.
func (d *dut) Ports() []rtl.Signal { return d.ports }

// Set implements vectors.DUT.
func (d *dut) Set(port string, words []uint64) error {
	i, ok := d.index[port]
	f := d.set[port]
	if !ok || f == nil {
		return fmt.Errorf("%s is not an input port", port)
	}
	if !vectors.Fits(words, d.ports[i].Width) {
		return fmt.Errorf("%s: value does not fit %d bits", port, d.ports[i].Width)
	}
	f(words[0])
	return nil
}

// Get implements vectors.DUT.
func (d *dut) Get(port string, dst []uint64) error {
	i, ok := d.index[port]
	if !ok {
		return fmt.Errorf("%s is not a port", port)
	}
	tmp := make([]uint64, rtl.Words(d.ports[i].Width))
	d.ports[i].Read(tmp)
	clear(dst)
	copy(dst, tmp)
	return nil
}

// Eval implements vectors.DUT.
func (d *dut) Eval() { d.e.Eval() }

// Commit implements vectors.DUT and checks the store after the edge.
func (d *dut) Commit() {
	d.e.Commit()
	if err := d.e.Check(); err != nil && d.err == nil {
		d.err = fmt.Errorf("cycle %d: store inconsistent after the edge: %w", d.cycle, err)
	}
	d.cycle++
}

// runVec parses a table with testbench/vectors and checks e against it.
// Failures name the vector, the cycle, the port, the expected and the actual
// value (vectors.CheckError), or the first store inconsistency.
func runVec(t *testing.T, name string, e *Executor, text string) {
	t.Helper()
	tab, err := vectors.Parse(strings.NewReader(text))
	require.NoError(t, err, "vector %s", name)
	d := newDUT(e)
	require.NoError(t, vectors.Check(tab, d), "vector %s", name)
	require.NoError(t, d.err, "vector %s", name)
}
