package packaging

import (
	"bytes"
	"fmt"
	"path"
	"path/filepath"
	"strconv"

	"occamy/testbench/blocks"
)

// Core is a block's FuseSoC CAPI2 core: the RTL fileset (the project's
// shared headers as include files, then the registry's sources), its parameters (defaults and ranges from the Go model's
// Params) and three targets: default (the RTL), lint (Verilator
// --lint-only -Wall) and, when tb names the block's Icarus testbench,
// sim (Icarus -g2012, replaying the .vec table given as the vec plusarg).
// Paths are relative to the core file, as CAPI2 wants.
func Core(b *blocks.Block, tb string) []byte {
	rel := func(p string) string { return relTo(CoreDir, p) }
	var w bytes.Buffer
	fmt.Fprintf(&w, "CAPI=2:\n")
	fmt.Fprintf(&w, "# Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.\n")
	fmt.Fprintf(&w, "name: occamy:occamy:%s:%s\n", b.Module, Version)
	fmt.Fprintf(&w, "description: %s\n", strconv.Quote(b.Summary+" (block "+b.Name+", contract in "+b.Doc+")"))
	fmt.Fprintf(&w, "\nfilesets:\n  rtl:\n    files:\n")
	for _, h := range blocks.Headers {
		fmt.Fprintf(&w, "      - %s: {is_include_file: true}\n", rel(h))
	}
	for _, s := range b.Sources {
		fmt.Fprintf(&w, "      - %s\n", rel(s))
	}
	fmt.Fprintf(&w, "    file_type: systemVerilogSource\n")
	if tb != "" {
		fmt.Fprintf(&w, "  tb:\n    files:\n      - %s: {is_include_file: true}\n      - %s\n    file_type: systemVerilogSource\n",
			rel("verilog/tb/vec_util.svh"), rel(tb))
	}
	fmt.Fprintf(&w, "\nparameters:\n")
	def := b.Defaults()
	var names []string
	for _, q := range b.Params {
		desc := fmt.Sprintf("%d..%d", q.Min, q.Max)
		if q.Note != "" {
			desc += ", " + q.Note
		}
		fmt.Fprintf(&w, "  %s:\n    datatype: int\n    default: %d\n    description: %s\n    paramtype: vlogparam\n",
			q.Name, def[q.Name], strconv.Quote(desc))
		names = append(names, q.Name)
	}
	if tb != "" {
		fmt.Fprintf(&w, "  vec:\n    datatype: file\n    description: %s\n    paramtype: plusarg\n",
			strconv.Quote(".vec table to replay (go run ./verilog/tb/gen -block "+b.Name+" -o FILE)"))
	}
	list := func(s []string) string {
		var b bytes.Buffer
		b.WriteString("[")
		for i, x := range s {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(x)
		}
		b.WriteString("]")
		return b.String()
	}
	fmt.Fprintf(&w, "\ntargets:\n")
	fmt.Fprintf(&w, "  default:\n    filesets: [rtl]\n    toplevel: %s\n    parameters: %s\n", b.Module, list(names))
	fmt.Fprintf(&w, "  lint:\n    default_tool: verilator\n    filesets: [rtl]\n    toplevel: %s\n    parameters: %s\n", b.Module, list(names))
	fmt.Fprintf(&w, "    tools:\n      verilator:\n        mode: lint-only\n        verilator_options: [-Wall]\n")
	if tb != "" {
		tbTop := path.Base(tb)
		tbTop = tbTop[:len(tbTop)-len(path.Ext(tbTop))]
		fmt.Fprintf(&w, "  sim:\n    default_tool: icarus\n    filesets: [rtl, tb]\n    toplevel: %s\n    parameters: %s\n",
			tbTop, list(append(names, "vec")))
		fmt.Fprintf(&w, "    tools:\n      icarus:\n        iverilog_options: [-g2012, -Wall]\n")
	}
	return w.Bytes()
}

// relTo is path p (repository-relative) as seen from directory dir
// (repository-relative).
func relTo(dir, p string) string {
	r, err := filepath.Rel(dir, p)
	if err != nil {
		panic(fmt.Sprintf("packaging: %s from %s: %v", p, dir, err)) // both relative: cannot happen
	}
	return filepath.ToSlash(r)
}
