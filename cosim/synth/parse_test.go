package synth

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readTestdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return string(b)
}

// The snippets in testdata are Yosys 0.23's own stat and ltp output, as the
// Runner's script writes them (tee -q -o).
func TestParseStatSnippets(t *testing.T) {
	tests := []struct {
		file, module string
		want         Cost
	}{
		{"arbiter_n8.stat", "rr_arbiter", Cost{LUTs: 29, FFs: 3, Cells: 32}},
		// Three flip-flop types, one without reset: $_DFFE_PP_ 47,
		// $_SDFFCE_PN0P_ 33, $_SDFF_PN0_ 20.
		{"pd_lists_small.stat", "tm_pd_lists", Cost{LUTs: 209, FFs: 100, Cells: 309}},
		{"threshold_qw4.stat", "dt_threshold", Cost{LUTs: 8, Cells: 8}},
		{"wire_only.stat", "wire_only", Cost{}},
		{"ff_only.stat", "ff_only", Cost{FFs: 1, Cells: 1}},
		// Not flattened: the "design hierarchy" totals count, not the
		// top's two submodule cells.
		{"sel_arb_hier.stat", "occamy_sel_arb", Cost{LUTs: 10, FFs: 6, Cells: 16}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			got, err := ParseStat(readTestdata(t, tc.file), tc.module)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got, "%s: cost of %s", tc.file, tc.module)
		})
	}
}

func TestParseLTPSnippets(t *testing.T) {
	tests := []struct {
		file, module string
		want         Path
	}{
		// Ends at a register: the "ff:" line names it.
		{"arbiter_n8.ltp", "rr_arbiter", Path{Length: 4, From: "ptr_q[2]", To: "ptr_q[2]"}},
		{"pd_lists_small.ltp", "tm_pd_lists", Path{Length: 6, From: "unl_qid_i[1]", To: "hl_q[11]"}},
		// Combinational only: ends at an output port.
		{"threshold_qw4.ltp", "dt_threshold", Path{Length: 1, From: "free_i[3]", To: "thr_o[7]"}},
		// No cell at all: one node, length 0.
		{"wire_only.ltp", "wire_only", Path{Length: 0, From: "a", To: "a"}},
		// Several modules (not flattened): the named one's path, where a
		// submodule instance counts as one cell.
		{"sel_arb_hier.ltp", "occamy_sel_arb", Path{Length: 2, From: "thr_i[7]", To: "gnt_idx_o[0]"}},
		{"sel_arb_hier.ltp", `$paramod\rr_arbiter\N=s32'00000000000000000000000000000100`, Path{Length: 1, From: "ptr_q[1]", To: "ptr_q[1]"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			got, err := ParseLTP(readTestdata(t, tc.file), tc.module)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got, "%s: longest path of %s", tc.file, tc.module)
		})
	}
}

func TestParseStatRejects(t *testing.T) {
	good := readTestdata(t, "arbiter_n8.stat")
	tests := []struct {
		name, text, module, want string
	}{
		{"empty", "", "rr_arbiter", `no "=== MODULE ===" section`},
		{"other module", good, "hd_selector", "no section for module hd_selector (sections: rr_arbiter)"},
		{"no cell count", strings.Replace(good, "Number of cells:", "Number of cats:", 1), "rr_arbiter", `no "Number of cells:" line`},
		{"sum mismatch", strings.Replace(good, "$lut                           29", "$lut                           28", 1), "rr_arbiter",
			`cell types add up to 31, but "Number of cells:" says 32`},
		{"bad count", strings.Replace(good, "$lut                           29", "$lut                           many", 1), "rr_arbiter",
			`cell line "$lut                           many" is not "TYPE COUNT"`},
		{"coarse ff", strings.Replace(good, "$_SDFFE_PN0P_", "$sdffe", 1), "rr_arbiter", "coarse flip-flop cell $sdffe left after synth"},
		{"duplicate type", strings.Replace(good, "$_SDFFE_PN0P_", "$lut", 1), "rr_arbiter", "cell type $lut listed twice"},
		{"duplicate section", good + good, "rr_arbiter", `section "rr_arbiter" listed twice`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseStat(tc.text, tc.module)
			require.Error(t, err, "%s: want an error", tc.name)
			var pe *ParseError
			require.True(t, errors.As(err, &pe), "%s: want a *ParseError, got %T", tc.name, err)
			assert.Contains(t, err.Error(), tc.want, "%s: error text", tc.name)
			assert.Contains(t, err.Error(), "yosys stat output for "+tc.module+" not understood", "%s: error names the output", tc.name)
		})
	}
}

