package prove

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ScalingCase is one row of the scaling table: a correct design (proof
// time) and a wrong one (counterexample time) at one parameter set.
type ScalingCase struct {
	Block   string
	Params  map[string]int
	Good    []string // relative to the repository root
	GoodTop string
	Bad     []string
	BadTop  string
	// BadMutant, when set, is a mutation-catalogue ID: the wrong design is
	// Good with that mutant applied to its file, made when the row runs,
	// so the row can never drift from the project's Verilog.
	BadMutant string
}

// ScalingCases are the rows of docs/prove.md's table: the arbiter and the
// selector against N, the selector and the threshold unit against QW, and
// the memory blocks at small parameters (the reference against itself).
func ScalingCases() []ScalingCase {
	const byo, td = "cosim/runner/testdata/byo/", "cosim/prove/testdata/"
	var cs []ScalingCase
	for _, n := range []int{8, 16, 32, 64, 128, 256} {
		cs = append(cs, ScalingCase{"arbiter", map[string]int{"N": n}, []string{byo + "my_rr_arbiter.sv"}, "my_round_robin", []string{td + "arb_reset_idle.sv"}, "arb_reset_idle", ""})
	}
	for _, n := range []int{64, 128, 256} {
		cs = append(cs, ScalingCase{"arbiter", map[string]int{"N": n}, []string{td + "arb_scan_down.sv"}, "arb_scan_down", []string{byo + "my_rr_arbiter_wrapjump.sv"}, "my_round_robin", ""})
	}
	for _, n := range []int{8, 16, 32, 64, 128, 256} {
		cs = append(cs, ScalingCase{"selector", map[string]int{"N": n, "QW": 16}, []string{byo + "queue_watch.sv"}, "queue_watch", []string{byo + "queue_watch_ge_top.sv"}, "queue_watch", ""})
	}
	for _, qw := range []int{4, 8, 16, 32} {
		cs = append(cs, ScalingCase{"selector", map[string]int{"N": 64, "QW": qw}, []string{td + "sel_borrow.sv"}, "sel_borrow", []string{td + "sel_reset_idle.sv"}, "sel_reset_idle", ""})
	}
	for _, qw := range []int{4, 8, 16, 32} {
		cs = append(cs, ScalingCase{"threshold", map[string]int{"C": 8, "QW": qw, "AW": 4}, []string{td + "thr_wide.sv"}, "thr_wide", []string{td + "thr_wrap.sv"}, "thr_wrap", ""})
	}
	for _, p := range []map[string]int{{"N": 2, "P": 4}, {"N": 4, "P": 8}} {
		cs = append(cs, ScalingCase{"pd_lists", p, []string{"verilog/pd_lists.sv", "verilog/sram_mp.sv"}, "pd_lists", nil, "", ""})
	}
	for _, p := range []map[string]int{{"CELLS": 8, "K": 2}, {"CELLS": 16, "K": 2}} {
		cs = append(cs, ScalingCase{"free_list", p, []string{"verilog/free_list.sv", "verilog/sram_mp.sv"}, "free_list", nil, "", ""})
		cs = append(cs, ScalingCase{"cp_sublists", p, []string{"verilog/cp_sublists.sv", "verilog/sram_mp.sv"}, "cp_sublists", nil, "", ""})
	}
	return cs
}

// Scaling runs every case with timeout each and writes a markdown table to
// w, one row per case as it finishes.
func Scaling(ctx context.Context, w io.Writer, root string, timeout time.Duration, cases []ScalingCase) error {
	fmt.Fprintln(w, "| block | parameters | correct / wrong design | miter ANDs | latches | proof (wall, CPU) | counterexample (wall, CPU) | cex cycle |")
	fmt.Fprintln(w, "|---|---|---|---:|---:|---|---|---:|")
	for _, c := range cases {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var order []string
		for _, k := range []string{"N", "Q", "C", "QW", "AW", "B", "P", "CELLS", "K"} {
			if _, ok := c.Params[k]; ok {
				order = append(order, k)
			}
		}
		good := Options{Block: c.Block, RTL: under(root, c.Good), Top: c.GoodTop, Params: c.Params,
			Timeout: timeout, NoReplay: true, VerilogDir: root}
		bad := good
		bad.RTL, bad.Top = under(root, c.Bad), c.BadTop
		g, gerr := Prove(ctx, good)
		var b *Result
		var berr error
		if c.BadMutant != "" {
			var done func()
			bad.RTL, done, berr = mutantFiles(root, c.Good, c.BadMutant)
			if berr == nil {
				b, berr = Prove(ctx, bad)
				done()
			}
		} else if len(c.Bad) > 0 {
			b, berr = Prove(ctx, bad)
		}
		ands, lat := "-", "-"
		if g != nil {
			ands, lat = fmt.Sprint(g.Ands), fmt.Sprint(g.Latches)
		}
		cyc := "-"
		if b != nil && b.Cex != nil {
			cyc = fmt.Sprint(b.Cex.Cycle)
		}
		names := filepath.Base(c.Good[0])
		switch {
		case c.BadMutant != "":
			names += " / mutant " + c.BadMutant
		case len(c.Bad) > 0:
			names += " / " + filepath.Base(c.Bad[0])
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", c.Block, paramText(order, c.Params), names, ands, lat, cell(g, gerr), cell(b, berr), cyc)
		if f, ok := w.(*os.File); ok {
			f.Sync()
		}
	}
	return nil
}

// cell is "PROVEN 1.2s (Yosys 0.8s, pdr 0.4s)" and the like.
func cell(r *Result, err error) string {
	if r == nil && err == nil {
		return "-"
	}
	if err != nil {
		s := err.Error()
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[:i]
		}
		return "error: " + strings.TrimPrefix(s, "prove: ")
	}
	total := r.Total
	switch r.Verdict {
	case Proven:
		return fmt.Sprintf("proven %s, CPU %s (Yosys %s, %s %s)", secs(total), secs(r.CPU), secs(r.Build), r.Engine, secs(r.Proof))
	case Refuted:
		return fmt.Sprintf("refuted %s, CPU %s (Yosys %s, %s)", secs(total), secs(r.CPU), secs(r.Build), r.Engine)
	}
	return fmt.Sprintf("inconclusive after %s, CPU %s (bmc3 depth %d)", secs(total), secs(r.CPU), r.Depth)
}

func under(root string, files []string) []string {
	var s []string
	for _, f := range files {
		s = append(s, filepath.Join(root, f))
	}
	return s
}
