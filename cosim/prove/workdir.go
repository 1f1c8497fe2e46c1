package prove

import (
	"os"
	"path/filepath"
	"syscall"

	"occamy/rtl/outfile"
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
	release, err := outfile.LockDir(abs)
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

// checkSpace returns a *SetupError naming the full disk when the work
// directory's filesystem has no space (or no inodes) left: Yosys writes
// its netlists, scripts and AIGER files without checking for write errors,
// so a full disk showed as "unexpected end of JSON input" or ABC's "Wrong
// input file format" instead.
func (d *design) checkSpace() error {
	var st syscall.Statfs_t
	if err := syscall.Statfs(d.dir, &st); err != nil {
		return nil
	}
	free := st.Bavail
	if os.Geteuid() == 0 {
		free = st.Bfree
	}
	if free == 0 || (st.Files > 0 && st.Ffree == 0) {
		return &SetupError{Msg: "work directory " + d.dir, Err: syscall.ENOSPC}
	}
	return nil
}
