package tmscore

import (
	"fmt"

	hw "occamy/hw/tm"
)

// checkPorts flags a port that has sent nothing for PortIdle cycles while
// a packet admitted at least that long ago waits for it.
func (b *Board) checkPorts(c uint64) {
	idle := uint64(b.p.PortIdle)
	for p := range b.lastSent {
		oldest, serial, queue := ^uint64(0), uint64(0), -1
		for k := 0; k < b.c.Q; k++ {
			q := p*b.c.Q + k
			qs := &b.qs[q]
			if x := b.at(qs.inProg); x != nil && x.admitAt < oldest {
				oldest, serial, queue = x.admitAt, x.serial, q
			}
			h := qs.head
			for skip := qs.dn; h >= 0 && skip > 0; skip-- {
				h = b.pool[h].nextWait
			}
			if x := b.at(h); x != nil && x.admitAt < oldest {
				oldest, serial, queue = x.admitAt, x.serial, q
			}
		}
		switch {
		case oldest == ^uint64(0) || oldest+idle >= c || b.lastSent[p]+idle >= c:
			b.tal.Pass(chkLive)
		case !b.stalled[p]:
			b.stalled[p] = true
			b.fail(chkLive, c, queue, int64(serial), "port %d has sent nothing for %d cycles (since cycle %d) while this packet, admitted at cycle %d, waits: the bound is %d",
				p, c-b.lastSent[p], b.lastSent[p], oldest, idle)
		}
	}
}

// empty reports whether nothing is left in the design: no offer waiting
// for its decision, no packet admitted and unfinished, no head drop
// unmatched, and (when observed) every queue length 0.
func (b *Board) empty(c uint64, g *Binding) bool {
	if b.pn > 0 || b.shadowT != 0 {
		return false
	}
	for i := range b.qs {
		if qs := &b.qs[i]; qs.waiting > 0 || qs.dn > 0 || qs.inProg >= 0 {
			return false
		}
	}
	if g.qlen.ok {
		for _, v := range b.ho.q(c) {
			if v != 0 {
				return false
			}
		}
	}
	return true
}

// finish ends the run at cycle c (its last): every packet still in the
// design after the drain is lost, every head drop not matched is one too
// many, every offer not decided is a liveness violation, and the
// observed lengths must be 0 and the free count B.
func (b *Board) finish(c uint64, g *Binding) {
	for q := range b.qs {
		qs := &b.qs[q]
		for qs.dn > 0 && qs.head >= 0 {
			b.attribute(b.unwait(q), b.popDrop(q), stDropped)
		}
		for qs.head >= 0 {
			i := b.unwait(q)
			x := &b.pool[i]
			b.fail(chkConserve, c, q, int64(x.serial), "lost: admitted at cycle %d (%d cells), neither left nor was head-dropped by the end of the drain",
				x.admitAt, x.cells)
			b.counts.Lost++
			b.end(i, stLost)
		}
		for qs.dn > 0 {
			d := b.popDrop(q)
			b.fail(chkConserve, d.at, q, -1, "a head drop of %d cells matched no packet of the queue", d.cells)
		}
		if x := b.at(qs.inProg); x != nil {
			b.fail(chkConserve, c, q, int64(x.serial), "incomplete: %d of its %d cells left by the end of the drain", x.next, x.cells)
			b.counts.Lost++
			b.end(qs.inProg, stLost)
			qs.inProg = -1
		}
	}
	for b.pn > 0 {
		w := b.pend[b.ph]
		b.fail(chkLive, c, w.o.Queue, int64(w.o.Serial), "offered at cycle %d, never decided", w.at)
		b.ph = (b.ph + 1) % len(b.pend)
		b.pn--
		b.counts.Undecided++
	}
	if g.qlen.ok {
		for q, v := range b.ho.q(c) {
			if v != 0 {
				b.fail(chkConserve, c, q, -1, "%s[%d] = %d after the drain, expected 0", g.qlen.name, q, v)
			}
		}
	}
	if g.free.ok {
		if f := b.ho.f(c); f != b.c.B {
			b.fail(chkConserve, c, -1, -1, "%s = %d after the drain, expected B=%d", g.free.name, f, b.c.B)
		}
	}
}

