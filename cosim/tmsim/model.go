package tmsim

import (
	"context"
	"fmt"
	tmface "occamy/testbench/blocks/tm"

	"occamy/cosim/runner"
	"occamy/hw/tm"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/scenario"
	"occamy/testbench/stimulus"
)

// resetCycles is how long rst_ni is held low before the scenario's cycle 0
// (occamy_tm's configuration is taken from the cfg_* inputs in reset).
const resetCycles = 2

// rtlModel is the Verilated occamy_tm as a scenario.Model: scenario cycle c
// is the model's cycle resetCycles+c. Offers fill the IN ingress slots in
// offer order; the rest of a cycle's offers are ingress drops.
type rtlModel struct {
	o     *runner.Opened // the Verilated model; nil on Icarus
	l     *port.Layout   // the contract layout
	ah    *ahead         // the run ahead (ahead.go); nil: one cycle per call
	cfg   tm.Config
	sh    tmface.Shape
	d     *deriver
	in    []uint32
	out   []uint32
	tmpl  []uint32 // cfg_* inputs, rst_ni released, no slot valid
	rst   stimulus.Field
	slots *tmface.Slots
	outs  Outputs
	post  []uint32 // qlen_o's words after the edge
	qlenI int      // qlen_o's index in the contract layout
	span  map[string][2]int
	err   error
	wave  *wave // the waveform being written, or nil
	done  bool
}

// openRTL opens the built occamy_tm for r and runs its reset; with vcd
// set, the model is traced to it (see wave) one cycle per call, else the
// run's sources are run ahead in chunks (ahead.go).
func openRTL(b *runner.Built, r scenario.RunSpec, vcd string) (*rtlModel, error) {
	o, err := b.Open()
	if err != nil {
		return nil, err
	}
	c := r.Config
	m := &rtlModel{o: o, l: b.Layout, cfg: c, sh: tmface.NewShape(c, b.Params["SW"])}
	if err := m.init(); err != nil {
		o.Close()
		return nil, err
	}
	if vcd != "" {
		if m.wave, err = startWave(m, vcd); err != nil {
			o.Close()
			return nil, err
		}
	} else if r.Stops {
		// A stop may end the run early and its drain offers nothing: a
		// chunk run ahead would have run the sources' offers past it
		// (burst-absorption's search stops at the first drop). One cycle
		// per call, as a traced run.
	} else if err := m.startAhead(r); err != nil {
		o.Close()
		return nil, err
	}
	for k := 0; k < resetCycles; k++ {
		copy(m.in, m.tmpl)
		m.rst.PutBool(m.in, false)
		if err := o.Cycle(m.in, m.out); err != nil {
			m.Close()
			return nil, err
		}
	}
	copy(m.in, m.tmpl)
	return m, nil
}

func (m *rtlModel) init() error {
	l := m.l
	v, err := tmface.NewCfg(m.cfg)
	if err != nil {
		return err
	}
	b, err := stimulus.NewBind(l, true, v.Wires()...)
	if err != nil {
		return err
	}
	if m.rst, err = stimulus.FieldOf(l, "rst_ni"); err != nil {
		return err
	}
	if m.slots, err = tmface.NewSlots(l, m.sh); err != nil {
		return err
	}
	m.in, m.out, m.tmpl = make([]uint32, l.InWords), make([]uint32, l.OutWords), make([]uint32, l.InWords)
	b.Encode(m.tmpl)
	m.rst.PutBool(m.tmpl, true)
	m.span = map[string][2]int{}
	for i, p := range l.Outputs {
		m.span[p.Name] = [2]int{l.OutOff[i], l.OutOff[i] + p.Words()}
	}
	for _, name := range []string{"in_ok_o", "eg_valid_o", "eg_qid_o", "eg_tag_o", "hd_valid_o", "hd_qid_o", "hd_cells_o", "qlen_o", "free_o"} {
		if _, ok := m.span[name]; !ok {
			return fmt.Errorf("tmsim: the built occamy_tm has no output %s", name)
		}
	}
	m.qlenI = l.Output("qlen_o")
	m.post = make([]uint32, l.Outputs[m.qlenI].Words())
	n, in := m.cfg.N(), m.sh.IN
	m.outs = Outputs{InQ: make([]int, in), InCells: make([]int, in), InOK: make([]bool, in),
		EgQid: make([]int, m.cfg.P), EgTag: make([]uint64, m.cfg.P), Qlen: make([]uint32, n), QlenPost: make([]uint32, n)}
	m.d = newDeriver(m.cfg, m.sh)
	return nil
}

// Offer implements scenario.Model.
func (m *rtlModel) Offer(a tm.Arrival) {
	if a.Queue < 0 || a.Queue >= m.cfg.N() || a.Cells < 1 || a.Cells > m.cfg.MaxPkt {
		if m.err == nil {
			m.err = fmt.Errorf("tmsim: cycle %d: an offer to queue %d of %d cells is outside queues 0..%d, 1..%d cells (MaxPkt)",
				m.d.cycle, a.Queue, a.Cells, m.cfg.N()-1, m.cfg.MaxPkt)
		}
		return
	}
	o := &m.outs
	if o.NIn == m.sh.IN {
		m.d.ingressDrop(a.Queue, a.Cells)
		return
	}
	m.slots.Put(m.in, o.NIn, a.Queue, a.Cells)
	o.InQ[o.NIn], o.InCells[o.NIn] = a.Queue, a.Cells
	o.NIn++
}

// Step implements scenario.Model: one cycle of the Verilated model, then
// the counters derived from its outputs.
func (m *rtlModel) Step() error {
	if m.err != nil {
		return m.err
	}
	if err := m.cycle(); err != nil {
		m.err = err
		return err
	}
	m.decode()
	if m.wave != nil {
		if err := m.wave.sample(); err != nil {
			m.err = err
			return err
		}
	}
	if err := m.d.step(&m.outs); err != nil {
		m.err = err
		return err
	}
	copy(m.in, m.tmpl)
	m.outs.NIn = 0
	return nil
}

// cycle runs (Verilator, one cycle per call) or replays (a Verilator
// chunk, or Icarus's whole run) one cycle into m.out and m.post.
func (m *rtlModel) cycle() error {
	if m.o == nil {
		return m.replay("Icarus")
	}
	if a := m.ah; a != nil && (a.row < a.n || a.err != nil || m.fill()) {
		return m.replay("Verilator")
	}
	if err := m.o.Cycle(m.in, m.out); err != nil {
		return err
	}
	return m.o.Output(m.qlenI, m.post)
}

func (m *rtlModel) words(name string) []uint32 {
	s := m.span[name]
	return m.out[s[0]:s[1]]
}

// decode unpacks the cycle's outputs into m.outs.
func (m *rtlModel) decode() {
	o, sh := &m.outs, m.sh
	ok := m.words("in_ok_o")
	for i := range o.InOK { // every slot: the deriver reads those it answers (driven tm.AdmitLag cycles before)
		o.InOK[i] = ok[i>>5]>>uint(i&31)&1 != 0
	}
	o.EgValid = pack.Uint64(m.words("eg_valid_o"))
	q, t := m.words("eg_qid_o"), m.words("eg_tag_o")
	for p := range o.EgQid {
		o.EgQid[p], o.EgTag[p] = int(pack.Get(q, p, sh.IW)), pack.GetWide(t, p, sh.TagW())
	}
	o.HDValid = m.words("hd_valid_o")[0]&1 != 0
	o.HDQid, o.HDCells = int(pack.Uint64(m.words("hd_qid_o"))), int(pack.Uint64(m.words("hd_cells_o")))
	pack.Unpack(o.Qlen, m.words("qlen_o"), sh.N, m.cfg.QW)
	pack.Unpack(o.QlenPost, m.post, sh.N, m.cfg.QW)
	o.Free = int(pack.Uint64(m.words("free_o")))
}

// Stats implements scenario.Model.
func (m *rtlModel) Stats() *tm.Stats { return m.d.stats() }

// Qlen implements scenario.Model: qlen_o after the last cycle's edge.
func (m *rtlModel) Qlen() []uint32 { return m.d.qlen }

// Close implements scenario.Model: it ends the waveform (written whole
// cycles only) and frees the model.
func (m *rtlModel) Close() error {
	if m.done {
		return nil
	}
	m.done = true
	var err error
	if m.wave != nil {
		err = m.wave.close()
	}
	if m.o != nil {
		if cerr := m.o.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// openIcarus runs r's whole run (reset, r.Cycles cycles of its sources,
// tm.AdmitLag idle cycles of the scenario's drain, one idle cycle to read
// the last qlen_o after its edge) on Icarus ahead,
// and returns a model that replays its outputs one Step at a time.
func openIcarus(ctx context.Context, r scenario.RunSpec, opt Options) (*rtlModel, error) {
	params := Params(r.Config)
	l, full, err := layoutFor(params)
	if err != nil {
		return nil, err
	}
	ins, err := stimulusFor(r.Config, r.Sources, r.Seed, r.Cycles, full, l, tm.AdmitLag+1)
	if err != nil {
		return nil, err
	}
	n := len(ins) / l.InWords
	rows, err := runner.RunIcarusInputs(ctx, runner.Options{Block: "tm", Params: params, VerilogDir: opt.VerilogDir, Steps: opt.Steps,
		RTL: opt.RTL, Top: opt.Top}, ins, n, resetCycles)
	if err != nil {
		return nil, err
	}
	m := &rtlModel{l: l, cfg: r.Config, sh: tmface.NewShape(r.Config, full["SW"])}
	if err := m.init(); err != nil {
		return nil, err
	}
	// The last row (the idle cycle) only gives the last cycle's qlen_o
	// after its edge.
	m.ah = &ahead{ins: ins, rows: rows, row: resetCycles, n: len(rows)/l.OutWords - 1}
	copy(m.in, m.tmpl)
	return m, nil
}
