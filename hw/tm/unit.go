package tm

import (
	"fmt"

	"occamy/hw/mem"
)

// Unit is one sub-block of occamy_tm on its own, as a co-simulation of
// its Verilog module drives it (testbench/blocks/tmsub): the sub-block
// with its port fields, its Eval phases in the order the top calls them,
// its edge and its misuse check. Every phase reads only input fields and
// registers, so with every input field set first the phases in order are
// the module's combinational settle; Commit is the rising edge of clk_i.
//
// The Go-only inputs (docs/tm.md, "Go-only ports") hold the values the
// RTL implies: a bank with a cell can pop, every u_cp_mem read the pops
// need is left, no head-drop read is still in flight, admission decides
// every slot, and the ideal Pushout's backdoor is absent.
type Unit struct {
	SubBlock // its module, instance, parameters and ports at the Config

	// Ports is the sub-block (*Sched, *Admission, ...): its exported field
	// GoName(p) is port p, for every port of SubBlock.Ports but clk_i and
	// rst_ni. The pointer stays valid across Reset.
	Ports  any
	Phases []func()     // Eval, phase by phase, in the top's order
	Commit func()       // the rising edge
	Err    func() error // the first misuse the Verilog asserts (a FIFO overflow, a pop of an empty bank)

	reset func() // rebuild in place, in reset state, from the configuration ports
}

// Reset is a rising edge with rst_ni low: the sub-block goes back to its
// reset state in place (Ports keeps its address). Its configuration comes
// from its configuration input fields (chain_i, drr_i, quantum_i,
// pushout_i, r_i; policy_i and recheck_i are read every cycle), which are
// held from reset on, as occamy_tm holds them.
func (u *Unit) Reset() { u.reset() }

// NewUnit builds sub-block module (a Module of SubBlocks) for Config c and
// serial width sw in its reset state, as New builds it, with the Go-only
// inputs at the values the RTL implies.
func NewUnit(module string, c Config, sw int) (*Unit, error) {
	subs, err := SubBlocks(c, sw)
	if err != nil {
		return nil, err
	}
	u := &Unit{}
	for _, sb := range subs {
		if sb.Module == module {
			u.SubBlock = sb
		}
	}
	if u.Module == "" {
		return nil, fmt.Errorf("tm: no sub-block %q", module)
	}
	c.AlphaExp = append([]int(nil), c.AlphaExp...)
	c.Quantum = append([]int(nil), c.Quantum...)
	if err := u.build(c); err != nil {
		return nil, fmt.Errorf("%s: %w", module, err)
	}
	return u, nil
}

