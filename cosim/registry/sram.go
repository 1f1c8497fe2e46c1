package registry

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

var sramParams = binding[memports.SRAMParams]{
	def: memports.DefaultSRAMParams(), names: []string{"DEPTH", "WIDTH", "RP", "WP", "LAT"},
	fields:   func(p *memports.SRAMParams) []*int { return []*int{&p.Depth, &p.Width, &p.RP, &p.WP, &p.Lat} },
	validate: memports.SRAMParams.Validate,
}

var sramCover = []Coverpoint{
	{Name: "rd_wr_same_addr", Desc: "a read and a write of one word in the same cycle (the read returns the old word)"},
	{Name: "rd_after_wr", Desc: "a read of a word written the cycle before"},
	{Name: "all_rd_ports", Desc: "every read port reads in one cycle"},
	{Name: "all_wr_ports", Desc: "every write port writes in one cycle"},
	{Name: "last_word", Desc: "a read of word DEPTH-1"},
	{Name: "reset_in_flight", Desc: "reset with a read in the latency pipeline", NA: naOne("LAT")},
}

func init() {
	register(&Block{
		Name: "sram", Module: memports.SRAMBlock, Doc: "docs/memblocks.md",
		Summary:     "multi-port SRAM: RP read ports of latency LAT, WP write ports",
		Sources:     []string{"verilog/sram_mp.sv"},
		Params:      sramParams.params(),
		Small:       map[string]int{"DEPTH": 5, "WIDTH": 3, "RP": 1, "WP": 3, "LAT": 1},
		Coverpoints: sramCover,
		Validate:    sramParams.check,
		Ports: func(m map[string]int) []port.Port {
			p := sramParams.decode(m)
			return append(clockReset(),
				port.Input("rd_en_i", p.RP), port.Input("rd_addr_i", p.RP*p.AW()),
				port.Output("rd_valid_o", p.RP), port.Output("rd_data_o", p.RP*p.Width),
				port.Input("wr_en_i", p.WP), port.Input("wr_addr_i", p.WP*p.AW()),
				port.Input("wr_data_i", p.WP*p.Width))
		},
		Elem: func(m map[string]int, name string) int {
			p := sramParams.decode(m)
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
		Build: func(mp map[string]int, l *port.Layout, seed int64) (Sides, error) {
			m, err := memports.NewSRAM(sramParams.decode(mp))
			if err != nil {
				return Sides{}, err
			}
			src, err := stimulus.SRAM(m, l, seed)
			if err != nil {
				return Sides{}, err
			}
			h := make([]uint64, len(sramCover))
			prevWr := make([]uint32, 0, m.P.WP)
			prevRd := false
			cover := func() {
				if !m.RstNI {
					hit(h, 5, prevRd && m.P.Lat > 1)
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
				hit(h, 0, same)
				hit(h, 1, after)
				hit(h, 2, allR)
				hit(h, 3, allW)
				hit(h, 4, last)
			}
			return memSides(m, l, stimulus.SRAMInputs(m), stimulus.SRAMOutputs(m), src, h, cover)
		},
	})
}
