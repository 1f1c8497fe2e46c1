package verilator

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lockDir is where the per-key lock files live, under the cache root.
const lockDir = "locks"

// keyLock is an exclusive flock on one cache key, held while that key is
// built, checked again and installed. Builds of one key in any number of
// processes compile once: the others wait for the lock, then find the
// entry built and load it.
type keyLock struct{ f *os.File }

// lockKey takes the lock on name under root, waiting (and polling ctx)
// while another process holds it.
func lockKey(ctx context.Context, root, name string) (*keyLock, error) {
	dir := filepath.Join(root, lockDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cosim: cache %s is not writable, so it cannot build %s: %w", root, name, err)
	}
	f, err := os.OpenFile(filepath.Join(dir, name+".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("cosim: cache %s is not writable, so it cannot build %s: %w", root, name, err)
	}
	if err := flockWait(ctx, f); err != nil {
		f.Close()
		return nil, err
	}
	return &keyLock{f}, nil
}

// unlock releases the lock.
func (l *keyLock) unlock() { l.f.Close() }

// flockWait takes an exclusive flock on f, polling so that a cancelled ctx
// ends the wait.
func flockWait(ctx context.Context, f *os.File) error {
	for delay := 5 * time.Millisecond; ; delay = min(2*delay, 200*time.Millisecond) {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			return fmt.Errorf("cosim: locking %s: %w", f.Name(), err)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("cosim: waiting for %s: %w", f.Name(), ctx.Err())
		case <-time.After(delay):
		}
	}
}

// tmpLockName is the lock file inside every temporary directory a build
// makes under <cache>/tmp; its holder is alive while the lock is held.
const tmpLockName = ".occamy-lock"

// tmpDir is a temporary directory under <cache>/tmp, locked while in use.
type tmpDir struct {
	path string
	lock *os.File
}

// newTmpDir makes a locked temporary directory in parent.
func newTmpDir(parent, prefix string) (*tmpDir, error) {
	p, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(p, tmpLockName), os.O_CREATE|os.O_RDWR, 0o644)
	if err == nil {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		os.RemoveAll(p)
		return nil, err
	}
	return &tmpDir{path: p, lock: f}, nil
}

// remove deletes the directory, then releases its lock.
func (d *tmpDir) remove() {
	os.RemoveAll(d.path)
	d.lock.Close()
}

// A temporary directory under <cache>/tmp is removed when nobody holds its
// lock and it is older than staleLocked (its builder died), or, with no
// lock file at all (made by an older version, or a moment before its lock
// file exists), when it is older than staleUnlocked.
const (
	staleLocked   = time.Minute
	staleUnlocked = 24 * time.Hour
)

// sweepTmp removes the stale temporary directories in tmp. Errors are
// ignored: another process may be sweeping at the same time.
func sweepTmp(tmp string, now time.Time) {
	ents, err := os.ReadDir(tmp)
	if err != nil {
		return
	}
	for _, e := range ents {
		info, err := e.Info()
		if err != nil || !info.ModTime().Before(now.Add(-staleLocked)) {
			continue
		}
		p := filepath.Join(tmp, e.Name())
		old := info.ModTime().Before(now.Add(-staleUnlocked))
		f, err := os.OpenFile(filepath.Join(p, tmpLockName), os.O_RDWR, 0)
		if err != nil {
			if old {
				os.RemoveAll(p)
			}
			continue
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			os.RemoveAll(p) // nobody holds it: its builder is gone
		}
		f.Close()
	}
}
