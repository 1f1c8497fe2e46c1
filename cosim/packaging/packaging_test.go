package packaging

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"occamy/testbench/blocks"
)

func repoRoot(t *testing.T) string {
	t.Helper()
	_, f, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Join(filepath.Dir(f), "..", "..")
}

// TestCommittedFilesMatchTheRegistry fails when verilog/filelists or
// verilog/cores drift from the block registry (a source, parameter or
// block added or changed without `make filelists`).
func TestCommittedFilesMatchTheRegistry(t *testing.T) {
	require.NoError(t, Check(repoRoot(t)))
}

// TestDriftIsCaught: a changed, a missing and a stale file are each
// reported by name.
func TestDriftIsCaught(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "verilog", "tb"), 0o755))
	_, err := Write(root)
	require.NoError(t, err)
	require.NoError(t, Check(root))
	arb, _ := blocks.Lookup("arbiter")
	sel, _ := blocks.Lookup("selector")
	require.NoError(t, os.WriteFile(filepath.Join(root, FileListPath(arb)), []byte("${OCCAMY_ROOT}/verilog/old_arbiter.sv\n"), 0o644))
	require.NoError(t, os.Remove(filepath.Join(root, CorePath(sel))))
	require.NoError(t, os.WriteFile(filepath.Join(root, FileListDir, "gone_block.f"), nil, 0o644))
	err = Check(root)
	var de *DriftError
	require.ErrorAs(t, err, &de)
	assert.Equal(t, []string{"verilog/filelists/rr_arbiter.f"}, de.Changed)
	assert.Equal(t, []string{"verilog/cores/hd_selector.core"}, de.Missing)
	assert.Equal(t, []string{"verilog/filelists/gone_block.f"}, de.Extra)
	assert.Contains(t, err.Error(), "make filelists")
	_, err = Write(root)
	require.NoError(t, err)
	require.NoError(t, Check(root), "Write heals every kind of drift")
}

// TestFileListsAreTheRegistrySources: each list names the directory of
// the project's shared headers as an include directory, then exactly the
// block's sources, in order, under ${OCCAMY_ROOT}.
func TestFileListsAreTheRegistrySources(t *testing.T) {
	require.Equal(t, []string{"verilog"}, blocks.HeaderDirs())
	for _, b := range blocks.All() {
		var got []string
		for _, l := range strings.Split(string(FileList(b)), "\n") {
			if l != "" && !strings.HasPrefix(l, "//") {
				got = append(got, l)
			}
		}
		want := []string{"+incdir+${OCCAMY_ROOT}/verilog"}
		for _, s := range b.Sources {
			want = append(want, "${OCCAMY_ROOT}/"+s)
		}
		assert.Equal(t, want, got, b.Name)
	}
}

// CAPI2 as this test knows it (FuseSoC's core format, version 2): the
// keys and values the generated cores may use.
var (
	capiTop        = map[string]bool{"CAPI=2": true, "name": true, "description": true, "filesets": true, "parameters": true, "targets": true, "generate": true, "generators": true, "scripts": true, "provider": true, "vpi": true, "virtual": true}
	capiFileTypes  = map[string]bool{"systemVerilogSource": true, "verilogSource": true, "vhdlSource": true, "user": true, "cppSource": true, "cSource": true}
	capiDatatypes  = map[string]bool{"bool": true, "file": true, "int": true, "real": true, "str": true}
	capiParamtypes = map[string]bool{"cmdlinearg": true, "generic": true, "plusarg": true, "vlogdefine": true, "vlogparam": true}
	capiTools      = map[string]bool{"verilator": true, "icarus": true, "yosys": true}
	capiTargetKeys = map[string]bool{"default_tool": true, "filesets": true, "toplevel": true, "parameters": true, "tools": true, "description": true, "flow": true, "flow_options": true, "hooks": true, "generate": true}
	vlnv           = regexp.MustCompile(`^[A-Za-z0-9_.-]*:[A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+:[0-9][A-Za-z0-9_.-]*$`)
)

