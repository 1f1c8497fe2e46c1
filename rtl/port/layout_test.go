package port

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/pack"
)

func TestNewLayout(t *testing.T) {
	ports := []Port{Input("clk_i", 1), Input("rst_ni", 1), Input("a_i", 33), Input("w_i", 100), Output("x_o", 1), Output("y_o", 64), Output("z_o", 65)}
	l, err := NewLayout(ports, "clk_i", "rst_ni", false)
	require.NoError(t, err)
	assert.Equal(t, []Port{Input("rst_ni", 1), Input("a_i", 33), Input("w_i", 100)}, l.Inputs)
	assert.Equal(t, []int{0, 1, 3}, l.InOff)
	assert.Equal(t, 7, l.InWords)
	assert.Equal(t, []int{0, 1, 3}, l.OutOff)
	assert.Equal(t, 6, l.OutWords)
	assert.Equal(t, 1, l.Input("a_i"))
	assert.Equal(t, -1, l.Input("clk_i"), "the clock is not an input word")
	assert.Equal(t, 2, l.Output("z_o"))
	in := make([]uint32, l.InWords)
	l.In(in, 1)[1] = 7
	assert.Equal(t, uint32(7), in[2])
	out := []uint32{0, 1, 2, 3, 4, 5}
	assert.Equal(t, []uint32{3, 4, 5}, l.Out(out, 2))

	comb, err := NewLayout(ports, "", "", false)
	require.NoError(t, err)
	assert.Equal(t, 4, len(comb.Inputs), "without a clock, clk_i is an ordinary input")
}

func TestNewLayoutErrors(t *testing.T) {
	tests := []struct {
		name         string
		ports        []Port
		clock, reset string
		want         string
	}{
		{"missing clock", []Port{Input("a_i", 1)}, "clk_i", "", "cosim: clock input clk_i is not a port of the top"},
		{"missing reset", []Port{Input("clk_i", 1)}, "clk_i", "rst_ni", "cosim: reset input rst_ni is not a port of the top"},
		{"wide clock", []Port{Input("clk_i", 2)}, "clk_i", "", "cosim: clock clk_i is 2 bits wide, want 1"},
		{"wide reset", []Port{Input("rst_ni", 3)}, "", "rst_ni", "cosim: reset rst_ni is 3 bits wide, want 1"},
		{"output clock", []Port{Output("clk_i", 1)}, "clk_i", "", "cosim: clock input clk_i is not a port of the top"},
		{"duplicate", []Port{Input("a", 1), Output("a", 1)}, "", "", "cosim: port a listed twice"},
		{"zero width", []Port{Input("a", 0)}, "", "", "cosim: port a has width 0"},
		{"bad dir", []Port{{"a", 0, 1}}, "", "", "cosim: port a has direction Dir(0)"},
	}
	for _, tc := range tests {
		_, err := NewLayout(tc.ports, tc.clock, tc.reset, false)
		assert.EqualError(t, err, tc.want, tc.name)
	}
}

func TestWordHelpers(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 1000; i++ {
		v := r.Uint64()
		for n := 1; n <= 4; n++ {
			w := make([]uint32, n)
			for j := range w {
				w[j] = 0xdeadbeef
			}
			pack.PutUint64(w, v)
			want := v
			if n == 1 {
				want = v & 0xffffffff
			}
			require.Equal(t, want, pack.Uint64(w), "PutUint64/Uint64 round trip of %#x in %d words", v, n)
			for j := 2; j < n; j++ {
				require.Zero(t, w[j], "word %d above 64 bits", j)
			}
		}
		src := []uint64{r.Uint64(), r.Uint64(), r.Uint64()}
		w := make([]uint32, 6)
		pack.From64(w, src)
		back := make([]uint64, 3)
		pack.To64(back, w)
		require.Equal(t, src, back)
		// The reference: bit k of the 64-bit words is bit k of the 32-bit words.
		for k := 0; k < 192; k++ {
			require.Equal(t, src[k/64]>>(k%64)&1, uint64(w[k/32]>>(k%32)&1), "bit %d", k)
		}
	}
	assert.Equal(t, uint64(0), pack.Uint64(nil))
	short := make([]uint64, 1)
	pack.To64(short, []uint32{1, 2, 3, 4})
	assert.Equal(t, []uint64{2<<32 | 1}, short)
}

func TestWordsFor(t *testing.T) {
	for _, tc := range []struct{ w, n int }{{1, 1}, {32, 1}, {33, 2}, {64, 2}, {65, 3}, {1024, 32}} {
		assert.Equal(t, tc.n, WordsFor(tc.w), "width %d", tc.w)
		assert.Equal(t, tc.n, Port{Width: tc.w}.Words(), "width %d", tc.w)
	}
	assert.Equal(t, "input [7:0] a_i", Input("a_i", 8).String())
	assert.Equal(t, "output b_o", Output("b_o", 1).String())
}
