package dpi

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
	"occamy/testbench/blocks"
	"occamy/testbench/stimulus"
)

// reference is an independent golden model of the same block (the
// registry's adapter, built as the runner builds it) with its stimulus:
// what the DUT side of a scoreboard test shows.
type reference struct {
	g   blocks.Golden
	src stimulus.Source
}

func newReference(t *testing.T, b *blocks.Block, p map[string]int) *reference {
	t.Helper()
	l, err := b.Layout(p)
	require.NoError(t, err)
	sd, err := b.Build(p, &l, 7)
	require.NoError(t, err)
	src := sd.Random
	if sd.Directed != nil {
		src = stimulus.Chain(sd.Directed, sd.Random)
	}
	return &reference{g: sd.Golden, src: src}
}

// TestEveryBlockMatchesItsAdapter: for every registry block at its
// defaults and its small set, the DPI model fed the runner's stimulus
// agrees every compared cycle with an independent adapter, compares every
// cycle after the first reset cycle, and says MATCH with the count.
func TestEveryBlockMatchesItsAdapter(t *testing.T) {
	const cycles = 3000
	for _, b := range blocks.Every() {
		for _, set := range []struct {
			name string
			p    map[string]int
		}{{"defaults", b.Defaults()}, {"small", b.SmallParams()}} {
			t.Run(b.Name+"/"+set.name, func(t *testing.T) {
				m, err := New(b.Name, set.p)
				require.NoError(t, err)
				ref := newReference(t, b, m.Params)
				in := make([]uint32, m.Layout.InWords)
				out := make([]uint32, m.Layout.OutWords)
				for c := uint64(0); c < cycles; c++ {
					ref.src.Next(c, in)
					ref.g.Step(in, out)
					mm, err := m.Check(in, out)
					require.NoError(t, err, "cycle %d", c)
					require.Nil(t, mm, "cycle %d", c)
				}
				want := uint64(cycles - 1)
				if m.Layout.Clock == "" {
					want = cycles
				}
				assert.Equal(t, want, m.Compared(), "cycles compared")
				v, err := m.Verdict("", 7)
				require.NoError(t, err)
				assert.True(t, strings.HasPrefix(v, fmt.Sprintf("MATCH %s [%s] (%s: %s, dpi scoreboard): %d cycles compared (%d run)", b.Name, set.name, DPIDesign, b.Module, want, cycles)), v)
			})
		}
	}
}