// Steady is the steady-state measurement.
type Steady struct {
	Flows     int       `json:"flows"`
	Queues    []int     `json:"queues"`
	Alpha     float64   `json:"alpha"`
	Expect    float64   `json:"expect_cells"` // αB/(1+nα)
	Measured  []float64 `json:"measured_cells"`
	Tolerance float64   `json:"tolerance_cells"`
	Cycles    uint64    `json:"cycles_measured"`
	OK        bool      `json:"ok"`
	Skipped   string    `json:"skipped,omitempty"`
}

// steadyVerdict checks the mean lengths of the steady flows against
// αB/(1+nα), within 10% plus two packets, plus IN−1 packets when the map's
// admit.earlier is "offered": a slot's view of its length or the free
// count is then lowered by the earlier offers of its cycle, admitted or
// not (docs/scoreboard.md says why).
func (b *Board) steadyVerdict(c uint64) *Steady {
	p := &b.p
	if p.SteadyFlows == 0 {
		return &Steady{Skipped: "no steady-state phase in this run"}
	}
	st := &Steady{Flows: p.SteadyFlows, Expect: p.SteadyExpect, Cycles: b.steadyN, Alpha: alphaOf(b.c, 0),
		Tolerance: 0.1*p.SteadyExpect + 2*float64(p.SteadySize)}
	if b.t.Admit.Earlier == "offered" {
		st.Tolerance += float64((b.t.Ingress.Slots - 1) * p.SteadySize)
	}
	if b.c.Policy == hw.PolicyPushoutPorts {
		st.Skipped = "pushout-ports admits by the free count, not DT"
		return st
	}
	if b.steadyN == 0 {
		st.Skipped = "the run ended before the measured part of the steady-state phase"
		return st
	}
	st.OK = true
	for i, s := range b.steadySum {
		m := s / float64(b.steadyN)
		st.Queues = append(st.Queues, i*b.c.Q)
		st.Measured = append(st.Measured, m)
		if d := m - st.Expect; d > st.Tolerance || -d > st.Tolerance {
			st.OK = false
			b.fail(chkPolicy, c, i*b.c.Q, -1, "steady state: %d congested queues averaged %.1f cells over %d cycles, DT's αB/(1+nα) = %.1f ± %.1f",
				p.SteadyFlows, m, b.steadyN, st.Expect, st.Tolerance)
		} else {
			b.tal.Pass(chkPolicy)
		}
	}
	return st
}

func alphaOf(c hw.Config, k int) float64 {
	a := 1.0
	for s := c.AlphaExp[k]; s > 0; s-- {
		a *= 2
	}
	for s := c.AlphaExp[k]; s < 0; s++ {
		a /= 2
	}
	return a
}

// Counts are the run's packets by fate.
type Counts struct {
	Offered   uint64 `json:"offered"`
	Decided   uint64 `json:"decided"`
	Admitted  uint64 `json:"admitted"`
	Refused   uint64 `json:"refused"`
	Left      uint64 `json:"left"`
	Dropped   uint64 `json:"head_dropped"`
	Lost      uint64 `json:"lost"`
	Undecided uint64 `json:"undecided"`
	HeldBack  uint64 `json:"held_back"` // made by the traffic, never offered (the ingress was slower)
}

// String is one line.
func (k Counts) String() string {
	return fmt.Sprintf("%d offered: %d admitted (%d left, %d head-dropped, %d lost), %d refused, %d undecided",
		k.Offered, k.Admitted, k.Left, k.Dropped, k.Lost, k.Refused, k.Undecided)
}