type capiCore struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Filesets    map[string]struct {
		Files    []yaml.Node `yaml:"files"`
		FileType string      `yaml:"file_type"`
	} `yaml:"filesets"`
	Parameters map[string]struct {
		Datatype    string `yaml:"datatype"`
		Default     any    `yaml:"default"`
		Description string `yaml:"description"`
		Paramtype   string `yaml:"paramtype"`
	} `yaml:"parameters"`
	Targets map[string]struct {
		DefaultTool string                    `yaml:"default_tool"`
		Filesets    []string                  `yaml:"filesets"`
		Toplevel    string                    `yaml:"toplevel"`
		Parameters  []string                  `yaml:"parameters"`
		Tools       map[string]map[string]any `yaml:"tools"`
	} `yaml:"targets"`
}

// coreFiles lists a fileset's files (a string, or a one-key map of the
// name to its attributes) relative to the repository root.
func coreFiles(t *testing.T, nodes []yaml.Node) (files []string, includes []string) {
	t.Helper()
	for _, n := range nodes {
		name := n.Value
		inc := false
		if n.Kind == yaml.MappingNode {
			require.Len(t, n.Content, 2, "a file entry with attributes is a one-key map")
			name = n.Content[0].Value
			var attrs map[string]any
			require.NoError(t, n.Content[1].Decode(&attrs))
			for k := range attrs {
				require.Contains(t, []string{"is_include_file", "file_type", "include_path", "logical_name"}, k)
			}
			inc = attrs["is_include_file"] == true
		}
		p := filepath.ToSlash(filepath.Join(CoreDir, name))
		if inc {
			includes = append(includes, p)
		} else {
			files = append(files, p)
		}
	}
	return files, includes
}

// TestCoresFollowCAPI2: fusesoc is neither a Debian package nor on the
// other registries this project can reach, so the cores are checked here
// against the CAPI2 structure: the CAPI=2 header, a VLNV name, known top
// keys, filesets whose files exist, parameters with a datatype and
// paramtype, targets naming existing filesets, parameters and tools, and
// the registry's facts (sources, defaults, toplevel).
func TestCoresFollowCAPI2(t *testing.T) {
	root := repoRoot(t)
	for _, b := range blocks.All() {
		t.Run(b.Name, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(root, CorePath(b)))
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(string(raw), "CAPI=2:\n"), "first line CAPI=2:")
			var top map[string]any
			require.NoError(t, yaml.Unmarshal(raw, &top))
			for k := range top {
				assert.True(t, capiTop[k], "unknown top-level key %s", k)
			}
			var c capiCore
			require.NoError(t, yaml.Unmarshal(raw, &c))
			assert.Regexp(t, vlnv, c.Name)
			assert.Equal(t, "occamy:occamy:"+b.Module+":"+Version, c.Name)
			assert.NotEmpty(t, c.Description)
			require.Contains(t, c.Filesets, "rtl")
			for name, fs := range c.Filesets {
				assert.True(t, capiFileTypes[fs.FileType], "fileset %s: file_type %q", name, fs.FileType)
				files, incs := coreFiles(t, fs.Files)
				for _, f := range append(files, incs...) {
					_, err := os.Stat(filepath.Join(root, f))
					assert.NoError(t, err, "fileset %s names %s", name, f)
				}
			}
			rtl, incs := coreFiles(t, c.Filesets["rtl"].Files)
			assert.Equal(t, b.Sources, rtl, "the rtl fileset is the registry's sources")
			assert.Equal(t, blocks.Headers, incs, "and the project's headers, as include files")
			def := b.Defaults()
			for _, q := range b.Params {
				p, ok := c.Parameters[q.Name]
				if assert.True(t, ok, "parameter %s", q.Name) {
					assert.Equal(t, def[q.Name], p.Default, q.Name)
					assert.Equal(t, "vlogparam", p.Paramtype)
					assert.Equal(t, "int", p.Datatype)
					assert.True(t, strings.HasPrefix(p.Description, fmt.Sprintf("%d..%d", q.Min, q.Max)), p.Description)
				}
			}
			for name, p := range c.Parameters {
				assert.True(t, capiDatatypes[p.Datatype], "parameter %s datatype %q", name, p.Datatype)
				assert.True(t, capiParamtypes[p.Paramtype], "parameter %s paramtype %q", name, p.Paramtype)
			}
			var targets map[string]map[string]any
			require.NoError(t, yaml.Unmarshal(raw, &struct {
				T *map[string]map[string]any `yaml:"targets"`
			}{&targets}))
			for name, tg := range targets {
				for k := range tg {
					assert.True(t, capiTargetKeys[k], "target %s: unknown key %s", name, k)
				}
			}
			for _, want := range []string{"default", "lint"} {
				assert.Contains(t, c.Targets, want)
			}
			assert.Equal(t, b.Module, c.Targets["lint"].Toplevel)
			assert.Equal(t, "lint-only", c.Targets["lint"].Tools["verilator"]["mode"])
			for name, tg := range c.Targets {
				assert.NotEmpty(t, tg.Toplevel, name)
				for _, fs := range tg.Filesets {
					assert.Contains(t, c.Filesets, fs, "target %s", name)
				}
				for _, p := range tg.Parameters {
					assert.Contains(t, c.Parameters, p, "target %s", name)
				}
				for tool := range tg.Tools {
					assert.True(t, capiTools[tool], "target %s: tool %s", name, tool)
				}
				if tg.DefaultTool != "" {
					assert.True(t, capiTools[tg.DefaultTool], "target %s: default_tool %s", name, tg.DefaultTool)
				}
			}
		})
	}
}

