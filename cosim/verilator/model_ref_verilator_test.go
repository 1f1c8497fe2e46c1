//go:build verilator

package verilator

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim"
	"occamy/rtl/pack"
	"occamy/rtl/port"
)

// TestCounterVectors drives the counter cycle by cycle from a vector table
// whose first row names the ports; outputs are the values before each
// cycle's rising edge.
func TestCounterVectors(t *testing.T) {
	m := open(t, counterSpec)
	vec := [][]string{
		{"cycle", "rst_ni", "en_i", "load_i", "load_val_i", "cnt_o", "wrap_o", "next_o"},
		{"0", "0", "0", "0", "00", "00", "0", "00"},
		{"1", "1", "1", "0", "00", "00", "0", "01"},
		{"2", "1", "1", "0", "00", "01", "0", "02"},
		{"3", "1", "1", "1", "fe", "02", "0", "fe"},
		{"4", "1", "1", "0", "00", "fe", "0", "ff"},
		{"5", "1", "1", "0", "00", "ff", "1", "00"},
		{"6", "1", "0", "0", "00", "00", "0", "00"},
		{"7", "0", "1", "0", "00", "00", "0", "01"},
		{"8", "1", "0", "1", "55", "00", "0", "55"},
		{"9", "1", "0", "0", "00", "55", "0", "55"},
	}
	runVectors(t, m, vec)
}

// runVectors applies a vector table: columns ending in _i or _ni are
// inputs, _o outputs, values in hex.
func runVectors(t *testing.T, m cosim.Model, vec [][]string) {
	t.Helper()
	f := newFrame(m.Layout())
	head := vec[0]
	for _, row := range vec[1:] {
		for j, name := range head[1:] {
			if !strings.HasSuffix(name, "_o") {
				f.set(t, name, hexVal(t, row[j+1]))
			}
		}
		require.NoError(t, m.Cycle(f.in, f.out), "cycle %s", row[0])
		for j, name := range head[1:] {
			if strings.HasSuffix(name, "_o") {
				want := hexVal(t, row[j+1])
				assert.Equal(t, want, f.get(t, name), "cycle %s: %s want %x, got %x", row[0], name, want, f.get(t, name))
			}
		}
	}
}

func hexVal(t testing.TB, s string) uint64 {
	var v uint64
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | uint64(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | uint64(c-'a'+10)
		default:
			t.Fatalf("bad hex %q", s)
		}
	}
	return v
}

// counterRef is a trivially correct Go model of testdata/counter.sv (W=8).
type counterRef struct {
	cnt  uint64
	q    uint64
	wide [2]uint64
}

// step returns the outputs of one cycle as words (the layout's order) and
// clocks the edge.
func (r *counterRef) step(in []uint32, l *port.Layout) []uint32 {
	g := func(name string) uint64 { return pack.Uint64(l.In(in, l.Input(name))) }
	out := make([]uint32, l.OutWords)
	next := r.cnt
	if g("load_i")&1 == 1 {
		next = g("load_val_i") & 0xff
	} else if g("en_i")&1 == 1 {
		next = (r.cnt + 1) & 0xff
	}
	pack.PutUint64(l.Out(out, l.Output("cnt_o")), r.cnt)
	if r.cnt == 0xff {
		pack.PutUint64(l.Out(out, l.Output("wrap_o")), 1)
	}
	pack.PutUint64(l.Out(out, l.Output("q_o")), r.q)
	pack.From64(l.Out(out, l.Output("wide_o")), r.wide[:])
	pack.PutUint64(l.Out(out, l.Output("next_o")), next)
	if g("rst_ni")&1 == 0 {
		r.cnt, r.q, r.wide = 0, 0, [2]uint64{}
		return out
	}
	r.cnt = next
	r.q = g("q_i") & (1<<40 - 1)
	var w [2]uint64
	pack.To64(w[:], l.In(in, l.Input("wide_i")))
	w[1] &= 1<<36 - 1
	r.wide = w
	return out
}

