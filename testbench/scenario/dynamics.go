package scenario

import "occamy/hw/tm"

// dynamicsMetrics are the metrics every run reports about expulsion
// (docs/tm.md, "Dynamics the counters show"): how much of what admission
// let in was expelled again, and how many head drops were issued to a queue
// the registered selector bitmap still showed over its threshold while it
// no longer was.
func dynamicsMetrics(st *tm.Stats) []Metric {
	t := &st.Total
	return []Metric{
		metric("admitted_expelled_frac", ratio(float64(t.HeadDropped.Cells), float64(t.Admitted.Cells)), "",
			"admitted cells later head-dropped / admitted cells"),
		metric("head_drops_stale", float64(t.StaleHeadDropped.Pkts), "pkts",
			"head drops issued to a queue at or below its threshold in the issue cycle (bitmap lag)"),
		metric("head_drops_stale_frac", ratio(float64(t.StaleHeadDropped.Pkts), float64(t.HeadDropped.Pkts)), "",
			"head_drops_stale / head-dropped packets"),
	}
}
