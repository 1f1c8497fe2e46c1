package pdlists

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

var pdListsParams = blocks.Binding[memports.PDListsParams]{Def: memports.DefaultPDListsParams(), Names: []string{"N", "P", "LAT", "LW", "DW"},
	Fields:   func(p *memports.PDListsParams) []*int { return []*int{&p.N, &p.P, &p.Lat, &p.LW, &p.DW} },
	Validate: memports.PDListsParams.Validate,
}

var pdListsCover = []blocks.Coverpoint{
	{Name: "link_no_pd", Desc: "a link refused: no free PD"},
	{Name: "rd_empty_queue", Desc: "a read of an empty queue (refused)"},
	{Name: "rd_in_flight", Desc: "a read refused because the queue's head read is in flight", NA: blocks.NAOne("LAT")},
	{Name: "link_rd_same_queue", Desc: "a link and a read of one queue in one cycle"},
	{Name: "one_queue_all_pds", Desc: "one queue holds every PD"},
	{Name: "qid_out_of_range", Desc: "a link or read of an index at or above N (refused)", NA: blocks.NAPow2Of("N")},
	{Name: "unlink_last", Desc: "an unlink that empties its queue"},
	{Name: "forward_link", Desc: "a link behind a PD whose read is in flight (forwarded)"},
}

func init() {
	blocks.Register(&blocks.Block{
		Name: "pdlists", Module: memports.PDListsBlock, Doc: "docs/memblocks.md",
		Order:       70,
		Summary:     "per-queue PD linked lists with a free-PD FIFO over a PD memory",
		Sources:     []string{"verilog/pd_lists.sv", "verilog/sram_mp.sv"},
		Params:      pdListsParams.Params(),
		Small:       map[string]int{"N": 3, "P": 7, "LAT": 1, "LW": 3, "DW": 5},
		Coverpoints: pdListsCover,
		Props:       props,
		Checks: blocks.Checks{
			Mutants: mutants,
			Lint:    []string{"N=1 P=1 LAT=1 LW=1 DW=1", "N=5 P=13 LAT=2 LW=6 DW=32", "N=64 P=4096 LAT=16 LW=16 DW=32"},
			Loose:   []string{"LW=0", "DW=0"},
			Testbench: []blocks.TBSet{
				{Params: "N=4,P=16,LAT=1"},
				{Params: "N=4,P=16,LAT=2"},
				{Params: "N=3,P=8,LAT=3"},
				{Params: "N=1,P=1,LAT=1,LW=1,DW=1", Cycles: 500},
				{Params: "N=5,P=13,LAT=2,LW=6,DW=32"},
				{Params: "N=16,P=64,LAT=4,LW=16,DW=20"},
			},
		},
		Contract: blocks.Contract{
			Validate: pdListsParams.Check,
			Ports: func(m map[string]int) []port.Port {
				p := pdListsParams.Decode(m)
				iw, pw, kw := p.IW(), p.PW(), p.KW()
				return append(blocks.ClockReset(),
					port.Input("link_i", 1), port.Input("link_qid_i", iw), port.Input("link_cells_i", p.LW),
					port.Input("link_data_i", p.DW), port.Output("link_ok_o", 1), port.Output("link_pd_o", pw),
					port.Input("rd_i", 1), port.Input("rd_qid_i", iw), port.Output("rd_ok_o", 1),
					port.Output("rd_pd_o", pw), port.Output("unl_valid_o", 1), port.Output("unl_qid_o", iw),
					port.Output("unl_pd_o", pw), port.Output("unl_cells_o", p.LW), port.Output("unl_data_o", p.DW),
					port.Output("cnt_o", p.N*kw), port.Output("head_len_o", p.N*p.LW), port.Output("free_o", kw))
			},
			Elem: func(m map[string]int, name string) int {
				p := pdListsParams.Decode(m)
				switch name {
				case "cnt_o":
					return p.KW()
				case "head_len_o":
					return p.LW
				}
				return 0
			},
			Build: func(mp map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
				m, err := memports.NewPDLists(pdListsParams.Decode(mp))
				if err != nil {
					return blocks.Sides{}, err
				}
				src, err := newRandom(m, l, seed)
				if err != nil {
					return blocks.Sides{}, err
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
					blocks.Hit(h, 0, m.LinkI && lq < n && !m.LinkOkO)
					blocks.Hit(h, 5, m.LinkI && lq >= n || m.RdI && rq >= n)
					if m.RdI && rq < n {
						blocks.Hit(h, 1, m.CntO[rq] == 0)
						blocks.Hit(h, 2, m.CntO[rq] > 0 && !m.RdOkO)
					}
					blocks.Hit(h, 3, m.LinkI && m.LinkOkO && m.RdI && m.RdOkO && lq == rq)
					blocks.Hit(h, 4, lq < n && int(m.CntO[lq]) == m.P.P || rq < n && int(m.CntO[rq]) == m.P.P)
					blocks.Hit(h, 6, m.UnlValidO && m.CntO[m.UnlQidO] == 0)
					blocks.Hit(h, 7, m.LinkI && m.LinkOkO && inFlight[lq] > 0 && m.CntO[lq] == 1)
					for q := range inFlight {
						if inFlight[q] > 0 {
							inFlight[q]--
						}
					}
					if m.RdI && m.RdOkO {
						inFlight[rq] = m.P.Lat
					}
				}
				return blocks.ModelSides(m, l, inputs(m), outputs(m), src, h, cover)
			},
		},
	})
}
