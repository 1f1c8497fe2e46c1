package runner

import (
	"context"
	"strings"
	"time"

	"occamy/cosim"
	"occamy/rtl/port"
)

// buildDesign is the session's design as the in-process simulator builds
// it: with waves when a VCD is asked for, profile-guided with PGO.
func (s *session) buildDesign() *cosim.Design {
	d := s.design()
	d.Waves = s.opt.VCDDir != ""
	if s.opt.PGO {
		d.Train = s.training()
	}
	return d
}

// openOptions are the power-up of the session's models.
func (s *session) openOptions() cosim.OpenOptions {
	return cosim.OpenOptions{Seed: s.opt.Seed, ZeroInit: s.opt.ZeroInit}
}

// checkContract discovers the top's ports and checks them against the
// block's contract before anything is compiled.
func (s *session) checkContract(ctx context.Context) (*cosim.Elaboration, error) {
	if s.sub != nil {
		if err := s.checkSub(ctx); err != nil {
			return nil, err
		}
	}
	el, err := elaborator().Elaborate(ctx, s.buildDesign())
	if err != nil {
		return nil, err
	}
	if err := port.CheckPorts(s.b.Module, s.top, s.ports, el.Ports); err != nil {
		return nil, err
	}
	return el, nil
}

// portMap copies words between the contract layout and the RTL's layout
// (a user's top may declare its ports in another order).
type portMap struct {
	identity bool
	in, out  [][3]int // contract offset, RTL offset, words
}

// toRTL copies n cycles of inputs from the contract layout (cw words a
// cycle) into the built model's (rw words a cycle).
func (m *portMap) toRTL(n int, in []uint32, cw int, rin []uint32, rw int) {
	for k := 0; k < n; k++ {
		for _, f := range m.in {
			copy(rin[k*rw+f[1]:k*rw+f[1]+f[2]], in[k*cw+f[0]:k*cw+f[0]+f[2]])
		}
	}
}

// fromRTL copies n cycles of outputs from the built model's layout (rw
// words a cycle) into the contract's (cw words a cycle).
func (m *portMap) fromRTL(n int, rout []uint32, rw int, out []uint32, cw int) {
	for k := 0; k < n; k++ {
		for _, f := range m.out {
			copy(out[k*cw+f[0]:k*cw+f[0]+f[2]], rout[k*rw+f[1]:k*rw+f[1]+f[2]])
		}
	}
}

func newPortMap(c, r *port.Layout) (*portMap, error) {
	m := &portMap{identity: c.InWords == r.InWords && c.OutWords == r.OutWords}
	for i, p := range c.Inputs {
		j := r.Input(p.Name)
		if j < 0 || r.Inputs[j].Width != p.Width {
			return nil, setupf("the built model has no %d-bit input %s", p.Width, p.Name)
		}
		m.in = append(m.in, [3]int{c.InOff[i], r.InOff[j], p.Words()})
		m.identity = m.identity && c.InOff[i] == r.InOff[j]
	}
	for i, p := range c.Outputs {
		j := r.Output(p.Name)
		if j < 0 || r.Outputs[j].Width != p.Width {
			return nil, setupf("the built model has no %d-bit output %s", p.Width, p.Name)
		}
		m.out = append(m.out, [3]int{c.OutOff[i], r.OutOff[j], p.Words()})
		m.identity = m.identity && c.OutOff[i] == r.OutOff[j]
	}
	if len(r.Inputs) != len(c.Inputs) || len(r.Outputs) != len(c.Outputs) {
		return nil, setupf("the built model has %d inputs and %d outputs, the contract %d and %d",
			len(r.Inputs), len(r.Outputs), len(c.Inputs), len(c.Outputs))
	}
	return m, nil
}

// runInProcess runs the comparison on a simulator that runs the design
// in this process (cosim.Caps.InProcess): the engine, lock-step or
// batched.
func (s *session) runInProcess(ctx context.Context, res *Result) error {
	return s.runInProcessOnly(ctx, res, nil)
}

// runInProcessOnly is runInProcess comparing only the given outputs (nil:
// every output, and every event).
func (s *session) runInProcessOnly(ctx context.Context, res *Result, only []int) error {
	res.Mode = "lock-step"
	if s.opt.Batch {
		res.Mode = "batched"
	}
	if err := s.sim.Available(); err != nil {
		return err
	}
	t0 := time.Now()
	el, err := s.checkContract(ctx)
	if err != nil {
		return err
	}
	if w := strings.TrimSpace(el.Warnings); w != "" && s.user {
		res.Notes = append(res.Notes, "Verilator warnings:\n"+w)
	}
	b, err := s.sim.Build(ctx, s.buildDesign())
	if err != nil {
		return err
	}
	res.Build, res.Cached = time.Since(t0), b.Cached()
	if b.Profiled() { // what was built, not what was asked
		res.Mode += ", profile-guided build"
	}
	m, err := b.Open(s.openOptions())
	if err != nil {
		return err
	}
	defer m.Close()
	pm, err := newPortMap(&s.canon, m.Layout())
	if err != nil {
		return err
	}
	sd, err := s.newSide()
	if err != nil {
		return err
	}
	var gt *goTrace
	rp := ""
	if s.opt.VCDDir != "" {
		if gt, err = newGoTrace(s.vcdPath("go"), s.top, &s.canon); err != nil {
			return setupf("VCD: %v", err)
		}
		rp = s.vcdPath("verilator")
		if err := m.Trace(rp); err != nil {
			gt.close()
			return err
		}
		res.VCD = append(res.VCD, s.vcdPath("go"), rp)
	}
	e := &engine{s: s, m: m, pm: pm, sd: sd, gt: gt, res: res, only: only}
	runErr := e.run(ctx)
	if e.gt != nil {
		if err := e.gt.close(); err != nil {
			e.traceErr = err
		}
		if err := m.Trace(""); err != nil && e.traceErr == nil {
			e.traceErr = err
		}
	}
	if e.traceErr != nil {
		waveformsLost(res, e.traceErr)
		rp = ""
	}
	if runErr == nil && rp != "" {
		s.writeDumpSaves(res, verilatorScope+s.top, verilatorScope+s.canon.Clock, e.cmpFrom)
	}
	if runErr == nil && e.window != nil {
		win := &Window{Layout: &s.canon, Rows: e.window, Compared: e.cmpFrom}
		if rp != "" {
			// The whole run's dump holds the design's internals.
			win.RTLWave, win.RTLScope = rp, verilatorScope+s.top
		}
		s.writeFailWave(res, win)
	}
	return runErr
}
