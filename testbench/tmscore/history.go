package tmscore

import "occamy/testbench/design"

// history keeps the queue lengths and free count of the last cycles, as
// the policy checks read them (observed when the map names them, else the
// board's own count).
type history struct {
	depth int
	n     int
	qlen  []uint32 // depth × n
	free  []int    // depth: signed free count (free - wait)
	wait  []int
	adm   []int    // cells admitted in the cycle (the board's history only)
	hd    []int    // cells head-dropped in the cycle (the board's history only)
	thr   []uint32 // depth × Q, observed thresholds
}

func histDepth(t *design.TMSection) int {
	d := max(t.Observe.Lag, t.Admit.Latency)
	for _, w := range []design.Window{t.Staleness.Admit.Qlen, t.Staleness.Admit.Free, t.Staleness.HeadDrop.Qlen,
		t.Staleness.HeadDrop.Free, t.Staleness.Threshold, t.Staleness.Admit.Threshold, t.Staleness.HeadDrop.Threshold} {
		d = max(d, w.Hi)
	}
	if h := t.HeadDrop; h != nil {
		d += h.Unfreed // the credit of cycle t reads the head drops of t-Unfreed+1..t-1
	}
	d += max(t.Admit.Settle, 0) // the view of cycle t reads the answers of t-settle..t-1
	return d + 2
}

func newHistory(n, depth, b, q int) history {
	h := history{depth: depth, n: n, qlen: make([]uint32, depth*n), free: make([]int, depth), wait: make([]int, depth),
		adm: make([]int, depth), hd: make([]int, depth), thr: make([]uint32, depth*q)}
	for i := range h.free {
		h.free[i] = b
	}
	return h
}

// q is the lengths of cycle c (c within depth of the newest).
func (h *history) q(c uint64) []uint32 {
	k := int(c % uint64(h.depth))
	return h.qlen[k*h.n : (k+1)*h.n]
}

func (h *history) f(c uint64) int { return h.free[c%uint64(h.depth)] }
