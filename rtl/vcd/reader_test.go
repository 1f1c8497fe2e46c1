package vcd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readAll parses text and renders its body as one string per event: "#t"
// for a time, "<id>=<bits>" for a change, "<id>:s<text>" for a string.
func readAll(text string) (*Header, []string, error) {
	r, err := NewReader(strings.NewReader(text))
	if err != nil {
		return nil, nil, err
	}
	var evs []string
	for r.Next() {
		ev := r.Event()
		id := r.Header().Codes[ev.Code].ID
		switch ev.Kind {
		case TimeEvent:
			evs = append(evs, fmt.Sprintf("#%d", ev.Time))
		case ChangeEvent:
			evs = append(evs, id+"="+ev.Value.String())
		case StringEvent:
			evs = append(evs, id+":s"+string(ev.Text))
		}
	}
	return r.Header(), evs, r.Err()
}

const hdr1 = "$scope module t $end $var wire 1 ! a $end $var wire 4 \" v [3:0] $end $upscope $end $enddefinitions $end\n"

func TestReaderBody(t *testing.T) {
	cases := []struct {
		name string
		body string
		want []string
	}{
		{"scalars", "#0 0! 1! x! z! X! Z!", []string{"#0", "!=0", "!=1", "!=x", "!=z", "!=x", "!=z"}},
		{"vhdl states", "u! w! -! l! h! L! H! U!", []string{"!=x", "!=x", "!=x", "!=0", "!=1", "!=0", "!=1", "!=x"}},
		{"vectors full", "b1010 \" B0xz1 \"", []string{"\"=1010", "\"=0xz1"}},
		{"extend 1 with 0", "b1 \"", []string{"\"=0001"}},
		{"extend 0 with 0", "b01 \"", []string{"\"=0001"}},
		{"extend x with x", "bx1 \"", []string{"\"=xxx1"}},
		{"extend z with z", "bz \"", []string{"\"=zzzz"}},
		{"leading zeros beyond width", "b0000101 \"", []string{"\"=0101"}},
		{"scalar on a vector", "1\" x\"", []string{"\"=0001", "\"=xxxx"}},
		{"vector on a scalar", "b1 ! b0 !", []string{"!=1", "!=0"}},
		{"dump blocks", "$dumpvars 1! b11 \" $end $dumpoff x! bx \" $end $dumpon 0! $end $dumpall 1! $end",
			[]string{"!=1", "\"=0011", "!=x", "\"=xxxx", "!=0", "!=1"}},
		{"comments", "$comment a b\nc $end #5 $comment $end 1!", []string{"#5", "!=1"}},
		{"unknown section", "$attrbegin misc 07 foo 1 $end 1!", []string{"!=1"}},
		{"same time twice", "#5 1! #5 0!", []string{"#5", "!=1", "#5", "!=0"}},
		{"strings", "shello ! s \"", []string{"!:shello", "\":s"}},
		{"no body", "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, evs, err := readAll(hdr1 + c.body)
			require.NoError(t, err)
			assert.Equal(t, c.want, evs)
		})
	}
}

func TestReaderReal(t *testing.T) {
	r, err := NewReader(strings.NewReader("$var real 1 ! r $end $var realtime 64 \" t $end $enddefinitions $end\n#0 r0.5 ! R-2.25e3 \" r1e400 !"))
	require.NoError(t, err)
	require.True(t, r.Next())
	assert.Equal(t, TimeEvent, r.Event().Kind)
	want := []float64{0.5, -2250}
	for i, f := range want {
		require.True(t, r.Next(), "event %d", i)
		assert.Equal(t, ChangeEvent, r.Event().Kind)
		assert.Equal(t, f, r.Event().Value.Float(), "real %d", i)
	}
	require.True(t, r.Next(), "an out-of-range real reads as infinity")
	assert.True(t, r.Event().Value.Float() > 1e308)
	assert.False(t, r.Next())
	require.NoError(t, r.Err())
	assert.True(t, r.Header().Codes[0].Real)
}