// build sets Ports, Phases, Commit, Err and reset for c.
func (u *Unit) build(c Config) error {
	n, k := c.N(), c.K
	switch u.Module {
	case "tm_admission":
		a, err := newAdmission(&c)
		if err != nil {
			return err
		}
		u.Ports, u.Phases, u.Commit, u.Err = a, []func(){a.Eval}, a.Commit, noErr
		u.reset = func() {
			d := c
			d.Policy = PolicyDT
			if a.PushoutI {
				d.Policy = PolicyPushoutPorts
			}
			x, _ := newAdmission(&d) // d differs from c in a policy c's check accepted
			*a = *x
		}
	case "tm_pd_lists":
		l := newPDLists(n)
		u.Ports, u.Phases, u.Commit, u.Err = l, []func(){l.EvalUnlink, l.EvalRd, l.EvalLink}, l.Commit, l.Err
		u.reset = func() { *l = *newPDLists(n) }
	case "tm_dequeue":
		d := newDequeue(&c)
		d.CpRdDataI = make([]int32, k) // the top aliases u_cp_mem's read data
		u.Ports, u.Phases, u.Commit, u.Err = d, []func(){d.Eval}, d.Commit, d.Err
		u.reset = func() {
			renew(d, newDequeue(withChain(c, d.ChainI)))
			d.CpRdDataI = make([]int32, k)
		}
	case "tm_sched":
		s, err := newSched(&c)
		if err != nil {
			return err
		}
		u.Ports, u.Phases, u.Commit, u.Err = s, []func(){s.Eval}, s.Commit, noErr
		u.reset = func() {
			d := c
			d.Sched, d.Quantum = SchedSP, make([]int, len(s.QuantumI))
			if s.DrrI {
				d.Sched = SchedDRR
			}
			for i, q := range s.QuantumI {
				d.Quantum[i] = int(q)
			}
			x, err := newSched(&d)
			if err != nil { // a quantum of 0: keep c's, as the scheduler cannot run without one
				x, _ = newSched(&c)
			}
			*s = *x
		}
	case "tm_hd_choice":
		h := &HDChoice{PolicyI: c.Policy, RecheckI: c.HDRecheck, QlenI: make([]uint32, n), ThrI: make([]uint32, n)}
		h.setN(n)
		u.Ports, u.Phases, u.Commit, u.Err = h, []func(){h.EvalReq, h.EvalGnt}, h.Commit, noErr
		u.reset = func() { h.setN(n) } // the finder's pipeline
	case "tm_hd_exec":
		h := newHDExec(&c)
		hdExecAlone(h, &c)
		u.Ports, u.Phases, u.Commit, u.Err = h, []func(){h.EvalTake, h.EvalIssue, h.EvalCells}, h.Commit, h.Err
		u.reset = func() {
			d := withChain(c, h.ChainI)
			*h = *newHDExec(d)
			hdExecAlone(h, d)
		}
	case "tm_enqueue":
		e := newEnqueue(&c)
		enqueueAlone(e, &c)
		u.Ports, u.Phases, u.Commit, u.Err = e, []func(){e.Eval}, e.Commit, e.Err
		u.reset = func() {
			renew(e, newEnqueue(&c))
			enqueueAlone(e, &c)
		}
	case "tm_free_list":
		fresh := func() *FreeList {
			cp, _ := mem.New[int32](mem.Params{Name: "cp_mem", Entries: c.B, ReadPorts: c.CP.ReadPorts, WritePorts: c.CP.WritePorts, ReadLatency: c.CP.ReadLatency})
			return newFreeList(c.B, k, c.CP.ReadPorts, c.CP.WritePorts, c.CP.ReadLatency, cp)
		}
		f := fresh()
		u.Ports, u.Phases, u.Commit, u.Err = f, []func(){f.EvalHead, f.EvalPop, f.EvalNe, f.EvalG}, f.Commit, f.Err
		u.reset = func() { renew(f, fresh()) }
	case "tm_egress":
		e := newEgress(&c)
		u.Ports, u.Phases, u.Commit, u.Err = e, []func(){e.Eval}, e.Commit, e.Err
		u.reset = func() {
			d := c
			if e.RI >= 1 && e.RI <= MaxR {
				d.R = int(e.RI)
			}
			renew(e, newEgress(&d))
		}
	default:
		return fmt.Errorf("no Go model")
	}
	return nil
}

func noErr() error { return nil }

// renew resets x to fresh's registers in place (the unit's ports and
// phases hold x) and points x's port slices at x's own arrays: a copy of a
// sub-block whose outputs are views keeps fresh's otherwise.
func renew[T any, P interface {
	*T
	views()
}](x, fresh P) {
	*x = *fresh
	x.views()
}

// withChain is c in free mode chain or per cell, as chain_i says.
func withChain(c Config, chain bool) *Config {
	c.FreeMode = FreeCell
	if chain {
		c.FreeMode = FreeChain
	}
	return &c
}

// hdExecAlone gives tm_hd_exec the inputs the top aliases to other
// blocks' outputs (u_cp_mem's read data).
func hdExecAlone(h *HDExec, c *Config) {
	h.CpRdDataI = make([]int32, c.CP.ReadPorts)
}

// enqueueAlone gives tm_enqueue the inputs the top aliases (u_adm's
// admissions, u_fl's heads and counts) and the Go-only inputs the RTL
// implies: a bank with a cell can pop (its head is never a read in flight
// at read latency 1), and the pops' link reads always fit (occamy_tm's
// 2K read ports).
func enqueueAlone(e *Enqueue, c *Config) {
	in := c.MaxOffers
	e.AdmQidI, e.AdmCellsI, e.AdmSerialI = make([]uint32, in), make([]uint32, in), make([]uint32, in)
	e.CntI, e.HeadI = make([]int32, c.K), make([]int32, c.K)
	e.PopOkI, e.CpRdLeftI = ^uint8(0), c.CP.ReadPorts
}

// Unit returns the TM's instance of sub-block module (the *Sched,
// *Admission, ... its Unit's Ports would be), nil for another name: a
// recorder reads its input fields after Eval, where they hold what the
// top drove this cycle (or, for a stage the top skipped, what it last
// drove). u_fl's ne_f_o, which the TM evaluates only on the cycles u_hd
// reads it, is evaluated first (EvalNe), so every comb output shows.
func (m *TM) Unit(module string) any {
	u := &m.u
	switch module {
	case "tm_admission":
		return u.adm
	case "tm_pd_lists":
		return u.pdl
	case "tm_dequeue":
		return u.deq
	case "tm_sched":
		return u.sch
	case "tm_hd_choice":
		return &u.ch
	case "tm_hd_exec":
		return u.hd
	case "tm_enqueue":
		return u.enq
	case "tm_free_list":
		u.fl.EvalNe()
		return u.fl
	case "tm_egress":
		return u.eg
	}
	return nil
}
