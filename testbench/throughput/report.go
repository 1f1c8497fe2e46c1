package throughput

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Report is a finished sweep as `occamy throughput --json` prints it.
type Report struct {
	Options    Options     `json:"options"`
	Results    []Result    `json:"results"`
	AlphaCheck *AlphaCheck `json:"alpha_check,omitempty"` // --alpha-check
}

// showMems reports whether any result has a memory budget that is not the
// default, so the table gets the pd/cp/cd columns.
func showMems(rs []Result) bool {
	for _, r := range rs {
		if !r.Point.PD.Auto() || !r.Point.CP.Auto() || !r.Point.CD.Auto() {
			return true
		}
	}
	return false
}

// WriteTable writes a readable table, one row per point, and below it the
// reason of every flagged row (marked with its number in the flag column).
func WriteTable(w io.Writer, rep *Report) error {
	o := rep.Options
	fmt.Fprintf(w, "expulsion throughput: B=%d cells of %d B, R=%d, Lpd=%d, Lcp=%d, window %d cycles, seed %d",
		o.B, o.CellBytes, o.R, o.PDLatency, o.CPLatency, o.Window, o.Seed)
	if o.BurstRate > 0 {
		fmt.Fprintf(w, ", burst %g line rates (%g cells/clock)", o.BurstRate, o.BurstRate/float64(o.R))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "pkts/clk, cells/clk: expelled per clock with something to expel; bound: closed form (pkts/clk), binds: its")
	fmt.Fprintln(w, "least term (pd-issue, pd-port, cp-write, cp-read, lanes, lane-depth); mix bound: the bound at the mix the window")
	fmt.Fprintln(w, "expelled, which the gap compares with; demand: share of cycles with something to expel; free bw: memory ports")
	fmt.Fprintln(w, "idle under the normal load, median (p10-p90);")
	fmt.Fprintln(w, "α (4): largest α by the paper's Inequality (4), α fluid: by the fluid model with drains (docs/experiments.md);")
	fmt.Fprintln(w, "no setup: the point could not be set up on the model (note below), nothing measured")
	perSec := o.ClockGHz > 0
	if perSec {
		fmt.Fprintf(w, "at a %g GHz clock (given, not measured): Mpkts/s, Mcells/s: pkts/clk, cells/clk × clock; Gbit/s: cells/s × %d B × 8\n",
			o.ClockGHz, o.CellBytes)
	}
	mems := showMems(rep.Results)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"k", "free", "size", "load%", "P"}
	if mems {
		head = append(head, "pd", "cp", "cd")
	}
	head = append(head, "bound", "binds", "mix bound", "pkts/clk", "cells/clk")
	if perSec {
		head = append(head, "Mpkts/s", "Mcells/s", "Gbit/s")
	}
	head = append(head, "gap", "demand", "free bw", "α (4)", "α fluid", "flag")
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	var notes []string
	for _, r := range rep.Results {
		p := r.Point
		row := []string{strconv.Itoa(p.K), p.FreeMode.String(), p.Size.Name, fmtG(p.Load), strconv.Itoa(p.Ports)}
		if mems {
			row = append(row, p.PD.String(), p.CP.String(), p.CD.String())
		}
		flag := ""
		if r.Flag != "" {
			notes = append(notes, fmt.Sprintf("[%d] %s: %s", len(notes)+1, p, r.Flag))
			flag = fmt.Sprintf("[%d]", len(notes))
		}
		alpha, fluid := r.AlphaMax, r.AlphaFluid
		if alpha == "" {
			alpha, fluid = "-", "-"
		}
		if r.Setup != "" {
			row = append(row, fmt.Sprintf("%.4f", r.Bound.PktsPerClock), r.Bound.Binding)
			row = append(row, dashes(len(head)-len(row)-1)...)
			fmt.Fprintln(tw, strings.Join(append(row, flag+" no setup"), "\t"))
			continue
		}
		row = append(row, fmt.Sprintf("%.4f", r.Bound.PktsPerClock), r.Bound.Binding, fmt.Sprintf("%.4f", r.Expelled.PktsPerClock),
			fmt.Sprintf("%.4f", r.Expulsion.PktsPerClock),
			fmt.Sprintf("%.3f", r.Expulsion.CellsPerClock))
		if perSec {
			row = append(row, perSecondCells(r.PerSecond)...)
		}
		row = append(row, fmt.Sprintf("%+.1f%%", 100*r.Gap),
			fmt.Sprintf("%.2f", r.Expulsion.Demand),
			fmt.Sprintf("%.0f%% (%.0f-%.0f)", 100*r.Idle.P50, 100*r.Idle.P10, 100*r.Idle.P90), alpha, fluid, flag)
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "\nmodel and bound differ by more than %.0f%%, or the point could not be set up:\n", 100*Tolerance)
		for _, n := range notes {
			fmt.Fprintln(w, n)
		}
	}
	return nil
}

