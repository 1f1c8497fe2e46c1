package scoreboard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
	"occamy/rtl/vcd"
)

func TestTallyKeepsGoing(t *testing.T) {
	k := New([]string{"data", "order"}, []string{"d", "o"})
	assert.False(t, k.Failing())
	k.PassN(0, 5)
	for i := 0; i < 25; i++ {
		k.Fail(1, uint64(100-i), i, int64(i), "broke %d", i)
	}
	k.Pass(1)
	c := k.Counts()
	assert.Equal(t, Count{Check: "data", Doc: "d", Checked: 5}, c[0])
	assert.Equal(t, Count{Check: "order", Doc: "o", Checked: 26, Violations: 25}, c[1])
	require.Len(t, k.Kept(), MaxKept, "only the first are kept")
	assert.Equal(t, "broke 0", k.Kept()[0].What)
	assert.Equal(t, uint64(91), k.First().Cycle, "the earliest cycle among those kept")
	assert.True(t, k.Failing())
	assert.True(t, k.FailedAt(1))
	assert.False(t, k.FailedAt(0))
	assert.Equal(t, "cycle 3: data, queue 2, serial 7: x", Violation{Check: "data", Cycle: 3, Queue: 2, Serial: 7, What: "x"}.String())
	assert.Equal(t, "cycle 3: policy: x", Violation{Check: "policy", Cycle: 3, Queue: -1, Serial: -1, What: "x"}.String())
}

func TestTallyPassDoesNotAllocate(t *testing.T) {
	k := New([]string{"a"}, nil)
	assert.Zero(t, testing.AllocsPerRun(100, func() { k.Pass(0) }))
}

func TestWindow(t *testing.T) {
	l, err := port.NewLayout([]port.Port{port.Input("clk_i", 1), port.Input("a_i", 8), port.Output("b_o", 40)}, "clk_i", "", false)
	require.NoError(t, err)
	w := NewWindow(&l, 3, 2)
	in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
	assert.Zero(t, testing.AllocsPerRun(10, func() { w.Add(0, in, out, 0) }), "Add")
	w = NewWindow(&l, 3, 2)
	for c := uint64(0); c < 20; c++ {
		in[0], out[0], out[1] = uint32(c), uint32(c*3), uint32(c)
		var note uint32
		if c == 10 {
			note = 2
		}
		w.Add(c, in, out, note)
		if c == 10 {
			w.Mark(c)
		}
	}
	f, lst, ok := w.Span()
	require.True(t, ok)
	assert.Equal(t, [2]uint64{7, 12}, [2]uint64{f, lst}, "3 before the mark, the mark, 2 after")
	m, marked := w.Marked()
	assert.True(t, marked)
	assert.Equal(t, uint64(10), m)

	p := filepath.Join(t.TempDir(), "w.vcd")
	require.NoError(t, w.WriteVCD(p, "dut", "violated", 5))
	fh, err := os.Open(p)
	require.NoError(t, err)
	defer fh.Close()
	r, err := vcd.NewReader(fh)
	require.NoError(t, err)
	for _, name := range []string{"occamy.dut.a_i", "occamy.dut.b_o", "occamy.scoreboard.violated", "occamy.clk"} {
		_, err := r.Header().Find(name)
		assert.NoError(t, err, name)
	}
	for r.Next() {
	}
	require.NoError(t, r.Err())
	assert.Equal(t, uint64(13000), r.Time(), "the edge that ends cycle 12")
}
