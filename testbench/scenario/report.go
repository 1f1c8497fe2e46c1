package scenario

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// pc formats a count as packets/cells.
func pc(c Count) string { return fmt.Sprintf("%d/%d", c.Pkts, c.Cells) }

// fmtMetric formats a metric value compactly.
func fmtMetric(x float64) string {
	if x == float64(int64(x)) && x < 1e15 && x > -1e15 {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// header is the run's first line: scenario, policy, α, seed, cycles and
// the TM's shape.
func (r *Result) header() string {
	return fmt.Sprintf("scenario %s  bm=%s  alpha=%s  seed=%d  cycles=%d  P=%d Q=%d B=%d cells of %d B, R=%d, K=%d, %s, free=%s  on %s",
		r.Scenario, r.Policy, fmtNum(r.Alpha), r.Seed, r.Cycles, r.Config.P, r.Config.Q, r.Config.B, r.Config.CellBytes,
		r.Config.R, r.Config.K, r.Config.Sched, r.Config.FreeMode, r.Engine)
}

// WriteTable prints a run as text: a header line, the active queues (and
// the totals) with every counter as packets/cells, then the metrics.
func (r *Result) WriteTable(w io.Writer) error {
	fmt.Fprintln(w, r.header())
	fmt.Fprintf(w, "sources: %s\n\n", strings.Join(r.Sources, "; "))
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "queue\tport\tclass\tarrived\tadmitted\tadm-dropped\thead-dropped\ttransmitted\tlen\tmax-len\t")
	for _, q := range r.Queues {
		if q.Active() {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", q.Queue, q.Port, q.Class, pc(q.Arrived), pc(q.Admitted),
				pc(q.AdmDropped), pc(q.HeadDropped), pc(q.Transmitted), pc(q.Len), pc(q.MaxLen))
		}
	}
	t := r.Totals
	fmt.Fprintf(tw, "total\t\t\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t\n", pc(t.Arrived), pc(t.Admitted), pc(t.AdmDropped),
		pc(t.HeadDropped), pc(t.Transmitted), pc(t.Len), r.MaxOccupancy)
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "(packets/cells; total max-len is the largest buffer occupancy in cells)")
	if t.IngressDropped != nil {
		fmt.Fprintf(w, "ingress-dropped: %s of the adm-dropped were offered beyond MaxOffers=%d packets in their cycle\n", pc(*t.IngressDropped), r.Config.MaxOffers)
	}
	if len(r.Metrics) > 0 {
		fmt.Fprintln(w)
		tw = tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
		for _, m := range r.Metrics {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", m.Name, fmtMetric(m.Value), m.Unit, m.Doc)
		}
		return tw.Flush()
	}
	return nil
}

// WriteCompare prints several runs of one scenario side by side: the
// metrics, the totals, then the drops of every active queue.
func WriteCompare(w io.Writer, rs []*Result) error {
	if len(rs) == 0 {
		return nil
	}
	r0 := rs[0]
	fmt.Fprintf(w, "scenario %s  seed=%d  P=%d Q=%d B=%d cells of %d B, R=%d, K=%d, %s  on %s\n",
		r0.Scenario, r0.Seed, r0.Config.P, r0.Config.Q, r0.Config.B, r0.Config.CellBytes, r0.Config.R, r0.Config.K, r0.Config.Sched, r0.Engine)
	fmt.Fprintf(w, "sources: %s\n\n", strings.Join(r0.Sources, "; "))
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	head := "\t"
	for _, r := range rs {
		head += fmt.Sprintf("%s α=%s\t", r.Policy, fmtNum(r.Alpha))
	}
	fmt.Fprintln(tw, head+"unit")
	row := func(name, unit string, val func(r *Result) string) {
		line := name + "\t"
		for _, r := range rs {
			line += val(r) + "\t"
		}
		fmt.Fprintln(tw, line+unit)
	}
	for i, m := range r0.Metrics {
		row(m.Name, m.Unit, func(r *Result) string {
			if i < len(r.Metrics) {
				return fmtMetric(r.Metrics[i].Value)
			}
			return "-"
		})
	}
	row("cycles", "cycles", func(r *Result) string { return strconv.FormatUint(r.Cycles, 10) })
	row("total arrived", "pkts/cells", func(r *Result) string { return pc(r.Totals.Arrived) })
	row("total adm-dropped", "pkts/cells", func(r *Result) string { return pc(r.Totals.AdmDropped) })
	row("total head-dropped", "pkts/cells", func(r *Result) string { return pc(r.Totals.HeadDropped) })
	row("total transmitted", "pkts/cells", func(r *Result) string { return pc(r.Totals.Transmitted) })
	row("max occupancy", "cells", func(r *Result) string { return strconv.FormatUint(r.MaxOccupancy, 10) })
	for qi, q := range r0.Queues {
		active := false
		for _, r := range rs {
			active = active || r.Queues[qi].Active()
		}
		if !active {
			continue
		}
		row(fmt.Sprintf("q%d (p%d c%d) dropped adm+head", q.Queue, q.Port, q.Class), "pkts", func(r *Result) string {
			x := r.Queues[qi]
			return fmt.Sprintf("%d+%d", x.AdmDropped.Pkts, x.HeadDropped.Pkts)
		})
		row(fmt.Sprintf("q%d (p%d c%d) max-len", q.Queue, q.Port, q.Class), "cells", func(r *Result) string {
			return strconv.FormatUint(r.Queues[qi].MaxLen.Cells, 10)
		})
	}
	return tw.Flush()
}
