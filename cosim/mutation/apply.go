package mutation

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Applied is a mutant written out: the block's sources, with one file
// mutated, in a directory of their own.
type Applied struct {
	Mutant  Mutant
	Dir     string   // the directory holding the copies
	Sources []string // absolute paths of the block's sources, in compile order
	Top     string   // the block's top module
	Line    int      // 1-based line of the anchor in the original file; 0 for an original
}

// CheckMutant validates a mutant against the original text of its file: a
// known block that compiles the file, an anchor that occurs exactly once,
// and a replacement that changes the text. It returns the mutated text and
// the anchor's line.
func CheckMutant(m Mutant, original string) (mutated string, line int, err error) {
	if m.ID == "" {
		return "", 0, fmt.Errorf("mutation: a mutant of %s has no ID", m.File)
	}
	if _, err := Block(m.Block).info(); err != nil {
		return "", 0, fmt.Errorf("mutant %s: %w", m.ID, err)
	}
	if !Block(m.Block).uses(m.File) {
		return "", 0, fmt.Errorf("mutant %s: block %s does not compile %s", m.ID, m.Block, m.File)
	}
	if m.Anchor == "" {
		return "", 0, fmt.Errorf("mutant %s: empty anchor", m.ID)
	}
	if m.Anchor == m.Replace {
		return "", 0, fmt.Errorf("mutant %s: the replacement equals the anchor, nothing changes", m.ID)
	}
	switch n := strings.Count(original, m.Anchor); n {
	case 1:
	case 0:
		return "", 0, fmt.Errorf("mutant %s: anchor %q not found in %s (the file changed? update the catalogue)", m.ID, m.Anchor, m.File)
	default:
		return "", 0, fmt.Errorf("mutant %s: anchor %q occurs %d times in %s, want exactly once", m.ID, m.Anchor, n, m.File)
	}
	i := strings.Index(original, m.Anchor)
	mutated = original[:i] + m.Replace + original[i+len(m.Anchor):]
	return mutated, 1 + strings.Count(original[:i], "\n"), nil
}

// NoAssertPrefix is the line put in front of every copied file when
// assertions are left out: the project's Verilog keeps its simulation
// assertions under `ifndef SYNTHESIS, so with it defined only the
// co-simulator's port comparison can catch a mutant.
const NoAssertPrefix = "`define SYNTHESIS // mutation self-check: assertions off, only the port comparison catches bugs\n"

// Copies says where the block copies come from and where they go.
type Copies struct {
	VerilogDir string // the project's verilog/ directory, only read
	Root       string // where the copies go, one directory per mutant
	// NoAssert puts NoAssertPrefix in front of every copied file.
	NoAssert bool
}

// Apply reads the block's sources, mutates m.File, and writes the mutated
// file (with the headers the sources include) under c.Root in a directory
// named after the mutant and a hash of what is written, so the same mutant
// of the same Verilog gets the same paths (and the cosim cache hits) on
// every run. The block's other files are the original's copy (Original),
// one directory shared by every mutant of the block: their paths, which
// Verilator writes into the model's C++ (the top module's file names its
// convergence errors), are then the same in every mutant, so a mutant's
// build reuses more of the compiled objects (docs/mutation.md). Files are
// written atomically, so concurrent runs may share the root.
func (c Copies) Apply(m Mutant) (*Applied, error) {
	original, err := os.ReadFile(filepath.Join(c.VerilogDir, m.File))
	if err != nil {
		return nil, fmt.Errorf("mutant %s: %w", m.ID, err)
	}
	mutated, line, err := CheckMutant(m, string(original))
	if err != nil {
		return nil, err
	}
	orig, err := c.Original(Block(m.Block))
	if err != nil {
		return nil, fmt.Errorf("mutant %s: %w", m.ID, err)
	}
	a, err := c.write(m.ID, Block(m.Block), m.File, mutated, orig.Dir)
	if err != nil {
		return nil, fmt.Errorf("mutant %s: %w", m.ID, err)
	}
	a.Mutant, a.Line = m, line
	return a, nil
}

// Original writes the block's sources unmutated, the same way Apply writes
// a mutant's, as the baseline that must match the golden model.
func (c Copies) Original(b Block) (*Applied, error) {
	if _, err := b.info(); err != nil {
		return nil, err
	}
	return c.write("original-"+string(b), b, "", "", "")
}

// write copies the block's files, file replaced by text when not empty;
// then only that file is written, the others taken from the directory
// shared (the original's copy).
func (c Copies) write(name string, b Block, file, text, shared string) (*Applied, error) {
	bi, err := b.info()
	if err != nil {
		return nil, err
	}
	texts := make([][]byte, len(bi.files))
	h := sha256.New()
	for i, f := range bi.files {
		if f == file {
			texts[i] = []byte(text)
		} else if texts[i], err = os.ReadFile(filepath.Join(c.VerilogDir, f)); err != nil {
			return nil, err
		}
		if c.NoAssert {
			texts[i] = append([]byte(NoAssertPrefix), texts[i]...)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", f, len(texts[i]))
		h.Write(texts[i])
	}
	// The headers the sources include go beside them, as they are.
	hdrs, err := headers()
	if err != nil {
		return nil, err
	}
	htexts := make([][]byte, len(hdrs))
	for i, f := range hdrs {
		if htexts[i], err = os.ReadFile(filepath.Join(c.VerilogDir, f)); err != nil {
			return nil, err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", f, len(htexts[i]))
		h.Write(htexts[i])
	}
	dir := filepath.Join(c.Root, name+"-"+hex.EncodeToString(h.Sum(nil))[:16])
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	a := &Applied{Dir: dir, Top: bi.top}
	for i, f := range bi.files {
		if file != "" && f != file {
			a.Sources = append(a.Sources, filepath.Join(shared, f))
			continue
		}
		dst := filepath.Join(dir, f)
		if err := writeIfChanged(dst, texts[i]); err != nil {
			return nil, err
		}
		a.Sources = append(a.Sources, dst)
	}
	for i, f := range hdrs {
		if err := writeIfChanged(filepath.Join(dir, f), htexts[i]); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// writeIfChanged writes data to path through a temporary file and a
// rename, unless path already holds exactly data.
func writeIfChanged(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && string(old) == string(data) {
		return nil
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
