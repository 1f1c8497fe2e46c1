package vcd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// atomicFile is a file written under a temporary name beside its final
// path and renamed into place only when closed after a complete write, so
// a reader never sees a half-written dump under the final name, and two
// writers of one path never interleave (the last complete one wins).
type atomicFile struct {
	*os.File
	final string
	done  bool
}

// createAtomic starts writing path.
func createAtomic(path string) (*atomicFile, error) {
	// Renaming over a device or a FIFO would replace it, not write to it.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, &os.PathError{Op: "create", Path: path, Err: errors.New("not a regular file")}
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &os.PathError{Op: "create", Path: path, Err: err}
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &atomicFile{File: f, final: path}, nil
}

// Close syncs the data, closes the file and renames it to its final path.
func (a *atomicFile) Close() error {
	if a.done {
		return nil
	}
	a.done = true
	err := a.File.Sync()
	if cerr := a.File.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(a.File.Name(), a.final)
	}
	if err != nil {
		os.Remove(a.File.Name())
		return &WriteError{Err: fmt.Errorf("%s: %w", a.final, err)}
	}
	return nil
}

// Abort closes and removes the temporary file; the final path is left as
// it was.
func (a *atomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.File.Close()
	os.Remove(a.File.Name())
}
