package prove

import (
	"os"
	"path/filepath"

	"occamy/cosim"
)

// openWorkDir sets the proof's scratch directory: dir when given (made
// absolute, since every tool runs inside it; created; locked, so a second
// run given the same directory is refused instead of overwriting the
// first one's scripts, AIGER files and counterexamples under it), else a
// new temporary directory removed by cleanup.
func (d *design) openWorkDir(dir, prefix string) error {
	if dir == "" {
		t, err := os.MkdirTemp("", prefix)
		if err != nil {
			return setupf("work directory: %v", err)
		}
		d.dir = t
		return nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return setupf("work directory %s: %v", dir, err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return setupf("work directory: %v", err)
	}
	release, err := cosim.LockDir(abs)
	if err != nil {
		return setupf("work directory (--keep) %v", err)
	}
	d.dir, d.keep, d.release = abs, true, release
	return nil
}

// unlock lets another run use a kept work directory; the proof is done
// with it (a replay writes only to the VCD directory, which may be the
// same one).
func (d *design) unlock() {
	if d.release != nil {
		d.release()
		d.release = nil
	}
}

// cleanup unlocks a kept work directory or removes a temporary one.
func (d *design) cleanup() {
	d.unlock()
	if !d.keep && d.dir != "" {
		os.RemoveAll(d.dir)
	}
}