func TestReaderHeader(t *testing.T) {
	text := `$date
	Sun Nov 29 2026
$end
$version Some  tool 1.0 $end
$comment first $end
$timescale
	10 ns
$end
$scope module top $end
 $var wire  1 ! clk $end
 $var reg 8 " data [7:0] $end
 $scope task u_sub $end
  $var integer 32 # i [31:0] $end
  $var wire 1 $ bit [3] $end
  $var wire 1 % mem[2] $end
  $var logic 3 & spaced [ 4 : 2 ] $end
  $var parameter 1 ' P $end
  $var event 1 ( ev $end
  $var wire 1 ! clk_i $end
 $upscope $end
$upscope $end
$scope begin $end
$var wire 2 ) anon $end
$upscope $end
$enddefinitions $end
`
	h, _, err := readAll(text)
	require.NoError(t, err)
	assert.Equal(t, Timescale{10, "ns"}, h.Timescale)
	assert.Equal(t, "Sun Nov 29 2026", h.Date)
	assert.Equal(t, "Some tool 1.0", h.Version)
	assert.Equal(t, []string{"first"}, h.Comments)
	want := []Var{
		{Scope: "top", Name: "clk", Kind: "wire", Width: 1, ID: "!", Code: 0},
		{Scope: "top", Name: "data", Kind: "reg", Width: 8, ID: `"`, HasRange: true, MSB: 7, LSB: 0, Code: 1},
		{Scope: "top.u_sub", Name: "i", Kind: "integer", Width: 32, ID: "#", HasRange: true, MSB: 31, Code: 2},
		{Scope: "top.u_sub", Name: "bit", Kind: "wire", Width: 1, ID: "$", HasRange: true, MSB: 3, LSB: 3, Code: 3},
		{Scope: "top.u_sub", Name: "mem[2]", Kind: "wire", Width: 1, ID: "%", Code: 4},
		{Scope: "top.u_sub", Name: "spaced", Kind: "logic", Width: 3, ID: "&", HasRange: true, MSB: 4, LSB: 2, Code: 5},
		{Scope: "top.u_sub", Name: "P", Kind: "parameter", Width: 1, ID: "'", Code: 6},
		{Scope: "top.u_sub", Name: "ev", Kind: "event", Width: 1, ID: "(", Code: 7},
		{Scope: "top.u_sub", Name: "clk_i", Kind: "wire", Width: 1, ID: "!", Code: 0},
		{Scope: "begin", Name: "anon", Kind: "wire", Width: 2, ID: ")", Code: 8},
	}
	assert.Equal(t, want, h.Vars)
	require.Len(t, h.Codes, 9)
	assert.Equal(t, Code{ID: "!", Width: 1, Vars: []int{0, 8}}, h.Codes[0])
}

func TestHeaderFind(t *testing.T) {
	h, _, err := readAll("$scope module tb $end $var reg 1 ! clk $end $var wire 1 \" x $end " +
		"$scope module dut $end $var wire 1 ! clk $end $var wire 1 # x $end $var wire 1 $ y $end $upscope $end $upscope $end $enddefinitions $end")
	require.NoError(t, err)
	cases := []struct {
		name string
		want int
		err  string
	}{
		{"tb.clk", 0, ""},
		{"tb.dut.clk", 2, ""},
		{"clk", 0, ""}, // two vars, one id code
		{"dut.x", 3, ""},
		{"y", 4, ""},
		{"x", 0, `var name "x" is ambiguous: tb.x, tb.dut.x`},
		{"z", 0, `no var named "z"`},
		{"ut.x", 0, `no var named "ut.x"`},
	}
	for _, c := range cases {
		i, err := h.Find(c.name)
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, "Find(%q)", c.name)
			continue
		}
		require.NoError(t, err, "Find(%q)", c.name)
		assert.Equal(t, c.want, i, "Find(%q)", c.name)
	}
	// One full path declared twice: the same stream is one var, two streams
	// are an error, never the first one silently.
	for _, c := range []struct{ second, err string }{{"!", ""}, {"\"", `vcd: var top.x is declared twice, with id codes "!" and "\""`}} {
		h, _, err := readAll("$scope module top $end $var wire 1 ! x $end $var wire 1 " + c.second + " x $end $upscope $end $enddefinitions $end")
		require.NoError(t, err)
		_, err = h.Find("top.x")
		if c.err == "" {
			assert.NoError(t, err)
		} else {
			assert.EqualError(t, err, c.err)
		}
	}
}

