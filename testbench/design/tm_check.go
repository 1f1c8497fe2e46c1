package design

import (
	"fmt"
	"sort"
	"strings"
)

// The names a TMSection's choices take.
var (
	PolicyNames   = []string{"dt", "occamy", "occamy-lqd", "pushout-ports"}
	FreeModeNames = []string{"cell", "chain"}
	SchedNames    = []string{"sp", "drr"}
	RecheckNames  = []string{"off", "on"}
)

// Kinds of observe.sum and observe.qlen_counts, and of tag.serial.
const (
	Exact        = "exact"
	AtMost       = "at_most"
	AtLeast      = "at_least" // egress.spacing
	Unqueued     = "unqueued" // observe.threshold_free: up to B - Σ qlen
	SerialOffer  = "offered"
	SerialAdmit  = "admitted"
	MaxStaleness = 64
)

// CheckTM fills the tm: section's defaults (one ingress slot, one egress
// lane) and checks it on its own (names, ranges, what goes
// with what); the ports it names are checked against the top when the
// scoreboard binds it. Every error is an *Error naming the file and the
// line of the key at fault.
func (f *File) CheckTM() error {
	t := f.TM
	if t == nil {
		return &Error{Where: f.At(), What: "no tm: section: the scoreboard needs the transaction map of the traffic manager (docs/scoreboard.md)"}
	}
	if t.Ingress.Slots == 0 {
		t.Ingress.Slots = 1
	}
	if t.Egress.Lanes == 0 {
		t.Egress.Lanes = 1
	}
	c := tmChecker{f: f}
	s := t.Shape
	c.rng(s.Ports, 1, 32, "shape", "ports")
	c.rng(s.QueuesPerPort, 1, 8, "shape", "queues_per_port")
	c.rng(s.Buffer, 1, 65535, "shape", "buffer")
	c.rng(s.MaxPacket, 1, min(max(s.Buffer, 1), 4095), "shape", "max_packet")
	c.rng(s.LineRate, 0, 1024, "shape", "line_rate")
	c.rng(s.Wait, 0, 65535, "shape", "wait")
	c.rng(s.EgressCells, 0, 1<<20, "shape", "egress_cells")

	cf := t.Config
	if cf.Policy.Port == "" && cf.Policy.Fixed == "" {
		c.fail([]string{"config", "policy"}, "say which policies the design implements: {port: P, values: {dt: 0, occamy: 1}} or {fixed: occamy}")
	}
	c.choice(cf.Policy, PolicyNames, "config", "policy")
	c.choice(cf.FreeMode, FreeModeNames, "config", "free_mode")
	c.choice(cf.Sched, SchedNames, "config", "sched")
	c.choice(cf.Recheck, RecheckNames, "config", "recheck")
	c.need(cf.Alpha.Port, "config", "alpha", "port")
	c.rng(cf.Alpha.Width, 2, 8, "config", "alpha", "width")
	if cf.Quantum.Port != "" {
		c.rng(cf.Quantum.Width, 1, 32, "config", "quantum", "width")
	}
	if s.LineRate == 0 && cf.LineRate == "" {
		c.fail([]string{"shape", "line_rate"}, "give the design's fixed line rate (cycles per cell of a port), or config.line_rate, the input that takes it")
	}

	in := t.Ingress
	c.need(in.Valid, "ingress", "valid")
	c.need(in.Queue, "ingress", "queue")
	c.need(in.Cells, "ingress", "cells")
	c.rng(in.Slots, 1, 64, "ingress", "slots")
	c.rng(in.CellRate, 0, 64, "ingress", "cell_rate")
	if in.CellRate > 0 {
		c.rng(in.Backlog, s.MaxPacket, 1<<16, "ingress", "backlog")
	}
	c.rng(in.Start, 0, 1<<20, "ingress", "start")

	a := t.Admit
	switch {
	case a.OK != "" && a.Valid != "":
		c.fail([]string{"tm", "admit"}, "give either ok (a flag per slot in the offer's cycle) or valid with drop (a later event), not both")
	case a.OK == "" && a.Valid == "":
		c.fail([]string{"tm", "admit"}, "say how the design admits or refuses: ok (a flag per slot in the offer's cycle) or valid with drop (a later event)")
	case a.Valid != "":
		c.need(a.Drop, "admit", "drop")
		c.rng(a.Window, 1, 1<<16, "admit", "window")
	}
	c.rng(a.Latency, 0, MaxStaleness, "admit", "latency")
	if a.Latency != 0 && a.OK == "" {
		c.fail([]string{"tm", "admit", "latency"}, "latency needs ok (a flag per slot, latency cycles after the offer); an event says its own offer (window)")
	}
	c.rng(a.Settle, -a.Latency, MaxStaleness, "admit", "settle")
	switch {
	case a.Settle != 0 && a.OK == "":
		c.fail([]string{"tm", "admit", "settle"}, "settle needs ok (a flag per slot: the cycles from its answer until its cells show in observe.qlen and observe.free)")
	case a.Settle != 0 && t.Observe.Qlen == "" && t.Observe.Free == "":
		c.fail([]string{"tm", "admit", "settle"}, "settle needs observe.qlen or observe.free (the cycles until the admitted cells show in them)")
	}
	switch {
	case a.Earlier != "" && a.Earlier != "admitted" && a.Earlier != "offered":
		c.fail([]string{"tm", "admit", "earlier"}, fmt.Sprintf("earlier %q: give admitted (the default) or offered", a.Earlier))
	case a.Earlier == "offered" && a.OK == "":
		c.fail([]string{"tm", "admit", "earlier"}, "earlier: offered needs ok (a flag per slot in the offer's cycle)")
	}

	e := t.Egress
	c.need(e.Valid, "egress", "valid")
	c.need(e.Data, "egress", "data")
	c.rng(e.Lanes, 1, 64, "egress", "lanes")
	c.rng(e.Latency, 0, 1<<20, "egress", "latency")
	if e.LaneIsPort && e.Lanes != s.Ports {
		c.fail([]string{"egress", "lane_is_port"}, fmt.Sprintf("lane_is_port needs one lane per port: lanes=%d, shape.ports=%d", e.Lanes, s.Ports))
	}
	c.oneOf(e.Spacing, []string{"", AtLeast, Exact}, "egress", "spacing")
	if e.Queue == "" && e.Port == "" && !e.LaneIsPort {
		c.fail([]string{"egress"}, "say where a cell leaves: queue, port, or lane_is_port")
	}
	if h := t.HeadDrop; h != nil {
		c.need(h.Valid, "head_drop", "valid")
		c.need(h.Queue, "head_drop", "queue")
		c.need(h.Cells, "head_drop", "cells")
		c.rng(h.Unfreed, 0, MaxStaleness, "head_drop", "unfreed")
		if h.Unfreed > 0 && t.Observe.ThresholdFree != Unqueued {
			c.fail([]string{"head_drop", "unfreed"}, "unfreed needs observe.threshold_free: unqueued (the thresholds count the head drop's cells before they are free)")
		}
	}

	o := t.Observe
	c.oneOf(o.Sum, []string{"", Exact, AtMost}, "observe", "sum")
	c.oneOf(o.QlenCounts, []string{"", Exact, AtMost}, "observe", "qlen_counts")
	if o.Sum != "" && (o.Qlen == "" || o.Free == "") {
		c.fail([]string{"observe", "sum"}, "sum needs qlen and free")
	}
	c.oneOf(o.ThresholdFree, []string{"", "free", Unqueued}, "observe", "threshold_free")
	if o.ThresholdFree == Unqueued && o.Qlen == "" {
		c.fail([]string{"observe", "threshold_free"}, "threshold_free unqueued needs qlen")
	}
	if o.QlenCounts != "" && o.Qlen == "" {
		c.fail([]string{"observe", "qlen_counts"}, "qlen_counts needs qlen")
	}
	if o.Wait != "" && o.Free == "" {
		c.fail([]string{"observe", "wait"}, "wait needs free")
	}
	c.rng(o.Lag, 0, MaxStaleness, "observe", "lag")

	g := t.Tag
	c.rng(g.IndexBits, 1, 16, "tag", "index_bits")
	c.rng(g.SerialBits, 1, 32, "tag", "serial_bits")
	c.oneOf(g.Serial, []string{SerialOffer, SerialAdmit}, "tag", "serial")
	if g.Serial == SerialOffer && in.Serial == "" {
		c.fail([]string{"tag", "serial"}, "serial: offered needs ingress.serial, the input the stimulus writes it on")
	}
	if g.IndexBits > 0 && s.MaxPacket > 1<<uint(min(g.IndexBits, 16)) {
		c.fail([]string{"tag", "index_bits"}, fmt.Sprintf("%d index bits cannot number the %d cells of the largest packet", g.IndexBits, s.MaxPacket))
	}

	st := t.Staleness
	for _, w := range []struct {
		w    Window
		keys []string
	}{{st.Admit.Qlen, []string{"staleness", "admit", "qlen"}}, {st.Admit.Free, []string{"staleness", "admit", "free"}},
		{st.HeadDrop.Qlen, []string{"staleness", "head_drop", "qlen"}}, {st.HeadDrop.Free, []string{"staleness", "head_drop", "free"}},
		{st.Admit.Threshold, []string{"staleness", "admit", "threshold"}}, {st.HeadDrop.Threshold, []string{"staleness", "head_drop", "threshold"}},
		{st.Threshold, []string{"staleness", "threshold"}}} {
		if w.w.Set && (w.w.Lo < 0 || w.w.Hi < w.w.Lo || w.w.Hi > MaxStaleness) {
			c.fail(w.keys, fmt.Sprintf("window [%d, %d]: want 0 <= lo <= hi <= %d cycles", w.w.Lo, w.w.Hi, MaxStaleness))
		}
	}
	c.rng(t.Liveness.PortIdle, 0, 1<<24, "liveness", "port_idle")
	c.rng(t.Liveness.Drain, 0, 1<<24, "liveness", "drain")
	if tol := t.Outcome.Tolerance; tol < 0 || tol > 1 {
		c.fail([]string{"outcome", "tolerance"}, fmt.Sprintf("%g: want a fraction 0..1 of the offered packets", tol))
	}
	return c.err
}

