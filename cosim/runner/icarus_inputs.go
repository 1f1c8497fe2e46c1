package runner

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// RunIcarusInputs runs opt.Block's Verilog on Icarus (the harness of the
// Icarus path) over n cycles of given inputs (contract layout) and returns
// every cycle's outputs before its rising edge, in the contract layout.
// Outputs holding x or z are an error naming the cycle, except in the
// first xBefore cycles (power-up and reset), which read as 0. It reads
// Block, RTL, Top, IncludeDirs, Params, WorkDir and VerilogDir.
func RunIcarusInputs(ctx context.Context, opt Options, ins []uint32, n, xBefore int) ([]uint32, error) {
	opt.Sim = Icarus
	s, err := prepare(opt)
	if err != nil {
		return nil, err
	}
	if n > MaxIcarusCycles {
		return nil, setupf("an Icarus run takes at most %d cycles, got %d", MaxIcarusCycles, n)
	}
	l := &s.canon
	if len(ins) != n*l.InWords {
		return nil, setupf("%d input words for %d cycles of %d words", len(ins), n, l.InWords)
	}
	iverilog, err := icarusTool("iverilog")
	if err != nil {
		return nil, err
	}
	vvp, err := icarusTool("vvp")
	if err != nil {
		return nil, err
	}
	dir := opt.WorkDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "occamy-icarus-"); err != nil {
			return nil, setupf("icarus: %v", err)
		}
		defer os.RemoveAll(dir)
	}
	vecPath, outPath := filepath.Join(dir, s.b.Name+".vec"), filepath.Join(dir, s.b.Name+".out")
	f, err := os.Create(vecPath)
	if err != nil {
		return nil, setupf("icarus: %v", err)
	}
	w := bufio.NewWriter(f)
	for c := 0; c < n; c++ {
		in := ins[c*l.InWords : (c+1)*l.InWords]
		fmt.Fprintf(w, "%d", c)
		for i, p := range l.Inputs {
			w.WriteString(" " + hexOf(l.In(in, i), p.Width))
		}
		w.WriteString("\n")
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return nil, setupf("icarus: %v", err)
	}
	f.Close()
	tb := filepath.Join(dir, "occ_tb.sv")
	if err := os.WriteFile(tb, []byte(s.harness()), 0o644); err != nil {
		return nil, setupf("icarus: %v", err)
	}
	vvpFile := filepath.Join(dir, "occ_tb.vvp")
	args := []string{"-g2012", "-o", vvpFile, "-s", "occ_tb"}
	for _, d := range s.incdirs {
		args = append(args, "-I"+d)
	}
	args = append(append(args, tb), s.files...)
	if out, err := exec.CommandContext(ctx, iverilog, args...).CombinedOutput(); err != nil {
		return nil, &SetupError{Msg: fmt.Sprintf("iverilog failed on %s:\n%s", strings.Join(s.files, " "), trimOut(string(out))), Err: err}
	}
	out, err := exec.CommandContext(ctx, vvp, "-n", vvpFile, "+vec="+vecPath, "+out="+outPath, "+vcd="+filepath.Join(dir, "icarus.vcd")).CombinedOutput()
	if err != nil {
		return nil, &SetupError{Msg: fmt.Sprintf("vvp failed:\n%s", trimOut(string(out))), Err: err}
	}
	if !strings.Contains(string(out), "OCC_TB_DONE") {
		return nil, setupf("the Icarus harness stopped early:\n%s", trimOut(string(out)))
	}
	if m := icarusError(string(out)); m != nil {
		return nil, fmt.Errorf("icarus: cycle %d: %s", m.Cycle, m.RTL)
	}
	lines := readOutLines(outPath, 0, n-1)
	if len(lines) != n {
		return nil, setupf("icarus: %d output lines for %d cycles", len(lines), n)
	}
	outs := make([]uint32, n*l.OutWords)
	for c, line := range lines {
		if !parseOut(l, line, outs[c*l.OutWords:(c+1)*l.OutWords]) && c >= xBefore {
			return nil, fmt.Errorf("icarus: cycle %d: an output holds x or z: %s", c, line)
		}
	}
	return outs, nil
}
