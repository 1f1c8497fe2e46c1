package experiment

import (
	"context"
	"fmt"
	"math"

	"occamy/hw/tm"
	"occamy/testbench/scenario"
	"occamy/testbench/traffic"
)

// Series is one run of the queue-evolution experiment: the
// burst-absorption scenario (one long-lived queue at its DT threshold, then
// an incast burst to another port) sampled over time.
type Series struct {
	Senders int
	Policy  string
	Alpha   float64
	T       []float64 // cycles since the burst started
	BG      []float64 // long-lived queue, cells
	Burst   []float64 // burst queue, cells
	Thr     []float64 // DT threshold of class 0, cells
	// FirstDrop is the burst's first drop, cycles after its start (-1:
	// none; an admission drop at its packet's offer); AtDrop the burst
	// queue's length then (cells; for an admission drop with the packets
	// admitted in its answer, tm.AdmitSettle cycles later); Fair the burst's
	// fair share αB/(1+2α); Share = AtDrop/Fair (0 without a drop).
	// GotFair: never dropped, or Share ≥ 0.9 (the scenarios' threshold
	// between DT's healthy and anomalous cases).
	FirstDrop int64
	AtDrop    float64
	Fair      float64
	Share     float64
	GotFair   bool
	Peak      float64 // the burst queue's largest length, cells
}

// EvolutionSenders are the burst rates (incast senders at one line rate
// each) of the queue-evolution sweep, and EvolutionFigSenders the one whose
// time series is drawn. The paper does not give its testbed's burst rate;
// 3 line rates is the fastest burst for which DT theory (healthy iff rate
// ≤ 2 + 1/α) says α=1 is healthy and α=4 is not, the two cases of the
// paper's Fig. 11. The sweep shows where each case stops: it goes past
// the paper's incast degree of 40 to 128 line rates because Occamy's cases
// hold to 40 with the pipelined head-drop executor and stop beyond it.
var (
	EvolutionSenders      = []int{2, 3, 4, 6, 8, 12, 16, 24, 32, 40, 48, 64, 96, 128}
	EvolutionSendersQuick = []int{3, 16}
	EvolutionFigSenders   = 3
)

// EvolutionOverfill sizes each burst so that, absorbed whole, its queue
// would reach this multiple of its fair share (the port drains one line
// rate while it arrives): a run where the burst is never dropped has then
// really held its fair share, not merely stayed below it.
const EvolutionOverfill = 1.25

// evolutionPolicies are the policies of the sweep; pushout is the ideal
// Pushout, whose fair share is B/2 (it runs at α=4 only: α sets nothing
// but the background's start time there).
var evolutionPolicies = []string{"dt", "occamy", "pushout"}

func evolutionSenders(o Options) []int {
	if o.Quick {
		return EvolutionSendersQuick
	}
	return EvolutionSenders
}

var queueEvolution = &Experiment{
	Name:    "queue-evolution",
	Figure:  "Fig. 11",
	Summary: "queue lengths over time for Occamy and DT at α=1 and α=4 as a burst arrives",
	runs:    func(o Options) int { return 5 * len(evolutionSenders(o)) },
	run:     runQueueEvolution,
}

// QueueEvolution runs dt and occamy at α = 1 and 4, and the ideal pushout
// at α = 4, for each burst rate (at least 2 senders).
func QueueEvolution(ctx context.Context, o Options, senders []int, prog func()) ([]Series, error) {
	type job struct {
		senders int
		policy  string
		alpha   float64
	}
	var jobs []job
	for _, s := range senders {
		for _, pol := range evolutionPolicies {
			for _, a := range []float64{1, 4} {
				if pol != "pushout" || a == 4 {
					jobs = append(jobs, job{s, pol, a})
				}
			}
		}
	}
	return parallel(ctx, o, len(jobs), prog, func(i int) (Series, error) {
		j := jobs[i]
		return evolve(j.senders, j.policy, j.alpha, o.Seed)
	})
}

