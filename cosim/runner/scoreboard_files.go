package runner

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"occamy/cosim"
	"occamy/cosim/icarus"
	"occamy/rtl/port"
	"occamy/testbench/tmscore"
)

// scoreFiles runs the scoreboard on a simulator that runs a stimulus file
// (Icarus): the scoreboard's inputs are made first (they do not depend on
// the outputs), the design runs over them, and a second scoreboard of the
// same setup, making the same inputs again, checks the outputs read back
// with their x and z bits.
func scoreFiles(ctx context.Context, opt Options, d *scoreDUT, u tmscore.Setup, res *ScoreResult) error {
	caps := d.sim.Caps()
	if err := d.sim.Available(); err != nil {
		return err
	}
	el, err := elaborator().Elaborate(ctx, d.design)
	if err != nil {
		return err
	}
	l, err := layoutOf(el.Ports, d.m)
	if err != nil {
		return setupf("%v", err)
	}
	if !hasInput(el.Ports, port.DefaultClock) {
		return setupf("%s has no clock input %s", d.top, port.DefaultClock)
	}
	u.Layout = &l
	gen, err := tmscore.New(u)
	if err != nil {
		return err
	}
	if end := gen.Plan().End; caps.MaxCycles > 0 && end > uint64(caps.MaxCycles) {
		return setupf("the run takes %d cycles (traffic, steady-state phase, drain), %s runs at most %d: give fewer --cycles", end, caps.Title, caps.MaxCycles)
	}
	dir := opt.WorkDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "occamy-scoreboard-"); err != nil {
			return setupf("%v", err)
		}
		defer os.RemoveAll(dir)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return setupf("%v", err)
	}
	f := cosim.Files{Vec: filepath.Join(dir, d.top+".vec"), Out: filepath.Join(dir, d.top+".out"), Waves: filepath.Join(dir, d.top+".vcd")}
	n, err := writeVec(f.Vec, &l, gen)
	if err != nil {
		return err
	}
	t0 := time.Now()
	dd := *d.design
	dd.Ports, dd.Layout, dd.WorkDir = el.Ports, &l, dir
	b, err := d.sim.Build(ctx, &dd)
	if err != nil {
		return toolErr(err)
	}
	res.Build = time.Since(t0)
	start := time.Now()
	out, err := b.Run(ctx, f)
	if err != nil {
		return toolErr(err)
	}
	if m := designError(out); m != nil {
		res.Notes = append(res.Notes, fmt.Sprintf("the design reported in cycle %d: %s", m.Cycle, m.RTL))
	}
	sb, err := tmscore.New(u)
	if err != nil {
		return err
	}
	if err := checkOut(f.Out, &l, sb, n); err != nil {
		return err
	}
	res.Elapsed = Seconds{time.Since(start)}
	res.Result = *sb.Result(true)
	scoreWindow(opt, d, sb, res)
	return nil
}

// writeVec writes every input of the run as a .vec file for the harness
// and returns the cycles.
func writeVec(path string, l *port.Layout, sb *tmscore.Scoreboard) (int, error) {
	fo, err := os.Create(path)
	if err != nil {
		return 0, setupf("%v", err)
	}
	w := bufio.NewWriter(fo)
	in := make([]uint32, l.InWords)
	n := 0
	for c := uint64(0); sb.Inputs(c, in); c++ {
		fmt.Fprintf(w, "%d", c)
		for i, p := range l.Inputs {
			w.WriteString(" " + hexOf(l.In(in, i), p.Width))
		}
		w.WriteString("\n")
		n++
	}
	if err := w.Flush(); err != nil {
		fo.Close()
		return 0, setupf("%v", err)
	}
	return n, fo.Close()
}

// checkOut reads the harness's output file, a cycle a line, and checks
// each cycle with sb.
func checkOut(path string, l *port.Layout, sb *tmscore.Scoreboard, n int) error {
	fi, err := os.Open(path)
	if err != nil {
		return setupf("%v", err)
	}
	defer fi.Close()
	sc := bufio.NewScanner(fi)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	in, out, x := make([]uint32, l.InWords), make([]uint32, l.OutWords), make([]uint32, l.OutWords)
	c := uint64(0)
	for ; sc.Scan() && sb.Inputs(c, in); c++ {
		if !parseOutPlane(l, sc.Text(), out, x) {
			return setupf("the simulator's output line %d is not %d hexadecimal fields: %q", c+1, len(l.Outputs), sc.Text())
		}
		sb.Check(c, in, out, x)
	}
	if int(c) != n {
		return setupf("%d output lines for %d cycles", c, n)
	}
	return nil
}

// parseOutPlane reads one output line into words and their X plane (a bit
// of x set where the digit was x or z); false when a field is missing or a
// digit is not hexadecimal.
func parseOutPlane(l *port.Layout, line string, out, x []uint32) bool {
	fs := strings.Fields(line)
	if len(fs) != len(l.Outputs) {
		return false
	}
	for i, f := range fs {
		if _, ok := icarus.ParseField(f, l.Out(out, i), l.Out(x, i)); !ok {
			return false
		}
	}
	return true
}

func hasInput(ps []port.Port, name string) bool {
	for _, p := range ps {
		if p.Name == name && p.Dir == port.In {
			return true
		}
	}
	return false
}
