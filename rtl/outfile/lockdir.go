package outfile

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// LockDir takes an exclusive lock on directory dir itself (no lock file is
// left in it) for as long as release is not called, or fails at once when
// another process or goroutine holds it. The co-simulator takes it on its
// --vcd directory, so that two runs never write one directory's waveforms
// at the same time.
func LockDir(dir string) (release func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%s is in use by another run; wait for it or give another directory", dir)
		}
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	return func() { f.Close() }, nil
}
