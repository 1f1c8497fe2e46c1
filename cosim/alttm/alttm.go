// Package alttm owns alt_tm, a second Occamy traffic manager of a
// deliberately different architecture, kept as test data in
// cosim/testdata/alt_tm: a design as a switch team outside the project
// would write it (one PD FIFO per queue, chain freeing only, cell-serial
// ready/valid ingress, a registered admission decision, DT in cells from a
// registered free count, head drop through the project's hd_selector and
// rr_arbiter). It is the proof that a transaction-level checker is not
// tuned to occamy_tm's timing.
//
// The package names the design's files and its broken copies (Bugs: exact
// textual substitutions, one per failure class a TM checker must catch).
// Its tests lint the design, run its own smoke testbench (tb_alt_tm.sv) on
// Icarus and Verilator, and record which broken copies that testbench
// catches. cosim/testdata/alt_tm/README.md documents ports, timing and what
// a port map for it must say.
package alttm

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"occamy/testbench/blocks"
	_ "occamy/testbench/blocks/arbiter"
	_ "occamy/testbench/blocks/selector"
)

const (
	// Dir is the design's directory, relative to the repository root.
	Dir = "cosim/testdata/alt_tm"
	// Module is the design's top module, in File.
	Module = "alt_tm"
	// File is the design's own source, in Dir.
	File = "alt_tm.sv"
	// TBModule is the smoke testbench's top module, in TBFile.
	TBModule = "tb_alt_tm"
	// TBFile is the smoke testbench, in Dir.
	TBFile = "tb_alt_tm.sv"
)

// Sources returns the files a build of alt_tm compiles, relative to the
// repository root, in compile order: the project's hd_selector and
// rr_arbiter, as their faces name their sources, then alt_tm.sv. The
// project's modules include its shared header: IncludeDirs.
func Sources() ([]string, error) {
	var s []string
	for _, m := range []string{"hd_selector", "rr_arbiter"} {
		b, err := blocks.Lookup(m)
		if err != nil {
			return nil, fmt.Errorf("alttm: %w", err)
		}
		s = append(s, b.Sources...)
	}
	return append(s, filepath.ToSlash(filepath.Join(Dir, File))), nil
}

// IncludeDirs are the directories, relative to the repository root, that
// a build of alt_tm searches for `include files: the project's header
// directories (its hd_selector and rr_arbiter include occamy_checks.svh).
func IncludeDirs() []string { return blocks.HeaderDirs() }

// Bug is one broken copy of alt_tm: an exact substitution in File.
type Bug struct {
	ID      string // bug-adm-pkts, ...: the failure class, as issue 26 names it
	Anchor  string // text that occurs exactly once in alt_tm.sv
	Replace string // what the anchor becomes
	Desc    string // one line: what is broken and what it does to the traffic
}

// Bugs returns the broken copies, one per failure class a transaction-level
// checker must catch in a TM that is not the project's.
func Bugs() []Bug {
	return []Bug{
		{
			ID:      "bug-adm-pkts",
			Anchor:  "    charge = QW'(cells);",
			Replace: "    charge = QW'(1);",
			Desc: "admission and accounting count packets instead of cells: qlen_o and free_o are in packets, " +
				"so the buffer is over-committed, the free list runs dry and cells are reused while queued",
		},
		{
			ID:      "bug-hd-leak",
			Anchor:  "  assign fa_valid   = eg_free || hd_fire;",
			Replace: "  assign fa_valid   = eg_free;",
			Desc: "a head drop pops the PD and counts the cells free but never appends its chain to the free " +
				"list: the cells leak, the free list runs dry and cells are reused while queued",
		},
		{
			ID:      "bug-port-lost",
			Anchor:  "  assign pd_push  = s1_valid_q && s1_last_q;",
			Replace: "  assign pd_push  = s1_valid_q && s1_last_q && (32'(s1_queue_q) / Q != 1);",
			Desc: "port 1's packets are admitted and counted but never given a PD: they never leave and " +
				"their cells never come back",
		},
		{
			ID:      "bug-eg-hd-same",
			Anchor:  "  assign hd_fire = hd_gv && !hd_cool_q && !eg_free && !(eg_pop && eg_q == hd_q);",
			Replace: "  assign hd_fire = hd_gv && !hd_cool_q && !eg_free;",
			Desc: "egress and head drop may take the same queue head in one cycle: the packet is both sent " +
				"and expelled, its chain freed while it is read, its cells subtracted twice",
		},
		{
			ID:      "bug-sel-ge",
			Anchor:  "    assign sel_qlen[i*QW +: QW] = qlen_q;",
			Replace: "    assign sel_qlen[i*QW +: QW] = qlen_q + QW'(1);",
			Desc: "selection with >= instead of >: the selector sees qlen+1, so a queue exactly at its " +
				"threshold is head-dropped",
		},
		{
			ID:      "bug-thr-stale2",
			Anchor:  "  localparam int THR_STAGES = 1;",
			Replace: "  localparam int THR_STAGES = 3;",
			Desc: "the threshold passes through three registers instead of one: admission and the selector " +
				"use a threshold two cycles staler than the declared one",
		},
	}
}

// Apply returns src with b's anchor replaced, or an error when the anchor
// does not occur exactly once.
func (b Bug) Apply(src string) (string, error) {
	if n := strings.Count(src, b.Anchor); n != 1 {
		return "", fmt.Errorf("alttm: %s: anchor %q occurs %d times in %s, want 1", b.ID, b.Anchor, n, File)
	}
	return strings.Replace(src, b.Anchor, b.Replace, 1), nil
}

// WriteBroken writes alt_tm.sv from the repository at root with bug b into
// dir (as dir/alt_tm.sv, so the module keeps its name) and returns its path.
func WriteBroken(root, dir string, b Bug) (string, error) {
	src, err := os.ReadFile(filepath.Join(root, Dir, File))
	if err != nil {
		return "", fmt.Errorf("alttm: %w", err)
	}
	out, err := b.Apply(string(src))
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, File)
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		return "", fmt.Errorf("alttm: %w", err)
	}
	return p, nil
}