// TestCoreTargetsRun runs what a core's targets ask of the tools, read
// from the core itself: the lint target as verilator --lint-only with its
// options, toplevel, parameters at their defaults and files; the sim
// target compiled by iverilog with its options (the run needs a .vec
// table: make verilog-tb does that through the same file lists). So a
// core that names a wrong file, top or parameter fails here.
func TestCoreTargetsRun(t *testing.T) {
	root := repoRoot(t)
	for _, b := range blocks.All() {
		t.Run(b.Name, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(root, CorePath(b)))
			require.NoError(t, err)
			var c capiCore
			require.NoError(t, yaml.Unmarshal(raw, &c))
			for _, name := range []string{"lint", "sim"} {
				tg, ok := c.Targets[name]
				if !ok {
					continue
				}
				tool := tg.DefaultTool
				bin := map[string]string{"verilator": "verilator", "icarus": "iverilog"}[tool]
				if _, err := exec.LookPath(bin); err != nil {
					t.Skipf("%s not installed", bin)
				}
				var files, incdirs []string
				for _, fs := range tg.Filesets {
					f, inc := coreFiles(t, c.Filesets[fs].Files)
					files = append(files, f...)
					for _, i := range inc {
						incdirs = append(incdirs, filepath.Dir(i))
					}
				}
				var args []string
				opts := tg.Tools[tool]
				switch tool {
				case "verilator":
					require.Equal(t, "lint-only", opts["mode"])
					args = append(args, "--lint-only", "--top-module", tg.Toplevel)
					for _, o := range opts["verilator_options"].([]any) {
						args = append(args, o.(string))
					}
					for _, p := range tg.Parameters {
						args = append(args, fmt.Sprintf("-G%s=%v", p, c.Parameters[p].Default))
					}
					for _, d := range incdirs {
						args = append(args, "-I"+filepath.Join(root, d))
					}
				case "icarus":
					for _, o := range opts["iverilog_options"].([]any) {
						args = append(args, o.(string))
					}
					args = append(args, "-s", tg.Toplevel, "-o", filepath.Join(t.TempDir(), "sim.vvp"))
					for _, p := range tg.Parameters {
						if c.Parameters[p].Paramtype == "vlogparam" {
							args = append(args, fmt.Sprintf("-P%s.%s=%v", tg.Toplevel, p, c.Parameters[p].Default))
						}
					}
					for _, d := range incdirs {
						args = append(args, "-I", filepath.Join(root, d))
					}
				default:
					t.Fatalf("target %s: tool %s", name, tool)
				}
				for _, f := range files {
					args = append(args, filepath.Join(root, f))
				}
				out, err := exec.Command(bin, args...).CombinedOutput()
				assert.NoError(t, err, "%s %s\n%s", bin, strings.Join(args, " "), out)
				assert.Empty(t, strings.TrimSpace(string(out)), "%s target %s: output", b.Name, name)
			}
		})
	}
}

// TestEveryListedBlockIsPackaged: the generated set is one list and one
// core per listed block, nothing else.
func TestEveryListedBlockIsPackaged(t *testing.T) {
	got := Generate(repoRoot(t))
	var want []string
	for _, b := range blocks.All() {
		want = append(want, FileListPath(b), CorePath(b))
	}
	sort.Strings(want)
	assert.Equal(t, want, sortedKeys(got))
}
