package vcd

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeSample drives a Writer through a fixed sequence of calls and returns
// its output.
func writeSample(t *testing.T, opt WriterOptions) string {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, opt)
	require.NoError(t, err)
	clk, err := w.Var("top", "clk", 1, Wire)
	require.NoError(t, err)
	req, err := w.Var("top.u_arb", "req_i", 4, Wire)
	require.NoError(t, err)
	ptr, err := w.Var("top.u_arb", "ptr_q", 2, Reg)
	require.NoError(t, err)
	wide, err := w.Var("top", "wide", 70, Wire)
	require.NoError(t, err)
	require.NoError(t, w.WriteHeader())
	steps := []struct {
		time uint64
		id   ID
		val  []uint64
	}{
		{0, clk, []uint64{1}},
		{0, req, []uint64{5}},
		{500, clk, []uint64{0}},
		{500, req, []uint64{5}}, // unchanged: not written
		{1000, clk, []uint64{1}},
		{1000, ptr, []uint64{3}},
		{1000, wide, []uint64{0, 1 << 5}},
		{1500, req, []uint64{0x15}}, // same 4 bits: not written, nor is #1500
		{2000, wide, []uint64{0, 1 << 5}},
	}
	for _, s := range steps {
		require.NoError(t, w.Time(s.time), "time %d", s.time)
		require.NoError(t, w.Change(s.id, s.val), "time %d var %d", s.time, s.id)
	}
	require.NoError(t, w.Close())
	return buf.String()
}

func TestWriterGolden(t *testing.T) {
	want := `$version occamy rtl/vcd writer $end
$timescale 1ps $end
$scope module top $end
$var wire 1 ! clk $end
$var wire 70 $ wide [69:0] $end
$scope module u_arb $end
$var wire 4 " req_i [3:0] $end
$var reg 2 # ptr_q [1:0] $end
$upscope $end
$upscope $end
$enddefinitions $end
#0
$dumpvars
1!
b101 "
bx #
bx $
$end
#500
0!
#1000
1!
b11 #
b1` + strings.Repeat("0", 69) + ` $
#2000
`
	got := writeSample(t, WriterOptions{})
	assert.Equal(t, want, got)
	assert.Equal(t, got, writeSample(t, WriterOptions{}), "output must be deterministic")
	ns := writeSample(t, WriterOptions{Timescale: "10 ns"})
	assert.Contains(t, ns, "$timescale 10ns $end\n")
}

func TestWriterCloseCases(t *testing.T) {
	cases := []struct {
		name string
		run  func(w *Writer) error
		want string
	}{
		{"no header yet", func(w *Writer) error { return nil },
			"$enddefinitions $end\n"},
		{"header only", func(w *Writer) error { return w.WriteHeader() },
			"$enddefinitions $end\n"},
		{"one timestamp", func(w *Writer) error {
			if err := w.WriteHeader(); err != nil {
				return err
			}
			return w.Time(7)
		}, "$enddefinitions $end\n#7\n$dumpvars\nx!\n$end\n"},
		{"last timestamp without change", func(w *Writer) error {
			for _, err := range []error{w.WriteHeader(), w.Time(0), w.Change(0, []uint64{0}), w.Time(9)} {
				if err != nil {
					return err
				}
			}
			return nil
		}, "$enddefinitions $end\n#0\n$dumpvars\n0!\n$end\n#9\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			w, err := NewWriter(&buf, WriterOptions{})
			require.NoError(t, err)
			_, err = w.Var("s", "a", 1, Wire)
			require.NoError(t, err)
			require.NoError(t, c.run(w))
			require.NoError(t, w.Close())
			require.NoError(t, w.Close(), "a second Close is a no-op")
			_, body, ok := strings.Cut(buf.String(), "$upscope $end\n")
			require.True(t, ok)
			assert.Equal(t, c.want, body)
		})
	}
}

func TestWriterErrors(t *testing.T) {
	cases := []struct {
		name string
		run  func(w *Writer) error
		want string
	}{
		{"bad name", func(w *Writer) error { _, err := w.Var("s", "a b", 1, Wire); return err }, `bad var name "a b"`},
		{"dotted name", func(w *Writer) error { _, err := w.Var("s", "a.b", 1, Wire); return err }, `bad var name "a.b"`},
		{"empty scope", func(w *Writer) error { _, err := w.Var("", "a", 1, Wire); return err }, `bad scope path ""`},
		{"empty scope part", func(w *Writer) error { _, err := w.Var("a..b", "a", 1, Wire); return err }, `bad scope path "a..b"`},
		{"width 0", func(w *Writer) error { _, err := w.Var("s", "a", 0, Wire); return err }, "width 0 out of range"},
		{"bad kind", func(w *Writer) error { _, err := w.Var("s", "a", 1, Kind(7)); return err }, "unknown kind 7"},
		{"twice", func(w *Writer) error {
			w.Var("s", "a", 1, Wire)
			_, err := w.Var("s", "a", 2, Reg)
			return err
		}, "var s.a declared twice"},
		{"var after header", func(w *Writer) error {
			w.WriteHeader()
			_, err := w.Var("s", "a", 1, Wire)
			return err
		}, "Var after WriteHeader"},
		{"time before header", func(w *Writer) error { return w.Time(0) }, "Time before WriteHeader"},
		{"change before time", func(w *Writer) error {
			w.Var("s", "a", 1, Wire)
			w.WriteHeader()
			return w.Change(0, []uint64{1})
		}, "Change before the first Time"},
		{"time backwards", func(w *Writer) error {
			w.WriteHeader()
			w.Time(10)
			w.Time(20)
			return w.Time(15)
		}, "time 15 is before the current time 20"},
		{"unknown id", func(w *Writer) error {
			w.WriteHeader()
			w.Time(0)
			return w.Change(3, []uint64{1})
		}, "unknown var id 3"},
		{"short words", func(w *Writer) error {
			w.Var("s", "a", 65, Wire)
			w.WriteHeader()
			w.Time(0)
			return w.Change(0, []uint64{1})
		}, "1 words given, 2 needed for 65 bits"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := NewWriter(&bytes.Buffer{}, WriterOptions{})
			require.NoError(t, err)
			err = c.run(w)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	_, err := NewWriter(&bytes.Buffer{}, WriterOptions{Timescale: "3 parsecs"})
	assert.ErrorContains(t, err, `bad timescale "3 parsecs"`)
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriterIOErrorIsSticky(t *testing.T) {
	w, err := NewWriter(failWriter{}, WriterOptions{})
	require.NoError(t, err)
	_, err = w.Var("s", "a", 1, Wire)
	require.NoError(t, err)
	require.NoError(t, w.WriteHeader()) // buffered
	require.ErrorContains(t, w.Flush(), "disk full")
	assert.ErrorContains(t, w.Time(1), "disk full")
	assert.ErrorContains(t, w.Close(), "disk full")
}

func TestIDCode(t *testing.T) {
	cases := []struct {
		n    int
		want string
	}{{0, "!"}, {1, `"`}, {93, "~"}, {94, `!!`}, {95, `"!`}, {94 + 94*94 - 1, "~~"}, {94 + 94*94, "!!!"}}
	for _, c := range cases {
		assert.Equal(t, c.want, idCode(c.n), "idCode(%d)", c.n)
	}
	seen := map[string]int{}
	for n := 0; n < 20000; n++ {
		code := idCode(n)
		if prev, dup := seen[code]; dup {
			t.Fatalf("idCode(%d) = idCode(%d) = %q", n, prev, code)
		}
		seen[code] = n
	}
}
