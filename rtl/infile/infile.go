// Package infile opens and reads the files a user names (configs, size
// lists, Verilog sources, VCD dumps) so that no input is unbounded: a path
// that is not a regular file (a device such as /dev/zero, a FIFO, a
// directory) is refused with a one-line error, and whole-file reads are
// capped. Every package that reads a user's path goes through it.
package infile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// Error is a user's path that cannot be used as an input file: missing,
// unreadable, not a regular file, or too large.
type Error struct {
	Path   string
	Reason string // what is wrong and what is wanted
}

func (e *Error) Error() string { return e.Path + ": " + e.Reason }

// kind names a file mode for errors.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a block device"
	}
	return "not a regular file"
}

// regular returns an *Error unless st is a regular file.
func regular(path string, st os.FileInfo) error {
	if st.Mode().IsRegular() {
		return nil
	}
	return &Error{Path: path, Reason: fmt.Sprintf("%s, want a regular file", kind(st.Mode()))}
}

// Check returns an error unless path (after symbolic links) is a regular
// file.
func Check(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return pathErr(path, err)
	}
	return regular(path, st)
}

// pathErr is err (from opening or stating path) as an *Error, so every
// message reads "PATH: what is wrong".
func pathErr(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return &Error{Path: path, Reason: pe.Err.Error()}
	}
	return err
}

// Open opens a regular file for reading. It never blocks on a FIFO and
// refuses anything but a regular file, checked on the opened file itself.
// The caller reads as much as it needs (a VCD dump is streamed).
func Open(path string) (*os.File, error) {
	if err := Check(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, pathErr(path, err)
	}
	st, err := f.Stat()
	if err == nil {
		err = regular(path, st)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadFile reads a whole regular file of at most max bytes; a larger file
// is an error saying the limit.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, &Error{Path: path, Reason: fmt.Sprintf("larger than %s, allowed at most %s", Size(max), Size(max))}
	}
	return b, nil
}

// Size formats a byte count for messages: "16 MiB", "512 KiB", "100 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Reason is what is wrong with the path of an *Error, without the path;
// other errors are returned as they are.
func Reason(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return err.Error()
}
