package cpsublists

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

var cpSubListsParams = blocks.Binding[memports.CPSubListsParams]{Def: memports.DefaultCPSubListsParams(), Names: []string{"CELLS", "K", "LAT", "MAXN"},
	Fields:   func(p *memports.CPSubListsParams) []*int { return []*int{&p.Cells, &p.K, &p.Lat, &p.MaxN} },
	Validate: memports.CPSubListsParams.Validate,
}

var cpSubListsCover = []blocks.Coverpoint{
	{Name: "start_while_busy", Desc: "start_i held off while a chase is busy"},
	{Name: "single_cell", Desc: "a chase of a one-cell packet"},
	{Name: "max_len", Desc: "a chase of a MAXN-cell packet"},
	{Name: "uneven_sublists", Desc: "a chase whose cell count is not a multiple of K", NA: blocks.NAOne("K")},
	{Name: "back_to_back", Desc: "a chase started the cycle after the last one ended"},
	{Name: "partial_round", Desc: "a round of fewer than K cells", NA: blocks.NAOne("K")},
	{Name: "write_during_chase", Desc: "a link write while a chase is busy"},
}

func init() {
	blocks.Register(&blocks.Block{
		Name: "cpsublists", Module: memports.CPSubListsBlock, Doc: "docs/memblocks.md",
		Order:       80,
		Summary:     "cell-pointer chase over K parallel sub-lists of a link memory",
		Sources:     []string{"verilog/cp_sublists.sv", "verilog/sram_mp.sv"},
		Params:      cpSubListsParams.Params(),
		Small:       map[string]int{"CELLS": 10, "K": 2, "LAT": 1, "MAXN": 7},
		Coverpoints: cpSubListsCover,
		Props:       props,
		Checks: blocks.Checks{
			Mutants: mutants,
			Lint:    []string{"CELLS=1 K=1 LAT=1 MAXN=1", "CELLS=64 K=4 LAT=3 MAXN=20", "CELLS=3 K=8 LAT=16 MAXN=3", "CELLS=65536 K=8 LAT=2 MAXN=4095"},
			Loose:   []string{"K=0"},
			Testbench: []blocks.TBSet{
				{Params: "CELLS=16,K=1,LAT=1,MAXN=8"},
				{Params: "CELLS=16,K=2,LAT=1,MAXN=8"},
				{Params: "CELLS=16,K=2,LAT=2,MAXN=8"},
				{Params: "CELLS=64,K=4,LAT=3,MAXN=20"},
				{Params: "CELLS=40,K=8,LAT=2,MAXN=40"},
				{Params: "CELLS=1,K=1,LAT=1,MAXN=1", Cycles: 500},
				{Params: "CELLS=256,K=8,LAT=16,MAXN=64", Cycles: 1000},
			},
		},
		Contract: blocks.Contract{
			Validate: cpSubListsParams.Check,
			Ports: func(m map[string]int) []port.Port {
				p := cpSubListsParams.Decode(m)
				k, cw, nw := p.K, p.CW(), p.NW()
				return append(blocks.ClockReset(),
					port.Input("start_i", 1), port.Input("start_heads_i", k*cw), port.Input("start_n_i", nw),
					port.Output("start_ok_o", 1), port.Input("wr_en_i", k), port.Input("wr_addr_i", k*cw),
					port.Input("wr_data_i", k*cw), port.Output("out_valid_o", 1), port.Output("out_mask_o", k),
					port.Output("out_cell_o", k*cw), port.Output("out_idx_o", nw), port.Output("out_last_o", 1),
					port.Output("busy_o", 1))
			},
			Elem: func(m map[string]int, name string) int {
				p := cpSubListsParams.Decode(m)
				switch name {
				case "start_heads_i", "wr_addr_i", "wr_data_i", "out_cell_o":
					return p.CW()
				case "wr_en_i", "out_mask_o":
					return 1
				}
				return 0
			},
			Build: func(mp map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
				m, err := memports.NewCPSubLists(cpSubListsParams.Decode(mp))
				if err != nil {
					return blocks.Sides{}, err
				}
				src, err := newRandom(m, l, seed)
				if err != nil {
					return blocks.Sides{}, err
				}
				h := make([]uint64, len(cpSubListsCover))
				prevLast := false
				cover := func() {
					if !m.RstNI {
						prevLast = false
						return
					}
					start := m.StartI && m.StartOkO
					blocks.Hit(h, 0, m.StartI && !m.StartOkO)
					blocks.Hit(h, 1, start && m.StartNI == 1)
					blocks.Hit(h, 2, start && int(m.StartNI) == m.P.MaxN)
					blocks.Hit(h, 3, start && int(m.StartNI)%m.P.K != 0)
					blocks.Hit(h, 4, start && prevLast)
					if m.OutValidO {
						part := false
						for _, b := range m.OutMaskO {
							part = part || !b
						}
						blocks.Hit(h, 5, part)
					}
					wr := false
					for _, w := range m.WrEnI {
						wr = wr || w
					}
					blocks.Hit(h, 6, m.BusyO && wr)
					prevLast = m.OutLastO
				}
				return blocks.ModelSides(m, l, inputs(m), outputs(m), src, h, cover)
			},
		},
	})
}
