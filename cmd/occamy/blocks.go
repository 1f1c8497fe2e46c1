package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"occamy/cosim/dpi"
	"occamy/cosim/packaging"
	"occamy/rtl/outfile"
	"occamy/testbench/blocks"
)

// newBlocksCmd prints the block faces (testbench/blocks): what each
// block is, its Verilog, parameters, ports and coverpoints. The Verilog
// scripts read it (--tsv) instead of keeping their own block tables.
func newBlocksCmd() *cobra.Command {
	var asJSON, tsv, hidden, sets bool
	var validate, pkgRoot, dpiTB string
	var tbParams []string
	c := &cobra.Command{
		Use:   "blocks [BLOCK...]",
		Short: "list the blocks the project checks: Verilog, parameters, ports, coverpoints",
		Long: `List the block registry: every block's command-line name, Verilog module and
sources, parameters (default and range, from the Go model's Params), small
parameter set, ports at the defaults and coverpoints. The TM's sub-blocks
(tm_admission .. tm_egress) are listed under the TM.

  --json   one JSON array of blocks (for tools)
  --tsv    one line per block for shell scripts, tab-separated:
           name  module  sources(space-separated)  defaults(K=V ...)  small(K=V ...)  params(NAME:MIN:MAX ...)
           (params empty for a sub-block: its parent's ranges are checked on the parent)
  --sets   the parameter sets each face asks lint and its testbench to run, one per line,
           tab-separated (verilog/scripts/lint.sh and tb.sh read them):
           lint    BLOCK  K=V ...            a further lint corner
           loose   BLOCK  K=V                one past a range end where a simulator stops elaborating first
           reject  BLOCK  K=V ...  MESSAGE   a Verilog-only parameter check both simulators must print
           tb      BLOCK  K=V,...  CYCLES    a testbench run on vectors (CYCLES 0: the script's default)`,
		Example: "  occamy blocks\n  occamy blocks --json freelist\n  occamy blocks --tsv",
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if b2i(asJSON)+b2i(tsv)+b2i(sets) > 1 {
				return usageErr(fmt.Errorf("blocks: --json, --tsv and --sets exclude each other"))
			}
			bs, err := pickBlocks(args, hidden)
			if err != nil {
				return usageErr(err)
			}
			w := cmd.OutOrStdout()
			if cmd.Flags().Changed("param") && !cmd.Flags().Changed("dpi-tb") {
				return usageErr(fmt.Errorf("blocks: --param goes with --dpi-tb"))
			}
			if cmd.Flags().Changed("dpi-tb") {
				return writeDPITestbench(w, bs, args, dpiTB, tbParams)
			}
			if cmd.Flags().Changed("package") {
				return writePackaging(w, pkgRoot, len(args) > 0 || asJSON || tsv || hidden)
			}
			if cmd.Flags().Changed("validate") {
				return validateParams(w, bs, validate)
			}
			switch {
			case sets:
				return writeBlockSets(w, bs)
			case asJSON:
				return writeBlocksJSON(w, bs)
			case tsv:
				return writeBlocksTSV(w, bs)
			}
			return writeBlocksText(w, bs)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	c.Flags().BoolVar(&tsv, "tsv", false, "print one tab-separated line per block (for scripts)")
	c.Flags().BoolVar(&hidden, "hidden", false, "include the benchmark tops")
	c.Flags().BoolVar(&sets, "sets", false, "print the lint and testbench parameter sets of the faces (for scripts)")
	c.Flags().StringVar(&validate, "validate", "", "check parameters K=V,... of one block with the Go model's rules and print the\n"+
		"error the Verilog's elaboration check must also print (exit 1), or nothing (exit 0)")
	c.Flags().StringVar(&pkgRoot, "package", "", "write the file lists (verilog/filelists/*.f) and FuseSoC cores (verilog/cores/*.core)\n"+
		"of every block under the repository root `ROOT` (make filelists)")
	c.Flags().StringVar(&dpiTB, "dpi-tb", "", "write a SystemVerilog testbench of one block to `FILE`: its Verilog checked every cycle\n"+
		"against liboccamy_golden through DPI-C on the registry's stimulus (docs/dpi.md)")
	c.Flags().StringArrayVar(&tbParams, "param", nil, "with --dpi-tb: parameter `NAME=VALUE` (repeatable, or comma-separated)")
	return c
}

// writeDPITestbench writes the generated DPI testbench of one block.
func writeDPITestbench(w io.Writer, bs []*blocks.Block, args []string, file string, params []string) error {
	if len(args) != 1 || file == "" {
		return usageErr(fmt.Errorf("blocks: --dpi-tb needs exactly one block and a file name"))
	}
	p, err := parseParams(params)
	if err != nil {
		return usageErr(fmt.Errorf("blocks: %w", err))
	}
	m, err := dpi.New(bs[0].Name, p)
	if err != nil {
		return usageErr(fmt.Errorf("blocks: --dpi-tb: %w", err))
	}
	if err := outfile.WriteFile(file, m.Testbench(dpi.TBOptions{})); err != nil {
		return usageErr(fmt.Errorf("blocks: --dpi-tb %w", err))
	}
	fmt.Fprintf(w, "wrote %s: module tb_dpi_%s (%s %s)\n", file, m.Block.Module, m.Block.Name, m.Block.ParamText(m.Params))
	return nil
}

// writePackaging regenerates the file lists and cores under root.
func writePackaging(w io.Writer, root string, others bool) error {
	if others {
		return usageErr(fmt.Errorf("blocks: --package writes every block's files; it takes no block names or other flags"))
	}
	if st, err := os.Stat(filepath.Join(root, "verilog")); err != nil || !st.IsDir() {
		return usageErr(fmt.Errorf("blocks: --package %s: not the repository root (no verilog/ directory)", root))
	}
	files, err := packaging.Write(root)
	if err != nil {
		return fmt.Errorf("blocks: --package: %w", err)
	}
	fmt.Fprintf(w, "wrote %d files under %s and %s\n", len(files), packaging.FileListDir, packaging.CoreDir)
	return nil
}

// pickBlocks returns the named blocks (by name, alias or module), or all.
func pickBlocks(names []string, hidden bool) ([]*blocks.Block, error) {
	if len(names) == 0 {
		if hidden {
			return blocks.Every(), nil
		}
		return blocks.All(), nil
	}
	var bs []*blocks.Block
	for _, n := range names {
		b, err := blocks.Lookup(n)
		if err != nil {
			return nil, fmt.Errorf("blocks: %v", err)
		}
		bs = append(bs, b)
	}
	return bs, nil
}

func writeBlocksJSON(w io.Writer, bs []*blocks.Block) error {
	ds := make([]blocks.Description, len(bs))
	for i, b := range bs {
		ds[i] = b.Describe()
	}
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(ds)
}

// kv is "K=V ..." in the block's parameter order.
func kv(b *blocks.Block, p map[string]int) string {
	var s []string
	for _, q := range b.Params {
		s = append(s, q.Name+"="+strconv.Itoa(p[q.Name]))
	}
	return strings.Join(s, " ")
}

func writeBlocksTSV(w io.Writer, bs []*blocks.Block) error {
	var sb strings.Builder
	for _, b := range bs {
		var ranges []string
		for _, q := range b.Params {
			if b.Parent != "" {
				break // its parent checks the ranges: lint runs a sub-block at its sets only
			}
			ranges = append(ranges, fmt.Sprintf("%s:%d:%d", q.Name, q.Min, q.Max))
		}
		fmt.Fprintf(&sb, "%s\t%s\t%s\t%s\t%s\t%s\n", b.Name, b.Module, strings.Join(b.Sources, " "),
			kv(b, b.Defaults()), kv(b, b.SmallParams()), strings.Join(ranges, " "))
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func writeBlocksText(w io.Writer, bs []*blocks.Block) error {
	var sb strings.Builder
	for _, b := range bs {
		if b.Parent != "" {
			writeSubBlockText(&sb, b, bs)
			continue
		}
		names := b.Name
		if len(b.Aliases) > 0 {
			names += " (also " + strings.Join(b.Aliases, ", ") + ")"
		}
		fmt.Fprintf(&sb, "%s: %s — %s\n", names, b.Module, b.Summary)
		fmt.Fprintf(&sb, "  sources:     %s\n", strings.Join(b.Sources, " "))
		fmt.Fprintf(&sb, "  parameters:  %s\n", ranges(b.Params))
		if len(b.Run) > 0 {
			fmt.Fprintf(&sb, "  run-time:    %s (on the cfg_* inputs: one build serves every value)\n", ranges(b.Run))
		}
		fmt.Fprintf(&sb, "  small set:   %s\n", b.ParamText(b.SmallParams()))
		if cs := coverNames(b); cs != "" {
			fmt.Fprintf(&sb, "  coverpoints: %s\n", cs)
		}
		if b.Doc != "" {
			fmt.Fprintf(&sb, "  contract:    %s\n", b.Doc)
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// validateParams resolves "K=V,..." for one block and prints the Go
// model's parameter error, which the Verilog's own check prints word for
// word (verilog/scripts/lint.sh compares them).
func validateParams(w io.Writer, bs []*blocks.Block, list string) error {
	if len(bs) != 1 {
		return usageErr(fmt.Errorf("blocks: --validate needs exactly one block"))
	}
	given := map[string]int{}
	for _, f := range strings.Split(list, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		k, v, ok := strings.Cut(f, "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil {
			return usageErr(fmt.Errorf("blocks: --validate: %q is not NAME=INTEGER", f))
		}
		if _, dup := given[k]; dup {
			return usageErr(fmt.Errorf("blocks: --validate: %s given twice", k))
		}
		given[k] = n
	}
	if _, err := bs[0].Resolve(given); err != nil {
		fmt.Fprintln(w, err)
		return failErr(errors.New("blocks: parameters rejected"))
	}
	return nil
}

// writeBlockSets prints each face's lint and testbench parameter sets
// (Block.Checks), one tab-separated line per set.
func writeBlockSets(w io.Writer, bs []*blocks.Block) error {
	var sb strings.Builder
	for _, b := range bs {
		c := b.Checks
		for _, p := range c.Lint {
			fmt.Fprintf(&sb, "lint\t%s\t%s\n", b.Name, p)
		}
		for _, p := range c.Loose {
			fmt.Fprintf(&sb, "loose\t%s\t%s\n", b.Name, p)
		}
		for _, r := range c.Rejects {
			fmt.Fprintf(&sb, "reject\t%s\t%s\t%s\n", b.Name, r.Params, r.Msg)
		}
		for _, t := range c.Testbench {
			fmt.Fprintf(&sb, "tb\t%s\t%s\t%d\n", b.Name, t.Params, t.Cycles)
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
