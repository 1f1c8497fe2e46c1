package freelist

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

var freeListParams = blocks.Binding[memports.FreeListParams]{Def: memports.DefaultFreeListParams(), Names: []string{"CELLS", "K", "LAT"},
	Fields:   func(p *memports.FreeListParams) []*int { return []*int{&p.Cells, &p.K, &p.Lat} },
	Validate: memports.FreeListParams.Validate,
}

var freeListCover = []blocks.Coverpoint{
	{Name: "pop_empty_bank", Desc: "a pop of an empty bank (refused)"},
	{Name: "pop_last_cell", Desc: "a pop of a bank's last cell"},
	{Name: "pop_app_same_bank", Desc: "a pop and an append on one bank in one cycle"},
	{Name: "app_chain", Desc: "an append of a chain of two or more cells"},
	{Name: "app_empty_bank", Desc: "an append to an empty bank"},
	{Name: "all_banks_pop", Desc: "every bank pops in one cycle"},
	{Name: "refilled_full", Desc: "every cell free again after some were taken"},
}

func init() {
	blocks.Register(&blocks.Block{
		Name: "freelist", Module: memports.FreeListBlock, Doc: "docs/memblocks.md",
		Order:       60,
		Summary:     "free cell list in K banks over a link memory",
		Sources:     []string{"verilog/free_list.sv", "verilog/sram_mp.sv"},
		Params:      freeListParams.Params(),
		Small:       map[string]int{"CELLS": 13, "K": 2, "LAT": 1},
		Coverpoints: freeListCover,
		Props:       props,
		Checks: blocks.Checks{
			Mutants: mutants,
			Lint:    []string{"CELLS=1 K=1 LAT=1", "CELLS=64 K=4 LAT=2", "CELLS=13 K=8 LAT=16", "CELLS=65536 K=2 LAT=1"},
			Loose:   []string{"K=0"},
			Testbench: []blocks.TBSet{
				{Params: "CELLS=16,K=1,LAT=1"},
				{Params: "CELLS=16,K=2,LAT=1"},
				{Params: "CELLS=64,K=4,LAT=1"},
				{Params: "CELLS=64,K=4,LAT=3"},
				{Params: "CELLS=37,K=4,LAT=2"},
				{Params: "CELLS=13,K=8,LAT=1"},
				{Params: "CELLS=2,K=1,LAT=1", Cycles: 500},
			},
		},
		Contract: blocks.Contract{
			Validate: freeListParams.Check,
			Ports: func(m map[string]int) []port.Port {
				p := freeListParams.Decode(m)
				k, cw, fw := p.K, p.CW(), p.FW()
				return append(blocks.ClockReset(),
					port.Input("pop_i", k), port.Output("pop_ok_o", k), port.Output("pop_cell_o", k*cw),
					port.Input("app_i", k), port.Input("app_head_i", k*cw), port.Input("app_tail_i", k*cw),
					port.Input("app_n_i", k*fw), port.Output("cnt_o", k*fw), port.Output("free_o", fw))
			},
			Elem: func(m map[string]int, name string) int {
				p := freeListParams.Decode(m)
				switch name {
				case "pop_cell_o", "app_head_i", "app_tail_i":
					return p.CW()
				case "app_n_i", "cnt_o":
					return p.FW()
				case "pop_i", "pop_ok_o", "app_i":
					return 1
				}
				return 0
			},
			Build: func(mp map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
				m, err := memports.NewFreeList(freeListParams.Decode(mp))
				if err != nil {
					return blocks.Sides{}, err
				}
				src, err := newRandom(m, l, seed)
				if err != nil {
					return blocks.Sides{}, err
				}
				h := make([]uint64, len(freeListCover))
				taken := false
				cover := func() {
					if !m.RstNI {
						taken = false
						return
					}
					all := true
					for b := range m.PopI {
						pop, ok := m.PopI[b], m.PopOkO[b]
						all = all && pop && ok
						blocks.Hit(h, 0, pop && !ok)
						blocks.Hit(h, 1, pop && ok && m.CntO[b] == 1)
						blocks.Hit(h, 2, pop && ok && m.AppI[b])
						blocks.Hit(h, 3, m.AppI[b] && m.AppNI[b] > 1)
						blocks.Hit(h, 4, m.AppI[b] && m.CntO[b] == 0)
					}
					blocks.Hit(h, 5, all)
					full := int(m.FreeO) == m.P.Cells
					blocks.Hit(h, 6, full && taken)
					taken = !full
				}
				return blocks.ModelSides(m, l, inputs(m), outputs(m), src, h, cover)
			},
		},
	})
}
