package runner

import (
	"context"
	"fmt"
	"strings"
	"time"

	"occamy/cosim/verilator"
	"occamy/rtl/port"
)

// plusargs are the runtime arguments of the Verilated model.
func (s *session) plusargs() []string {
	if s.opt.ZeroInit {
		return nil
	}
	seed := uint64(s.opt.Seed)*2654435761 + 1
	return []string{"+verilator+rand+reset+2", fmt.Sprintf("+verilator+seed+%d", 1+seed%2147483646)}
}

// xFlags make Verilator's two-state model show X-dependent behaviour:
// every explicit X the RTL assigns ('x, a case default to x) becomes a
// value drawn at power-up (--x-assign unique) and so does every register
// and memory without a reset value (--x-initial unique, Verilator's
// default, stated so the cache key carries it). The draws follow
// +verilator+rand+reset+2 and +verilator+seed+ (plusargs), so a design that
// drives X where the contract gives a value mismatches for almost every
// seed instead of reading 0. Icarus, four-state, is the exact check.
var xFlags = []string{"--x-assign", "unique", "--x-initial", "unique"}

// spec is the Verilator build of the session's RTL. The project's own
// blocks, which clock only on the rising edge, are built with registered
// inputs (verilator.Spec.RegInputs: one combinational settle per cycle instead
// of three, 2.4x for occamy_tm, docs/perf.md); a user's RTL, which may use
// the falling edge, is not.
func (s *session) spec() verilator.Spec {
	spec := verilator.Spec{Sources: s.files, Top: s.top, Params: gparams(s.b, s.p), CacheDir: s.opt.CacheDir,
		Trace: s.opt.VCDDir != "", Flags: xFlags, IncludeDirs: s.incdirs, RegInputs: !s.user}
	if s.opt.PGO {
		spec.Train = s.training()
	}
	return spec
}

// checkContract discovers the top's ports and checks them against the
// block's contract before anything is compiled.
func (s *session) checkContract(ctx context.Context) (*verilator.Elaboration, error) {
	if s.sub != nil {
		if err := s.checkSub(ctx); err != nil {
			return nil, err
		}
	}
	el, err := verilator.Discover(ctx, s.spec())
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

func (s *session) runVerilator(ctx context.Context, res *Result) error {
	return s.runVerilatorOnly(ctx, res, nil)
}

// runVerilatorOnly is runVerilator comparing only the given outputs (nil:
// every output, and every event).
func (s *session) runVerilatorOnly(ctx context.Context, res *Result, only []int) error {
	res.Mode = "lock-step"
	if s.opt.Batch {
		res.Mode = "batched"
	}
	if !verilator.Supported() {
		return verilator.ErrNoVerilatorSupport
	}
	t0 := time.Now()
	el, err := s.checkContract(ctx)
	if err != nil {
		return err
	}
	if w := strings.TrimSpace(el.Warnings); w != "" && s.user {
		res.Notes = append(res.Notes, "Verilator warnings:\n"+w)
	}
	lib, err := verilator.Build(ctx, s.spec())
	if err != nil {
		return err
	}
	res.Build, res.Cached = time.Since(t0), lib.Cached
	if lib.PGO != "" { // what was built, not what was asked
		res.Mode += ", profile-guided build"
	}
	m, err := verilator.OpenArgs(lib, s.plusargs())
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
	if s.opt.VCDDir != "" {
		if gt, err = newGoTrace(s.vcdPath("go"), s.top, &s.canon); err != nil {
			return setupf("VCD: %v", err)
		}
		rp := s.vcdPath("verilator")
		if err := m.Trace(rp); err != nil {
			gt.close()
			return err
		}
		res.VCD = append(res.VCD, s.vcdPath("go"), rp)
	}
	e := &engine{s: s, m: m, pm: pm, sd: sd, gt: gt, res: res, only: only}
	runErr := e.run(ctx)
	if gt != nil {
		if err := gt.close(); err != nil && runErr == nil {
			runErr = setupf("VCD: %v", err)
		}
		if err := m.Trace(""); err != nil && runErr == nil {
			runErr = err
		}
	}
	return runErr
}
