package registry

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

var freeListParams = binding[memports.FreeListParams]{
	def: memports.DefaultFreeListParams(), names: []string{"CELLS", "K", "LAT"},
	fields:   func(p *memports.FreeListParams) []*int { return []*int{&p.Cells, &p.K, &p.Lat} },
	validate: memports.FreeListParams.Validate,
}

var freeListCover = []Coverpoint{
	{Name: "pop_empty_bank", Desc: "a pop of an empty bank (refused)"},
	{Name: "pop_last_cell", Desc: "a pop of a bank's last cell"},
	{Name: "pop_app_same_bank", Desc: "a pop and an append on one bank in one cycle"},
	{Name: "app_chain", Desc: "an append of a chain of two or more cells"},
	{Name: "app_empty_bank", Desc: "an append to an empty bank"},
	{Name: "all_banks_pop", Desc: "every bank pops in one cycle"},
	{Name: "refilled_full", Desc: "every cell free again after some were taken"},
}

func init() {
	register(&Block{
		Name: "freelist", Module: memports.FreeListBlock, Doc: "docs/memblocks.md",
		Summary:     "free cell list in K banks over a link memory",
		Sources:     []string{"verilog/free_list.sv", "verilog/sram_mp.sv"},
		Params:      freeListParams.params(),
		Small:       map[string]int{"CELLS": 13, "K": 2, "LAT": 1},
		Coverpoints: freeListCover,
		Validate:    freeListParams.check,
		Ports: func(m map[string]int) []port.Port {
			p := freeListParams.decode(m)
			k, cw, fw := p.K, p.CW(), p.FW()
			return append(clockReset(),
				port.Input("pop_i", k), port.Output("pop_ok_o", k), port.Output("pop_cell_o", k*cw),
				port.Input("app_i", k), port.Input("app_head_i", k*cw), port.Input("app_tail_i", k*cw),
				port.Input("app_n_i", k*fw), port.Output("cnt_o", k*fw), port.Output("free_o", fw))
		},
		Elem: func(m map[string]int, name string) int {
			p := freeListParams.decode(m)
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
		Build: func(mp map[string]int, l *port.Layout, seed int64) (Sides, error) {
			m, err := memports.NewFreeList(freeListParams.decode(mp))
			if err != nil {
				return Sides{}, err
			}
			src, err := stimulus.FreeList(m, l, seed)
			if err != nil {
				return Sides{}, err
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
					hit(h, 0, pop && !ok)
					hit(h, 1, pop && ok && m.CntO[b] == 1)
					hit(h, 2, pop && ok && m.AppI[b])
					hit(h, 3, m.AppI[b] && m.AppNI[b] > 1)
					hit(h, 4, m.AppI[b] && m.CntO[b] == 0)
				}
				hit(h, 5, all)
				full := int(m.FreeO) == m.P.Cells
				hit(h, 6, full && taken)
				taken = !full
			}
			return memSides(m, l, stimulus.FreeListInputs(m), stimulus.FreeListOutputs(m), src, h, cover)
		},
	})
}