// TestScoreboardNamesTheMismatch: a DUT output word changed at one cycle
// is reported at that cycle, on that signal and element, in the runner's
// format, with the trace ending at that cycle.
func TestScoreboardNamesTheMismatch(t *testing.T) {
	cases := []struct {
		block  string
		params map[string]int
		port   string
		bit    int
		cycle  uint64
		detail string
	}{
		{"arbiter", map[string]int{"N": 4}, "gnt_idx_o", 1, 9, ""},
		{"selector", map[string]int{"N": 5, "QW": 3}, "over_o", 3, 40, "over_o[3]: go"},
		{"tm", nil, "qlen_o", 16 * 5, 700, "qlen_o[5] (bits 95:80): go"},
		{"threshold", map[string]int{"C": 3, "QW": 5, "AW": 3}, "thr_o", 5, 0, "thr_o[1] (bits 9:5): go"},
	}
	for _, tc := range cases {
		t.Run(tc.block, func(t *testing.T) {
			m, err := New(tc.block, tc.params)
			require.NoError(t, err)
			b := m.Block
			ref := newReference(t, b, m.Params)
			oi := m.Layout.Output(tc.port)
			require.GreaterOrEqual(t, oi, 0)
			in := make([]uint32, m.Layout.InWords)
			out := make([]uint32, m.Layout.OutWords)
			for c := uint64(0); c <= tc.cycle; c++ {
				ref.src.Next(c, in)
				ref.g.Step(in, out)
				if c == tc.cycle {
					out[m.Layout.OutOff[oi]+tc.bit/32] ^= 1 << uint(tc.bit%32)
				}
				mm, err := m.Check(in, out)
				require.NoError(t, err)
				if c < tc.cycle {
					require.Nil(t, mm, "cycle %d", c)
					continue
				}
				require.NotNil(t, mm)
				assert.Equal(t, tc.cycle, mm.Cycle)
				assert.Equal(t, tc.port, mm.Signal)
				assert.NotEqual(t, mm.Go, mm.RTL)
				assert.True(t, strings.HasPrefix(mm.Detail, tc.detail), mm.Detail)
				assert.Contains(t, mm.Short(), fmt.Sprintf("cycle %d: %s go=%s rtl=%s", tc.cycle, tc.port, mm.Go, mm.RTL))
				require.NotEmpty(t, mm.Trace)
				last := mm.Trace[len(mm.Trace)-1]
				assert.True(t, strings.HasPrefix(last, fmt.Sprintf("c=%d ", tc.cycle)), last)
				assert.Contains(t, last, "*")
				assert.LessOrEqual(t, len(mm.Trace), TraceLines)
			}
			// The scoreboard goes on after a mismatch; the verdict stays
			// the first mismatch's, counted up to it.
			for c := tc.cycle + 1; c < tc.cycle+20; c++ {
				ref.src.Next(c, in)
				ref.g.Step(in, out)
				_, err := m.Check(in, out)
				require.NoError(t, err)
			}
			v, err := m.Verdict("", 1)
			require.NoError(t, err)
			want := tc.cycle
			if m.Layout.Clock == "" {
				want++
			}
			assert.Contains(t, v, fmt.Sprintf("MISMATCH %s [%s] (%s: %s, dpi scoreboard): cycle %d: %s go=", b.Name, runner.SetOf(b.Name, m.Params), DPIDesign, b.Module, tc.cycle, tc.port))
			assert.Contains(t, v, fmt.Sprintf(" after %d cycles (%d compared)", tc.cycle+1, want))
			assert.Equal(t, uint64(1), m.Mismatches())
		})
	}
}

// TestNotComparedBeforeReset: the cycle before the first reset cycle's
// edge is not compared (power-up against reset state), exactly as the
// runner; a scoreboard that compared nothing gives no verdict.
func TestNotComparedBeforeReset(t *testing.T) {
	m, err := New("arbiter", map[string]int{"N": 4})
	require.NoError(t, err)
	in := make([]uint32, m.Layout.InWords)
	dut := []uint32{1, 3} // wrong in every cycle: valid with no request
	// Reset released from the start: nothing is ever compared.
	in[0] = 1
	for c := 0; c < 5; c++ {
		mm, err := m.Check(in, dut)
		require.NoError(t, err)
		require.Nil(t, mm)
	}
	_, err = m.Verdict("", 1)
	var nc *NothingComparedError
	require.ErrorAs(t, err, &nc)
	assert.Contains(t, err.Error(), "no cycle compared in 5 cycles")
	// A reset cycle: the cycle after it is compared and differs.
	in[0] = 0
	mm, err := m.Check(in, dut)
	require.NoError(t, err)
	require.Nil(t, mm, "the reset cycle itself is compared only when armed earlier")
	mm, err = m.Check(in, dut)
	require.NoError(t, err)
	require.NotNil(t, mm)
	assert.Equal(t, uint64(6), mm.Cycle)
	assert.Equal(t, "gnt_valid_o", mm.Signal)
}

