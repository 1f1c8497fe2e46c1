package tm

import (
	"fmt"
)

// Commit is the rising edge: memory writes land, sub-block registers
// update, the cycle advances, and the invariants are checked if enabled.
func (m *TM) Commit() {
	if !m.evald {
		m.Eval()
	}
	if m.idle.skipped {
		m.quietEdge()
	} else {
		ram, u := &m.ram, &m.u
		ram.pd.Commit()
		ram.cp.Commit()
		ram.cd.Commit()
		if !m.r.selHeld { // held: the register is its next value already
			u.sel.Commit()
		}
		u.adm.Commit()
		u.pdl.Commit()
		u.sch.Commit()
		m.deqGrant()
		u.arb.Commit()
		m.r.ag, m.r.ags = m.r.agD, m.r.agsD
		u.ch.Commit()
		u.hd.Commit()
		u.enq.Commit()
		u.fl.Commit()
		u.deq.Commit() // after u_fl's: its Commit appends the fa_* u_deq's registers hold now (DeqFreeLag)
		u.eg.Commit()
		ram.cpRd.commit() // last: the sub-blocks' Commit still reads this cycle's read data
		ram.cdRd.commit()
		// Most cycles nothing is recorded (Err would record and return nil).
		if m.err == nil && u.failed { // the memories' errors raise it too (SetErrFlag)
			m.collectErr()
		}
	}
	m.obs.offers = m.obs.offers[:0]
	m.evald = false
	m.cycle++
	if m.cfg.Check && m.err == nil {
		if err := m.Check(); err != nil {
			m.fail(fmt.Errorf("cycle %d: %w", m.cycle-1, err))
		}
	}
}

// collectErr takes the first error a memory or a sub-block recorded (a
// request over a port budget, what the Verilog asserts); the sub-blocks
// and the memories raise u.failed when they record one. Commit calls it
// only when u.failed says there is one to take.
func (m *TM) collectErr() {
	ram, u := &m.ram, &m.u
	if e := ram.pd.Err(); e != nil {
		m.fail(e)
	} else if e := ram.cp.Err(); e != nil {
		m.fail(e)
	} else if e := ram.cd.Err(); e != nil {
		m.fail(e)
	} else if !u.failed {
		return
	} else if e := u.pdl.Err(); e != nil {
		m.fail(e)
	} else if e := u.deq.Err(); e != nil {
		m.fail(e)
	} else if e := u.hd.Err(); e != nil {
		m.fail(e)
	} else if e := u.enq.Err(); e != nil {
		m.fail(e)
	} else if e := u.fl.Err(); e != nil {
		m.fail(e)
	} else if e := u.eg.Err(); e != nil {
		m.fail(e)
	}
}
