package prove

import (
	"fmt"
	"os"
	"path/filepath"

	"occamy/cosim/mutation"
)

// mutantFiles returns files (relative to root) with the catalogue mutant id
// applied to the one it names, written to a temporary directory that done
// removes.
func mutantFiles(root string, files []string, id string) (out []string, done func(), err error) {
	var m *mutation.Mutant
	for _, c := range mutation.Catalogue() {
		if c.ID == id {
			m = &c
			break
		}
	}
	if m == nil {
		return nil, nil, fmt.Errorf("prove: no mutant %q in the mutation catalogue", id)
	}
	dir, err := os.MkdirTemp("", "occamy-prove-mutant-")
	if err != nil {
		return nil, nil, err
	}
	done = func() { os.RemoveAll(dir) }
	hit := false
	for _, f := range files {
		path := filepath.Join(root, f)
		if filepath.Base(f) == m.File {
			src, err := os.ReadFile(path)
			if err != nil {
				done()
				return nil, nil, err
			}
			text, _, err := mutation.CheckMutant(*m, string(src))
			if err != nil {
				done()
				return nil, nil, err
			}
			path = filepath.Join(dir, m.File)
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				done()
				return nil, nil, err
			}
			hit = true
		}
		out = append(out, path)
	}
	if !hit {
		done()
		return nil, nil, fmt.Errorf("prove: mutant %s changes %s, which the row does not read", id, m.File)
	}
	return out, done, nil
}
