package throughput

import "occamy/hw/tm"

// classifier sorts the cycles of the expulsion window from the TM's probe:
//
//   - productive: the head-drop path used a port (PD read, cell-pointer
//     read or write), or finished a packet;
//   - wait: a PD read or a cell round waiting for its read latency (part
//     of the bound);
//   - lost PD: the executor was idle, a queue was granted, and no PD read
//     was issued (the dequeue held the PD read port);
//   - lost CP: an unlinked packet's round or chain append found the
//     cell-pointer ports taken;
//   - no demand: the executor was idle and no queue was over its threshold.
//
// Every class but the last is a demand cycle. The executor's state at the
// start of a cycle is its state after the previous cycle's evaluation.
type classifier struct {
	lcp     uint64
	prev    tm.ExecState
	lastCP  uint64 // cycle of the last cell-pointer use by the head drop
	cycle   uint64
	demand  uint64
	lostPD  uint64
	lostCP  uint64
	wait    uint64
	product uint64
}

func newClassifier(cfg tm.Config) *classifier {
	return &classifier{lcp: uint64(cfg.CP.ReadLatency)}
}

func (c *classifier) observe(p *tm.Probe) {
	hp := &p.HDPorts
	cpUse := hp[tm.MemCP].Reads+hp[tm.MemCP].Writes > 0
	used := hp[tm.MemPD].Reads+hp[tm.MemPD].Writes > 0 || cpUse
	if cpUse {
		c.lastCP = c.cycle
	}
	switch {
	case used:
		c.product++
	case c.prev == tm.ExecIdle:
		if p.GntValid {
			c.lostPD++
		} else {
			c.cycle++
			c.prev = p.HD
			return // no demand
		}
	case p.HD == tm.ExecIdle:
		c.product++ // finished without a port (an append into an empty bank)
	case c.prev == tm.ExecReadPD && p.HD == tm.ExecReadPD:
		c.wait++
	case p.HD == tm.ExecCells && c.prev == tm.ExecCells && c.cycle-c.lastCP < c.lcp:
		c.wait++
	default:
		c.lostCP++
	}
	c.demand++
	c.cycle++
	c.prev = p.HD
}
