package vcd

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// counter is a tiny clocked block: cnt_q counts up while en_i is 1, and
// wrap_o is 1 when cnt_q is 3.
type counter struct {
	EnI        bool
	CntQ, CntD uint64
	WrapO      bool
}

func (c *counter) Eval() {
	c.WrapO = c.CntQ == 3
	c.CntD = c.CntQ
	if c.EnI {
		c.CntD = (c.CntQ + 1) & 3
	}
}

func (c *counter) Commit() { c.CntQ = c.CntD }

func (c *counter) Signals() []rtl.Signal {
	return []rtl.Signal{
		rtl.Flag("en_i", func() bool { return c.EnI }),
		rtl.Scalar("cnt_q", 2, func() uint64 { return c.CntQ }),
		rtl.Flag("wrap_o", func() bool { return c.WrapO }),
	}
}

func TestTracerGolden(t *testing.T) {
	var buf bytes.Buffer
	tr, err := NewTracer(&buf, TracerOptions{})
	require.NoError(t, err)
	c := &counter{}
	sim := rtl.NewSim()
	sim.Add("u_cnt", c)
	require.NoError(t, sim.Trace(tr))
	require.NoError(t, sim.Step()) // cycle 0: en_i 0
	c.EnI = true
	require.NoError(t, sim.Run(4)) // cycles 1..4
	require.NoError(t, sim.Close())
	want := `$version occamy rtl/vcd writer $end
$timescale 1ps $end
$scope module occamy $end
$var wire 1 ! clk $end
$scope module u_cnt $end
$var wire 1 " en_i $end
$var reg 2 # cnt_q [1:0] $end
$var wire 1 $ wrap_o $end
$upscope $end
$upscope $end
$enddefinitions $end
#0
$dumpvars
1!
0"
b0 #
0$
$end
#500
0!
#1000
1!
1"
#1500
0!
#2000
1!
b1 #
#2500
0!
#3000
1!
b10 #
#3500
0!
#4000
1!
b11 #
1$
#4500
0!
#5000
1!
`
	assert.Equal(t, want, buf.String())
}

func TestTracerOptions(t *testing.T) {
	var buf bytes.Buffer
	tr, err := NewTracer(&buf, TracerOptions{Top: "tb", Timescale: "1ns", Period: 10})
	require.NoError(t, err)
	require.NoError(t, tr.Declare([]rtl.Scope{{Name: "a.b", Signals: (&counter{}).Signals()}}))
	require.NoError(t, tr.Sample(7))
	require.NoError(t, tr.Close())
	s := buf.String()
	assert.Contains(t, s, "$timescale 1ns $end\n$scope module tb $end\n$var wire 1 ! clk $end\n$scope module a $end\n$scope module b $end\n")
	assert.Contains(t, s, "#70\n$dumpvars\n")
	assert.Contains(t, s, "\n#75\n0!\n#80\n1!\n")
}

func TestTracerErrors(t *testing.T) {
	sig := (&counter{}).Signals()
	cases := []struct {
		name string
		opt  TracerOptions
		run  func(tr *Tracer) error
		want string
	}{
		{"odd period", TracerOptions{Period: 999}, nil, "period 999 must be even and at least 2"},
		{"bad top", TracerOptions{Top: "a b"}, nil, `bad top scope name "a b"`},
		{"bad timescale", TracerOptions{Timescale: "ps"}, nil, `bad timescale "ps"`},
		{"sample before declare", TracerOptions{}, func(tr *Tracer) error { return tr.Sample(0) }, "Sample before Declare"},
		{"declare twice", TracerOptions{}, func(tr *Tracer) error {
			tr.Declare(nil)
			return tr.Declare(nil)
		}, "Declare called twice"},
		{"duplicate signal", TracerOptions{}, func(tr *Tracer) error {
			return tr.Declare([]rtl.Scope{{Name: "a", Signals: sig}, {Name: "a", Signals: sig}})
		}, "var occamy.a.en_i declared twice"},
		{"nil read", TracerOptions{}, func(tr *Tracer) error {
			return tr.Declare([]rtl.Scope{{Name: "a", Signals: []rtl.Signal{{Name: "x", Width: 1}}}})
		}, "signal a.x has no Read function"},
		{"zero width", TracerOptions{}, func(tr *Tracer) error {
			return tr.Declare([]rtl.Scope{{Name: "a", Signals: []rtl.Signal{{Name: "x", Read: func([]uint64) {}}}}})
		}, "width 0 out of range"},
		{"cycles go back", TracerOptions{}, func(tr *Tracer) error {
			tr.Declare(nil)
			tr.Sample(5)
			return tr.Sample(5)
		}, "cycle 5 sampled after cycle 5"},
		{"time overflow", TracerOptions{}, func(tr *Tracer) error {
			tr.Declare(nil)
			return tr.Sample(1 << 60)
		}, "cycle 1152921504606846976 is too large for a period of 1000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, err := NewTracer(io.Discard, c.opt)
			if c.run == nil {
				assert.ErrorContains(t, err, c.want)
				return
			}
			require.NoError(t, err)
			assert.ErrorContains(t, c.run(tr), c.want)
		})
	}
}

