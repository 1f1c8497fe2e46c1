// Package packaging generates, from the block registry, the files hardware
// teams consume IP through: a file list (.f) per top, read by Verilator
// (-f) and Icarus (-c) alike, and a FuseSoC CAPI2 core (.core) per top with
// its parameters and lint and simulation targets. The committed copies
// live under verilog/filelists and verilog/cores; Check reports drift from
// the registry (a test fails on it), and `occamy blocks --package ROOT`
// rewrites them. The Verilog scripts (lint, testbenches) and the DPI
// testbench read the same file lists.
package packaging

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"occamy/rtl/outfile"
	"occamy/testbench/blocks"
)

// Where the generated files live, relative to the repository root.
const (
	FileListDir = "verilog/filelists"
	CoreDir     = "verilog/cores"
	// RootVar is the variable the file lists start every path with: the
	// repository root. Verilator's -f and Icarus's -c both substitute it
	// from the environment.
	RootVar = "OCCAMY_ROOT"
	// Version is the cores' VLNV version.
	Version = "0.1.0"
)

// FileListPath is the repository-relative path of a block's file list.
func FileListPath(b *blocks.Block) string { return FileListDir + "/" + b.Module + ".f" }

// CorePath is the repository-relative path of a block's core.
func CorePath(b *blocks.Block) string { return CoreDir + "/" + b.Module + ".core" }

// TestbenchPath is the repository-relative path of a block's Icarus
// testbench (it replays a .vec table given as +vec=FILE).
func TestbenchPath(b *blocks.Block) string { return "verilog/tb/tb_" + b.Module + ".sv" }

// FileList is a block's file list: comments naming the block and its
// defaults, the directories of the project's shared headers as
// +incdir+${OCCAMY_ROOT}/dir (blocks.HeaderDirs), then its sources in
// compile order as ${OCCAMY_ROOT}/path.
func FileList(b *blocks.Block) []byte {
	var w bytes.Buffer
	fmt.Fprintf(&w, "// %s (%s): %s\n", b.Module, b.Name, b.Summary)
	fmt.Fprintf(&w, "// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.\n")
	fmt.Fprintf(&w, "// Paths start at ${%s}, the repository root: verilator -f FILE, iverilog -c FILE.\n", RootVar)
	fmt.Fprintf(&w, "// Top %s; parameters (defaults): %s\n", b.Module, b.ParamText(b.Defaults()))
	for _, d := range blocks.HeaderDirs() {
		fmt.Fprintf(&w, "+incdir+${%s}/%s\n", RootVar, d)
	}
	for _, s := range b.Sources {
		fmt.Fprintf(&w, "${%s}/%s\n", RootVar, s)
	}
	return w.Bytes()
}

// Generate returns every generated file, repository-relative path to
// contents, for the registry's listed blocks; root is the repository root
// (a block gets a simulation target only when its testbench exists).
func Generate(root string) map[string][]byte {
	out := map[string][]byte{}
	for _, b := range blocks.All() {
		out[FileListPath(b)] = FileList(b)
		tb := TestbenchPath(b)
		if _, err := os.Stat(filepath.Join(root, tb)); err != nil {
			tb = ""
		}
		out[CorePath(b)] = Core(b, tb)
	}
	return out
}

// DriftError lists the generated files whose committed copy differs from
// the registry's, is missing, or has no block any more.
type DriftError struct {
	Changed, Missing, Extra []string
}

func (e *DriftError) Error() string {
	var parts []string
	for _, p := range []struct {
		what  string
		files []string
	}{{"differ from the registry", e.Changed}, {"are missing", e.Missing}, {"have no block in the registry", e.Extra}} {
		if len(p.files) > 0 {
			parts = append(parts, strings.Join(p.files, ", ")+" "+p.what)
		}
	}
	return "packaging: " + strings.Join(parts, "; ") + "; regenerate them with make filelists (occamy blocks --package .)"
}

// Check compares the committed files under root with Generate's.
func Check(root string) error {
	want := Generate(root)
	e := &DriftError{}
	for _, p := range sortedKeys(want) {
		got, err := os.ReadFile(filepath.Join(root, p))
		switch {
		case err != nil:
			e.Missing = append(e.Missing, p)
		case !bytes.Equal(got, want[p]):
			e.Changed = append(e.Changed, p)
		}
	}
	for _, dir := range []struct{ dir, ext string }{{FileListDir, ".f"}, {CoreDir, ".core"}} {
		ents, _ := os.ReadDir(filepath.Join(root, dir.dir))
		for _, d := range ents {
			p := dir.dir + "/" + d.Name()
			if strings.HasSuffix(d.Name(), dir.ext) && want[p] == nil {
				e.Extra = append(e.Extra, p)
			}
		}
	}
	if len(e.Changed)+len(e.Missing)+len(e.Extra) == 0 {
		return nil
	}
	return e
}

// Write writes Generate's files under root (each to a temporary file
// renamed into place, so a reader never sees half a file), removes
// generated-looking files that no block has any more, and returns the
// paths written.
func Write(root string) ([]string, error) {
	want := Generate(root)
	if err := Check(root); err != nil {
		if de, ok := err.(*DriftError); ok {
			for _, p := range de.Extra {
				if err := os.Remove(filepath.Join(root, p)); err != nil {
					return nil, err
				}
			}
		}
	}
	var done []string
	for _, p := range sortedKeys(want) {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return done, err
		}
		if err := outfile.WriteFile(full, want[p]); err != nil {
			return done, err
		}
		done = append(done, p)
	}
	return done, nil
}

func sortedKeys(m map[string][]byte) []string {
	s := make([]string, 0, len(m))
	for k := range m {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}
