//go:build verilator

package dpi

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docExample is the shell block of docs/dpi.md's Verilator section.
func docExample(t *testing.T, root string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "docs", "dpi.md"))
	require.NoError(t, err)
	_, sec, ok := strings.Cut(string(b), "## Verilator (checked here")
	require.True(t, ok, "docs/dpi.md has its Verilator section")
	_, block, ok := strings.Cut(sec, "```sh\n")
	require.True(t, ok, "the section has a sh block")
	block, _, ok = strings.Cut(block, "```")
	require.True(t, ok)
	return block
}

// cloneTree copies the repository's tracked and new files (what a clone
// of this tree holds; nothing ignored, no build/) into dir.
func cloneTree(t *testing.T, root, dir string) {
	t.Helper()
	out, err := exec.Command("git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard", "-z").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		src := filepath.Join(root, f)
		st, err := os.Lstat(src)
		if err != nil || !st.Mode().IsRegular() {
			continue // deleted in the work tree, or not a file
		}
		b, err := os.ReadFile(src)
		require.NoError(t, err)
		dst := filepath.Join(dir, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(dst), 0o755))
		require.NoError(t, os.WriteFile(dst, b, st.Mode().Perm()))
	}
}

// TestDocExample: the Verilator example of docs/dpi.md, pasted as it is
// into a shell at the root of a fresh copy of the repository, builds the
// library and the testbench under build/ only (no obj_dir/, nothing else
// new), and the testbench prints MATCH and exits 0; with a lint warning in
// the design, the same commands print it and still build and match.
func TestDocExample(t *testing.T) {
	needTool(t, "verilator", "make", "bash", "git")
	if testing.Short() {
		t.Skip("builds the library and a testbench from a copy of the repository")
	}
	root := repoRoot(t)
	dir := t.TempDir()
	cloneTree(t, root, dir)
	before := treeFiles(t, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-e", "-c", docExample(t, root))
	cmd.Dir = dir
	// As a user's shell has it: no OCCAMY_ROOT of the test's own.
	cmd.Env = append(os.Environ(), "OCCAMY_ROOT=")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "the documented commands failed:\n%s", out)
	assert.Regexp(t, `MATCH arbiter \[[^]]+\] \(your DUT: rr_arbiter, dpi scoreboard\)`, string(out))
	for f := range treeFiles(t, dir) {
		if !before[f] {
			assert.True(t, strings.HasPrefix(f, "build/"), "%s written outside build/", f)
		}
	}
	assert.NoDirExists(t, filepath.Join(dir, "obj_dir"))

	// A design with lint warnings of its own (here the arbiter with an
	// unused signal assigned a wider constant: WIDTH, UNUSEDSIGNAL): -Wall
	// prints them, the build goes on.
	src := filepath.Join(dir, "verilog", "rr_arbiter.sv")
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	i := strings.LastIndex(string(b), "endmodule")
	require.Positive(t, i)
	require.NoError(t, os.WriteFile(src, []byte(string(b[:i])+"  logic [3:0] lint_demo_w;\n  assign lint_demo_w = 8'hff;\n"+string(b[i:])), 0o644))
	cmd = exec.CommandContext(ctx, "bash", "-e", "-c", docExample(t, root))
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "OCCAMY_ROOT=")
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "a design's own lint warning stopped the documented build:\n%s", out)
	assert.Contains(t, string(out), "%Warning-WIDTH", "the warning is shown")
	assert.Contains(t, string(out), "lint_demo_w")
	assert.Regexp(t, `MATCH arbiter \[[^]]+\] \(your DUT: rr_arbiter, dpi scoreboard\)`, string(out))
}

// treeFiles lists the files under dir, relative.
func treeFiles(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files := map[string]bool{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = true
		return nil
	}))
	return files
}