func TestCreateTracer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.vcd")
	tr, err := CreateTracer(path, TracerOptions{})
	require.NoError(t, err)
	require.NoError(t, tr.Declare(nil))
	require.NoError(t, tr.Sample(0))
	require.NoError(t, tr.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(b), "#1000\n1!\n")
	_, err = CreateTracer(filepath.Join(t.TempDir(), "no", "such", "dir.vcd"), TracerOptions{})
	assert.Error(t, err)
}

// benchSignals returns n signals of assorted widths, one of them 1024 bits
// wide, whose values change every cycle with the counter *tick.
func benchSignals(n int, tick *uint64) []rtl.Signal {
	widths := []int{1, 3, 8, 16, 64, 65, 1024}
	sigs := make([]rtl.Signal, 0, n)
	for i := 0; i < n; i++ {
		w := widths[i%len(widths)]
		if i >= len(widths) && w == 1024 {
			w = 32 // one 1024-bit signal only
		}
		k := uint64(i)*0x9e3779b97f4a7c15 + 1
		sigs = append(sigs, rtl.Signal{Name: fmt.Sprintf("s%d", i), Width: w, Read: func(dst []uint64) {
			for j := range dst {
				dst[j] = (*tick + uint64(j)) * k
			}
		}})
	}
	return sigs
}

// TestTracerSampleDoesNotAllocate is the allocation check of the per-cycle
// path; BenchmarkTracerSample reports the same with -benchmem.
func TestTracerSampleDoesNotAllocate(t *testing.T) {
	var tick uint64
	tr, err := NewTracer(io.Discard, TracerOptions{})
	require.NoError(t, err)
	require.NoError(t, tr.Declare([]rtl.Scope{{Name: "u", Signals: benchSignals(64, &tick)}}))
	for ; tick < 10; tick++ {
		require.NoError(t, tr.Sample(tick))
	}
	allocs := testing.AllocsPerRun(200, func() {
		tick++
		if err := tr.Sample(tick); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs, "allocations per Sample")
}

// BenchmarkTracerSample measures one Sample of 64 signals (one of them
// 1024 bits wide) that all change every cycle.
func BenchmarkTracerSample(b *testing.B) {
	var tick uint64
	tr, err := NewTracer(io.Discard, TracerOptions{})
	require.NoError(b, err)
	require.NoError(b, tr.Declare([]rtl.Scope{{Name: "u", Signals: benchSignals(64, &tick)}}))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tick++
		if err := tr.Sample(tick); err != nil {
			b.Fatal(err)
		}
	}
}

func TestTracerFailedDeclareWritesNothing(t *testing.T) {
	var buf bytes.Buffer
	tr, err := NewTracer(&buf, TracerOptions{})
	require.NoError(t, err)
	require.Error(t, tr.Declare([]rtl.Scope{{Name: "bad name"}}))
	require.ErrorContains(t, tr.Sample(0), "Sample before Declare")
	require.NoError(t, tr.Close())
	assert.Empty(t, buf.String())
}
