package vcd

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// randReg is a test block with one register per width: each cycle a
// register loads its random input when its enable bit is set, and out_o is
// the register XOR the input (combinational).
type randReg struct {
	widths []int
	in     [][]uint64 // inputs, set by the test before each cycle
	en     []bool
	q, d   [][]uint64
}

func newRandReg(widths []int) *randReg {
	b := &randReg{widths: widths, en: make([]bool, len(widths))}
	for _, w := range widths {
		b.in = append(b.in, make([]uint64, rtl.Words(w)))
		b.q = append(b.q, make([]uint64, rtl.Words(w)))
		b.d = append(b.d, make([]uint64, rtl.Words(w)))
	}
	return b
}

func (b *randReg) Eval() {
	for i := range b.q {
		if b.en[i] {
			copy(b.d[i], b.in[i])
		} else {
			copy(b.d[i], b.q[i])
		}
	}
}

func (b *randReg) Commit() {
	for i := range b.q {
		copy(b.q[i], b.d[i])
	}
}

func (b *randReg) Signals() []rtl.Signal {
	var s []rtl.Signal
	for i, w := range b.widths {
		s = append(s,
			rtl.Signal{Name: fmt.Sprintf("r%d_q", i), Width: w, Read: func(dst []uint64) { copy(dst, b.q[i]) }},
			rtl.Signal{Name: fmt.Sprintf("x%d_o", i), Width: w, Read: func(dst []uint64) {
				for j := range dst {
					dst[j] = b.q[i][j] ^ b.in[i][j]
				}
			}})
	}
	return s
}

// drive draws new inputs: each register is enabled with probability p,
// and its input is random (left unmasked above the width on purpose: the
// tracer must drop those bits).
func (b *randReg) drive(rng *rand.Rand, p float64) {
	for i := range b.in {
		b.en[i] = rng.Float64() < p
		for j := range b.in[i] {
			b.in[i][j] = rng.Uint64()
		}
		if rng.Float64() < 0.3 { // sometimes hold the input too
			copy(b.in[i], b.q[i])
		}
	}
}

// recorder is an rtl.Tracer that keeps a copy of every value sampled and
// passes the calls on to a VCD Tracer.
type recorder struct {
	next   rtl.Tracer
	names  []string
	sigs   []rtl.Signal
	widths []int
	rows   [][][]uint64 // per cycle, per signal
}

func (r *recorder) Declare(scopes []rtl.Scope) error {
	for _, s := range scopes {
		for _, sig := range s.Signals {
			r.names = append(r.names, s.Name+"."+sig.Name)
			r.sigs = append(r.sigs, sig)
			r.widths = append(r.widths, sig.Width)
		}
	}
	return r.next.Declare(scopes)
}

func (r *recorder) Sample(c uint64) error {
	row := make([][]uint64, len(r.sigs))
	for i, s := range r.sigs {
		row[i] = make([]uint64, rtl.Words(s.Width))
		s.Read(row[i])
	}
	r.rows = append(r.rows, row)
	return r.next.Sample(c)
}

func (r *recorder) Close() error { return r.next.Close() }

// TestRoundTrip traces random blocks through an rtl.Sim, reads the file
// back with the edge sampler, and checks that the edge ending cycle c
// holds exactly the values sampled in cycle c.
func TestRoundTrip(t *testing.T) {
	cases := []struct {
		name   string
		opt    TracerOptions
		blocks map[string][]int // scope name -> register widths
		cycles int
		p      float64 // probability a register loads
	}{
		{"defaults, widths 1..1024", TracerOptions{},
			map[string][]int{"u_a": {1, 7, 64, 65, 1024}, "u_b.u_sub": {1, 1, 7, 65}}, 400, 0.5},
		{"ns timescale, period 10, own top", TracerOptions{Top: "tb", Timescale: "1ns", Period: 10},
			map[string][]int{"u_a": {1, 3, 64}}, 300, 0.8},
		{"mostly idle", TracerOptions{}, map[string][]int{"u_a": {1, 7, 64, 65, 1024}}, 300, 0.05},
		{"one cycle", TracerOptions{}, map[string][]int{"u_a": {1, 65}}, 1, 1},
	}
	for ci, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(ci), 7))
			var buf bytes.Buffer
			tr, err := NewTracer(&buf, c.opt)
			require.NoError(t, err)
			rec := &recorder{next: tr}
			sim := rtl.NewSim()
			var blocks []*randReg
			for _, name := range []string{"u_a", "u_b.u_sub"} {
				if w, ok := c.blocks[name]; ok {
					b := newRandReg(w)
					blocks = append(blocks, b)
					sim.Add(name, b)
				}
			}
			require.NoError(t, sim.Trace(rec))
			for cyc := 0; cyc < c.cycles; cyc++ {
				for _, b := range blocks {
					b.drive(rng, c.p)
				}
				require.NoError(t, sim.Step())
			}
			require.NoError(t, sim.Close())

			top, period := c.opt.Top, c.opt.Period
			if top == "" {
				top = "occamy"
			}
			if period == 0 {
				period = 1000
			}
			r, err := NewReader(&buf)
			require.NoError(t, err)
			var names []string
			for _, n := range rec.names {
				names = append(names, top+"."+n)
			}
			s, err := NewSampler(r, SamplerOptions{Clock: top + ".clk", Signals: names})
			require.NoError(t, err)
			cyc := 0
			for ; s.Next(); cyc++ {
				require.Less(t, cyc, c.cycles, "more edges than cycles")
				require.Equal(t, uint64(cyc+1)*period, s.Time(), "cycle %d: edge time", cyc)
				for i, name := range names {
					got := s.Value(i)
					want := ValueOf(rec.widths[i], rec.rows[cyc][i]...)
					if !got.Equal(want) {
						t.Fatalf("cycle %d, signal %s: expected %s, got %s", cyc, name, want.Hex(), got.Hex())
					}
				}
			}
			require.NoError(t, s.Err())
			require.Equal(t, c.cycles, cyc, "edges read back")
		})
	}
}

// newTestRand returns a fixed-seed generator for tests outside the table.
func newTestRand() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }
