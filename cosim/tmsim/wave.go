package tmsim

import (
	"fmt"
	"os"
	"strings"

	"occamy/hw/tm"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/vcd"
	"occamy/testbench/scenario"
)

// The Verilated model's scopes: Verilator's TOP holds the ports (again)
// and the design instance.
const (
	rtlClock = "TOP.clk_i"
	rtlTop   = "TOP.occamy_tm."
)

// wave writes a run's waveform under the Go trace's names. Verilator traces
// occamy_tm (every signal of the design) to a temporary file beside the
// destination; Close reads it back one rising edge at a time (vcd.Sampler)
// and writes the destination with rtl/vcd's Tracer, the writer of the Go
// trace: top scope occamy with clk; scope tm with every signal hw/tm traces
// (tm.TM Signals and Scopes) that occamy_tm has at the same path (or under
// the name waveAlias gives), with its RTL width; scope view
// with qlen_NN, thr_cN and excess_NN from qlen_q and thr_o as the Go view
// computes them. The reset cycles are left out,
// so the file's cycle c is the scenario's cycle c, as in the Go trace.
type wave struct {
	m         *rtlModel
	path, raw string
}

func startWave(m *rtlModel, path string) (*wave, error) {
	raw := path + ".verilator.tmp"
	if err := m.o.Model.Trace(raw); err != nil {
		return nil, &scenario.InputError{Err: fmt.Errorf("--vcd: %v", err)}
	}
	return &wave{m: m, path: path, raw: raw}, nil
}

func (w *wave) sample() error { return nil }

func (w *wave) close() error {
	err := w.m.o.Model.Trace("")
	if err == nil {
		_, err = convertWave(w.raw, w.path, w.m.cfg)
	}
	os.Remove(w.raw)
	if err != nil {
		return &vcd.WriteError{Err: err}
	}
	return nil
}

// waveAlias maps a Go trace signal to the occamy_tm signal of another
// name that carries the same wire: the top's packed threshold and
// selector bitmap, the scheduler's port pointer, and each memory's port
// use in its cycle, which occamy_tm counts in pd_rd_use .. cd_wr_use (its
// ports pd_rd_o .. cd_wr_o, which occamy cosim --block tm compares, are
// those registered: a cycle later).
var waveAlias = map[string]string{
	"thr_o": "thr_q", "over_o": "over", "u_sched.port_ptr_q": "u_sched.ptr_q",
	"u_pd_mem.rd_use": "pd_rd_use", "u_pd_mem.wr_use": "pd_wr_use",
	"u_cp_mem.rd_use": "cp_rd_use", "u_cp_mem.wr_use": "cp_wr_use",
	"u_cd_mem.rd_use": "cd_rd_use", "u_cd_mem.wr_use": "cd_wr_use",
}

// WaveMissing lists the signals of the Go trace of c that occamy_tm has not
// at the same path, so the RTL's waveform leaves them out.
func WaveMissing(raw string, c tm.Config) ([]string, error) {
	f, err := os.Open(raw)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rd, err := vcd.NewReader(f)
	if err != nil {
		return nil, err
	}
	_, missing := planWave(rd.Header(), c)
	return missing, nil
}

// waveSig is one signal of the rewritten waveform: its Go scope and name,
// the RTL var it copies (its full path) and width.
type waveSig struct {
	scope, name, from string
	width             int
}

// planWave pairs the Go trace's signals with the RTL's vars; missing are
// the Go trace's signals it leaves out (absent from occamy_tm at the same
// path and under waveAlias's name).
func planWave(h *vcd.Header, c tm.Config) (sigs []waveSig, missing []string) {
	rtlVars := map[string]int{}
	for _, v := range h.Vars {
		if p := v.Path(); strings.HasPrefix(p, rtlTop) {
			rtlVars[strings.TrimPrefix(p, rtlTop)] = v.Width
		}
	}
	m, err := tm.New(c)
	if err != nil {
		return nil, []string{"tm: " + err.Error()}
	}
	add := func(scope, rel string, gs []rtl.Signal) {
		for _, s := range gs {
			p := s.Name
			if rel != "" {
				p = rel + "." + s.Name
			}
			from := p
			if a, ok := waveAlias[p]; ok {
				from = a
			}
			w, ok := rtlVars[from]
			if !ok {
				missing = append(missing, strings.TrimPrefix(scope+"."+s.Name, "."))
				continue
			}
			sigs = append(sigs, waveSig{scope: scope, name: s.Name, from: rtlTop + from, width: w})
		}
	}
	add("tm", "", m.Signals())
	for _, sc := range m.Scopes() {
		add("tm."+sc.Name, sc.Name, sc.Signals)
	}
	return sigs, missing
}

// convertWave rewrites Verilator's trace raw as described at wave and
// returns the Go trace's signals it could not find.
func convertWave(raw, path string, c tm.Config) ([]string, error) {
	f, err := os.Open(raw)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rd, err := vcd.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("the Verilator trace: %w", err)
	}
	sigs, missing := planWave(rd.Header(), c)
	names := make([]string, len(sigs))
	for i, s := range sigs {
		names[i] = s.from
	}
	smp, err := vcd.NewSampler(rd, vcd.SamplerOptions{Clock: rtlClock, Signals: names})
	if err != nil {
		return nil, fmt.Errorf("the Verilator trace: %w", err)
	}
	byScope := map[string][]rtl.Signal{}
	var order []string
	idx := map[string]int{}
	for i, s := range sigs {
		i := i
		if _, ok := byScope[s.scope]; !ok {
			order = append(order, s.scope)
		}
		byScope[s.scope] = append(byScope[s.scope], rtl.Signal{Name: s.name, Width: s.width,
			Read: func(dst []uint64) { copy(dst, smp.Value(i).Val) }})
		idx[s.scope+"."+s.name] = i
	}
	var scopes []rtl.Scope
	for _, sc := range order {
		scopes = append(scopes, rtl.Scope{Name: sc, Signals: byScope[sc]})
	}
	scopes = append(scopes, viewScope(c, smp, idx))
	t, err := vcd.CreateTracer(path, vcd.TracerOptions{})
	if err != nil {
		return nil, err
	}
	if err := t.Declare(scopes); err != nil {
		t.Close()
		return nil, err
	}
	for smp.Next() {
		k := uint64(smp.Count() - 1)
		if k < resetCycles {
			continue
		}
		if err := t.Sample(k - resetCycles); err != nil {
			t.Close()
			return nil, err
		}
	}
	if err := smp.Err(); err != nil {
		t.Close()
		return nil, fmt.Errorf("the Verilator trace: %w", err)
	}
	return missing, t.Close()
}

// viewScope is the Go view's signals, unpacked from the sampled qlen_q and
// thr_o (absent ones are left out).
func viewScope(c tm.Config, smp *vcd.Sampler, idx map[string]int) rtl.Scope {
	v := rtl.Scope{Name: scenario.ViewScope}
	field := func(name string, n int, label func(int) string) {
		i, ok := idx[name]
		if !ok {
			return
		}
		for k := 0; k < n; k++ {
			k := k
			v.Signals = append(v.Signals, rtl.Scalar(label(k), c.QW, func() uint64 {
				return pack.Get64(smp.Value(i).Val, k, c.QW)
			}))
		}
	}
	field("tm.qlen_q", c.N(), scenario.QlenViewName)
	field("tm.thr_o", c.Q, scenario.ThrViewName)
	qi, okq := idx["tm.qlen_q"]
	ti, okt := idx["tm.thr_o"]
	if okq && okt {
		for k := 0; k < c.N(); k++ {
			k := k
			v.Signals = append(v.Signals, rtl.Scalar(scenario.ExcessViewName(k), scenario.ExcessWidth(c.QW), func() uint64 {
				return scenario.Excess(pack.Get64(smp.Value(qi).Val, k, c.QW), pack.Get64(smp.Value(ti).Val, k%c.Q, c.QW), c.QW)
			}))
		}
	}
	return v
}
