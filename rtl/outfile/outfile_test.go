package outfile

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/outfile/outfiletest"
)

// TestWriteFileKinds writes "new\n" to each kind of path in a private /dev:
// a device, a FIFO and a link are written through and stay what they were
// (rename(2) as root turned /dev/null into a regular file and replaced a
// link); a regular file, also through a link, is replaced atomically with
// its mode kept; a directory and a block device are refused.
func TestWriteFileKinds(t *testing.T) {
	d := outfiletest.NewDev(t)
	cases := []struct {
		name  string
		path  func() string
		err   string            // "" when the write succeeds
		still func(string) bool // what the path must still be
		read  string            // the file read afterwards ("" to skip)
	}{
		{"character device", func() string { return d.Null }, "", outfiletest.IsCharDevice, ""},
		{"link to a device", func() string { return d.Link }, "", outfiletest.IsSymlink, ""},
		{"link to a regular file", func() string { return d.FileLink }, "", outfiletest.IsSymlink, "new\n"},
		{"regular file", func() string { return d.File }, "", func(p string) bool {
			st, err := os.Lstat(p)
			return err == nil && st.Mode().IsRegular() && st.Mode().Perm() == 0o640
		}, "new\n"},
		{"new file", func() string { return filepath.Join(d.Dir, "fresh") }, "", func(p string) bool {
			st, err := os.Lstat(p)
			return err == nil && st.Mode().IsRegular() && st.Mode().Perm() == 0o644
		}, "new\n"},
		{"dangling link", func() string {
			p := filepath.Join(d.Dir, "dangling")
			require.NoError(t, os.Symlink("made-by-write", p))
			return p
		}, "", outfiletest.IsSymlink, "new\n"},
		{"directory", func() string { return d.Dir }, "a directory, want a file", func(p string) bool {
			st, err := os.Lstat(p)
			return err == nil && st.IsDir()
		}, ""},
		{"block device", func() string { return d.Block }, "a block device: refusing to write over it", outfiletest.IsBlockDevice, ""},
		{"FIFO without a reader", func() string { return d.FIFO }, "a named pipe with no reader", outfiletest.IsFIFO, ""},
		{"missing directory", func() string { return filepath.Join(d.Dir, "no", "f") }, "no such file or directory", func(string) bool { return true }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.path()
			err := WriteFile(p, []byte("new\n"))
			if c.err == "" {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
				assert.Equal(t, p+": "+c.err, err.Error())
			}
			assert.True(t, c.still(p), "%s changed kind", p)
			if c.read != "" {
				b, err := os.ReadFile(p)
				require.NoError(t, err)
				assert.Equal(t, c.read, string(b))
			}
			for _, n := range outfiletest.Entries(t, d.Dir) {
				assert.NotContains(t, n, ".tmp-", "a temporary file is left")
			}
		})
	}
}

// TestWriteThroughFIFOAndProcLink: a FIFO with a reader and a link into
// /proc (what /dev/stdout is) are written in place: the reader gets the
// bytes, and the link is not replaced.
func TestWriteThroughFIFOAndProcLink(t *testing.T) {
	d := outfiletest.NewDev(t)
	r, err := os.OpenFile(d.FIFO, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	require.NoError(t, err)
	defer r.Close()
	require.NoError(t, WriteFile(d.FIFO, []byte("through\n")))
	b := make([]byte, 64)
	n, _ := r.Read(b)
	assert.Equal(t, "through\n", string(b[:n]))
	assert.True(t, outfiletest.IsFIFO(d.FIFO))

	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pr.Close()
	defer pw.Close()
	link := filepath.Join(d.Dir, "stdout")
	require.NoError(t, os.Symlink("/proc/self/fd/"+strconv.Itoa(int(pw.Fd())), link))
	require.NoError(t, WriteFile(link, []byte("to the pipe\n")))
	n, err = pr.Read(b)
	require.NoError(t, err)
	assert.Equal(t, "to the pipe\n", string(b[:n]))
	assert.True(t, outfiletest.IsSymlink(link))
}

// TestFullDisk: on a full filesystem the write fails naming "no space left
// on device", the earlier file is unchanged and no temporary is left.
// Abort also leaves nothing.
func TestFullDisk(t *testing.T) {
	dir := outfiletest.SmallFS(t, 64<<10)
	old := filepath.Join(dir, "report.xml")
	require.NoError(t, os.WriteFile(old, []byte("old\n"), 0o644))
	outfiletest.Fill(t, dir)
	for _, c := range []struct {
		name string
		path string
	}{
		{"over an earlier file", old},
		{"a new file", filepath.Join(dir, "new.xml")},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := WriteFile(c.path, make([]byte, 256<<10))
			require.Error(t, err)
			assert.True(t, NoSpace(err), "%v", err)
			assert.True(t, errors.Is(err, syscall.ENOSPC))
			assert.Equal(t, c.path+": no space left on device (nothing written; an earlier file of that name is unchanged)", err.Error())
			b, err := os.ReadFile(old)
			require.NoError(t, err)
			assert.Equal(t, "old\n", string(b))
			assert.ElementsMatch(t, []string{".fill", "report.xml"}, outfiletest.Entries(t, dir))
		})
	}
	f, err := Create(filepath.Join(t.TempDir(), "x"))
	require.NoError(t, err)
	tmp := f.Name()
	f.Abort()
	_, err = os.Stat(tmp)
	assert.True(t, os.IsNotExist(err))
}
