package mutation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const verilogDir = "../../verilog"

// TestCatalogueAnchors checks every mutant against the project's Verilog as
// it is now: known block, anchor exactly once, a real change, an ID of its
// own, a description, and at least the required kinds of bug.
func TestCatalogueAnchors(t *testing.T) {
	ms := Catalogue()
	require.GreaterOrEqual(t, len(ms), 12, "the issue asks for at least 12 mutants")
	require.NoError(t, uniqueIDs(ms))
	for _, m := range ms {
		t.Run(m.ID, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(verilogDir, m.File))
			require.NoError(t, err)
			mutated, line, err := CheckMutant(m, string(src))
			require.NoError(t, err)
			assert.NotEqual(t, string(src), mutated, "mutant %s changes nothing", m.ID)
			assert.Positive(t, line)
			assert.NotEmpty(t, m.Desc, "mutant %s has no description", m.ID)
			assert.NotContains(t, m.Desc, "\n", "mutant %s: the description is one line", m.ID)
		})
	}
	blocks := map[Block]int{}
	for _, m := range ms {
		blocks[Block(m.Block)]++
	}
	for _, b := range []Block{Block("threshold"), Block("selector"), Block("arbiter"), Block("tm")} {
		assert.Positive(t, blocks[b], "no mutant of block %s", b)
	}
}

// TestCatalogueCoversRequiredBugs names the mutant of each kind the issue
// requires, so deleting one fails here.
func TestCatalogueCoversRequiredBugs(t *testing.T) {
	byID := map[string]Mutant{}
	for _, m := range Catalogue() {
		byID[m.ID] = m
	}
	for kind, id := range map[string]string{
		"comparator direction":      "sel-lt",
		"> vs >=":                   "sel-ge",
		"saturation dropped":        "thr-sat-dropped",
		"pointer moves without ack": "arb-ptr-no-ack",
		"pointer set to the winner": "arb-ptr-winner",
		"off-by-one in a shift":     "thr-shift-off-by-one",
		"reset value":               "sel-reset-ones",
		"free-list link":            "tm-fl-hd-old-tail",
		"port priority swapped":     "tm-hd-takes-deq-port",
		"mask width":                "sel-thr-narrow",
		"wrap":                      "arb-wrap-early",
		"free count update":         "tm-adm-free-lt",
		// issue 27: the classes a single default run let escape
		"empty free bank handling":      "tm-hd-empty-needs-write",
		"chain tail":                    "tm-hd-chain-tail",
		"freed count width":             "tm-hd-freed-narrow",
		"skip versus stall":             "tm-hd-stall",
		"idle read-port slots driven 0": "tm-hd-rd-slots-ones",
	} {
		m, ok := byID[id]
		if assert.True(t, ok, "no mutant %s (%s)", id, kind) {
			assert.Empty(t, m.Equivalent, "required mutant %s (%s) must be killable", id, kind)
		}
	}
}

