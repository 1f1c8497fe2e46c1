package vcd

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// sampleAll runs a Sampler over text and renders each edge as
// "<time>: <hex of each reported var>".
func sampleAll(text string, opt SamplerOptions) ([]string, error) {
	r, err := NewReader(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	s, err := NewSampler(r, opt)
	if err != nil {
		return nil, err
	}
	var out []string
	for s.Next() {
		line := fmt.Sprint(s.Time(), ":")
		for i := range s.Vars() {
			line += " " + s.Value(i).Hex()
		}
		out = append(out, line)
	}
	return out, s.Err()
}

const hdrCV = "$scope module t $end $var wire 1 c clk $end $var wire 4 v v [3:0] $end $upscope $end $enddefinitions $end\n"

func TestSampler(t *testing.T) {
	cases := []struct {
		name string
		body string
		opt  SamplerOptions
		want []string
	}{
		{"values before the edge", "#0 0c b0 v #10 1c b1 v #15 0c #20 b10 v 1c #25 0c b11 v #30 1c",
			SamplerOptions{Clock: "clk"}, []string{"10: 0 0", "20: 0 1", "30: 0 3"}},
		{"only the chosen signals", "#0 0c b0 v #10 1c b1 v #15 0c #20 1c",
			SamplerOptions{Clock: "t.clk", Signals: []string{"v"}}, []string{"10: 0", "20: 1"}},
		{"not dumped yet is x", "#0 0c #10 1c b1 v", SamplerOptions{Clock: "clk"}, []string{"10: 0 x"}},
		{"glitch high inside one timestamp", "#0 0c #10 1c 0c #20 1c", SamplerOptions{Clock: "clk"}, []string{"20: 0 x"}},
		{"glitch low inside one timestamp", "#0 0c #10 1c #15 0c #20 1c 0c 1c b1 v", SamplerOptions{Clock: "clk"}, []string{"10: 0 x", "20: 0 x"}},
		{"starts at 1: no edge at 0", "#0 1c b101 v #5 0c #10 1c", SamplerOptions{Clock: "clk"}, []string{"10: 0 5"}},
		{"x to 1 is not an edge", "#0 xc b101 v #10 1c #15 0c #20 1c", SamplerOptions{Clock: "clk"}, []string{"20: 0 5"}},
		{"x to 1 is an edge with XEdges", "#0 xc b101 v #10 1c #15 0c #20 1c", SamplerOptions{Clock: "clk", XEdges: true},
			[]string{"10: x 5", "20: 0 5"}},
		{"z to 1 with XEdges", "#0 zc #10 1c", SamplerOptions{Clock: "clk", XEdges: true}, []string{"10: z x"}},
		{"changes before the first timestamp", "0c b111 v #10 1c", SamplerOptions{Clock: "clk"}, []string{"10: 0 7"}},
		{"repeated timestamp continues it", "#0 0c #10 b1 v #10 1c #10 b10 v #20 0c", SamplerOptions{Clock: "clk"}, []string{"10: 0 x"}},
		{"edge at the end of input", "#0 0c b11 v #10 1c", SamplerOptions{Clock: "clk"}, []string{"10: 0 3"}},
		{"no edge at all", "#0 0c #10 b1 v", SamplerOptions{Clock: "clk"}, nil},
		{"dump blocks and comments", "#0 $dumpvars 0c bx v $end #10 $comment hi $end 1c #15 0c b1 v #20 1c", SamplerOptions{Clock: "clk"},
			[]string{"10: 0 x", "20: 0 1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := sampleAll(hdrCV+c.body, c.opt)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

func TestSamplerErrors(t *testing.T) {
	cases := []struct {
		name string
		body string
		opt  SamplerOptions
		want string
	}{
		{"no clock", "", SamplerOptions{Clock: "clock"}, `clock: vcd: no var named "clock"`},
		{"vector clock", "", SamplerOptions{Clock: "v"}, "vcd: clock t.v is 4 bits wide (wire); a clock must be a 1-bit var"},
		{"unknown signal", "", SamplerOptions{Clock: "clk", Signals: []string{"w"}}, `vcd: no var named "w"`},
		{"parse error after an edge", "#0 0c #10 1c #20 b2 w", SamplerOptions{Clock: "clk"}, `vcd: line 2: unknown id code "w"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := sampleAll(hdrCV+c.body, c.opt)
			assert.EqualError(t, err, c.want)
		})
	}
	_, err := sampleAll("$var real 1 c clk $end $enddefinitions $end", SamplerOptions{Clock: "clk"})
	assert.ErrorContains(t, err, "a clock must be a 1-bit var")
}

func TestSamplerIndex(t *testing.T) {
	r, err := NewReader(strings.NewReader("$scope module a $end $var wire 1 c clk $end $var wire 1 x x $end " +
		"$scope module b $end $var wire 1 c clk $end $var wire 1 y x $end $upscope $end $upscope $end $enddefinitions $end"))
	require.NoError(t, err)
	s, err := NewSampler(r, SamplerOptions{Clock: "clk"})
	require.NoError(t, err)
	for name, want := range map[string]int{"a.clk": 0, "clk": 0, "a.b.clk": 2, "b.x": 3, "a.x": 1, "x": -1, "nope": -1} {
		assert.Equal(t, want, s.Index(name), "Index(%q)", name)
	}
}

// afterReset returns, per rising edge of clk at which rst (active low) was
// 1, the hex value of each named signal.
func afterReset(t *testing.T, file, clk, rst string, names []string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + file)
	require.NoError(t, err)
	defer f.Close()
	r, err := NewReader(f)
	require.NoError(t, err)
	s, err := NewSampler(r, SamplerOptions{Clock: clk, Signals: append([]string{rst}, names...)})
	require.NoError(t, err)
	var rows [][]string
	for s.Next() {
		if s.Value(0).Hex() != "1" {
			continue
		}
		var row []string
		for i := range names {
			row = append(row, s.Value(i+1).Hex())
		}
		rows = append(rows, row)
	}
	require.NoError(t, s.Err())
	return rows
}

// TestSamplerVerilatorMatchesIcarus compares the same counter dumped by
// Verilator (TOP scope, zero-padded vectors, ps) and by Icarus (reg kinds,
// stripped vectors, $dumpvars, 1 s or ps): per rising edge after reset the
// values agree, though the timestamps and the harnesses differ.
func TestSamplerVerilatorMatchesIcarus(t *testing.T) {
	names := []string{"counter.cnt_q", "counter.wide_q", "counter.wrap_o"}
	ver := afterReset(t, "verilator_counter.vcd", "TOP.clk_i", "TOP.counter.rst_ni", names)
	inames := []string{"dut.cnt_q", "dut.wide_q", "dut.wrap_o"}
	for _, file := range []string{"icarus_counter.vcd", "icarus_counter_ns.vcd"} {
		ica := afterReset(t, file, "tb.clk", "dut.rst_ni", inames)
		n := min(len(ver), len(ica))
		require.Greater(t, n, 15, "%s: edges after reset", file)
		for e := 0; e < n; e++ {
			for i := range names {
				require.Equal(t, ver[e][i], ica[e][i], "%s: edge %d after reset, signal %s", file, e, names[i])
			}
		}
	}
	assert.Equal(t, []string{"0", "000000000000000000", "0"}, ver[0])
	assert.Equal(t, []string{"f", "000000000000007fff", "1"}, ver[15])
}

// TestSamplerBoundedMemory streams a dump far larger than what the reader
// may allocate through a pipe: the reader allocates only for the header.
func TestSamplerBoundedMemory(t *testing.T) {
	const cycles = 30000
	pr, pw := io.Pipe()
	go func() {
		var tick uint64
		tr, err := NewTracer(pw, TracerOptions{})
		if err == nil {
			err = tr.Declare([]rtl.Scope{{Name: "u", Signals: benchSignals(64, &tick)}})
		}
		for ; err == nil && tick < cycles; tick++ {
			err = tr.Sample(tick)
		}
		if err == nil {
			err = tr.Close()
		}
		pw.CloseWithError(err)
	}()
	cr := &countingReader{r: pr}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, err := NewReader(cr)
	require.NoError(t, err)
	s, err := NewSampler(r, SamplerOptions{Clock: "clk"})
	require.NoError(t, err)
	n := 0
	for s.Next() {
		n++
	}
	require.NoError(t, s.Err())
	runtime.ReadMemStats(&after)
	assert.Equal(t, cycles, n, "edges")
	assert.Greater(t, cr.n, int64(30<<20), "bytes streamed")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(2<<20), "bytes allocated while reading %d bytes", cr.n)
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// BenchmarkSampler measures reading a dump of 64 signals (one 1024 bits
// wide) that all change every cycle; one op is one edge.
func BenchmarkSampler(b *testing.B) {
	var buf strings.Builder
	var tick uint64
	tr, err := NewTracer(&buf, TracerOptions{})
	require.NoError(b, err)
	require.NoError(b, tr.Declare([]rtl.Scope{{Name: "u", Signals: benchSignals(64, &tick)}}))
	const cycles = 2000
	for ; tick < cycles; tick++ {
		require.NoError(b, tr.Sample(tick))
	}
	require.NoError(b, tr.Close())
	text := buf.String()
	b.SetBytes(int64(len(text)) / cycles)
	b.ReportAllocs()
	b.ResetTimer()
	for done := 0; done < b.N; done += cycles {
		r, err := NewReader(strings.NewReader(text))
		require.NoError(b, err)
		s, err := NewSampler(r, SamplerOptions{Clock: "clk"})
		require.NoError(b, err)
		for s.Next() {
		}
		require.NoError(b, s.Err())
	}
}
