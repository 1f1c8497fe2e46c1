package vcd

import (
	"occamy/rtl/outfile"
)

// atomicFile is a dump written through rtl/outfile: under a temporary name
// beside its final path and renamed into place only when closed after a
// complete write, so a reader never sees a half-written dump under the
// final name and two writers of one path never interleave (the last
// complete one wins). A device, a FIFO or a link into /proc (/dev/stdout)
// is written through, never replaced.
type atomicFile struct{ f *outfile.File }

// createAtomic starts writing path.
func createAtomic(path string) (*atomicFile, error) {
	f, err := outfile.Create(path)
	if err != nil {
		return nil, err
	}
	return &atomicFile{f}, nil
}

// Write writes to the temporary file.
func (a *atomicFile) Write(p []byte) (int, error) { return a.f.Write(p) }

// Close syncs the data, closes the file and renames it to its final path;
// a failure removes the temporary file.
func (a *atomicFile) Close() error {
	if err := a.f.Commit(); err != nil {
		return &WriteError{Err: err}
	}
	return nil
}

// Abort closes and removes the temporary file; the final path is left as
// it was.
func (a *atomicFile) Abort() { a.f.Abort() }
