package tm

import (
	hw "occamy/hw/tm"
	"occamy/testbench/blocks"
)

// TM coverpoints, counted by the golden adapter.
const (
	tmAdmDropRoom = iota
	tmAllSlots
	tmFreeEmpty
	tmPDsOut
	tmHDWaitsPD
	tmHDWaitsCP
	tmDeqHDSameQueue
	tmDRRCarry
	tmHDChain
	tmStaleSkipped
	tmLastQueue
	tmHDAny
	tmResetBusy
	tmLaneBlocked
	tmLaneTwoPkts
	tmLaneFull
	tmPushoutNeg
	tmMaxNotRR
	tmHDEmptyBank
	tmHDAllEmpty
	tmHDLaneLatch
	tmHDLinkRead
	tmHDFreedWide
	tmHDMaxPkt
	tmHDChainWhole
	tmDeqHDSameCycle
	tmHDOneCell
)

// naTM says why a TM coverpoint is unreachable under a configuration.
func naTM(why func(c hw.Config) string) func(p map[string]int) string {
	return func(p map[string]int) string {
		if p["RECONF"] == 1 {
			return "" // the reconfigurations reach every run-time configuration
		}
		c, err := binding.Decode(p).config()
		if err != nil {
			return "parameters out of range: " + err.Error()
		}
		return why(c)
	}
}

// naShape is naTM for a coverpoint that the structural parameters can also
// rule out (shape), whatever the reconfigurations do.
func naShape(shape, why func(c hw.Config) string) func(p map[string]int) string {
	run := naTM(why)
	return func(p map[string]int) string {
		if c, err := binding.Decode(p).config(); err == nil {
			if w := shape(c); w != "" {
				return w
			}
		}
		return run(p)
	}
}

func naNoHD(c hw.Config) string {
	if !c.Policy.Expels() {
		return "policy " + c.Policy.String() + " never drops a head"
	}
	return ""
}

// naLinkRead: the executor reads links only per cell, and only for a
// sub-list of two cells or more.
var naLinkRead = naShape(func(c hw.Config) string {
	if c.MaxPkt <= c.K {
		return "MAXPKT <= K: every sub-list is one cell, no lane reads a link"
	}
	return ""
}, func(c hw.Config) string {
	if c.FreeMode == hw.FreeChain {
		return "free mode chain: the lanes read no link"
	}
	return naNoHD(c)
})

// maxFreed is the most cells the executor's lanes can free in one cycle:
// K sub-lists of ceil(MAXPKT/K) cells (chain), K cells (per cell).
func maxFreed(c hw.Config, chain bool) int {
	if chain {
		return c.K * ((c.MaxPkt + c.K - 1) / c.K)
	}
	return c.K
}

// lwOf is the width of a packet's cell count, clog2(MAXPKT+1).
func lwOf(c hw.Config) int { return NewShape(c, 1).LW }

