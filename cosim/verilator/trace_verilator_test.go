//go:build verilator

package verilator

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/vcd"
)

// TestTraceVCD writes a VCD of reset plus a few counting cycles and reads it
// back per rising edge with rtl/vcd: edge c+1 must show the inputs and
// outputs that Cycle gave for cycle c.
func TestTraceVCD(t *testing.T) {
	spec := counterSpec
	spec.Trace = true
	m := open(t, spec)
	path := filepath.Join(t.TempDir(), "counter.vcd")
	require.NoError(t, m.Trace(path))
	f := newFrame(m.Layout())
	require.NoError(t, m.Reset(2))
	var cnt, next []uint64
	cnt, next = append(cnt, 0, 0), append(next, 0, 0)
	f.set(t, "rst_ni", 1)
	f.set(t, "en_i", 1)
	for c := 0; c < 5; c++ {
		if c == 2 {
			f.set(t, "load_i", 1)
			f.set(t, "load_val_i", 0x80)
		} else {
			f.set(t, "load_i", 0)
		}
		require.NoError(t, m.Cycle(f.in, f.out))
		cnt = append(cnt, f.get(t, "cnt_o"))
		next = append(next, f.get(t, "next_o"))
	}
	require.NoError(t, m.Trace(""))

	fh, err := os.Open(path)
	require.NoError(t, err)
	defer fh.Close()
	r, err := vcd.NewReader(bufio.NewReader(fh))
	require.NoError(t, err)
	assert.Equal(t, "1ps", r.Header().Timescale.String())
	s, err := vcd.NewSampler(r, vcd.SamplerOptions{Clock: "TOP.clk_i", Signals: []string{"TOP.cnt_o", "TOP.next_o", "TOP.rst_ni"}})
	require.NoError(t, err)
	edge := 0
	for s.Next() {
		c := edge // edge at 1000(c+1) closes cycle c
		require.Equal(t, uint64(1000*(c+1)), s.Time(), "edge %d", edge)
		got, ok := s.Value(0).Uint64()
		require.True(t, ok)
		assert.Equal(t, cnt[c], got, "cycle %d: cnt_o in the VCD", c)
		got, _ = s.Value(1).Uint64()
		assert.Equal(t, next[c], got, "cycle %d: next_o in the VCD", c)
		got, _ = s.Value(2).Uint64()
		assert.Equal(t, uint64(b2u(c >= 2)), got, "cycle %d: rst_ni in the VCD", c)
		edge++
	}
	require.NoError(t, s.Err())
	assert.Equal(t, 7, edge, "one rising edge per cycle")

	// A second trace on the same model, from the current cycle on.
	path2 := filepath.Join(t.TempDir(), "again.vcd")
	require.NoError(t, m.Trace(path2))
	require.NoError(t, m.Cycle(f.in, f.out))
	require.NoError(t, m.Close())
	b, err := os.ReadFile(path2)
	require.NoError(t, err)
	assert.Contains(t, string(b), "#7000")
	assert.Contains(t, string(b), "#8000")

	m2 := open(t, spec)
	assert.ErrorContains(t, m2.Trace("/nonexistent/dir/x.vcd"), "cannot open VCD file /nonexistent/dir/x.vcd")
}

// TestTraceComb: a combinational top's trace has one sample per cycle.
func TestTraceComb(t *testing.T) {
	m := open(t, Spec{Sources: []string{"testdata/comb.sv"}, Top: "comb", Trace: true})
	path := filepath.Join(t.TempDir(), "comb.vcd")
	require.NoError(t, m.Trace(path))
	in, out := []uint32{1, 2}, make([]uint32, 2)
	for c := 0; c < 3; c++ {
		in[0] = uint32(c)
		require.NoError(t, m.Cycle(in, out))
	}
	require.NoError(t, m.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, want := range []string{"#0", "#1000", "#2000", "a_i", "sum_o"} {
		assert.Contains(t, string(b), want)
	}
	assert.False(t, strings.Contains(string(b), "#500"), "no clock, no half cycles")
}
