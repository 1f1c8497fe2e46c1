//go:build verilator

package verilator

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"occamy/cosim"
)

// twins opens two models of spec's library, each reset for 2 cycles.
func twins(t *testing.T, spec Spec) (ref, dut cosim.Model) {
	t.Helper()
	lib := build(t, spec)
	for _, m := range []*cosim.Model{&ref, &dut} {
		var err error
		*m, err = Open(lib)
		require.NoError(t, err)
		t.Cleanup(func() { (*m).Close() })
		require.NoError(t, (*m).Reset(2))
	}
	return ref, dut
}

// TestRunCompare checks Comparer against Run on two models of one library:
// with the expected words Run gave, RunCompare reports no difference and
// gives the same outputs; with one bit of one cycle's word changed it stops
// after that cycle, whichever word it is, and only at or after from.
func TestRunCompare(t *testing.T) {
	const n, at = 400, 137
	for _, regin := range []bool{false, true} {
		spec := Spec{Sources: []string{"testdata/mini_arb.sv"}, Top: "mini_arb", Params: map[string]string{"N": "5"}, RegInputs: regin}
		l := build(t, spec).Layout
		iw, ow := l.InWords, l.OutWords
		require.GreaterOrEqual(t, ow, 2, "a difference in each of several words")
		r := rand.New(rand.NewPCG(7, 1))
		in := make([]uint32, n*iw)
		for i := range in {
			in[i] = r.Uint32() & 0x1f
		}
		tests := []struct {
			name       string
			word, from int // the changed word of cycle at (-1: none) and RunCompare's from
			diff       int
		}{
			{"equal", -1, 0, -1},
			{"first word", 0, 0, at},
			{"last word", ow - 1, 0, at},
			{"from at the changed cycle", 0, at, at},
			{"from after the changed cycle", 0, at + 1, -1},
		}
		for _, tc := range tests {
			t.Run(fmt.Sprintf("regin=%t/%s", regin, tc.name), func(t *testing.T) {
				ref, dut := twins(t, spec)
				want, out := make([]uint32, n*ow), make([]uint32, n*ow)
				require.NoError(t, ref.Run(n, in, want))
				if tc.word >= 0 {
					want[at*ow+tc.word] ^= 1
				}
				start := dut.Cycles()
				diff, err := dut.(cosim.Comparer).RunCompare(n, tc.from, in, want, out)
				require.NoError(t, err)
				assert.Equal(t, tc.diff, diff, "first differing cycle")
				ran := n
				if tc.diff >= 0 {
					ran = tc.diff + 1
				}
				assert.Equal(t, start+uint64(ran), dut.Cycles(), "cycles run: none past the difference")
				require.NoError(t, ref.Run(1, in[:iw], make([]uint32, ow)), "ref still runs")
				if tc.word >= 0 {
					want[at*ow+tc.word] ^= 1
				}
				for i := range ran * ow {
					if want[i] != out[i] {
						t.Errorf("cycle %d word %d: Run gave %#x, RunCompare %#x", i/ow, i%ow, want[i], out[i])
						break
					}
				}
			})
		}
	}
}

// TestRunCompareSimEvents: a failed assertion stops RunCompare at the same
// cycle, with the same error, as it stops Run, with and without registered
// inputs; a difference in the cycle that raised it is reported with it.
func TestRunCompareSimEvents(t *testing.T) {
	for _, regin := range []bool{false, true} {
		t.Run(fmt.Sprintf("regin=%t", regin), func(t *testing.T) {
			ref, dut := twins(t, Spec{Sources: []string{"testdata/checks.sv"}, Top: "checks", RegInputs: regin})
			const n = 10
			in := make([]uint32, n)
			in[3] = 5 // fails the assertion at cycle 3's edge
			want, out := make([]uint32, n), make([]uint32, n)
			rerr := ref.Run(n, in, want)
			var se *cosim.SimError
			require.True(t, errors.As(rerr, &se), "Run: want a *SimError, got %v", rerr)
			diff, err := dut.(cosim.Comparer).RunCompare(n, 0, in, want, out)
			require.Error(t, err)
			assert.Equal(t, rerr.Error(), err.Error())
			assert.Equal(t, -1, diff)
			assert.Equal(t, ref.Cycles(), dut.Cycles())

			ref2, dut2 := twins(t, Spec{Sources: []string{"testdata/checks.sv"}, Top: "checks", RegInputs: regin})
			require.Error(t, ref2.Run(n, in, want))
			last := int(se.Cycle - 2) // the failing cycle's index in the batch (2 reset cycles)
			want[last] ^= 1
			diff, err = dut2.(cosim.Comparer).RunCompare(n, 0, in, want, out)
			assert.Equal(t, last, diff, "the difference is reported")
			assert.Error(t, err, "and the event with it")
		})
	}
}

// TestRunCompareBadArguments: short arrays are an error naming the counts.
func TestRunCompareBadArguments(t *testing.T) {
	_, dut := twins(t, Spec{Sources: []string{"testdata/checks.sv"}, Top: "checks"})
	c := dut.(cosim.Comparer)
	_, err := c.RunCompare(4, 0, make([]uint32, 4), make([]uint32, 3), make([]uint32, 4))
	assert.EqualError(t, err, "cosim: checks RunCompare of 4 cycles got 4 input, 3 expected and 4 output words, want 4, 4 and 4")
	diff, err := c.RunCompare(0, 0, nil, nil, nil)
	assert.NoError(t, err)
	assert.Equal(t, -1, diff)
	require.NoError(t, dut.Close())
	_, err = c.RunCompare(1, 0, make([]uint32, 1), make([]uint32, 1), make([]uint32, 1))
	assert.Equal(t, cosim.ErrClosed, err)
}
