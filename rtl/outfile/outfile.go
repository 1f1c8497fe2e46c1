// Package outfile writes the files a user names (reports, waveforms,
// figures, generated testbenches) so that nothing is destroyed and nothing
// half-written is left: the counterpart of rtl/infile for outputs.
//
// A regular file (or a path that does not exist yet) is written under a
// temporary name in the same directory and renamed into place only once
// complete, so a reader never sees half a file and a failed write (a full
// disk, an interrupted run) leaves the previous file as it was and no
// temporary behind. Anything else is never renamed over: rename(2) as root
// replaces a device such as /dev/null with a regular file, and replaces a
// symbolic link instead of writing where it points. So a character device
// or a named pipe is written through (opened and written in place), a
// symbolic link is followed (its target written atomically when it is a
// regular file, through when it is /dev/stdout or another link into
// /proc), and a directory or a block device is refused. Every package
// that writes a user's path goes through it.
package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Error is a path that could not be written; the previous contents of a
// regular file are unchanged. Err is the cause (errors.Is(err,
// syscall.ENOSPC) for a full disk).
type Error struct {
	Path string
	Err  error
	// Atomic: the file was being written under a temporary name, so
	// nothing reached Path.
	Atomic bool
}

func (e *Error) Error() string {
	if e.Atomic && errors.Is(e.Err, syscall.ENOSPC) {
		return e.Path + ": no space left on device (nothing written; an earlier file of that name is unchanged)"
	}
	return e.Path + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// NoSpace reports whether err comes from a full disk (or a quota), in
// this package or any other.
func NoSpace(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// File is a file being written: write to it, then Commit (or Abort).
type File struct {
	*os.File
	final  string // the regular file renamed over ("" when written in place)
	shown  string // the path as the caller named it, for errors
	mode   os.FileMode
	closed bool
}

// maxLinks bounds how many symbolic links Create follows.
const maxLinks = 40

// Create starts writing path; see the package comment for what it does
// with each kind of path.
func Create(path string) (*File, error) {
	target, through, err := resolve(path)
	if err != nil {
		return nil, &Error{Path: path, Err: err}
	}
	if through {
		// O_NONBLOCK: a FIFO without a reader is an error, not a hang;
		// Go's poller makes the writes themselves wait.
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC|syscall.O_NONBLOCK, 0)
		if err != nil {
			if errors.Is(err, syscall.ENXIO) {
				err = errors.New("a named pipe with no reader")
			}
			return nil, &Error{Path: path, Err: unwrapPath(err)}
		}
		return &File{File: f, shown: path}, nil
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		mode = st.Mode().Perm()
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, &Error{Path: path, Err: unwrapPath(err), Atomic: true}
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, &Error{Path: path, Err: unwrapPath(err), Atomic: true}
	}
	return &File{File: f, final: target, shown: path, mode: mode}, nil
}

// resolve follows path's symbolic links and says what to do: rename a
// temporary file over target (through false), or write path in place
// (through true). A directory, a block device or a socket is an error.
func resolve(path string) (target string, through bool, err error) {
	p := path
	for hops := 0; ; hops++ {
		st, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, false, nil
		}
		if err != nil {
			return "", false, unwrapPath(err)
		}
		m := st.Mode()
		switch {
		case m.IsRegular():
			return p, false, nil
		case m&fs.ModeSymlink != 0:
			if hops == maxLinks {
				return "", false, errors.New("too many levels of symbolic links")
			}
			t, err := os.Readlink(p)
			if err != nil {
				return "", false, unwrapPath(err)
			}
			if !filepath.IsAbs(t) {
				t = filepath.Join(filepath.Dir(p), t)
			}
			// /dev/stdout and /proc/self/fd/N name an open file: write
			// through it, or the caller's other output to that file would
			// go to the one replaced.
			if t == "/proc" || strings.HasPrefix(t, "/proc/") || strings.HasPrefix(t, "/dev/fd/") {
				return p, true, nil
			}
			p = t
		case m.IsDir():
			return "", false, errors.New("a directory, want a file")
		case m&fs.ModeNamedPipe != 0, m&fs.ModeCharDevice != 0:
			return p, true, nil
		case m&fs.ModeDevice != 0:
			return "", false, errors.New("a block device: refusing to write over it")
		default:
			return "", false, fmt.Errorf("not a regular file (%v), want a file", m.Type())
		}
	}
}

// Commit completes the file: synced, closed and renamed over its final
// path (written in place: closed). On error nothing is left under a
// temporary name and an earlier file of that name is unchanged.
func (f *File) Commit() error {
	if f.closed {
		return nil
	}
	f.closed = true
	var err error
	if f.final != "" {
		err = f.File.Sync()
	}
	if cerr := f.File.Close(); err == nil {
		err = cerr
	}
	if err == nil && f.final != "" {
		err = os.Rename(f.File.Name(), f.final)
	}
	if err != nil {
		if f.final != "" {
			os.Remove(f.File.Name())
		}
		return &Error{Path: f.shown, Err: unwrapPath(err), Atomic: f.final != ""}
	}
	return nil
}

// Abort closes the file and removes its temporary; the final path is left
// as it was (written in place: what was written stays).
func (f *File) Abort() {
	if f.closed {
		return
	}
	f.closed = true
	f.File.Close()
	if f.final != "" {
		os.Remove(f.File.Name())
	}
}

// Write writes b, naming the file as the caller did in an error.
func (f *File) Write(b []byte) (int, error) {
	n, err := f.File.Write(b)
	if err != nil {
		err = &Error{Path: f.shown, Err: unwrapPath(err), Atomic: f.final != ""}
	}
	return n, err
}

// WriteFile writes data to path as Create, Write and Commit do; on error
// nothing is left half-written.
func WriteFile(path string, data []byte) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// unwrapPath drops an *os.PathError's operation and temporary name, which
// mean nothing to the user.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
