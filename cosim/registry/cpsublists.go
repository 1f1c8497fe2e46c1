package registry

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

var cpSubListsParams = binding[memports.CPSubListsParams]{
	def: memports.DefaultCPSubListsParams(), names: []string{"CELLS", "K", "LAT", "MAXN"},
	fields:   func(p *memports.CPSubListsParams) []*int { return []*int{&p.Cells, &p.K, &p.Lat, &p.MaxN} },
	validate: memports.CPSubListsParams.Validate,
}

var cpSubListsCover = []Coverpoint{
	{Name: "start_while_busy", Desc: "start_i held off while a chase is busy"},
	{Name: "single_cell", Desc: "a chase of a one-cell packet"},
	{Name: "max_len", Desc: "a chase of a MAXN-cell packet"},
	{Name: "uneven_sublists", Desc: "a chase whose cell count is not a multiple of K", NA: naOne("K")},
	{Name: "back_to_back", Desc: "a chase started the cycle after the last one ended"},
	{Name: "partial_round", Desc: "a round of fewer than K cells", NA: naOne("K")},
	{Name: "write_during_chase", Desc: "a link write while a chase is busy"},
}

func init() {
	register(&Block{
		Name: "cpsublists", Module: memports.CPSubListsBlock, Doc: "docs/memblocks.md",
		Summary:     "cell-pointer chase over K parallel sub-lists of a link memory",
		Sources:     []string{"verilog/cp_sublists.sv", "verilog/sram_mp.sv"},
		Params:      cpSubListsParams.params(),
		Small:       map[string]int{"CELLS": 10, "K": 2, "LAT": 1, "MAXN": 7},
		Coverpoints: cpSubListsCover,
		Validate:    cpSubListsParams.check,
		Ports: func(m map[string]int) []port.Port {
			p := cpSubListsParams.decode(m)
			k, cw, nw := p.K, p.CW(), p.NW()
			return append(clockReset(),
				port.Input("start_i", 1), port.Input("start_heads_i", k*cw), port.Input("start_n_i", nw),
				port.Output("start_ok_o", 1), port.Input("wr_en_i", k), port.Input("wr_addr_i", k*cw),
				port.Input("wr_data_i", k*cw), port.Output("out_valid_o", 1), port.Output("out_mask_o", k),
				port.Output("out_cell_o", k*cw), port.Output("out_idx_o", nw), port.Output("out_last_o", 1),
				port.Output("busy_o", 1))
		},
		Elem: func(m map[string]int, name string) int {
			p := cpSubListsParams.decode(m)
			switch name {
			case "start_heads_i", "wr_addr_i", "wr_data_i", "out_cell_o":
				return p.CW()
			case "wr_en_i", "out_mask_o":
				return 1
			}
			return 0
		},
		Build: func(mp map[string]int, l *port.Layout, seed int64) (Sides, error) {
			m, err := memports.NewCPSubLists(cpSubListsParams.decode(mp))
			if err != nil {
				return Sides{}, err
			}
			src, err := stimulus.CPSubLists(m, l, seed)
			if err != nil {
				return Sides{}, err
			}
			h := make([]uint64, len(cpSubListsCover))
			prevLast := false
			cover := func() {
				if !m.RstNI {
					prevLast = false
					return
				}
				start := m.StartI && m.StartOkO
				hit(h, 0, m.StartI && !m.StartOkO)
				hit(h, 1, start && m.StartNI == 1)
				hit(h, 2, start && int(m.StartNI) == m.P.MaxN)
				hit(h, 3, start && int(m.StartNI)%m.P.K != 0)
				hit(h, 4, start && prevLast)
				if m.OutValidO {
					part := false
					for _, b := range m.OutMaskO {
						part = part || !b
					}
					hit(h, 5, part)
				}
				wr := false
				for _, w := range m.WrEnI {
					wr = wr || w
				}
				hit(h, 6, m.BusyO && wr)
				prevLast = m.OutLastO
			}
			return memSides(m, l, stimulus.CPSubListsInputs(m), stimulus.CPSubListsOutputs(m), src, h, cover)
		},
	})
}
