package packaging

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"occamy/rtl/infile"
	"occamy/rtl/outfile"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// A starter project for your own Verilog of a block (occamy init): the
// stub module, with the contract's parameters and ports exactly as the
// project's reference module declares them (its ANSI header, width
// expressions and derived localparams included) and every output driven
// 0; a Makefile whose check runs occamy cosim (the block's regression matrix) and
// occamy prove at its small parameter set on it; a README of three lines.

// StarterFile is one file of a starter project.
type StarterFile struct {
	Name string // relative to the project's directory
	Data []byte
}

// Starter returns the starter project of the block named name (a block,
// an alias, a module name, or a sub-module checked inside its block by its
// own name: executor), reading the reference module from root, the
// repository root holding verilog/.
func Starter(root, name string) ([]StarterFile, error) {
	b, err := blocks.Lookup(name)
	module, block := "", name
	var sub *blocks.Sub
	if err != nil {
		var sb *blocks.Block
		if sb, sub = blocks.LookupStandalone(name); sb == nil {
			return nil, err
		}
		b, module, block = sb, sub.Module, sub.Name
	} else {
		module, block = b.Module, b.Name
	}
	src, err := b.SubSource(&blocks.Sub{Name: block, Module: module})
	if err != nil {
		return nil, err
	}
	src = filepath.Join(root, src)
	text, err := infile.ReadFile(src, 1<<20)
	if err != nil {
		return nil, err
	}
	header, err := ModuleHeader(string(text), module)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	outs, err := starterOutputs(b, sub)
	if err != nil {
		return nil, err
	}
	// prove sets a block's Verilog parameters only: a block with a
	// run-time configuration on cfg_* inputs, or a sub-module checked
	// inside its block, is checked by cosim alone.
	proves := sub == nil && len(b.Run) == 0
	rel, _ := filepath.Rel(root, src)
	stub := stubModule(block, module, filepath.ToSlash(rel), b.Doc, header, outs)
	return []StarterFile{
		{Name: module + ".sv", Data: []byte(stub)},
		{Name: "Makefile", Data: []byte(starterMakefile(b, block, module, proves))},
		{Name: "README.md", Data: []byte(fmt.Sprintf(
			"Your `%s` for the Occamy toolkit: fill in `%s.sv`; its ports and parameters are the `%s` contract (%s).\n"+
				"`make check` co-simulates it against the Go golden model (`occamy cosim`)%s.\n"+
				"Set `OCCAMY` to the occamy binary when it is not on your PATH: `make check OCCAMY=path/to/occamy`.\n",
			module, module, block, b.Doc, map[bool]string{true: " and proves it equal to the reference (`occamy prove`)"}[proves]))},
	}, nil
}

// starterOutputs are the stub's outputs: the block's contract at its
// defaults, or for a sub-module the ports its header declares (read by
// the caller from the header; the face holds the block's ports).
func starterOutputs(b *blocks.Block, sub *blocks.Sub) ([]string, error) {
	if sub != nil {
		return nil, nil
	}
	p, err := b.Fill(nil)
	if err != nil {
		return nil, err
	}
	var outs []string
	for _, q := range b.Ports(p) {
		if q.Dir == port.Out {
			outs = append(outs, q.Name)
		}
	}
	return outs, nil
}