func TestReaderErrors(t *testing.T) {
	cases := []struct {
		name string
		text string
		want string
	}{
		{"unknown id", hdr1 + "#0\n1!\nb1 %$\n", `vcd: line 4: unknown id code "%$"`},
		{"no enddefinitions", "$scope module a $end\n$var wire 1 ! a $end\n", "vcd: line 3: end of input in the header: no $enddefinitions"},
		{"no $end", "$scope module a $end\n$var wire 1 ! a\n", "vcd: line 2: $var section has no $end"},
		{"short var", "$var wire 1 ! $end", "vcd: line 1: $var needs a kind, a width, an id code and a name"},
		{"bad width", "\n$var wire x ! a $end", `vcd: line 2: $var a: width "x" out of range`},
		{"zero width", "$var wire 0 ! a $end", `width "0" out of range`},
		{"huge width", "$var wire 99999999999 ! a $end", `width "99999999999" out of range`},
		{"bad range", "$var wire 2 ! a [1-0] $end", `vcd: line 1: $var a: bad range "[1-0]"`},
		{"width clash", "$var wire 2 ! a $end\n$var wire 3 ! b $end", `vcd: line 2: $var b: id code "!" declared before with width 2, now 3`},
		{"upscope at top", "$upscope $end", "vcd: line 1: $upscope without an open $scope"},
		{"bad timescale", "$timescale 1 parsec $end", `vcd: line 1: bad timescale "1 parsec"`},
		{"junk in header", "hello", `vcd: line 1: unexpected "hello" in the header`},
		{"too many scope words", "$scope a b c $end", "too many words in $scope section"},
		{"bad time", hdr1 + "#1x", `vcd: line 2: bad timestamp "#1x"`},
		{"time overflow", hdr1 + "#18446744073709551616", "bad timestamp"},
		{"time back", hdr1 + "#5\n#4", "vcd: line 3: time 4 goes back from 5"},
		{"bad bit", hdr1 + "\n\nb10q \"", `vcd: line 4: bad bit 'q' in the value of id code "\""`},
		{"too long", hdr1 + "b11111 \"", `vcd: line 2: vector of 5 bits for the 4-bit id code "\""`},
		{"empty vector", hdr1 + "b \"", `empty vector for id code "\""`},
		{"scalar without id", hdr1 + "1", `vcd: line 2: value "1" has no id code`},
		{"vector without id", hdr1 + "b1", `vcd: line 2: value "b1" has no id code`},
		{"real on a wire", hdr1 + "r1.5 !", `real value for the non-real id code "!"`},
		{"bad real", "$var real 64 ! r $end $enddefinitions $end r1.5.5 !", `bad real "1.5.5"`},
		{"var in body", hdr1 + "$var wire 1 # b $end", "vcd: line 2: $var after $enddefinitions"},
		{"junk in body", hdr1 + "#0\n?", `vcd: line 3: unexpected "?"`},
		{"comment without end", hdr1 + "\n$comment forever", "vcd: line 3: $comment section has no $end"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := readAll(c.text)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			var pe *ParseError
			assert.True(t, errors.As(err, &pe), "error %v must be a *ParseError", err)
		})
	}
}

func TestReaderTokenLimit(t *testing.T) {
	text := hdr1 + "b" + strings.Repeat("0", MaxToken+10) + " \"\n"
	_, _, err := readAll(text)
	assert.ErrorContains(t, err, fmt.Sprintf("vcd: line 2: token longer than %d bytes", MaxToken))
}

