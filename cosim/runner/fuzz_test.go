package runner

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

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