// evolve steps the burst-absorption scenario itself to sample the queues.
func evolve(senders int, policy string, alpha float64, seed uint64) (Series, error) {
	s := Series{Senders: senders, Policy: policy, Alpha: alpha, FirstDrop: -1}
	if senders < 2 {
		return s, fmt.Errorf("queue-evolution: %d senders, want at least 2 (one line rate drains as fast as it arrives)", senders)
	}
	cfg0 := tm.DefaultConfig()
	b := float64(cfg0.B)
	s.Fair = alpha * b / (1 + 2*alpha)
	if policy == "pushout" {
		s.Fair = b / 2
	}
	burstBytes := math.Ceil(EvolutionOverfill*s.Fair*float64(senders)/float64(senders-1)) * float64(cfg0.CellBytes)
	prep, err := scenario.Prepare(scenario.Options{Scenario: "burst-absorption", Policy: policy, Alpha: alpha, Seed: &seed,
		Params: map[string]float64{"senders": float64(senders), "search": 0, "burst_bytes": burstBytes}})
	if err != nil {
		return s, err
	}
	cfg := prep.Config
	var bgQ, burstQ int
	for _, g := range prep.Plan.Groups {
		switch g.Name {
		case "bg":
			bgQ = g.Queues[0]
		case "burst":
			burstQ = g.Queues[0]
		}
	}
	m, err := tm.New(cfg)
	if err != nil {
		return s, err
	}
	mix, err := traffic.BuildAll(prep.Sources, scenario.Env(&cfg), prep.Seed, "sources")
	if err != nil {
		return s, err
	}
	start := uint64(prep.Values["burst_start"])
	burstCells := prep.Values["burst_bytes"] / float64(cfg.CellBytes)
	span := uint64(1.25*burstCells*float64(cfg.R)/float64(senders)) + 2000
	from, to := start-min(start, 2000), min(prep.Cycles, start+span)
	every := max(1, (to-from)/400)
	st := m.Stats()
	bs := &st.Queues[burstQ]
	var drops, admDrops uint64
	readAt := -1 // steps until AtDrop is read (-1: not waiting)
	for c := uint64(0); c < to; c++ {
		for _, pk := range mix.Tick(c) {
			m.Offer(tm.Arrival{Queue: pk.Queue, Cells: pk.Cells})
		}
		if err := m.Step(); err != nil {
			return s, fmt.Errorf("%s α=%g cycle %d: %w", policy, alpha, c, err)
		}
		d := bs.AdmDropped.Pkts + bs.HeadDropped.Pkts
		if d != drops && s.FirstDrop < 0 {
			// An admission drop is counted at its answer, tm.AdmitLag
			// cycles after the packet's offer: the drop is the offer's
			// cycle, the length the one the refusal saw.
			at := int64(c)
			if bs.AdmDropped.Pkts != admDrops {
				at -= tm.AdmitLag
			}
			s.FirstDrop = at - int64(start)
			// The refusal's view counts the packets admitted before it in
			// its own cycle (a wave of the incast's senders arrives in one
			// cycle); they are answered with it and show in the length
			// tm.AdmitSettle cycles later: read it then, as the length was
			// read at the drop before the admission was pipelined.
			readAt = 0
			if bs.AdmDropped.Pkts != admDrops {
				readAt = tm.AdmitSettle
			}
		}
		if readAt == 0 {
			s.AtDrop = float64(m.Probe().Qlen[burstQ])
		}
		if readAt >= 0 {
			readAt--
		}
		drops, admDrops = d, bs.AdmDropped.Pkts
		s.Peak = math.Max(s.Peak, float64(m.Probe().Qlen[burstQ]))
		if c >= from && (c-from)%every == 0 {
			p := m.Probe()
			s.T = append(s.T, float64(c)-float64(start))
			s.BG = append(s.BG, float64(p.Qlen[bgQ]))
			s.Burst = append(s.Burst, float64(p.Qlen[burstQ]))
			s.Thr = append(s.Thr, float64(p.Thr[0]))
		}
	}
	if s.FirstDrop >= 0 {
		s.Share = s.AtDrop / s.Fair
	}
	s.GotFair = s.FirstDrop < 0 || s.Share >= 0.9
	return s, nil
}
