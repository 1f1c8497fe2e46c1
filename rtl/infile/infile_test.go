package infile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNonRegular: each kind of path that is not a regular file is refused
// quickly (never read forever, never blocked on) with a one-line error.
func TestNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	big := filepath.Join(dir, "big")
	require.NoError(t, os.WriteFile(big, make([]byte, 2048), 0o644))
	ok := filepath.Join(dir, "ok")
	require.NoError(t, os.WriteFile(ok, []byte("hello"), 0o644))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(ok, link))
	cases := []struct {
		path, want string
	}{
		{"/dev/zero", "/dev/zero: a character device, want a regular file"},
		{"/nonexistent/x", "/nonexistent/x: no such file or directory"},
		{"/dev/null", "a character device"},
		{fifo, "a named pipe, want a regular file"},
		{dir, "a directory, want a regular file"},
		{filepath.Join(dir, "none"), "none: no such file or directory"},
		{big, "larger than 1 KiB, allowed at most 1 KiB"},
		{ok, ""},
		{link, ""},
	}
	for _, tc := range cases {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			done := make(chan struct{})
			var b []byte
			var err error
			go func() { b, err = ReadFile(tc.path, 1024); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatalf("ReadFile(%s) did not return", tc.path)
			}
			if tc.want == "" {
				require.NoError(t, err)
				assert.Equal(t, "hello", string(b))
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.False(t, strings.Contains(err.Error(), "\n"))
		})
	}
}

func TestSize(t *testing.T) {
	assert.Equal(t, "16 MiB", Size(16<<20))
	assert.Equal(t, "512 KiB", Size(512<<10))
	assert.Equal(t, "100 bytes", Size(100))
}
