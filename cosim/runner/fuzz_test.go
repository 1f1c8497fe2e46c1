package runner

import (
	"os"
	"path/filepath"
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
		if !parseOut(&l, line, out) {
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

// FuzzGuessTop: any file content gives a top or a list of modules, never a
// panic, and a top is a declared identifier.
func FuzzGuessTop(f *testing.F) {
	for _, s := range []string{"module a; endmodule", "/* module x; */ module y #(N=1) (); endmodule", "// module z\n", "module", "/*", "module a;\nmodule b;"} {
		f.Add(s)
	}
	dir := f.TempDir()
	p := filepath.Join(dir, "f.sv")
	f.Fuzz(func(t *testing.T, src string) {
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
		top, mods := guessTop([]string{p}, "rr_arbiter")
		if top != "" {
			require.Contains(t, stripComments(src), top)
			require.Empty(t, mods)
		}
	})
}
