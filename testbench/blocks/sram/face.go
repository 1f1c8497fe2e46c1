package sram

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

var sramParams = blocks.Binding[memports.SRAMParams]{Def: memports.DefaultSRAMParams(), Names: []string{"DEPTH", "WIDTH", "RP", "WP", "LAT"},
	Fields:   func(p *memports.SRAMParams) []*int { return []*int{&p.Depth, &p.Width, &p.RP, &p.WP, &p.Lat} },
	Validate: memports.SRAMParams.Validate,
}

var sramCover = []blocks.Coverpoint{
	{Name: "rd_wr_same_addr", Desc: "a read and a write of one word in the same cycle (the read returns the old word)"},
	{Name: "rd_after_wr", Desc: "a read of a word written the cycle before"},
	{Name: "all_rd_ports", Desc: "every read port reads in one cycle"},
	{Name: "all_wr_ports", Desc: "every write port writes in one cycle"},
	{Name: "last_word", Desc: "a read of word DEPTH-1"},
	{Name: "reset_in_flight", Desc: "reset with a read in the latency pipeline", NA: blocks.NAOne("LAT")},
}

func init() {
	blocks.Register(&blocks.Block{
		Name: "sram", Module: memports.SRAMBlock, Doc: "docs/memblocks.md",
		Order:       50,
		Summary:     "multi-port SRAM: RP read ports of latency LAT, WP write ports",
		Sources:     []string{"verilog/sram_mp.sv"},
		Params:      sramParams.Params(),
		Small:       map[string]int{"DEPTH": 5, "WIDTH": 3, "RP": 1, "WP": 3, "LAT": 1},
		Coverpoints: sramCover,
		Props:       props,
		Checks: blocks.Checks{
			Mutants: mutants,
			Lint:    []string{"DEPTH=1 WIDTH=1 RP=1 WP=1 LAT=1", "DEPTH=16 WIDTH=8 RP=2 WP=2 LAT=2", "DEPTH=13 WIDTH=64 RP=3 WP=4 LAT=16 INIT_STRIDE=4", "DEPTH=64 WIDTH=6 RP=64 WP=64 LAT=3 INIT_STRIDE=64"},
			Loose:   []string{"WIDTH=0", "RP=0"},
			Rejects: []blocks.Reject{{Params: "DEPTH=16 INIT_STRIDE=17", Msg: "sram_mp: parameter INIT_STRIDE=17 out of range, allowed 0..16 (DEPTH)"}},
			Testbench: []blocks.TBSet{
				{Params: "DEPTH=16,WIDTH=8,RP=2,WP=2,LAT=1"},
				{Params: "DEPTH=16,WIDTH=8,RP=2,WP=2,LAT=2"},
				{Params: "DEPTH=1,WIDTH=1,RP=1,WP=1,LAT=1", Cycles: 500},
				{Params: "DEPTH=13,WIDTH=64,RP=3,WP=4,LAT=4"},
				{Params: "DEPTH=64,WIDTH=20,RP=1,WP=3,LAT=16", Cycles: 1000},
			},
		},
		Contract: blocks.Contract{
			Validate: sramParams.Check,
			Ports: func(m map[string]int) []port.Port {
				p := sramParams.Decode(m)
				return append(blocks.ClockReset(),
					port.Input("rd_en_i", p.RP), port.Input("rd_addr_i", p.RP*p.AW()),
					port.Output("rd_valid_o", p.RP), port.Output("rd_data_o", p.RP*p.Width),
					port.Input("wr_en_i", p.WP), port.Input("wr_addr_i", p.WP*p.AW()),
					port.Input("wr_data_i", p.WP*p.Width))
			},
			Elem: func(m map[string]int, name string) int {
				p := sramParams.Decode(m)
				switch name {
				case "rd_addr_i", "wr_addr_i":
					return p.AW()
				case "rd_data_o", "wr_data_i":
					return p.Width
				case "rd_en_i", "wr_en_i", "rd_valid_o":
					return 1
				}
				return 0
			},
			Build: func(mp map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
				m, err := memports.NewSRAM(sramParams.Decode(mp))
				if err != nil {
					return blocks.Sides{}, err
				}
				src, err := newRandom(m, l, seed)
				if err != nil {
					return blocks.Sides{}, err
				}
				h := make([]uint64, len(sramCover))
				prevWr := make([]uint32, 0, m.P.WP)
				prevRd := false
				cover := func() {
					if !m.RstNI {
						blocks.Hit(h, 5, prevRd && m.P.Lat > 1)
						prevWr, prevRd = prevWr[:0], false
						return
					}
					same, after, allR, allW, last, anyR := false, false, true, true, false, false
					for i, en := range m.RdEnI {
						allR = allR && en
						if !en {
							continue
						}
						anyR = true
						a := m.RdAddrI[i]
						last = last || int(a) == m.P.Depth-1
						for j, w := range m.WrEnI {
							same = same || w && m.WrAddrI[j] == a
						}
						for _, w := range prevWr {
							after = after || w == a
						}
					}
					prevWr = prevWr[:0]
					for j, w := range m.WrEnI {
						allW = allW && w
						if w {
							prevWr = append(prevWr, m.WrAddrI[j])
						}
					}
					prevRd = anyR
					blocks.Hit(h, 0, same)
					blocks.Hit(h, 1, after)
					blocks.Hit(h, 2, allR)
					blocks.Hit(h, 3, allW)
					blocks.Hit(h, 4, last)
				}
				return blocks.ModelSides(m, l, inputs(m), outputs(m), src, h, cover)
			},
		},
	})
}
