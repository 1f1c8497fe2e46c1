package tm

import (
	hw "occamy/hw/tm"
	"occamy/testbench/design"
)

// ScoreMap is occamy_tm's own transaction map at resolved parameters p:
// how the scoreboard (`occamy cosim --block tm --check scoreboard`, issue
// 26) drives its ingress slots and reads its admissions, egress lanes,
// head drops, lengths and free count. It is the map a user would write for
// occamy_tm, kept here beside the ports it names (docs/scoreboard.md shows
// it as YAML).
func ScoreMap(p map[string]int) (*design.File, error) {
	s, sh := shapeOf(p)
	c, err := s.config()
	if err != nil {
		return nil, err
	}
	pol := map[string]uint64{}
	for i, x := range Policies {
		pol[x.String()] = uint64(i)
	}
	// The cells admitted and not yet left (the scoreboard's count, cell by
	// cell) are, in hw/tm and occamy_tm: B − free (the free count after the
	// batch taking effect, pushout-ports' waiting cells making it negative)
	// with the cells of the batch just decided, less the head drops' cells
	// not yet freed, and the cells freed and not yet sent (in u_egress's
	// buffer or the data returning to it). The first part is at most
	// B + WAIT: the decision admits n cells only while free − the batch
	// taking effect − the cells of the earlier slots − n ≥ −WAIT (DT: ≥ 0). The second is, per port, at most its pending cells (a freed
	// cell is a dequeued packet's, dequeued after its booking), booked at
	// the grant and not yet sent: a port is granted a packet only while
	// port_rdy_o (registered with the count, one grant a cycle) says fewer
	// than TXWIN are pending, so at most TXWIN − 1 + MAXPKT. Measured at
	// the small set under pushout-ports, seeds 1..40, both free modes
	// (task conserve): the first part reaches 60 = B + WAIT, a port's
	// second 8 of 9.
	t := &design.TMSection{
		Shape: design.TMShape{Ports: c.P, QueuesPerPort: c.Q, Buffer: c.B, MaxPacket: c.MaxPkt,
			Wait: Wait(c.PushoutWait, c.B, c.QW), EgressCells: c.P * (c.TxWindow - 1 + c.MaxPkt)},
		Config: design.TMConfig{
			Policy:   design.Choice{Port: "cfg_policy_i", Values: pol},
			FreeMode: design.Choice{Port: "cfg_chain_i", Values: map[string]uint64{"cell": 0, "chain": 1}},
			Sched:    design.Choice{Port: "cfg_drr_i", Values: map[string]uint64{"sp": 0, "drr": 1}},
			Recheck:  design.Choice{Port: "cfg_recheck_i", Values: map[string]uint64{"off": 0, "on": 1}},
			Alpha:    design.PerClass{Port: "cfg_alpha_i", Width: c.AW},
			Quantum:  design.PerClass{Port: "cfg_quantum_i", Width: QuantumW},
			LineRate: "cfg_r_i",
		},
		Ingress: design.TMIngress{Valid: "in_valid_i", Queue: "in_qid_i", Cells: "in_cells_i", Slots: sh.IN},
		// Answered hw.AdmitLag cycles after the offer; the cells in qlen_o
		// and free_o hw.AdmitSettle cycles after the cycle following the
		// answer (tm_admission's stage 3).
		Admit: design.TMAdmit{OK: "in_ok_o", Earlier: "offered", Latency: hw.AdmitLag, Settle: hw.AdmitSettle},
		Egress: design.TMEgress{Valid: "eg_valid_o", Lanes: c.P, LaneIsPort: true, Queue: "eg_qid_o", Data: "eg_tag_o",
			Latency: egressLatency(c.TxWindow, c.MaxPkt, c.K, c.R),
			// A port sends its oldest buffered cell when its timer (R) runs
			// out; a packet's cell rounds run back to back, K cells a cycle
			// from its first cell's round on, faster than the line rate: its
			// cells leave exactly R cycles apart (docs/tm.md).
			Spacing: design.Exact},
		// A head drop's cells enter the executor's lanes the cycle after
		// its report and are freed there at the earliest; the free count
		// takes them hw.HDFreeLag cycles later (hdf_q) and free_o a cycle
		// after that; the thresholds credit them (fly_q) from the cycle
		// after the report: off free_o in h..h+1+HDFreeLag, credited from
		// h+1.
		HeadDrop: &design.TMHeadDrop{Valid: "hd_valid_o", Queue: "hd_qid_o", Cells: "hd_cells_o", Unfreed: 2 + hw.HDFreeLag},
		// The board counts an admitted packet from its offer's cycle
		// (admit.latency): qlen_o, which counts it from the cycle
		// hw.AdmitSettle+1 after its answer, is never above the board's
		// count of the cycle before, whatever hw.AdmitLag is. free_o counts
		// a dequeued cell hw.DeqFreeLag cycles after its round (the
		// dequeue's free register); the board reads free_o as observed and
		// bounds free + Σ qlen by B (AtMost), so no window reads that lag
		// (TestOwnMapOnGolden passes at DeqFreeLag 1 as at 0).
		// The enqueue's first round comes hw.EnqTakeLag cycles after
		// the admission (its next-packet register): no window reads it
		// either, as the lengths count a packet from its admission on
		// (before its link) and the egress latency counts from the grant.
		Observe: design.TMObserve{Qlen: "qlen_o", Free: "free_o", Wait: "wait_o",
			Sum: design.AtMost, QlenCounts: design.AtMost, Lag: 1, ThresholdFree: design.Unqueued},
		Tag: design.TMTag{IndexBits: sh.LW, SerialBits: s.SW, Serial: design.SerialAdmit},
		Staleness: design.TMStaleness{
			// Decided on the lengths and threshold of the offer's cycle,
			// hw.AdmitLag cycles before the answer, and on the free count
			// of the answer's cycle (tm_admission's stage 2), each with
			// the batches answered before and not yet in them (the
			// scoreboard's view by admit.settle). The threshold of a
			// cycle is T of the thresholds' free count hw.ThrLag cycles
			// before it (thr_q).
			Admit: design.StateWindow{Qlen: design.Window{Lo: hw.AdmitLag, Hi: hw.AdmitLag, Set: true},
				Free:      design.Window{Lo: 0, Hi: 0, Set: true},
				Threshold: design.Window{Lo: hw.AdmitLag + hw.ThrLag, Hi: hw.AdmitLag + hw.ThrLag, Set: true}},
			// The selector's bitmap of the choice's cycle compared the
			// lengths of the cycle before it with that cycle's thr_q.
			HeadDrop: design.StateWindow{Qlen: design.Window{Lo: 2, Hi: 2, Set: true}, Threshold: design.Window{Lo: 2 + hw.ThrLag, Hi: 2 + hw.ThrLag, Set: true},
				Free: design.Window{Lo: 1, Hi: 2, Set: true}},
		},
	}
	return &design.File{Block: "tm", Source: design.Source{Top: "occamy_tm"}, Check: "scoreboard", TM: t}, nil
}

// egressLatency bounds the cycles from occamy_tm's grant of a packet (its
// PD read, after which no head drop takes it) to its first cell leaving
// (docs/tm.md, "Latency of every step"): the rounds of the up to 4
// packets in the dequeue's pipeline (⌈MAXPKT/K⌉ each), the read latencies,
// and the cells ahead of it on its port (fewer than TXWIN pending at the
// grant, a packet at most in the egress buffer) at one per R cycles.
// Measured at the small set: 13 cycles against 68; at the defaults 125
// against 720.
func egressLatency(txWindow, maxPkt, k, r int) int {
	return (txWindow+maxPkt)*r + 4*((maxPkt+k-1)/k) + 16
}