var tmCover = []blocks.Coverpoint{
	{Name: "adm_drop_room", Desc: "an admission drop with the packet's cells free (the DT threshold refused it)", NA: naTM(func(c hw.Config) string {
		if c.Policy == hw.PolicyPushoutPorts {
			return "pushout-ports refuses only a packet that does not fit in the free cells"
		}
		return ""
	})},
	{Name: "all_slots", Desc: "every ingress slot valid in one cycle"},
	{Name: "free_empty", Desc: "the free count is 0: every cell held", NA: naTM(func(c hw.Config) string {
		for _, a := range c.AlphaExp {
			if a >= 0 {
				return ""
			}
		}
		return "every class has α < 1: the threshold of one free cell is 0"
	})},
	{Name: "pds_out", Desc: "every PD held: B one-cell packets and no free cell", NA: naTM(func(c hw.Config) string {
		for _, a := range c.AlphaExp {
			if a >= 0 {
				return ""
			}
		}
		return "every class has α < 1: the threshold of one free cell is 0"
	})},
	{Name: "hd_waits_pd", Desc: "a head drop granted while the executor is idle waits: the dequeue holds the PD read port", NA: naTM(naNoHD)},
	{Name: "hd_waits_cp", Desc: "the executor holds an unlinked packet and frees nothing while the dequeue or the enqueue uses the cell-pointer write ports", NA: naTM(naNoHD)},
	{Name: "deq_hd_same_queue", Desc: "a dequeue and a head drop unlink one queue back to back (consecutive or the same cycle)", NA: naTM(naNoHD)},
	{Name: "drr_carry", Desc: "DRR sends a packet longer than its class's quantum: its deficit was carried over rounds", NA: naTM(func(c hw.Config) string {
		if c.Sched != hw.SchedDRR {
			return "scheduler sp"
		}
		for _, q := range c.Quantum {
			if q < c.MaxPkt {
				return ""
			}
		}
		return "every quantum is at least MAXPKT"
	})},
	{Name: "hd_chain", Desc: "a head drop in chain mode", NA: naTM(func(c hw.Config) string {
		if c.FreeMode != hw.FreeChain {
			return "free mode cell"
		}
		return naNoHD(c)
	})},
	{Name: "stale_skipped", Desc: "HDRecheck: the selector shows a queue over that is no longer over, the executor is idle with the PD port free, and nothing is issued", NA: naTM(func(c hw.Config) string {
		if !c.HDRecheck {
			return "no re-check"
		}
		return naNoHD(c)
	})},
	{Name: "last_queue", Desc: "a cell of queue N-1 leaves its port"},
	{Name: "hd_any", Desc: "a head drop", NA: naTM(naNoHD)},
	{Name: "reset_busy", Desc: "a reset (reconfiguration) while packets are held"},
	{Name: "hd_lane_blocked", Desc: "a head-drop lane whose front could be served is skipped: the cell-pointer ports it needs are taken", NA: naTM(naNoHD)},
	{Name: "hd_lane_two_pkts", Desc: "the head-drop lanes free cells of two packets in one cycle (the executor's pipeline overlaps packets)", NA: naTM(naNoHD)},
	{Name: "hd_lane_full", Desc: "a head-drop lane is full after the unlink: the executor takes no grant", NA: naTM(naNoHD)},
	{Name: "pushout_neg", Desc: "pushout-ports: a head drop issued while the free count is negative (admitted cells wait for room)", NA: naShape(
		func(c hw.Config) string {
			if c.PushoutWait == 0 {
				return "PUSHOUT_WAIT 0 (after its cap): no cell waits, the free count is never negative"
			}
			return ""
		}, func(c hw.Config) string {
			if c.Policy != hw.PolicyPushoutPorts {
				return "policy " + c.Policy.String() + " is not pushout-ports"
			}
			return ""
		})},
	{Name: "maxfind_not_rr", Desc: "occamy-lqd, pushout-ports: the maximum finder's grant differs from a round-robin arbiter's over the same requests", NA: naShape(
		func(c hw.Config) string {
			if c.N() == 1 {
				return "one queue: every choice is queue 0"
			}
			return ""
		}, func(c hw.Config) string {
			if c.Policy != hw.PolicyOccamyLQD && c.Policy != hw.PolicyPushoutPorts {
				return "policy " + c.Policy.String() + " has no maximum finder's choice"
			}
			if c.Policy == hw.PolicyPushoutPorts && c.PushoutWait == 0 {
				return "PUSHOUT_WAIT 0 (after its cap): pushout-ports never expels"
			}
			return ""
		})},
	{Name: "hd_empty_bank", Desc: "a head drop returns cells to an empty free bank (an append that writes no link)", NA: naTM(naNoHD)},
	{Name: "hd_all_banks_empty", Desc: "a head drop returns cells while every free bank is empty (no free cell but those it returns)", NA: naTM(naNoHD)},
	{Name: "hd_lane_latch", Desc: "a lane blocked for ports holds the link its read returned this cycle (the entry keeps it)", NA: naLinkRead},
	{Name: "hd_link_read", Desc: "the executor reads a link (per cell, a sub-list going on)", NA: naLinkRead},
	{Name: "hd_freed_wide", Desc: "the lanes free more cells in one cycle than LW bits hold (sub-lists of two long packets: freed_o's extra bits)", NA: naShape(
		func(c hw.Config) string {
			if n := maxFreed(c, true); n < 1<<lwOf(c) {
				return "at most K*ceil(MAXPKT/K) cells a cycle, within LW bits"
			}
			return ""
		}, func(c hw.Config) string {
			if c.FreeMode == hw.FreeCell && maxFreed(c, false) < 1<<lwOf(c) {
				return "free mode cell: at most K cells a cycle, within LW bits"
			}
			return naNoHD(c)
		})},
	{Name: "hd_maxpkt", Desc: "a head drop of a MAXPKT-cell packet", NA: naTM(naNoHD)},
	{Name: "hd_chain_whole", Desc: "chain mode: every sub-list of a head-dropped packet of two cells or more appended the cycle after its unlink (from stage A's register, the lanes empty)", NA: naShape(
		func(c hw.Config) string {
			if c.MaxPkt < 2 {
				return "MAXPKT 1: one-cell packets only"
			}
			return ""
		}, func(c hw.Config) string {
			if c.FreeMode != hw.FreeChain {
				return "free mode cell"
			}
			return naNoHD(c)
		})},
	{Name: "deq_hd_same_cycle", Desc: "the dequeue unlinks a queue and the executor reads its new head PD in the same cycle (the unlink advances the head before stage D)", NA: naTM(naNoHD)},
	{Name: "hd_one_cell", Desc: "a head drop of a one-cell packet", NA: naTM(naNoHD)},
}
