package dpi

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repoRoot is the repository root, from this file's path.
func repoRoot(t testing.TB) string {
	t.Helper()
	_, f, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Join(filepath.Dir(f), "..", "..")
}

func names(t *testing.T, re *regexp.Regexp, files ...string) []string {
	t.Helper()
	set := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range re.FindAllSubmatch(b, -1) {
			set[string(m[1])] = true
		}
	}
	var s []string
	for k := range set {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

// TestHeaderMatchesExports: the C header declares exactly the entry points
// the library defines (Go //export and the open-array shims), and the
// SystemVerilog package imports only declared ones, each open-array entry
// point included: the ABI is written once per side and checked here.
func TestHeaderMatchesExports(t *testing.T) {
	root := repoRoot(t)
	lib := filepath.Join(root, "cmd", "liboccamy_golden")
	goFiles, err := filepath.Glob(filepath.Join(lib, "*.go"))
	require.NoError(t, err)
	goExports := names(t, regexp.MustCompile(`(?m)^//export (occamy_golden_\w+)`), goFiles...)
	cDefs := names(t, regexp.MustCompile(`(?m)^int (occamy_golden_\w+_oa)\(`), filepath.Join(lib, "openarray.c"))
	defined := append(append([]string{}, goExports...), cDefs...)
	sort.Strings(defined)
	header := names(t, regexp.MustCompile(`(?m)^[a-z][\w ]*\*?\s*(occamy_golden_\w+)\(`), filepath.Join(root, "verilog", "tb", "dpi", "occamy_golden.h"))
	assert.Equal(t, defined, header, "occamy_golden.h against the library's definitions")
	sv := names(t, regexp.MustCompile(`import "DPI-C" function \w+(?: \w+)? (occamy_golden_\w+)\(`), filepath.Join(root, "verilog", "tb", "dpi", "occamy_golden_pkg.sv"))
	assert.Subset(t, header, sv, "the package imports only declared entry points")
	assert.Subset(t, sv, cDefs, "the package imports every open-array entry point")
	assert.GreaterOrEqual(t, len(sv), 20)
	assert.GreaterOrEqual(t, len(header), 30)
}
