package stimulus

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
)

func layout(t *testing.T, ports ...port.Port) *port.Layout {
	t.Helper()
	clk, rst := "", ""
	for _, p := range ports {
		if p.Name == "clk_i" {
			clk = p.Name
		}
		if p.Name == "rst_ni" {
			rst = p.Name
		}
	}
	l, err := port.NewLayout(ports, clk, rst, false)
	require.NoError(t, err)
	return &l
}

func in(n string, w int) port.Port  { return port.Port{Name: n, Dir: port.In, Width: w} }
func out(n string, w int) port.Port { return port.Port{Name: n, Dir: port.Out, Width: w} }

func TestResets(t *testing.T) {
	r := NewResets(1, 64)
	pulses, asserted := 0, 0
	prev := false
	for c := uint64(0); c < 64000; c++ {
		rst := !r.RstN(c)
		if c < 2 {
			require.True(t, rst, "cycle %d: rst_ni expected 0 got 1", c)
		}
		if c == 2 {
			prev = false
		}
		if c >= 2 && rst {
			asserted++
			if !prev {
				pulses++
			}
		}
		prev = rst
	}
	require.Greater(t, pulses, 500, "about one pulse per 64 cycles expected, got %d in 64000", pulses)
	require.Less(t, asserted, 4*pulses, "pulses are 1 to 3 cycles: %d cycles asserted in %d pulses", asserted, pulses)
	never := NewResets(1, 0)
	for c := uint64(2); c < 10000; c++ {
		require.True(t, never.RstN(c), "cycle %d: Every=0 asserted reset", c)
	}
}

func TestChainAndReplay(t *testing.T) {
	l := layout(t, in("a_i", 8), out("b_o", 8))
	words := []uint32{1, 2, 3}
	r := Replay(words, 1)
	w := make([]uint32, 1)
	for c := uint64(0); c < 7; c++ {
		r.Next(c, w)
		require.Equal(t, words[c%3], w[0], "cycle %d: replay gave %d, want %d", c, w[0], words[c%3])
	}
	f, err := FieldOf(l, "a_i")
	require.NoError(t, err)
	d := &Script{Rst: f}
	d.Add(7, func([]uint32) {})
	d.Add(8, func([]uint32) {})
	ch := Chain(d, Replay([]uint32{42}, 1))
	var got []uint32
	for c := uint64(0); c < 4; c++ {
		ch.Next(c, w)
		got = append(got, w[0])
	}
	require.Equal(t, []uint32{7, 8, 42, 42}, got, "chain: directed rows then the replay")
	_, err = FieldOf(l, "nope_i")
	require.ErrorContains(t, err, "no input nope_i")
}
