package blocks

import (
	"path"
	"slices"
)

// Headers are the files the project's Verilog `includes (the shared
// parameter-check macros, verilog/occamy_checks.svh), relative to the
// repository root. They are no sources of a block: every flow that
// compiles the project's Verilog puts their directory on its include path
// (HeaderDirs), and one that copies the sources copies and hashes them too.
var Headers = []string{"verilog/occamy_checks.svh"}

// HeaderDirs are the directories of Headers, relative to the repository
// root, each once, in Headers' order.
func HeaderDirs() []string {
	var dirs []string
	for _, h := range Headers {
		if d := path.Dir(h); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}