func TestReaderReadError(t *testing.T) {
	r := io.MultiReader(strings.NewReader(hdr1+"#0\n1!\n"), iotest.ErrReader(errors.New("cable cut")))
	rd, err := NewReader(r)
	require.NoError(t, err)
	for rd.Next() {
	}
	require.ErrorContains(t, rd.Err(), "vcd: line 4: read: cable cut")
	_, err = NewReader(iotest.ErrReader(errors.New("cable cut")))
	assert.ErrorContains(t, err, "cable cut")
}

// TestReaderSimulatorDumps reads real dumps: Verilator lists the ports of
// TOP and of the module under one id code and zero-pads its vectors;
// Icarus dumps reg/integer/real/event kinds with stripped vectors.
func TestReaderSimulatorDumps(t *testing.T) {
	cases := []struct {
		file    string
		ts      Timescale
		vars    int
		codes   int
		changes int
		last    uint64
	}{
		{"verilator_counter.vcd", Timescale{1, "ps"}, 13, 8, 125, 235},
		{"icarus_counter.vcd", Timescale{1, "s"}, 13, 9, 143, 215},
		{"icarus_counter_ns.vcd", Timescale{1, "ps"}, 15, 11, 147, 215000}, // two of them reals
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			f, err := os.Open("testdata/" + c.file)
			require.NoError(t, err)
			defer f.Close()
			r, err := NewReader(f)
			require.NoError(t, err)
			h := r.Header()
			assert.Equal(t, c.ts, h.Timescale)
			assert.Len(t, h.Vars, c.vars)
			assert.Len(t, h.Codes, c.codes)
			changes := 0
			for r.Next() {
				if r.Event().Kind == ChangeEvent {
					changes++
				}
			}
			require.NoError(t, r.Err())
			assert.Equal(t, c.changes, changes)
			assert.Equal(t, c.last, r.Time())
		})
	}
}

// TestReaderChunking reads the same files through readers that return one
// byte or half a buffer at a time, so that tokens and line ends straddle
// refills: events and their lines must not change.
func TestReaderChunking(t *testing.T) {
	render := func(r io.Reader) []string {
		rd, err := NewReader(r)
		require.NoError(t, err)
		var out []string
		for rd.Next() {
			ev := rd.Event()
			out = append(out, fmt.Sprintf("%d %d %d %d %s %s", ev.Line, ev.Kind, ev.Time, ev.Code, ev.Value.String(), ev.Text))
		}
		require.NoError(t, rd.Err())
		return out
	}
	for _, file := range []string{"verilator_counter.vcd", "icarus_counter.vcd", "icarus_counter_ns.vcd"} {
		b, err := os.ReadFile("testdata/" + file)
		require.NoError(t, err)
		want := render(strings.NewReader(string(b)))
		require.NotEmpty(t, want)
		assert.Equal(t, want, render(iotest.OneByteReader(strings.NewReader(string(b)))), "%s one byte at a time", file)
		assert.Equal(t, want, render(iotest.HalfReader(strings.NewReader(string(b)))), "%s half reads", file)
		assert.Equal(t, want, render(iotest.DataErrReader(strings.NewReader(string(b)))), "%s EOF with data", file)
	}
}

// TestReaderWideVector reads a vector longer than the scanner's window.
func TestReaderWideVector(t *testing.T) {
	const w = 3*scanBuf + 17
	bits := "1" + strings.Repeat("01", w/2)
	text := fmt.Sprintf("$var wire %d ! v $end $enddefinitions $end\n#0\nb%s !\n#1\nb1 !\nbz !", w, bits)
	r, err := NewReader(iotest.HalfReader(strings.NewReader(text)))
	require.NoError(t, err)
	require.True(t, r.Next())
	require.True(t, r.Next())
	assert.Equal(t, bits, r.Event().Value.String())
	assert.Equal(t, 3, r.Event().Line)
	require.True(t, r.Next())
	require.True(t, r.Next())
	assert.Equal(t, strings.Repeat("0", w-1)+"1", r.Event().Value.String())
	assert.Equal(t, 5, r.Event().Line)
	require.True(t, r.Next())
	assert.Equal(t, strings.Repeat("z", w), r.Event().Value.String())
	assert.False(t, r.Next())
	require.NoError(t, r.Err())
}
