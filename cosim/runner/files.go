package runner

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"occamy/testbench/blocks"
)

// includeDirs is the `include search path: the directory of each file
// (so an include beside the user's file is found whatever the working
// directory), then the given directories, then, when root (the
// repository root) is not empty, the directories of the project's shared
// headers (blocks.HeaderDirs), so the project's modules and a user's
// copy of one find the header they include; each once, absolute.
func includeDirs(files, given []string, root string) ([]string, error) {
	var dirs []string
	seen := map[string]bool{}
	add := func(d string) {
		if !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	for _, f := range files {
		add(filepath.Dir(f))
	}
	for _, d := range given {
		if strings.TrimSpace(d) == "" {
			return nil, fieldf("IncludeDirs", "an empty directory name (an unset shell variable?)")
		}
		a, err := filepath.Abs(d)
		if err != nil {
			return nil, fieldf("IncludeDirs", "%s: %v", d, err)
		}
		if st, err := os.Stat(a); err != nil || !st.IsDir() {
			return nil, fieldf("IncludeDirs", "%s is not a directory", d)
		}
		add(a)
	}
	if root != "" {
		for _, d := range blocks.HeaderDirs() {
			a, err := filepath.Abs(filepath.Join(root, d))
			if err != nil {
				return nil, setupf("%s: %v", d, err)
			}
			add(a)
		}
	}
	return dirs, nil
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "no module"
	}
	return strings.Join(s, ", ")
}

func joinNames(s []string) string {
	out := ""
	for i, n := range s {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// findRoot finds the directory that holds the block's project sources.
func findRoot(given string, sources []string) (string, error) {
	has := func(dir string) bool {
		for _, f := range sources {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				return false
			}
		}
		return true
	}
	var tried []string
	try := func(dir string) bool {
		if dir == "" {
			return false
		}
		tried = append(tried, dir)
		return has(dir)
	}
	if given != "" {
		if try(given) {
			return given, nil
		}
		return "", setupf("the project's Verilog (%s) is not under %s", sources[0], given)
	}
	if d := os.Getenv(RootEnv); try(d) {
		return d, nil
	}
	if wd, err := os.Getwd(); err == nil {
		for d := wd; ; d = filepath.Dir(d) {
			if try(d) {
				return d, nil
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok {
		if d := filepath.Join(filepath.Dir(file), "..", ".."); try(d) {
			return filepath.Clean(d), nil
		}
	}
	return "", setupf("cannot find the project's Verilog (%s); run from the repository or set %s (tried %d places)", sources[0], RootEnv, len(tried))
}

// FindRoot finds the repository root holding sources (relative paths
// such as a face's Sources): given when not "", else $OCCAMY_ROOT, the
// working directory or a parent of it, or the source tree this package
// was built from.
func FindRoot(given string, sources []string) (string, error) { return findRoot(given, sources) }
