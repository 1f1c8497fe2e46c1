// Package outfiletest gives tests of output writers what they need to show
// nothing is destroyed or left half-written: a private /dev (device nodes
// and links made in a temporary directory, never the machine's own) and a
// small filesystem that fills up. Both need root (the tests run as root in
// CI); without it the test is skipped.
package outfiletest

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// Dev is a private /dev in a temporary directory.
type Dev struct {
	Dir   string
	Null  string // a character device 1:3, like /dev/null
	FIFO  string // a named pipe
	Block string // a block device node 7:0 (a loop device's numbers); never opened
	// Link is a symbolic link to Null; FileLink a symbolic link to File,
	// a regular file holding "old\n".
	Link, FileLink, File string
}

// NewDev makes a Dev, skipping the test unless it runs as root.
func NewDev(t testing.TB) *Dev {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("making device nodes needs root")
	}
	d := &Dev{Dir: t.TempDir()}
	d.Null = filepath.Join(d.Dir, "null")
	d.FIFO = filepath.Join(d.Dir, "fifo")
	d.Block = filepath.Join(d.Dir, "blk")
	d.Link = filepath.Join(d.Dir, "null-link")
	d.File = filepath.Join(d.Dir, "file")
	d.FileLink = filepath.Join(d.Dir, "file-link")
	must(t, syscall.Mknod(d.Null, syscall.S_IFCHR|0o666, int(mkdev(1, 3))))
	must(t, syscall.Mkfifo(d.FIFO, 0o644))
	must(t, syscall.Mknod(d.Block, syscall.S_IFBLK|0o600, int(mkdev(7, 0))))
	must(t, os.Symlink(d.Null, d.Link))
	must(t, os.WriteFile(d.File, []byte("old\n"), 0o640))
	must(t, os.Symlink("file", d.FileLink))
	return d
}

// IsCharDevice reports whether path is still a character device.
func IsCharDevice(path string) bool {
	st, err := os.Lstat(path)
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// IsSymlink reports whether path is still a symbolic link.
func IsSymlink(path string) bool {
	st, err := os.Lstat(path)
	return err == nil && st.Mode()&os.ModeSymlink != 0
}

// IsFIFO reports whether path is still a named pipe.
func IsFIFO(path string) bool {
	st, err := os.Lstat(path)
	return err == nil && st.Mode()&os.ModeNamedPipe != 0
}

// IsBlockDevice reports whether path is still a block device.
func IsBlockDevice(path string) bool {
	st, err := os.Lstat(path)
	return err == nil && st.Mode()&os.ModeDevice != 0 && st.Mode()&os.ModeCharDevice == 0
}

// SmallFS mounts a tmpfs of size bytes on a new temporary directory for
// the test's life and returns the directory; it skips the test unless it
// runs as root and may mount.
func SmallFS(t testing.TB, size int) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a small tmpfs needs root")
	}
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+strconv.Itoa(size)); err != nil {
		t.Skipf("cannot mount a tmpfs: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// Fill writes a file in dir until the filesystem is full (a small tmpfs),
// so the next write there fails with "no space left on device".
func Fill(t testing.TB, dir string) {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, ".fill"))
	must(t, err)
	defer f.Close()
	b := make([]byte, 4096)
	for {
		if _, err := f.Write(b); err != nil {
			return
		}
	}
}

// Entries lists the names in dir.
func Entries(t testing.TB, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	must(t, err)
	var n []string
	for _, e := range es {
		n = append(n, e.Name())
	}
	return n
}

func mkdev(major, minor uint32) uint64 {
	return uint64(major)<<8 | uint64(minor)
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