// TestCheckMutantErrors covers each way a catalogue entry can be wrong.
func TestCheckMutantErrors(t *testing.T) {
	const text = "a = b > c;\nd = b > c;\ne = f;\n"
	ok := Mutant{ID: "x", Block: "selector", File: "hd_selector.sv", Anchor: "e = f;", Replace: "e = g;", Desc: "d"}
	for _, tc := range []struct {
		name string
		edit func(*Mutant)
		want string
	}{
		{"no id", func(m *Mutant) { m.ID = "" }, "has no ID"},
		{"unknown block", func(m *Mutant) { m.Block = "fifo" }, `unknown block "fifo"`},
		{"file not in block", func(m *Mutant) { m.File = "rr_arbiter.sv" }, "does not compile rr_arbiter.sv"},
		{"empty anchor", func(m *Mutant) { m.Anchor = "" }, "empty anchor"},
		{"no change", func(m *Mutant) { m.Replace = m.Anchor }, "nothing changes"},
		{"missing", func(m *Mutant) { m.Anchor = "q = r;" }, "not found in hd_selector.sv"},
		{"twice", func(m *Mutant) { m.Anchor = "b > c" }, "occurs 2 times"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := ok
			tc.edit(&m)
			_, _, err := CheckMutant(m, text)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	got, line, err := CheckMutant(ok, text)
	require.NoError(t, err)
	assert.Equal(t, "a = b > c;\nd = b > c;\ne = g;\n", got)
	assert.Equal(t, 3, line)
}

// TestApplyWritesCopies applies a mutant of the TM and checks that every
// source of the block is there, only the mutant's file differs, the
// originals are untouched, the header the sources include is copied beside
// them (not as a source), the files the mutant leaves are the original's
// copy, and a second apply reuses the same directory.
func TestApplyWritesCopies(t *testing.T) {
	var m Mutant
	for _, c := range Catalogue() {
		if c.ID == "tm-hd-chain-sublist" {
			m = c
		}
	}
	require.NotEmpty(t, m.ID)
	root := t.TempDir()
	a, err := Copies{VerilogDir: verilogDir, Root: root}.Apply(m)
	require.NoError(t, err)
	files, _ := Block("tm").Files()
	require.Len(t, a.Sources, len(files))
	assert.Equal(t, "occamy_tm", a.Top)
	o, err := Copies{VerilogDir: verilogDir, Root: root}.Original("tm")
	require.NoError(t, err)
	for i, f := range files {
		if f == m.File {
			assert.Equal(t, filepath.Join(a.Dir, f), a.Sources[i], "the mutated file in the mutant's directory")
		} else {
			assert.Equal(t, filepath.Join(o.Dir, f), a.Sources[i], "%s: the original's copy, shared by every mutant", f)
			_, err := os.Stat(filepath.Join(a.Dir, f))
			assert.True(t, os.IsNotExist(err), "%s: not copied again beside the mutant", f)
		}
		orig, err := os.ReadFile(filepath.Join(verilogDir, f))
		require.NoError(t, err)
		cp, err := os.ReadFile(a.Sources[i])
		require.NoError(t, err)
		if f == m.File {
			assert.Equal(t, 1, strings.Count(string(cp), m.Replace), "%s: the replacement", f)
			assert.Equal(t, strings.Replace(string(orig), m.Anchor, m.Replace, 1), string(cp))
		} else {
			assert.Equal(t, string(orig), string(cp), "%s is copied unchanged", f)
		}
	}
	hdr, err := os.ReadFile(filepath.Join(verilogDir, "occamy_checks.svh"))
	require.NoError(t, err)
	cp, err := os.ReadFile(filepath.Join(a.Dir, "occamy_checks.svh"))
	require.NoError(t, err, "the header beside the copies")
	assert.Equal(t, string(hdr), string(cp))
	assert.NotContains(t, a.Sources, filepath.Join(a.Dir, "occamy_checks.svh"))
	b, err := Copies{VerilogDir: verilogDir, Root: root}.Apply(m)
	require.NoError(t, err)
	assert.Equal(t, a.Dir, b.Dir, "the same mutant of the same sources reuses its directory")
	assert.True(t, strings.HasPrefix(filepath.Base(a.Dir), m.ID+"-"))
}

// TestSummary checks the kill-rate line and which verdicts pass.
func TestSummary(t *testing.T) {
	rs := []Result{{Verdict: Killed}, {Verdict: Killed}, {Verdict: Equivalent}}
	s := Summarize(rs)
	assert.True(t, s.OK())
	assert.Equal(t, "mutation: 2/2 killed (100.0%), 1 explained equivalent not scored", s.String())
	rs = append(rs, Result{Verdict: Survived}, Result{Verdict: Defect})
	s = Summarize(rs)
	assert.False(t, s.OK())
	assert.Equal(t, "mutation: 2/4 killed (50.0%), 1 explained equivalent not scored, 1 SURVIVED, 1 defective or failed", s.String())
	for v, ok := range map[Verdict]bool{Killed: true, Equivalent: true, Survived: false, EquivKilled: false, Defect: false, Failed: false} {
		assert.Equal(t, ok, v.OK(), "%s", v)
	}
}
