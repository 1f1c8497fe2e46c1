package runner

import (
	"bufio"
	"context"
	"fmt"
	"occamy/cosim"
	"occamy/cosim/icarus"
	"os"
	"path/filepath"
)

// RunIcarusInputs runs opt.Block's Verilog on Icarus (the harness of the
// file run) over n cycles of given inputs (contract layout) and returns
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
	if m := s.sim.Caps().MaxCycles; m > 0 && n > m {
		return nil, setupf("an Icarus run takes at most %d cycles, got %d", m, n)
	}
	l := &s.canon
	if len(ins) != n*l.InWords {
		return nil, setupf("%d input words for %d cycles of %d words", len(ins), n, l.InWords)
	}
	if err := s.sim.Available(); err != nil {
		return nil, err
	}
	dir := opt.WorkDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "occamy-icarus-"); err != nil {
			return nil, setupf("icarus: %v", err)
		}
		defer os.RemoveAll(dir)
	}
	files := cosim.Files{Vec: filepath.Join(dir, s.b.Name+".vec"), Out: filepath.Join(dir, s.b.Name+".out"),
		Waves: filepath.Join(dir, "icarus.vcd")}
	f, err := os.Create(files.Vec)
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
	d := s.design()
	d.WorkDir = dir
	b, err := s.sim.Build(ctx, d)
	if err != nil {
		return nil, toolErr(err)
	}
	out, err := b.Run(ctx, files)
	if err != nil {
		return nil, toolErr(err)
	}
	if m := designError(out); m != nil {
		return nil, fmt.Errorf("icarus: cycle %d: %s", m.Cycle, m.RTL)
	}
	lines := icarus.ReadOut(files.Out, 0, n-1)
	if len(lines) != n {
		return nil, setupf("icarus: %d output lines for %d cycles", len(lines), n)
	}
	outs := make([]uint32, n*l.OutWords)
	for c, line := range lines {
		if !icarus.ParseOut(l, line, outs[c*l.OutWords:(c+1)*l.OutWords]) && c >= xBefore {
			return nil, fmt.Errorf("icarus: cycle %d: an output holds x or z: %s", c, line)
		}
	}
	return outs, nil
}
