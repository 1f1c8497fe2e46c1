package verilator

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
// builds happen before being moved into place, and sweeps stale temporary
// directories. A cache that exists but cannot be written is accepted: its
// complete entries still load, and only a miss fails (when it takes the
// key's lock).
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
		if st, serr := os.Stat(abs); serr == nil && st.IsDir() {
			return abs, nil // read-only: hits only
		}
		return "", fmt.Errorf("cosim: cannot create cache directory: %w", err)
	}
	sweepTmp(tmp, time.Now())
	return abs, nil
}

// workDir makes a locked temporary directory for one build step in the
// cache's tmp/ (so the result can be renamed into place), or, for a step
// whose output is thrown away, in the system temp directory when the cache
// is read-only.
func workDir(root, prefix string, throwaway bool) (*tmpDir, error) {
	d, err := newTmpDir(filepath.Join(root, "tmp"), prefix)
	if err != nil && throwaway {
		d, err = newTmpDir("", "occamy-"+prefix)
	}
	if err != nil {
		return nil, fmt.Errorf("cosim: %w", err)
	}
	return d, nil
}

// cacheFormat is hashed into every key: entries of this format record the
// .so's size and SHA-256 (meta.json) and the runtime objects' (manifest.json).
// Entries of older formats, which cannot be validated, live under other
// names and are never loaded nor touched.
const cacheFormat = "2: validated entries"
