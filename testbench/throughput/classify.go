package throughput

import "occamy/hw/tm"

// classifier sorts the cycles of the expulsion window from the TM's probe
// (tm.Probe.HDPipe, the pipelined executor's activity in the cycle). A
// cycle has demand when the executor has something to do: a head-drop PD
// read in flight at its start, lane work (a sub-list waiting in a lane),
// or a grant from the policy's choice. Every demand cycle is in exactly
// one class, tried in this order:
//
//   - productive: the executor issued a head-drop PD read or freed cells
//     in at least one lane;
//   - lost CP: nothing of the above, and a lane whose oldest entry was
//     ready found the cell-pointer ports taken (Blocked);
//   - lost PD: nothing of the above, a grant was there and the executor
//     had room (no read in flight, every lane with room), yet no PD read
//     was issued: the dequeue held the PD read port;
//   - wait: the rest, the executor waiting on itself: a PD read or a link
//     read in its latency, or a grant while every lane is full (the
//     latencies and the lane depth are terms of the bound).
//
// Cycles without demand are counted apart and are not part of the rate.
type classifier struct {
	prev    tm.ExecState // the executor's state after the previous cycle
	cycles  uint64
	demand  uint64
	product uint64
	lostPD  uint64
	lostCP  uint64
	wait    uint64
	// served and writes count, over demand cycles, the lanes that freed
	// cells and the head drop's cell-pointer writes: every serve is one
	// append, so served − writes is the appends into an empty bank.
	served uint64
	writes uint64
}

// observe classifies the cycle p describes and reports whether it had
// demand.
func (c *classifier) observe(p *tm.Probe) bool {
	hp := &p.HDPipe
	inflight := c.prev != tm.ExecIdle // a read in flight or lane work when the cycle began
	c.prev = p.HD
	c.cycles++
	if !inflight && hp.Pending == 0 && !p.GntValid && !hp.Issued {
		return false
	}
	c.demand++
	c.served += uint64(hp.Served)
	c.writes += uint64(p.HDPorts[tm.MemCP].Writes)
	switch {
	case hp.Issued || hp.Served > 0:
		c.product++
	case hp.Blocked > 0:
		c.lostCP++
	case p.GntValid && hp.Room:
		c.lostPD++
	default:
		c.wait++
	}
	return true
}

// fill writes the classes into e as shares of the demand cycles.
func (c *classifier) fill(e *Expulsion) {
	e.DemandCycles = c.demand
	if c.cycles > 0 {
		e.Demand = float64(c.demand) / float64(c.cycles)
	}
	if c.demand == 0 {
		return
	}
	d := float64(c.demand)
	e.Productive, e.LostPD, e.LostCP, e.Wait = float64(c.product)/d, float64(c.lostPD)/d, float64(c.lostCP)/d, float64(c.wait)/d
	if c.served > 0 && c.writes < c.served {
		e.EmptyAppends = float64(c.served-c.writes) / float64(c.served)
	}
}