// stubModule is the stub: a header comment, the reference's header
// verbatim, every output driven 0.
func stubModule(block, module, ref, doc, header string, outs []string) string {
	if outs == nil {
		outs = headerOutputs(header)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// %s: your design of the %s contract (%s).\n", module, block, doc)
	fmt.Fprintf(&b, "// The parameters and ports below are the project's %s's, copied from %s\n", module, ref)
	b.WriteString("// by occamy init: keep their names and widths (occamy cosim checks them first).\n")
	b.WriteString("// Until the body is written every output is 0, and make check fails.\n\n")
	b.WriteString(header)
	b.WriteString("\n\n  // Your design goes here.\n")
	w := 0
	for _, o := range outs {
		w = max(w, len(o))
	}
	for _, o := range outs {
		fmt.Fprintf(&b, "  assign %-*s = '0;\n", w, o)
	}
	b.WriteString("\nendmodule\n")
	return b.String()
}

// starterMakefile runs cosim (the block's regression matrix) and, when proves,
// prove at its small set (a proof at the full size may not finish in
// prove's time).
func starterMakefile(b *blocks.Block, block, module string, proves bool) string {
	if !proves {
		return fmt.Sprintf(`# Checks your %[2]s against the project's %[1]s (written by occamy init).
OCCAMY ?= occamy
RTL    ?= %[2]s.sv

# Cycle by cycle against the Go golden model, at the %[1]s defaults. occamy
# prove does not take this block (it sets Verilog parameters only, not a
# run-time configuration or a module inside a larger design).
check: cosim

cosim:
	$(OCCAMY) cosim --block %[1]s --rtl $(RTL)

.PHONY: check cosim
`, block, module)
	}
	small := ""
	if len(b.Small) > 0 {
		var kv []string
		for _, n := range b.ParamNames() {
			if v, ok := b.Small[n]; ok && isVerilogParam(b, n) {
				kv = append(kv, fmt.Sprintf("%s=%d", n, v))
			}
		}
		if len(kv) > 0 {
			small = " --param " + strings.Join(kv, ",")
		}
	}
	return fmt.Sprintf(`# Checks your %[2]s against the project's %[1]s (written by occamy init).
OCCAMY ?= occamy
RTL    ?= %[2]s.sv

check: cosim prove

# Cycle by cycle against the Go golden model, at the %[1]s defaults.
cosim:
	$(OCCAMY) cosim --block %[1]s --rtl $(RTL)

# Equal to the reference for every input sequence, at the small parameter set.
prove:
	$(OCCAMY) prove --block %[1]s --rtl $(RTL)%[3]s

.PHONY: check cosim prove
`, block, module, small)
}

// isVerilogParam reports whether n is one of the block's Verilog
// parameters (not its run-time configuration, driven on inputs).
func isVerilogParam(b *blocks.Block, n string) bool {
	for _, q := range b.Params {
		if q.Name == n {
			return true
		}
	}
	return false
}

// ModuleHeader returns the ANSI header of module in src: from "module
// NAME" to the ";" that ends its port list, comments and all.
func ModuleHeader(src, module string) (string, error) {
	i := findModule(src, module)
	if i < 0 {
		return "", fmt.Errorf("no module %s", module)
	}
	depth, seen := 0, false
	for j := i; j < len(src); j++ {
		switch {
		case strings.HasPrefix(src[j:], "//"):
			k := strings.IndexByte(src[j:], '\n')
			if k < 0 {
				return "", errors.New("the header does not end")
			}
			j += k
		case strings.HasPrefix(src[j:], "/*"):
			k := strings.Index(src[j+2:], "*/")
			if k < 0 {
				return "", errors.New("an unterminated comment")
			}
			j += k + 3
		case src[j] == '(':
			depth, seen = depth+1, true
		case src[j] == ')':
			depth--
		case src[j] == ';' && depth == 0 && seen:
			return src[i : j+1], nil
		}
	}
	return "", errors.New("the header does not end")
}

// findModule is the offset of the declaration "module NAME" in src,
// outside comments; -1 when there is none.
func findModule(src, name string) int {
	for j := 0; j < len(src); j++ {
		switch {
		case strings.HasPrefix(src[j:], "//"):
			k := strings.IndexByte(src[j:], '\n')
			if k < 0 {
				return -1
			}
			j += k
		case strings.HasPrefix(src[j:], "/*"):
			k := strings.Index(src[j+2:], "*/")
			if k < 0 {
				return -1
			}
			j += k + 3
		case strings.HasPrefix(src[j:], "module") && (j == 0 || !isIdent(src[j-1])):
			rest := src[j+len("module"):]
			f := strings.TrimLeft(rest, " \t\r\n")
			if len(f) == len(rest) || !strings.HasPrefix(f, name) {
				continue
			}
			if end := len(name); end == len(f) || !isIdent(f[end]) {
				return j
			}
		}
	}
	return -1
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// headerOutputs lists the output ports an ANSI header declares, each the
// last identifier of an "output ..." declaration, in order.
func headerOutputs(header string) []string {
	var outs []string
	for _, l := range strings.Split(header, "\n") {
		if k := strings.Index(l, "//"); k >= 0 {
			l = l[:k]
		}
		l = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(l), ",);"))
		if !strings.HasPrefix(l, "output") {
			continue
		}
		f := strings.FieldsFunc(l, func(r rune) bool { return !isIdent(byte(r)) || r > 127 })
		if len(f) > 0 {
			outs = append(outs, f[len(f)-1])
		}
	}
	return outs
}

// WriteStarter writes the files into dir (created), refusing to replace
// any file already there.
func WriteStarter(dir string, files []StarterFile) ([]string, error) {
	var exist []string
	for _, f := range files {
		if _, err := os.Lstat(filepath.Join(dir, f.Name)); err == nil {
			exist = append(exist, f.Name)
		}
	}
	if len(exist) > 0 {
		sort.Strings(exist)
		return nil, fmt.Errorf("%s already holds %s: give a new or empty directory", dir, strings.Join(exist, ", "))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var wrote []string
	for _, f := range files {
		p := filepath.Join(dir, f.Name)
		if err := outfile.WriteFile(p, f.Data); err != nil {
			for _, w := range wrote { // nothing half-written is left
				os.Remove(w)
			}
			return nil, err
		}
		wrote = append(wrote, p)
	}
	return wrote, nil
}
