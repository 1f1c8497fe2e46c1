package tmscore

import "occamy/rtl/pack"

// observe checks cycle c: the offers the stimulus made in it, those the
// design answers in it on admit.ok (admit.latency cycles before), and the
// design's output words (x: their X plane on a four-state simulator, else
// nil). It returns the checks violated in the cycle, as bits.
func (b *Board) observe(c uint64, offers, ans []Offer, g *Binding, out, x []uint32) uint32 {
	b.note = 0
	b.hs.hd[c%uint64(b.hs.depth)] = 0
	b.readObserved(c, g, out)
	live := c >= ResetCycles
	from := live && c >= ResetCycles+uint64(b.hs.depth)
	if from && g.thr.ok {
		b.checkThreshold(c)
	}
	// Flags answering the offers of admit.latency cycles before report
	// decisions made before this cycle's head drop and egress (a design
	// registering its answer counts the packet from the offer's cycle on,
	// and may expel it now): they go first.
	early := b.t.Admit.Latency > 0
	if live && early {
		b.admissions(c, offers, ans, g, out, x, from)
	}
	if live && g.hdValid.ok {
		if g.hdValid.isX(x, 0) {
			b.fail(chkData, c, -1, -1, "%s is X", g.hdValid.name)
		} else if g.hdValid.bit(out, 0) {
			b.headDrop(c, int(g.hdQueue.get(out, 0)), int(g.hdCells.get(out, 0)), from)
		}
	}
	if live {
		b.egress(c, g, out, x)
		b.age(c)
		if !early {
			b.admissions(c, offers, ans, g, out, x, from)
		}
	}
	b.fillShadow(c)
	if live {
		b.checkBuffer(c, g, from)
		if g.overflow.ok && g.overflow.bit(out, 0) {
			b.fail(chkLive, c, -1, -1, "%s: the ingress lost an offer (the declared cell_rate and backlog do not hold)", g.overflow.name)
		}
		if c&63 == 0 && c >= b.p.TrafficAt {
			b.checkPorts(c)
		}
		b.sampleSteady(c)
	}
	return b.note
}

// readObserved keeps the observed lengths, free count and thresholds of
// cycle c, and the policy's view of them (readView).
func (b *Board) readObserved(c uint64, g *Binding, out []uint32) {
	h := &b.ho
	k := int(c % uint64(h.depth))
	if g.qlen.ok {
		q := h.qlen[k*h.n : (k+1)*h.n]
		if g.qlen.w <= 32 {
			pack.Unpack(q, out[g.qlen.off:g.qlen.off+g.qlen.words], h.n, g.qlen.w)
		} else {
			for i := range q {
				q[i] = uint32(g.qlen.get(out, i))
			}
		}
	}
	if g.free.ok {
		w := 0
		if g.wait.ok {
			w = int(g.wait.get(out, 0))
		}
		h.free[k], h.wait[k] = int(g.free.get(out, 0))-w, w
	}
	if g.thr.ok {
		nq := b.c.Q
		for i := 0; i < nq; i++ {
			h.thr[k*nq+i] = uint32(g.thr.get(out, i))
		}
	}
	b.readView(c)
}

// fillShadow keeps the board's own lengths and free count after cycle c.
func (b *Board) fillShadow(c uint64) {
	h := &b.hs
	k := int(c % uint64(h.depth))
	q := h.qlen[k*h.n : (k+1)*h.n]
	for i := range q {
		q[i] = uint32(max(b.qs[i].shadow, 0))
	}
	h.free[k] = b.c.B - b.shadowT
	h.adm[k], b.admC = b.admC, 0
}

// checkBuffer checks the cells in the design, the observed sum and each
// observed queue length against the board's count.
//
// The cells in the design are counted cell by cell: those admitted, less
// the head-dropped and the cells that left (shadowT - leftT; shadowT
// keeps a packet whole until its last cell leaves). A design holds them in
// its buffer (B, + wait while a Pushout design makes room) or, read out of
// it, in its egress buffers (egress_cells); a cell that left is in
// neither. Counted whole, the packets leaving add their cells already sent,
// up to P·(max_packet - 1) held nowhere: occamy_tm's golden reached 79, 80
// > 78 at the small set under pushout-ports, at main 9ac28b9 and at adm2
// alike, while the count cell by cell stayed at 73 at most (docs/scoreboard.md).
func (b *Board) checkBuffer(c uint64, g *Binding, from bool) {
	s := b.t.Shape
	if in, lim := b.shadowT-b.leftT, b.c.B+s.Wait+s.EgressCells; in > lim {
		b.fail(chkConserve, c, -1, -1, "%d cells admitted and not yet left, more than B=%d (+%d waiting, +%d in egress buffers)",
			in, b.c.B, s.Wait, s.EgressCells)
	} else {
		b.tal.Pass(chkConserve)
	}
	o := b.t.Observe
	if o.Sum != "" {
		k := int(c % uint64(b.ho.depth))
		sum := b.ho.free[k]
		for _, v := range b.ho.qlen[k*b.n : (k+1)*b.n] {
			sum += int(v)
		}
		switch {
		case o.Sum == "exact" && sum != b.c.B:
			b.fail(chkConserve, c, -1, -1, "%s + Σ %s = %d, expected B=%d", g.free.name, g.qlen.name, sum, b.c.B)
		case sum > b.c.B:
			b.fail(chkConserve, c, -1, -1, "%s + Σ %s = %d, expected at most B=%d", g.free.name, g.qlen.name, sum, b.c.B)
		default:
			b.tal.Pass(chkConserve)
		}
	}
	if o.QlenCounts != "" && from {
		b.checkQlen(c, g)
	}
}

// checkQlen compares each observed queue length with the board's count of
// the same cycle or up to Lag cycles before.
func (b *Board) checkQlen(c uint64, g *Binding) {
	obs, cur := b.ho.q(c), b.hs.q(c)
	exact := b.t.Observe.QlenCounts == "exact"
	lag := uint64(b.t.Observe.Lag)
	for q, v := range obs {
		// The same cycle's count first (the usual case), older ones only
		// when it does not hold: at most, v is within the largest.
		if s := cur[q]; v == s || (!exact && v < s) {
			continue
		}
		ok := false
		for k := uint64(1); k <= lag && !ok; k++ {
			s := b.hs.q(c - k)[q]
			ok = v == s || (!exact && v < s)
		}
		if !ok {
			what := "equal to"
			if !exact {
				what = "at most"
			}
			b.fail(chkConserve, c, q, -1, "%s[%d] = %d, expected %s the %d cells admitted and not finished (within %d cycles)",
				g.qlen.name, q, v, what, b.hs.q(c)[q], lag)
			return
		}
	}
	b.tal.Pass(chkConserve)
}
