package pdlists

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// inputs are pd_lists's inputs on the model's fields.
func inputs(m *memports.PDLists) []stimulus.Wire {
	iw := m.P.IW()
	return []stimulus.Wire{{Name: "rst_ni", W: 1, Bool: &m.RstNI}, {Name: "link_i", W: 1, Bool: &m.LinkI},
		{Name: "link_qid_i", W: iw, U32: &m.LinkQidI}, {Name: "link_cells_i", W: m.P.LW, U32: &m.LinkCellsI},
		{Name: "link_data_i", W: m.P.DW, U32: &m.LinkDataI}, {Name: "rd_i", W: 1, Bool: &m.RdI},
		{Name: "rd_qid_i", W: iw, U32: &m.RdQidI}}
}

// outputs are pd_lists's outputs.
func outputs(m *memports.PDLists) []stimulus.Wire {
	iw, pw, kw := m.P.IW(), m.P.PW(), m.P.KW()
	return []stimulus.Wire{{Name: "link_ok_o", W: 1, Bool: &m.LinkOkO}, {Name: "link_pd_o", W: pw, U32: &m.LinkPdO},
		{Name: "rd_ok_o", W: 1, Bool: &m.RdOkO}, {Name: "rd_pd_o", W: pw, U32: &m.RdPdO},
		{Name: "unl_valid_o", W: 1, Bool: &m.UnlValidO}, {Name: "unl_qid_o", W: iw, U32: &m.UnlQidO},
		{Name: "unl_pd_o", W: pw, U32: &m.UnlPdO}, {Name: "unl_cells_o", W: m.P.LW, U32: &m.UnlCellsO},
		{Name: "unl_data_o", W: m.P.DW, U32: &m.UnlDataO}, {Name: "cnt_o", W: kw, U32s: m.CntO},
		{Name: "head_len_o", W: m.P.LW, U32s: m.HeadLenO}, {Name: "free_o", W: kw, U32: &m.FreeO}}
}

// pdListsPhases fill the PDs up, drain the queues, hammer one queue with
// links behind reads in flight, pile every PD on one queue, and ask for
// queues that do not exist.
var pdListsPhases = []struct {
	link, rd        int
	same, any, pile bool
}{
	{100, 0, false, false, false}, {70, 40, false, false, false}, {50, 100, true, false, false},
	{90, 90, true, false, false}, {20, 100, false, false, false}, {60, 60, false, true, false},
	{100, 0, false, false, true},
}

// newRandom is the random source of pd_lists. Phases of 16 cycles to twice P
// set the link and read rates and the queue choice (any queue, one hot
// queue three times in four, every link to one queue until it holds every
// PD, or any index the port carries, at or above N included). The lists' own outputs refuse what the contract forbids (no
// free PD, an empty queue, a read in flight), so every input is legal.
func newRandom(m *memports.PDLists, l *port.Layout, seed int64) (stimulus.Source, error) {
	enc, err := stimulus.NewBind(l, true, inputs(m)...)
	if err != nil {
		return nil, err
	}
	rng, rst := stimulus.NewRNG(seed), stimulus.NewResets(seed, 1000)
	p := m.P
	span := 1 << p.IW()
	ph, left, hot := pdListsPhases[0], 0, 0
	drive := func(c uint64) {
		if left--; left <= 0 {
			ph, left, hot = pdListsPhases[rng.Intn(len(pdListsPhases))], rng.Between(16, 2*p.P+16), rng.Intn(p.N)
		}
		m.RstNI = rst.RstN(c)
		queue := func() uint32 {
			switch {
			case ph.any:
				return uint32(rng.Intn(span))
			case ph.pile:
				return uint32(hot)
			case ph.same && rng.Intn(4) != 0:
				return uint32(hot)
			}
			return uint32(rng.Intn(p.N))
		}
		m.LinkI, m.LinkQidI = rng.Intn(100) < ph.link, queue()
		m.LinkCellsI, m.LinkDataI = uint32(rng.Intn(1<<p.LW)), uint32(rng.Uint64()&(1<<p.DW-1))
		m.RdI, m.RdQidI = rng.Intn(100) < ph.rd, queue()
	}
	return &stimulus.ModelSource{Drive: drive, Eval: m.Eval, Enc: enc}, nil
}
