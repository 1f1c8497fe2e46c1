package outfile

import (
	"os"
	"syscall"
)

// DiskFull reports whether the filesystem holding dir has no space (or no
// inodes) left for this process: a writer that does not report its
// failed writes (Verilator writing its XML, Icarus its VCD) has then
// most likely left a file cut short.
func DiskFull(dir string) bool {
	var st syscall.Statfs_t
	if syscall.Statfs(dir, &st) != nil {
		return false
	}
	free := st.Bavail
	if os.Geteuid() == 0 {
		free = st.Bfree
	}
	return free == 0 || (st.Files > 0 && st.Ffree == 0)
}
