package verilator

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"occamy/cosim"
)

// Elaboration: the top's ports and the files Verilator read, from
// verilator --xml-only, without compiling anything.

// Discover elaborates the spec's top with `verilator --xml-only` and
// returns its ports and the files Verilator read, without compiling
// anything. It takes tens of milliseconds, so a contract check (CheckPorts)
// can run before a build.
func Discover(ctx context.Context, spec Spec) (*cosim.Elaboration, error) {
	p, err := prepare(ctx, spec)
	if err != nil {
		return nil, err
	}
	defer p.tmp.remove()
	return p.el, nil
}

// elaborate runs `verilator --xml-only` and reads the top's ports and the
// files it read, with Verilator's warnings.
func elaborate(ctx context.Context, tc *toolchain, s *Spec, srcs, incs []string, tmp string) (*cosim.Elaboration, error) {
	xmlPath := filepath.Join(tmp, "elab.xml")
	args := append([]string{"--xml-only", "--xml-output", xmlPath, "-Mdir", filepath.Join(tmp, "elab")}, s.frontArgs(srcs, incs)...)
	out, err := runTool(ctx, tmp, tc.verilator, args...)
	if err != nil {
		return nil, orNoSpace(tmp, &BuildError{Stage: "elaborate", Top: s.Top, Output: out, Err: err})
	}
	f, err := os.Open(xmlPath)
	if err != nil {
		return nil, orNoSpace(tmp, &BuildError{Stage: "elaborate", Top: s.Top, Output: out, Err: err})
	}
	defer f.Close()
	el, err := ParseElaboration(f)
	if err != nil {
		return nil, orNoSpace(tmp, err)
	}
	if el.Top != s.Top {
		return nil, fmt.Errorf("cosim: Verilator elaborated top %s, want %s", el.Top, s.Top)
	}
	for i, p := range el.Files {
		if !filepath.IsAbs(p) {
			el.Files[i] = filepath.Join(tmp, p)
		}
	}
	el.Warnings = out
	return el, nil
}