// dashes is n "-" cells.
func dashes(n int) []string {
	d := make([]string, n)
	for i := range d {
		d[i] = "-"
	}
	return d
}

// perSecondCells are the table's per-second cells of a point: millions of
// packets and cells, and gigabits of cells, per second.
func perSecondCells(ps *PerSecond) []string {
	if ps == nil {
		return dashes(3)
	}
	return []string{fmt.Sprintf("%.1f", ps.Pkts/1e6), fmt.Sprintf("%.1f", ps.Cells/1e6), fmt.Sprintf("%.1f", ps.CellBits/1e9)}
}

// CSVHeader lists the columns of WriteCSV: the bound's pkts per clock,
// binding term and each term's pkts per clock (bound_pd_issue, ...; empty
// where the term does not limit), the bound at the mix actually expelled,
// then the measurement.
var CSVHeader = append(append([]string{"k", "free_mode", "size", "load_pct", "ports", "pd", "cp", "cd",
	"bound_cycles_per_pkt", "bound_pkts_per_clock", "bound_cells_per_clock", "bound_binding"}, termColumns()...),
	"bound_expelled_pkts_per_clock",
	"pkts_per_clock", "cells_per_clock", "gap", "expelled_pkts", "expelled_cells", "demand_cycles", "window_cycles", "bursts",
	"demand", "productive", "lost_pd", "lost_cp", "wait", "empty_appends",
	"free_bw_p10", "free_bw_p50", "free_bw_p90", "free_bw_mean", "free_pd_mean", "free_cp_mean", "free_cd_mean",
	"alpha_max", "alpha_fluid", "flag")

// CSVPerSecond are the columns WriteCSV adds after CSVHeader when the
// report has a clock (Options.ClockGHz above 0): PerSecond's fields, empty
// for a point that could not be set up.
var CSVPerSecond = []string{"clock_ghz", "pkts_per_second", "cells_per_second", "cell_bits_per_second", "bound_pkts_per_second"}

// CSVColumns are the columns of WriteCSV under options o.
func CSVColumns(o Options) []string {
	if o.ClockGHz > 0 {
		return append(append([]string(nil), CSVHeader...), CSVPerSecond...)
	}
	return CSVHeader
}

// WriteCSV writes one header row (CSVColumns) and one row per point.
func WriteCSV(w io.Writer, rep *Report) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVColumns(rep.Options)); err != nil {
		return err
	}
	for _, r := range rep.Results {
		p, e, b, i := r.Point, r.Expulsion, r.Bound, r.Idle
		row := []string{strconv.Itoa(p.K), p.FreeMode.String(), p.Size.Name, fmtG(p.Load), strconv.Itoa(p.Ports),
			p.PD.String(), p.CP.String(), p.CD.String(),
			fmtG(b.CyclesPerPkt), fmtG(b.PktsPerClock), fmtG(b.CellsPerClock), b.Binding}
		for _, name := range TermNames {
			t, ok := b.Term(name)
			row = append(row, map[bool]string{true: fmtG(t.PktsPerClock)}[ok])
		}
		row = append(row, fmtG(r.Expelled.PktsPerClock),
			fmtG(e.PktsPerClock), fmtG(e.CellsPerClock), fmtG(r.Gap),
			strconv.FormatUint(e.Pkts, 10), strconv.FormatUint(e.Cells, 10),
			strconv.FormatUint(e.DemandCycles, 10), strconv.FormatUint(e.WindowCycles, 10), strconv.Itoa(e.Bursts),
			fmtG(e.Demand), fmtG(e.Productive), fmtG(e.LostPD), fmtG(e.LostCP), fmtG(e.Wait), fmtG(e.EmptyAppends),
			fmtG(i.P10), fmtG(i.P50), fmtG(i.P90), fmtG(i.Mean), fmtG(i.PD), fmtG(i.CP), fmtG(i.CD),
			r.AlphaMax, r.AlphaFluid, r.Flag)
		if ps := r.PerSecond; ps != nil {
			row = append(row, fmtG(ps.ClockGHz), fmtG(ps.Pkts), fmtG(ps.Cells), fmtG(ps.CellBits), fmtG(ps.BoundPkts))
		} else if rep.Options.ClockGHz > 0 {
			row = append(row, make([]string, len(CSVPerSecond))...)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes the report as one indented JSON object.
func WriteJSON(w io.Writer, rep *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// termColumns are the CSV columns of the bound's terms: bound_pd_issue, ...
func termColumns() []string {
	c := make([]string, len(TermNames))
	for i, n := range TermNames {
		c[i] = "bound_" + strings.ReplaceAll(n, "-", "_")
	}
	return c
}

func fmtG(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
