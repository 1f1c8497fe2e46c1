package verilator

import (
	"fmt"
	"path/filepath"
	"syscall"

	"occamy/rtl/outfile"
)

// diskFull reports whether the filesystem holding dir has no space (or no
// inodes) left for this process.
func diskFull(dir string) bool { return outfile.DiskFull(dir) }

// orNoSpace names a full disk as the cause of err when dir's filesystem
// is full: Verilator writes its XML and objects into the cache without
// reporting a failed write, so a full cache showed as "XML syntax error"
// or a missing file.
func orNoSpace(dir string, err error) error {
	if err == nil || !diskFull(dir) {
		return err
	}
	if filepath.Base(filepath.Dir(dir)) == "tmp" { // CACHE/tmp/TOP-N: name the cache
		dir = filepath.Dir(filepath.Dir(dir))
	}
	return fmt.Errorf("cosim: %s (the build cache) is full: %w; Verilator's output was cut short (%v)", dir, syscall.ENOSPC, err)
}
