package registry

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

var pdListsParams = binding[memports.PDListsParams]{
	def: memports.DefaultPDListsParams(), names: []string{"N", "P", "LAT", "LW", "DW"},
	fields:   func(p *memports.PDListsParams) []*int { return []*int{&p.N, &p.P, &p.Lat, &p.LW, &p.DW} },
	validate: memports.PDListsParams.Validate,
}

var pdListsCover = []Coverpoint{
	{Name: "link_no_pd", Desc: "a link refused: no free PD"},
	{Name: "rd_empty_queue", Desc: "a read of an empty queue (refused)"},
	{Name: "rd_in_flight", Desc: "a read refused because the queue's head read is in flight", NA: naOne("LAT")},
	{Name: "link_rd_same_queue", Desc: "a link and a read of one queue in one cycle"},
	{Name: "one_queue_all_pds", Desc: "one queue holds every PD"},
	{Name: "qid_out_of_range", Desc: "a link or read of an index at or above N (refused)", NA: naPow2Of("N")},
	{Name: "unlink_last", Desc: "an unlink that empties its queue"},
	{Name: "forward_link", Desc: "a link behind a PD whose read is in flight (forwarded)"},
}

func init() {
	register(&Block{
		Name: "pdlists", Module: memports.PDListsBlock, Doc: "docs/memblocks.md",
		Summary:     "per-queue PD linked lists with a free-PD FIFO over a PD memory",
		Sources:     []string{"verilog/pd_lists.sv", "verilog/sram_mp.sv"},
		Params:      pdListsParams.params(),
		Small:       map[string]int{"N": 3, "P": 7, "LAT": 1, "LW": 3, "DW": 5},
		Coverpoints: pdListsCover,
		Validate:    pdListsParams.check,
		Ports: func(m map[string]int) []port.Port {
			p := pdListsParams.decode(m)
			iw, pw, kw := p.IW(), p.PW(), p.KW()
			return append(clockReset(),
				port.Input("link_i", 1), port.Input("link_qid_i", iw), port.Input("link_cells_i", p.LW),
				port.Input("link_data_i", p.DW), port.Output("link_ok_o", 1), port.Output("link_pd_o", pw),
				port.Input("rd_i", 1), port.Input("rd_qid_i", iw), port.Output("rd_ok_o", 1),
				port.Output("rd_pd_o", pw), port.Output("unl_valid_o", 1), port.Output("unl_qid_o", iw),
				port.Output("unl_pd_o", pw), port.Output("unl_cells_o", p.LW), port.Output("unl_data_o", p.DW),
				port.Output("cnt_o", p.N*kw), port.Output("head_len_o", p.N*p.LW), port.Output("free_o", kw))
		},
		Elem: func(m map[string]int, name string) int {
			p := pdListsParams.decode(m)
			switch name {
			case "cnt_o":
				return p.KW()
			case "head_len_o":
				return p.LW
			}
			return 0
		},
		Build: func(mp map[string]int, l *port.Layout, seed int64) (Sides, error) {
			m, err := memports.NewPDLists(pdListsParams.decode(mp))
			if err != nil {
				return Sides{}, err
			}
			src, err := stimulus.PDLists(m, l, seed)
			if err != nil {
				return Sides{}, err
			}
			h := make([]uint64, len(pdListsCover))
			n := uint32(m.P.N)
			// inFlight[q] counts the cycles left of queue q's head read.
			inFlight := make([]int, m.P.N)
			cover := func() {
				if !m.RstNI {
					clear(inFlight)
					return
				}
				lq, rq := m.LinkQidI, m.RdQidI
				hit(h, 0, m.LinkI && lq < n && !m.LinkOkO)
				hit(h, 5, m.LinkI && lq >= n || m.RdI && rq >= n)
				if m.RdI && rq < n {
					hit(h, 1, m.CntO[rq] == 0)
					hit(h, 2, m.CntO[rq] > 0 && !m.RdOkO)
				}
				hit(h, 3, m.LinkI && m.LinkOkO && m.RdI && m.RdOkO && lq == rq)
				hit(h, 4, lq < n && int(m.CntO[lq]) == m.P.P || rq < n && int(m.CntO[rq]) == m.P.P)
				hit(h, 6, m.UnlValidO && m.CntO[m.UnlQidO] == 0)
				hit(h, 7, m.LinkI && m.LinkOkO && inFlight[lq] > 0 && m.CntO[lq] == 1)
				for q := range inFlight {
					if inFlight[q] > 0 {
						inFlight[q]--
					}
				}
				if m.RdI && m.RdOkO {
					inFlight[rq] = m.P.Lat
				}
			}
			return memSides(m, l, stimulus.PDListsInputs(m), stimulus.PDListsOutputs(m), src, h, cover)
		},
	})
}
