package verilator

import (
	"context"
	"fmt"
	"occamy/cosim"
	"os"
	"os/exec"
	"strings"
	"sync"
)

// toolchain is the set of programs a build runs, with the versions that go
// into every cache key.
type toolchain struct {
	verilator  string // path of the verilator program
	version    string // first line of `verilator --version`
	root       string // VERILATOR_ROOT
	make       string // path of make
	cxx        string // C++ compiler (make's CXX)
	cxxVersion string // first line of `$CXX --version`
}

var (
	toolMu    sync.Mutex
	toolCache = map[string]*toolchain{}
)

// findToolchain locates verilator (the given path, else $OCCAMY_VERILATOR,
// else PATH), make and the C++ compiler ($CXX, else g++), once per process.
func findToolchain(ctx context.Context, verilator string) (*toolchain, error) {
	if verilator == "" {
		verilator = os.Getenv("OCCAMY_VERILATOR")
	}
	if verilator == "" {
		verilator = "verilator"
	}
	cxx := os.Getenv("CXX")
	if cxx == "" {
		cxx = "g++"
	}
	toolMu.Lock()
	defer toolMu.Unlock()
	ck := verilator + "\x00" + cxx
	if tc, ok := toolCache[ck]; ok {
		return tc, nil
	}
	tc := &toolchain{cxx: cxx}
	var err error
	if tc.verilator, err = exec.LookPath(verilator); err != nil {
		return nil, &cosim.ToolError{Tool: "verilator", Install: "apt-get install verilator (or set OCCAMY_VERILATOR)", Err: err}
	}
	if tc.make, err = exec.LookPath("make"); err != nil {
		return nil, &cosim.ToolError{Tool: "make", Install: "apt-get install make", Err: err}
	}
	if _, err = exec.LookPath(cxx); err != nil {
		return nil, &cosim.ToolError{Tool: "C++ compiler " + cxx, Install: "apt-get install g++ (or set CXX)", Err: err}
	}
	out, err := runTool(ctx, "", tc.verilator, "--version")
	if err != nil {
		return nil, fmt.Errorf("cosim: %s --version failed: %v: %s", tc.verilator, err, out)
	}
	tc.version = firstLine(out)
	if out, err = runTool(ctx, "", tc.verilator, "--getenv", "VERILATOR_ROOT"); err != nil {
		return nil, fmt.Errorf("cosim: %s --getenv VERILATOR_ROOT failed: %v: %s", tc.verilator, err, out)
	}
	tc.root = strings.TrimSpace(out)
	if _, err := os.Stat(tc.root + "/include/verilated.mk"); err != nil {
		return nil, fmt.Errorf("cosim: Verilator's include files are missing under %s: %v", tc.root, err)
	}
	if out, err = runTool(ctx, "", cxx, "--version"); err != nil {
		return nil, fmt.Errorf("cosim: %s --version failed: %v: %s", cxx, err, out)
	}
	tc.cxxVersion = firstLine(out)
	toolCache[ck] = tc
	return tc, nil
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
