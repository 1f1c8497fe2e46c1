package throughput

import (
	"fmt"
	"math"

	"occamy/hw/tm"
)

// Resources are what the bound reads of a switch: the memory port budgets
// and read latencies, the executor's lanes, and the line rate of the
// congested port whose dequeue competes with the executor. ResourcesOf
// takes them from a tm.Config; they are a plain struct so the bound can be
// checked by hand on any value.
type Resources struct {
	K         int  // sub-lists per packet = free-list banks = executor lanes
	Chain     bool // chain freeing (one append per sub-list), else per cell
	PDReads   int  // PD memory read ports
	PDLatency int  // PD memory read latency, cycles
	CPReads   int  // cell-pointer memory read ports
	CPWrites  int  // cell-pointer memory write ports
	CPLatency int  // cell-pointer memory read latency, cycles
	LaneDepth int  // entries (sub-lists) per lane, tm.HDLaneDepth
	// R is the cycles per cell of the congested port (its line rate): the
	// port that holds the over-allocated queue transmits one cell every R
	// cycles, and its dequeue takes its ports first. 0: no congested port.
	R int
}

// ResourcesOf is the bound's view of cfg.
func ResourcesOf(cfg tm.Config) Resources {
	return Resources{K: cfg.K, Chain: cfg.FreeMode == tm.FreeChain,
		PDReads: cfg.PD.ReadPorts, PDLatency: cfg.PD.ReadLatency,
		CPReads: cfg.CP.ReadPorts, CPWrites: cfg.CP.WritePorts, CPLatency: cfg.CP.ReadLatency,
		LaneDepth: tm.HDLaneDepth, R: cfg.R}
}

// The bound's terms, one per resource the executor needs (Term.Name).
const (
	TermPDIssue   = "pd-issue"   // at most one head-drop PD read in flight: 1/Lpd
	TermPDPort    = "pd-port"    // PD read ports minus the congested port's dequeue
	TermCPWrite   = "cp-write"   // cell-pointer write ports minus the congested port's frees
	TermCPRead    = "cp-read"    // cell-pointer read ports minus the congested port's chases (per cell)
	TermLanes     = "lanes"      // each lane serves its oldest entry at most once a cycle
	TermLaneDepth = "lane-depth" // Little's law on the lanes' D entries
)

// TermNames lists the terms in the order Bound.Terms and the CSV give them.
var TermNames = []string{TermPDIssue, TermPDPort, TermCPWrite, TermCPRead, TermLanes, TermLaneDepth}

// Term is one resource constraint of the bound: over any long run, the
// packets expelled per clock cannot exceed Budget (units of the resource
// per clock) divided by Use (units per expelled packet, the expectation
// over the expelled mix).
type Term struct {
	Name         string  `json:"name"`
	Budget       float64 `json:"budget"`         // per clock
	Use          float64 `json:"use"`            // E[per packet]
	PktsPerClock float64 `json:"pkts_per_clock"` // Budget / Use
}

// Bound is the closed-form upper bound on the executor's expulsion rate:
// the least of its terms (see the package documentation, "The bound").
type Bound struct {
	PktsPerClock  float64 `json:"pkts_per_clock"`
	CellsPerClock float64 `json:"cells_per_clock"`
	CyclesPerPkt  float64 `json:"cycles_per_pkt"` // 1 / PktsPerClock
	Binding       string  `json:"binding"`        // the name of the least term
	Terms         []Term  `json:"terms"`          // every term that limits (Use > 0), in TermNames order
	Formula       string  `json:"formula"`        // the binding term, symbolically and with its numbers
}

// Term returns the term called name, and whether it limits this bound.
func (b Bound) Term(name string) (Term, bool) {
	for _, t := range b.Terms {
		if t.Name == name {
			return t, true
		}
	}
	return Term{}, false
}

// perPacket is what one packet of n cells uses of each resource.
type perPacket struct {
	cpWrites float64 // per cell: n appends; chain: min(n,K) appends (one write each into a non-empty bank)
	cpReads  float64 // per cell: n − min(n,K) link reads; chain: none
	laneTime float64 // cycles its sub-lists hold their lanes' fronts
	laneRes  float64 // cycles its sub-lists hold lane entries, from the PD read to the last free
}

