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
	Line    int      // 1-based line of the anchor in the original file
}

// CheckMutant validates a mutant against the original text of its file: a
// known block that compiles the file, an anchor that occurs exactly once,
// and a replacement that changes the text. It returns the mutated text and
// the anchor's line.
func CheckMutant(m Mutant, original string) (mutated string, line int, err error) {
	if m.ID == "" {
		return "", 0, fmt.Errorf("mutation: a mutant of %s has no ID", m.File)
	}
	if _, err := m.Block.info(); err != nil {
		return "", 0, fmt.Errorf("mutant %s: %w", m.ID, err)
	}
	if !m.Block.uses(m.File) {
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

// Apply reads the block's sources from verilogDir, mutates m.File, and
// writes them all under root in a directory named after the mutant and a
// hash of the mutated sources, so the same mutant of the same Verilog gets
// the same paths (and the cosim cache hits) on every run. verilogDir is
// only read. Files are written atomically, so concurrent runs may share
// root.
func Apply(m Mutant, verilogDir, root string) (*Applied, error) {
	original, err := os.ReadFile(filepath.Join(verilogDir, m.File))
	if err != nil {
		return nil, fmt.Errorf("mutant %s: %w", m.ID, err)
	}
	mutated, line, err := CheckMutant(m, string(original))
	if err != nil {
		return nil, err
	}
	bi, _ := m.Block.info()
	texts := make([][]byte, len(bi.files))
	h := sha256.New()
	for i, f := range bi.files {
		if f == m.File {
			texts[i] = []byte(mutated)
		} else if texts[i], err = os.ReadFile(filepath.Join(verilogDir, f)); err != nil {
			return nil, fmt.Errorf("mutant %s: %w", m.ID, err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", f, len(texts[i]))
		h.Write(texts[i])
	}
	dir := filepath.Join(root, m.ID+"-"+hex.EncodeToString(h.Sum(nil))[:16])
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("mutant %s: %w", m.ID, err)
	}
	a := &Applied{Mutant: m, Dir: dir, Top: bi.top, Line: line}
	for i, f := range bi.files {
		dst := filepath.Join(dir, f)
		if err := writeIfChanged(dst, texts[i]); err != nil {
			return nil, fmt.Errorf("mutant %s: %w", m.ID, err)
		}
		a.Sources = append(a.Sources, dst)
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
