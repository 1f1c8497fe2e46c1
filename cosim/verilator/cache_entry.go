package verilator

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// loadEntry reads a finished cache entry and validates it: meta.json
// parses, holds the wanted key and the size and SHA-256 of the library
// recorded at build time, and the .so on disk has that size and hash. A
// library that fails any check is never handed to dlopen (a truncated .so
// would crash the process with SIGBUS); the caller rebuilds the entry.
func loadEntry(dir, key string) (*Library, error) {
	b, err := os.ReadFile(filepath.Join(dir, metaFile))
	if err != nil {
		return nil, err
	}
	var l Library
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("cosim: cache entry %s: %w", dir, err)
	}
	if l.Key != key {
		return nil, fmt.Errorf("cosim: cache entry %s holds key %s, want %s", dir, l.Key, key)
	}
	l.Dir = dir
	l.Path = filepath.Join(dir, libName(l.Top, l.Key))
	if err := l.verify(); err != nil {
		return nil, err
	}
	return &l, nil
}

// verify checks that the library file has the size and SHA-256 recorded
// when it was built.
func (l *Library) verify() error {
	if l.SoSize <= 0 || len(l.SoSHA256) != 2*sha256.Size {
		return fmt.Errorf("cosim: %s: no recorded size and hash (not built by this version); it is not loaded", l.Path)
	}
	size, sum, err := hashFile(l.Path)
	if err != nil {
		return err
	}
	if size != l.SoSize {
		return fmt.Errorf("cosim: %s is %d bytes, its cache entry says %d (damaged); it is not loaded", l.Path, size, l.SoSize)
	}
	if sum != l.SoSHA256 {
		return fmt.Errorf("cosim: %s has SHA-256 %s, its cache entry says %s (damaged); it is not loaded", l.Path, sum, l.SoSHA256)
	}
	return nil
}

// hashFile returns a regular file's size and SHA-256 (hex).
func hashFile(path string) (int64, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, "", err
	}
	if !st.Mode().IsRegular() {
		return 0, "", fmt.Errorf("cosim: %s is not a regular file", path)
	}
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", fmt.Errorf("cosim: hashing %s: %w", path, err)
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}

// writeEntry records the library's size and hash and writes meta.json
// into a cache entry being built (dir, before it is installed).
func (l *Library) writeEntry(dir string) error {
	var err error
	if l.SoSize, l.SoSHA256, err = hashFile(filepath.Join(dir, libName(l.Top, l.Key))); err != nil {
		return err
	}
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return err
	}
	return writeFileSync(filepath.Join(dir, metaFile), append(b, '\n'))
}

// writeFileSync writes a file and syncs it, so a crash cannot leave a
// named but empty file behind.
func writeFileSync(path string, data []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// manifestFile lists the runtime objects of a runtime entry with their
// sizes and hashes.
const manifestFile = "manifest.json"

// fileSum is one file's recorded size and SHA-256.
type fileSum struct {
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// writeManifest records the size and hash of names in dir.
func writeManifest(dir string, names []string) error {
	m := map[string]fileSum{}
	for _, n := range names {
		size, sum, err := hashFile(filepath.Join(dir, n))
		if err != nil {
			return err
		}
		m[n] = fileSum{size, sum}
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return writeFileSync(filepath.Join(dir, manifestFile), append(b, '\n'))
}

// checkManifest reports whether dir holds every one of names with the
// size and hash its manifest records.
func checkManifest(dir string, names []string) error {
	b, err := os.ReadFile(filepath.Join(dir, manifestFile))
	if err != nil {
		return err
	}
	var m map[string]fileSum
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("cosim: %s: %w", filepath.Join(dir, manifestFile), err)
	}
	for _, n := range names {
		want, ok := m[n]
		if !ok {
			return fmt.Errorf("cosim: %s: %s not recorded", dir, n)
		}
		size, sum, err := hashFile(filepath.Join(dir, n))
		if err != nil {
			return err
		}
		if size != want.Size || sum != want.SHA256 {
			return fmt.Errorf("cosim: %s is damaged (%d bytes, recorded %d)", filepath.Join(dir, n), size, want.Size)
		}
	}
	return nil
}

// replaceEntry installs the finished build directory built as final. A
// damaged entry already there is moved aside into tmp and removed. The
// caller holds final's key lock, so no other builder races it; a reader
// sees either the old entry (and fails to validate it) or the new one.
func replaceEntry(built, final, tmp string) error {
	if _, err := os.Lstat(final); err == nil {
		aside, err := os.MkdirTemp(tmp, "damaged-")
		if err != nil {
			return fmt.Errorf("cosim: replacing %s: %w", final, err)
		}
		if err := os.Rename(final, filepath.Join(aside, "entry")); err != nil {
			os.Remove(aside)
			return fmt.Errorf("cosim: replacing the damaged entry %s: %w", final, err)
		}
		defer os.RemoveAll(aside)
	}
	if err := os.Rename(built, final); err != nil {
		return fmt.Errorf("cosim: installing %s: %w", final, err)
	}
	return nil
}
