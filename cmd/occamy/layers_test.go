package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// floors are the layers of the house, ground floor first
// (docs/architecture.md): a package may import packages of its own floor
// or below, never above. verilog/tb/gen is a command (the .vec
// generator), so it stands on the cmd floor.
var floors = []struct {
	prefix string
	floor  int
}{
	{"occamy/rtl", 0},
	{"occamy/hw", 1},
	{"occamy/testbench", 2},
	{"occamy/cosim", 3},
	{"occamy/cmd", 4},
	{"occamy/verilog", 4},
}

var floorNames = []string{"rtl", "hw", "testbench", "cosim", "cmd"}

// floorOf is the floor of an import path of the module, -1 outside it.
func floorOf(path string) int {
	path = strings.TrimSuffix(path, "_test")
	for _, f := range floors {
		if path == f.prefix || strings.HasPrefix(path, f.prefix+"/") {
			return f.floor
		}
	}
	return -1
}

// TestLayers fails on every arrow that runs up: a package (its tests
// included, with and without the verilator tag) importing a package of a
// higher floor. It reads `go list` over the whole module.
func TestLayers(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	var up []string
	for _, tags := range []string{"", "verilator"} {
		cmd := exec.Command("go", "list", "-e", "-tags", tags, "-f",
			`{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}`, "./...")
		cmd.Dir = "../.."
		out, err := cmd.Output()
		require.NoError(t, err, "go list")
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			pkg, from := f[0], floorOf(f[0])
			require.GreaterOrEqual(t, from, 0, "package %s is on no floor: add its folder to floors", pkg)
			seen := map[string]bool{}
			for _, imp := range f[1:] {
				if to := floorOf(imp); to > from && !seen[imp] {
					seen[imp] = true
					up = append(up, pkg+" ("+floorNames[from]+") imports "+imp+" ("+floorNames[to]+"), tags "+quoted(tags))
				}
			}
		}
	}
	require.Empty(t, up, "arrows that run up:\n%s", strings.Join(dedupe(up), "\n"))
}

// TestSimulatorsChosenInOnePlace: on the cosim floor only the runner
// (which chooses a simulator, cosim/runner/sims.go) imports a simulator's
// own package; prove, synth, packaging and the rest go through the
// simulator interface (occamy/cosim) and the runner.
func TestSimulatorsChosenInOnePlace(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	sims := map[string]bool{"occamy/cosim/verilator": true, "occamy/cosim/icarus": true}
	var bad []string
	for _, tags := range []string{"", "verilator"} {
		cmd := exec.Command("go", "list", "-e", "-tags", tags, "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./cosim/...")
		cmd.Dir = "../.."
		out, err := cmd.Output()
		require.NoError(t, err, "go list")
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || f[0] == "occamy/cosim/runner" || sims[f[0]] {
				continue
			}
			for _, imp := range f[1:] {
				if sims[imp] {
					bad = append(bad, f[0]+" imports "+imp)
				}
			}
		}
	}
	require.Empty(t, bad, "a simulator chosen outside cosim/runner")
}

func quoted(s string) string { return `"` + s + `"` }

func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		k := x[:strings.LastIndex(x, ", tags")]
		if !seen[k] {
			seen[k] = true
			out = append(out, x)
		}
	}
	return out
}
