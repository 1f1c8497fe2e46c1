package cosim

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// CacheEnv names the environment variable that overrides the cache
// directory.
const CacheEnv = "OCCAMY_CACHE_DIR"

// DefaultCacheDir is where built libraries are kept: $OCCAMY_CACHE_DIR when
// set, else occamy/verilator under the user cache directory
// ($XDG_CACHE_HOME, or ~/.cache on Linux), else under the temp directory.
func DefaultCacheDir() string {
	if d := os.Getenv(CacheEnv); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "occamy", "verilator")
	}
	return filepath.Join(os.TempDir(), "occamy-verilator-cache")
}

// cacheRoot resolves and creates the cache directory, with its tmp/ where
// builds happen before being moved into place.
func cacheRoot(dir string) (string, error) {
	if dir == "" {
		dir = DefaultCacheDir()
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("cosim: cache directory %s: %w", dir, err)
	}
	if strings.ContainsAny(abs, " \t\n") {
		return "", fmt.Errorf("cosim: cache directory %q contains white space, which make cannot build in; set %s", abs, CacheEnv)
	}
	tmp := filepath.Join(abs, "tmp")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return "", fmt.Errorf("cosim: cannot create cache directory: %w", err)
	}
	sweepTmp(tmp, time.Now().Add(-staleBuild))
	return abs, nil
}

// staleBuild is the age after which a leftover temporary build directory
// (from a killed process) is removed.
const staleBuild = 24 * time.Hour

// sweepTmp removes temporary build directories last changed before cutoff.
// Errors are ignored: another process may be sweeping at the same time.
func sweepTmp(tmp string, cutoff time.Time) {
	ents, err := os.ReadDir(tmp)
	if err != nil {
		return
	}
	for _, e := range ents {
		if info, err := e.Info(); err == nil && info.ModTime().Before(cutoff) {
			os.RemoveAll(filepath.Join(tmp, e.Name()))
		}
	}
}

// install moves a finished build directory to its final name in one rename.
// When another build of the same key got there first, the finished entry is
// kept, the new one is dropped, and installed reports false.
func install(built, final string) (installed bool, err error) {
	if err := os.Rename(built, final); err != nil {
		if _, statErr := os.Stat(final); statErr == nil {
			return false, os.RemoveAll(built)
		}
		return false, fmt.Errorf("cosim: installing %s: %w", final, err)
	}
	return true, nil
}