func TestParseLTPRejects(t *testing.T) {
	good := readTestdata(t, "arbiter_n8.ltp")
	tests := []struct {
		name, text, module, want string
	}{
		{"empty", "", "rr_arbiter", `no "Longest topological path in MODULE (length=N):" line`},
		{"other module", good, "hd_selector", "no longest path for module hd_selector (modules: rr_arbiter)"},
		{"loop", "Detected loop at $abc$1 in top\n", "top", "combinational loop: Detected loop at $abc$1 in top"},
		{"too few nodes", strings.Replace(good, "(length=4)", "(length=5)", 1), "rr_arbiter", "length=5 but 5 path nodes listed (want 6)"},
		{"too many nodes", strings.Replace(good, "(length=4)", "(length=3)", 1), "rr_arbiter", "length=3 but 5 path nodes listed (want 4)"},
		{"out of order", strings.Replace(good, "    2: ", "    7: ", 1), "rr_arbiter", "out of order (want 2)"},
		{"twice", good + good, "rr_arbiter", "two longest paths listed for rr_arbiter"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLTP(tc.text, tc.module)
			require.Error(t, err, "%s: want an error", tc.name)
			var pe *ParseError
			require.True(t, errors.As(err, &pe), "%s: want a *ParseError, got %T", tc.name, err)
			assert.Contains(t, err.Error(), tc.want, "%s: error text", tc.name)
		})
	}
}

func TestPathEnd(t *testing.T) {
	tests := []struct {
		nodes []string
		ff    string
		want  string
	}{
		{[]string{`\a`, `$abc$1`}, `\q [3]`, "q[3]"},
		{[]string{`\a`, `\y [0]`}, "", "y[0]"},
		{[]string{`\a`, `\m`, `$abc$2`}, "", "m …"},
		{[]string{`$abc$1`, `$abc$2`}, "", "$abc$2"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, pathEnd(tc.nodes, tc.ff), "pathEnd(%q, %q)", tc.nodes, tc.ff)
	}
}

// FuzzParseStat: no input panics, and an accepted one is consistent.
func FuzzParseStat(f *testing.F) {
	for _, name := range []string{"arbiter_n8.stat", "pd_lists_small.stat", "wire_only.stat", "ff_only.stat", "sel_arb_hier.stat"} {
		f.Add(readTestdata(f, name), "rr_arbiter")
	}
	f.Add("=== m ===\nNumber of cells: 1\n$lut 1\n", "m")
	f.Fuzz(func(t *testing.T, text, module string) {
		c, err := ParseStat(text, module)
		if err != nil {
			return
		}
		if c.LUTs < 0 || c.FFs < 0 || c.Other < 0 || c.LUTs+c.FFs+c.Other != c.Cells {
			t.Fatalf("accepted inconsistent cost %+v", c)
		}
	})
}

// FuzzParseLTP: no input panics, and an accepted path has a length >= 0
// and a start and an end.
func FuzzParseLTP(f *testing.F) {
	for _, name := range []string{"arbiter_n8.ltp", "pd_lists_small.ltp", "wire_only.ltp", "sel_arb_hier.ltp"} {
		f.Add(readTestdata(f, name), "rr_arbiter")
	}
	f.Add("Longest topological path in m (length=1):\n 0: \\a\n 1: \\b (via x)\n", "m")
	f.Fuzz(func(t *testing.T, text, module string) {
		p, err := ParseLTP(text, module)
		if err != nil {
			return
		}
		if p.Length < 0 || p.From == "" || p.To == "" {
			t.Fatalf("accepted path %+v", p)
		}
	})
}
