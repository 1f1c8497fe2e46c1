package verilator

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// objStore keeps the compiled objects of verilated models under the key
// of everything their compile reads, so that a build whose C++ differs
// from an earlier build's in a few files compiles only those. A mutant of
// occamy_tm (one edited line of one module) changes 3 or 4 of the 13
// files Verilator writes for it (the others are byte-identical, their
// names included), and the C++ compile is almost all of a build
// (docs/mutation.md, "Build time").
//
// A key is the SHA-256 of: the cache format and the compile recipe, the
// toolchain (Verilator's version and root, the compiler and its version),
// the make command's arguments (the build directory's path replaced by a
// placeholder), the contents of every header and makefile in the build
// directory (Verilator's and the wrapper's), then the file's name and
// contents. Nothing is reused that any of these would compile
// differently; an object is written whole (a temporary file renamed), so
// a reader never sees part of one. The store is best-effort: one that
// cannot be read or written only costs compiles.
type objStore struct{ dir string }

// objFormat is hashed into every object key.
const objFormat = "1: objects by their compile's inputs"

// newObjStore is the store under the cache root.
func newObjStore(root string) objStore { return objStore{dir: filepath.Join(root, "objects")} }

// objKeys returns, for every C++ file in obj (Verilator's and the
// wrapper's, as they are before make runs), the key of its object.
func objKeys(tc *toolchain, obj string, makeArgs []string) (map[string]string, error) {
	ents, err := os.ReadDir(obj)
	if err != nil {
		return nil, fmt.Errorf("cosim: %w", err)
	}
	base := sha256.New()
	for _, v := range []string{objFormat, cacheFormat, recipe(), tc.version, tc.root, tc.cxx, tc.cxxVersion} {
		fmt.Fprintf(base, "%d:%s\n", len(v), v)
	}
	for _, a := range makeArgs {
		a = strings.ReplaceAll(a, obj, "OBJ")
		fmt.Fprintf(base, "%d:%s\n", len(a), a)
	}
	var cpps []string
	for _, e := range ents { // ReadDir sorts by name
		name := e.Name()
		switch filepath.Ext(name) {
		case ".cpp":
			cpps = append(cpps, name)
		case ".h", ".mk":
			if err := hashInto(base, obj, name); err != nil {
				return nil, err
			}
		}
	}
	sum := base.Sum(nil)
	keys := make(map[string]string, len(cpps))
	for _, name := range cpps {
		h := sha256.New()
		h.Write(sum)
		if err := hashInto(h, obj, name); err != nil {
			return nil, err
		}
		keys[name] = hex.EncodeToString(h.Sum(nil))
	}
	return keys, nil
}

// hashInto writes the file's name and contents into h.
func hashInto(h io.Writer, dir, name string) error {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return fmt.Errorf("cosim: %w", err)
	}
	fmt.Fprintf(h, "%d:%s\n%d:", len(name), name, len(b))
	_, err = h.Write(b)
	return err
}

func (st objStore) path(key string) string { return filepath.Join(st.dir, key[:2], key+".o") }

// restore copies into obj every object the store holds for keys, dated
// now so that make takes it as newer than its source, and returns the
// C++ files whose objects it restored.
func (st objStore) restore(obj string, keys map[string]string) []string {
	var got []string
	now := time.Now()
	for _, name := range sortedKeys(keys) {
		src := st.path(keys[name])
		if _, err := os.Stat(src); err != nil {
			continue
		}
		dst := filepath.Join(obj, strings.TrimSuffix(name, ".cpp")+".o")
		if copyFile(src, dst) != nil {
			_ = os.Remove(dst)
			continue
		}
		if os.Chtimes(dst, now, now) != nil {
			_ = os.Remove(dst)
			continue
		}
		got = append(got, name)
	}
	return got
}

// save stores the objects make compiled (those of keys not in restored).
func (st objStore) save(obj string, keys map[string]string, restored []string) {
	for name, key := range keys {
		if slices.Contains(restored, name) {
			continue
		}
		src := filepath.Join(obj, strings.TrimSuffix(name, ".cpp")+".o")
		if _, err := os.Stat(src); err != nil {
			continue // not compiled on its own (a small model's single file), or not this make's
		}
		dst := st.path(key)
		if _, err := os.Stat(dst); err == nil {
			continue
		}
		if os.MkdirAll(filepath.Dir(dst), 0o755) != nil {
			return
		}
		f, err := os.CreateTemp(filepath.Dir(dst), "obj-*.tmp")
		if err != nil {
			return
		}
		tmp := f.Name()
		f.Close()
		if copyFile(src, tmp) != nil || os.Rename(tmp, dst) != nil {
			_ = os.Remove(tmp)
		}
	}
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