// TestPortByPort: setting ports one at a time equals setting the word
// array, and GetOutput reads what Outputs holds; bits above a port's width
// are dropped.
func TestPortByPort(t *testing.T) {
	a, err := New("arbiter", map[string]int{"N": 40})
	require.NoError(t, err)
	b, err := New("arbiter", map[string]int{"N": 40})
	require.NoError(t, err)
	require.NoError(t, a.Reset(2))
	require.NoError(t, b.Reset(2))
	rst, _ := a.Port("rst_ni")
	req, _ := a.Port("req_i")
	ack, _ := a.Port("ack_i")
	idx, _ := a.Port("gnt_idx_o")
	for c := uint32(0); c < 50; c++ {
		r := []uint32{c * 2654435761, c*40503 | 0xffffff00}
		require.NoError(t, a.SetInput(rst, []uint32{1}, 1))
		require.NoError(t, a.SetInput(req, r, 40))
		require.NoError(t, a.SetInput(ack, []uint32{c & 1}, 1))
		require.NoError(t, b.SetInputs([]uint32{1, r[0], r[1] & 0xff, c & 1}))
		assert.Equal(t, b.Inputs(), a.Inputs())
		require.NoError(t, a.Step())
		require.NoError(t, b.Eval())
		require.NoError(t, b.Commit())
		assert.Equal(t, b.Outputs(), a.Outputs())
		g := []uint32{0}
		require.NoError(t, a.GetOutput(idx, g, 6))
		assert.Equal(t, a.Outputs()[1], g[0])
	}
}

// TestDescribe: the layout string a C caller reads.
func TestDescribe(t *testing.T) {
	m, err := New("rr_arbiter", map[string]int{"N": 64})
	require.NoError(t, err)
	assert.Equal(t, "block=arbiter;module=rr_arbiter;params=N=64;clock=clk_i;reset=rst_ni;in_words=4;out_words=2;in=rst_ni:1@0,req_i:64@1,ack_i:1@3;out=gnt_valid_o:1@0,gnt_idx_o:6@1", m.Describe())
}

func TestParseParams(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want map[string]int
		err  string
	}{
		{"", map[string]int{}, ""},
		{"N=16,QW=8", map[string]int{"N": 16, "QW": 8}, ""},
		{" N=16  QW=0x8 ", map[string]int{"N": 16, "QW": 8}, ""},
		{"N=-3", map[string]int{"N": -3}, ""},
		{"N", nil, `"N" is not NAME=VALUE`},
		{"=4", nil, `"=4" is not NAME=VALUE`},
		{"N=x", nil, `"N=x" has a value that is not a 32-bit integer`},
		{"N=99999999999", nil, "not a 32-bit integer"},
		{"N=1,N=2", nil, "given twice"},
	} {
		p, err := ParseParams(tc.in)
		if tc.err != "" {
			var se *ParamSyntaxError
			require.ErrorAs(t, err, &se, tc.in)
			assert.Contains(t, err.Error(), tc.err)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, p, tc.in)
	}
}

func FuzzParseParams(f *testing.F) {
	for _, s := range []string{"", "N=16,QW=8", "N", "N=1,N=2", "A=0x10 B=-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseParams(s)
		if err != nil {
			var se *ParamSyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		// Whatever parses, New refuses or accepts without panicking.
		_, _ = New("arbiter", p)
	})
}

// TestOwnStimulus: the model's Stimulus at a seed is the runner's
// stimulus at that seed (the same inputs as an independent adapter's
// source, closed loop included), once per cycle; the seed is refused once
// the run started.
func TestOwnStimulus(t *testing.T) {
	for _, name := range []string{"arbiter", "tm", "freelist"} {
		t.Run(name, func(t *testing.T) {
			m, err := New(name, nil)
			require.NoError(t, err)
			require.NoError(t, m.SetSeed(7))
			ref := newReference(t, m.Block, m.Params)
			in := make([]uint32, m.Layout.InWords)
			want := make([]uint32, m.Layout.InWords)
			out := make([]uint32, m.Layout.OutWords)
			for c := uint64(0); c < 2000; c++ {
				require.NoError(t, m.Stimulus(in))
				ref.src.Next(c, want)
				require.Equal(t, want, in, "cycle %d", c)
				ref.g.Step(want, out)
				mm, err := m.Check(in, out)
				require.NoError(t, err)
				require.Nil(t, mm)
			}
			var ph *PhaseError
			require.NoError(t, m.Stimulus(in))
			require.ErrorAs(t, m.Stimulus(in), &ph)
			var se *SeedError
			require.ErrorAs(t, m.SetSeed(3), &se)
		})
	}
}