func (r Resources) perPacket(n int) perPacket {
	m := min(n, r.K)
	chase := float64(n - m)
	lpd, lcp := float64(r.PDLatency), float64(r.CPLatency)
	if r.Chain {
		return perPacket{cpWrites: float64(m), laneTime: float64(m), laneRes: float64(m) * (lpd + 1)}
	}
	// A sub-list of L cells holds its lane's front (L−1)·Lcp + 1 cycles
	// and an entry Lpd + (L−1)·Lcp + 1 cycles; summed over the m sub-lists
	// the L−1 add up to n − m.
	return perPacket{cpWrites: float64(n), cpReads: chase,
		laneTime: float64(m) + chase*lcp, laneRes: float64(m)*(lpd+1) + chase*lcp}
}

// BoundOf is the bound for a mix of expelled packets d (lengths in cells
// and their probabilities). Each term is a budget per clock over the
// expected use per packet, so it holds for any long run with that mix.
func BoundOf(d []CellProb, r Resources) Bound {
	var e perPacket
	var cells float64
	for _, c := range d {
		u := r.perPacket(c.Cells)
		e.cpWrites += c.P * u.cpWrites
		e.cpReads += c.P * u.cpReads
		e.laneTime += c.P * u.laneTime
		e.laneRes += c.P * u.laneRes
		cells += c.P * float64(c.Cells)
	}
	if cells == 0 {
		return Bound{Formula: "no packets"}
	}
	// The congested port's dequeue: 1/R cells per clock, so 1/(R·E[n])
	// packets per clock, each one PD read and as many cell-pointer writes
	// and link reads per cell as an expelled packet of the same mix.
	deqPkts := 0.0
	if r.R > 0 {
		deqPkts = 1 / (float64(r.R) * cells)
	}
	terms := []Term{
		{Name: TermPDIssue, Budget: 1 / float64(r.PDLatency), Use: 1},
		{Name: TermPDPort, Budget: float64(r.PDReads) - deqPkts, Use: 1},
		{Name: TermCPWrite, Budget: float64(r.CPWrites) - deqPkts*e.cpWrites, Use: e.cpWrites},
		{Name: TermCPRead, Budget: float64(r.CPReads) - deqPkts*e.cpReads, Use: e.cpReads},
		{Name: TermLanes, Budget: float64(r.K), Use: e.laneTime},
		{Name: TermLaneDepth, Budget: float64(r.K * r.LaneDepth), Use: e.laneRes},
	}
	b := Bound{PktsPerClock: math.Inf(1)}
	for _, t := range terms {
		if !(t.Use > 0) {
			continue // the executor does not use this resource
		}
		t.PktsPerClock = max(0, t.Budget) / t.Use
		b.Terms = append(b.Terms, t)
		if t.PktsPerClock < b.PktsPerClock {
			b.PktsPerClock, b.Binding = t.PktsPerClock, t.Name
		}
	}
	b.CellsPerClock = cells * b.PktsPerClock
	if b.PktsPerClock > 0 {
		b.CyclesPerPkt = 1 / b.PktsPerClock
	}
	b.Formula = r.formula(b, e, cells)
	return b
}

// formula writes the binding term symbolically and with its numbers.
func (r Resources) formula(b Bound, e perPacket, cells float64) string {
	t, _ := b.Term(b.Binding)
	use := map[bool]string{false: "E[n]", true: "E[min(n,k)]"}[r.Chain]
	switch b.Binding {
	case TermPDIssue:
		return fmt.Sprintf("pd-issue: 1/Lpd = 1/%d", r.PDLatency)
	case TermPDPort:
		return fmt.Sprintf("pd-port: PDr − 1/(R·E[n]) = %d − 1/(%d·%.4g)", r.PDReads, r.R, cells)
	case TermCPWrite:
		return fmt.Sprintf("cp-write: (W − %s/(R·E[n]))/%s = %.4g/%.4g, W=%d R=%d", use, use, t.Budget, t.Use, r.CPWrites, r.R)
	case TermCPRead:
		return fmt.Sprintf("cp-read: (CPr − E[n−min(n,k)]/(R·E[n]))/E[n−min(n,k)] = %.4g/%.4g, CPr=%d", t.Budget, t.Use, r.CPReads)
	case TermLanes:
		if r.Chain {
			return fmt.Sprintf("lanes: k/E[min(n,k)] = %d/%.4g", r.K, t.Use)
		}
		return fmt.Sprintf("lanes: k/E[min(n,k) + (n−min(n,k))·Lcp] = %d/%.4g, Lcp=%d", r.K, t.Use, r.CPLatency)
	case TermLaneDepth:
		return fmt.Sprintf("lane-depth: k·D/E[residency] = %d·%d/%.4g, Lpd=%d Lcp=%d", r.K, r.LaneDepth, e.laneRes, r.PDLatency, r.CPLatency)
	}
	return ""
}
