package icarus

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
)

// FuzzParseOut: any line from the harness's output file is either read
// into words that print back as the same hex (lower case, per port width)
// or refused; never a panic.
func FuzzParseOut(f *testing.F) {
	l, err := port.NewLayout([]port.Port{{Name: "a_o", Dir: port.Out, Width: 5}, {Name: "b_o", Dir: port.Out, Width: 40}}, "", "", false)
	require.NoError(f, err)
	for _, s := range []string{"1f 00000000ab", "0 1", "x 0", "1f zz", "", "1 2 3", "fffffffffffffffffff 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		out := make([]uint32, l.OutWords)
		if !ParseOut(&l, line, out) {
			return
		}
		fs := strings.Fields(line)
		for i, p := range l.Outputs {
			got := hexOf(l.Out(out, i), p.Width)
			want := strings.TrimLeft(fs[i], "0")
			if len(want) <= len(got) {
				require.Equal(t, strings.Repeat("0", len(got)-len(want))+want, got, "line %q port %s", line, p.Name)
			}
		}
	})
}

// hexOf formats a port's words as a .vec file does: ceil(width/4) hex
// digits, most significant first.
func hexOf(words []uint32, width int) string {
	digits := (width + 3) / 4
	b := make([]byte, digits)
	for d := 0; d < digits; d++ {
		bit := 4 * d
		v := words[bit>>5] >> uint(bit&31) & 15
		b[digits-1-d] = "0123456789abcdef"[v]
	}
	return string(b)
}