// TestCounterRandomAgainstReference compares every output word of every
// cycle with the Go reference over random inputs, whose bits above each
// port's width are random too (the wrapper must ignore them). It runs the
// same inputs through Cycle on one model and Run on another.
func TestCounterRandomAgainstReference(t *testing.T) {
	const cycles = 3000
	lib := build(t, counterSpec)
	a, err := Open(lib)
	require.NoError(t, err)
	defer a.Close()
	b, err := Open(lib)
	require.NoError(t, err)
	defer b.Close()
	l := a.Layout()
	r := rand.New(rand.NewSource(7))
	in := make([]uint32, cycles*l.InWords)
	for i := range in {
		in[i] = r.Uint32()
	}
	rst := l.InOff[l.Input("rst_ni")]
	for c := 0; c < cycles; c++ {
		if r.Intn(20) != 0 {
			in[c*l.InWords+rst] |= 1
		} else {
			in[c*l.InWords+rst] &^= 1
		}
	}
	ref := &counterRef{}
	out := make([]uint32, l.OutWords)
	for c := 0; c < cycles; c++ {
		cin := in[c*l.InWords : (c+1)*l.InWords]
		require.NoError(t, a.Cycle(cin, out))
		want := ref.step(cin, l)
		for i, p := range l.Outputs {
			require.Equal(t, l.Out(want, i), l.Out(out, i), "cycle %d: %s want %x, got %x", c, p.Name, l.Out(want, i), l.Out(out, i))
		}
	}
	assert.Equal(t, uint64(cycles), a.Cycles())

	// Run the same inputs in batches of uneven size on a second model.
	ref = &counterRef{}
	runOut := make([]uint32, cycles*l.OutWords)
	for done := 0; done < cycles; {
		n := min(1+r.Intn(700), cycles-done)
		require.NoError(t, b.Run(n, in[done*l.InWords:(done+n)*l.InWords], runOut[done*l.OutWords:(done+n)*l.OutWords]))
		done += n
	}
	for c := 0; c < cycles; c++ {
		want := ref.step(in[c*l.InWords:(c+1)*l.InWords], l)
		got := runOut[c*l.OutWords : (c+1)*l.OutWords]
		for i, p := range l.Outputs {
			require.Equal(t, l.Out(want, i), l.Out(got, i), "Run, cycle %d: %s want %x, got %x", c, p.Name, l.Out(want, i), l.Out(got, i))
		}
	}
	assert.Equal(t, uint64(cycles), b.Cycles())
}

// TestCombExhaustive checks a combinational top (no clock) at W=4 over
// every input pair in one Run.
func TestCombExhaustive(t *testing.T) {
	m := open(t, Spec{Sources: []string{"testdata/comb.sv"}, Top: "comb", Params: map[string]string{"W": "4"}})
	l := m.Layout()
	require.Equal(t, "", l.Clock)
	require.Equal(t, []port.Port{port.Input("a_i", 4), port.Input("b_i", 4)}, l.Inputs)
	const n = 256
	in := make([]uint32, n*l.InWords)
	out := make([]uint32, n*l.OutWords)
	for c := 0; c < n; c++ {
		in[c*2], in[c*2+1] = uint32(c>>4), uint32(c&15)
	}
	require.NoError(t, m.Run(n, in, out))
	for c := 0; c < n; c++ {
		a, b := uint32(c>>4), uint32(c&15)
		assert.Equal(t, a+b, out[c*2], "cycle %d: sum_o of %d+%d", c, a, b)
		assert.Equal(t, a^b, out[c*2+1], "cycle %d: xor_o of %d^%d", c, a, b)
	}
}

// miniArbRef is a trivially correct round-robin arbiter: scan from the
// pointer.
type miniArbRef struct{ n, ptr int }

func (r *miniArbRef) step(req uint64, ack bool, rst bool) (valid bool, idx int) {
	for k := 0; k < r.n; k++ {
		if i := (r.ptr + k) % r.n; req>>uint(i)&1 == 1 {
			valid, idx = true, i
			break
		}
	}
	switch {
	case rst:
		r.ptr = 0
	case valid && ack:
		r.ptr = (idx + 1) % r.n
	}
	return valid, idx
}

func TestMiniArbAgainstReference(t *testing.T) {
	for _, n := range []int{1, 3, 4, 5} {
		m := open(t, Spec{Sources: []string{"testdata/mini_arb.sv"}, Top: "mini_arb", Params: map[string]string{"N": itoa(n)}})
		require.NoError(t, m.Reset(1))
		f := newFrame(m.Layout())
		ref := &miniArbRef{n: n}
		r := rand.New(rand.NewSource(int64(n)))
		for c := 0; c < 2000; c++ {
			req := r.Uint64() & (1<<uint(n) - 1)
			ack, rst := r.Intn(3) != 0, r.Intn(50) == 0
			f.set(t, "req_i", req)
			f.set(t, "ack_i", b2u(ack))
			f.set(t, "rst_ni", b2u(!rst))
			require.NoError(t, m.Cycle(f.in, f.out))
			valid, idx := ref.step(req, ack, rst)
			require.Equal(t, b2u(valid), f.get(t, "gnt_valid_o"), "N=%d cycle %d: gnt_valid_o", n, c)
			if valid {
				require.Equal(t, uint64(idx), f.get(t, "gnt_idx_o"), "N=%d cycle %d: gnt_idx_o want %d, got %d", n, c, idx, f.get(t, "gnt_idx_o"))
			}
		}
	}
}
