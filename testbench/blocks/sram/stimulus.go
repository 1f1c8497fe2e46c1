package sram

import (
	"occamy/hw/memports"
	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// inputs and SRAMOutputs are sram_mp's ports on the model's fields.
func inputs(m *memports.SRAM) []stimulus.Wire {
	aw := m.P.AW()
	return []stimulus.Wire{{Name: "rst_ni", W: 1, Bool: &m.RstNI}, {Name: "rd_en_i", W: 1, Bools: m.RdEnI},
		{Name: "rd_addr_i", W: aw, U32s: m.RdAddrI}, {Name: "wr_en_i", W: 1, Bools: m.WrEnI},
		{Name: "wr_addr_i", W: aw, U32s: m.WrAddrI}, {Name: "wr_data_i", W: m.P.Width, U64s: m.WrDataI}}
}

// outputs are sram_mp's outputs.
func outputs(m *memports.SRAM) []stimulus.Wire {
	return []stimulus.Wire{{Name: "rd_valid_o", W: 1, Bools: m.RdValidO}, {Name: "rd_data_o", W: m.P.Width, U64s: m.RdDataO}}
}

// newRandom is the random source of sram_mp: phases of 16 to 256 cycles set the
// access rate (20, 70 or 100 %) and, one time in three, aim every access
// at two hot words, so that reads meet writes of the same word in the same
// cycle and just after; write ports always take distinct addresses (two
// writes to one word in a cycle are outside the contract). Indices at or
// above DEPTH are never driven, and a word is read only once it has been
// written: the contract leaves both undefined (X in Icarus, random under
// Verilator, 0 in the Go model).
func newRandom(m *memports.SRAM, l *port.Layout, seed int64) (stimulus.Source, error) {
	enc, err := stimulus.NewBind(l, true, inputs(m)...)
	if err != nil {
		return nil, err
	}
	rng, rst := stimulus.NewRNG(seed), stimulus.NewResets(seed, 300)
	p := m.P
	left, rate, hot := 0, 70, false
	mask := rtl.Width(p.Width).Mask()
	written := make([]bool, p.Depth)
	drive := func(c uint64) {
		if left--; left <= 0 {
			left, rate, hot = rng.Between(16, 256), []int{20, 70, 100}[rng.Intn(3)], rng.OneIn(3)
		}
		addr := func() uint32 {
			if hot {
				return uint32(rng.Intn(min(p.Depth, 2)))
			}
			return uint32(rng.Intn(p.Depth))
		}
		m.RstNI = rst.RstN(c)
		for i := range m.RdEnI {
			a := addr()
			m.RdEnI[i], m.RdAddrI[i] = rng.Intn(100) < rate && written[a], a
		}
		for i := range m.WrEnI {
			a := addr()
			m.WrEnI[i], m.WrAddrI[i], m.WrDataI[i] = rng.Intn(100) < rate, a, rng.Uint64()&mask
			for o := 0; o < i && m.WrEnI[i]; o++ {
				m.WrEnI[i] = !(m.WrEnI[o] && m.WrAddrI[o] == a)
			}
		}
	}
	after := func() {
		for i, en := range m.WrEnI {
			if en && m.RstNI {
				written[m.WrAddrI[i]] = true
			}
		}
	}
	return &stimulus.ModelSource{Drive: drive, Eval: m.Eval, After: after, Enc: enc}, nil
}