// tmChecker keeps the first error.
type tmChecker struct {
	f   *File
	err error
}

func (c *tmChecker) fail(keys []string, what string) {
	if c.err != nil {
		return
	}
	if keys[0] != "tm" {
		keys = append([]string{"tm"}, keys...)
	}
	c.err = &Error{Where: c.f.Near(keys...), What: strings.Join(keys, ".") + ": " + what}
}

// Near is At of the key, or of its nearest parent that has a line (a key
// that is missing has none).
func (f *File) Near(keys ...string) string {
	for i := len(keys); i > 0; i-- {
		if w := f.At(keys[:i]...); strings.Contains(w, ":") {
			return w
		}
	}
	return f.At()
}

func (c *tmChecker) need(v string, keys ...string) {
	if v == "" {
		c.fail(keys, "missing: name the top's port")
	}
}

func (c *tmChecker) rng(v, lo, hi int, keys ...string) {
	if v < lo || v > hi {
		c.fail(keys, fmt.Sprintf("%d out of range, allowed %d..%d", v, lo, hi))
	}
}

func (c *tmChecker) oneOf(v string, allowed []string, keys ...string) {
	for _, a := range allowed {
		if v == a {
			return
		}
	}
	var show []string
	for _, a := range allowed {
		if a != "" {
			show = append(show, a)
		}
	}
	c.fail(keys, fmt.Sprintf("%q: want %s", v, strings.Join(show, " or ")))
}

// choice checks a Choice: values or fixed, from the names allowed.
func (c *tmChecker) choice(ch Choice, names []string, keys ...string) {
	if ch.Port == "" && len(ch.Values) > 0 {
		c.fail(keys, "values need the port that takes them")
	}
	if ch.Port != "" && ch.Fixed != "" {
		c.fail(keys, "give port and values, or fixed, not both")
	}
	if ch.Port != "" && len(ch.Values) == 0 {
		c.fail(keys, "port "+ch.Port+" needs values: the setting each value selects")
	}
	if ch.Fixed != "" {
		c.oneOf(ch.Fixed, names, append(keys, "fixed")...)
	}
	var ks []string
	for k := range ch.Values {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		c.oneOf(k, names, append(keys, "values")...)
	}
}

// Settings lists the settings a Choice implements: its values' names, or
// the fixed one; nil when the design has no such setting.
func (ch Choice) Settings() []string {
	if ch.Fixed != "" {
		return []string{ch.Fixed}
	}
	var s []string
	for k := range ch.Values {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}
