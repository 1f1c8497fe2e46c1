package sram

import (
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// props: a read issued returns, at its declared latency (LAT in the
// reference), a valid word on that port, and that word is the last one
// written to its address before the read (a write in the read's own cycle
// lands after it); a reset drops that cycle's reads and writes. Words never
// written are not judged. Nothing is Held: the stimulus is closed loop
// (distinct write addresses, reads of written words), and an address
// rewritten after it would break the contract it keeps.
var props = &blocks.Props{
	Latency: func(p map[string]int, out string) int { return p["LAT"] },
	New:     newSRAMProps,
	Monitor: monitor,
}

const (
	spValid = iota
	spLastWrite
)

type sramProps struct {
	rp, wp, aw, width int
	sramSlots
	word  []uint64 // the last word written to each address
	known []bool   // the address was written
}

// sramSlots are the ports' offsets in the layout's words, and their
// lengths in words.
type sramSlots struct {
	rdEn, rdAddr, rdV, rdD  int
	wrEn, wrAddr, wrD       int
	rdEnW, rdAW, rdVW, rdDW int
	wrEnW, wrAW, wrDW       int
}

func newSRAMProps(c blocks.PropConfig) (blocks.PropChecker, error) {
	s := blocks.Slot{L: c.Layout}
	p := sramParams.Decode(c.Params)
	aw := p.AW()
	return &sramProps{rp: p.RP, wp: p.WP, aw: aw, width: p.Width,
		sramSlots: sramSlots{rdEn: s.In("rd_en_i"), rdAddr: s.In("rd_addr_i"), rdV: s.Out("rd_valid_o"), rdD: s.Out("rd_data_o"),
			wrEn: s.In("wr_en_i"), wrAddr: s.In("wr_addr_i"), wrD: s.In("wr_data_i"),
			rdEnW: port.WordsFor(p.RP), rdAW: port.WordsFor(p.RP * aw), rdVW: port.WordsFor(p.RP), rdDW: port.WordsFor(p.RP * p.Width),
			wrEnW: port.WordsFor(p.WP), wrAW: port.WordsFor(p.WP * aw), wrDW: port.WordsFor(p.WP * p.Width)},
		word: make([]uint64, p.Depth), known: make([]bool, p.Depth)}, nil
}

// Names implements blocks.PropChecker.
func (m *sramProps) Names() []blocks.PropName {
	return []blocks.PropName{
		{Name: "read_valid", Desc: "rd_valid_o[p] = a read issued on port p at the declared latency (none after a reset)"},
		{Name: "read_last_write", Desc: "a read returns the last word written to its address before it"},
	}
}

func bit(w []uint32, i int) bool { return w[i>>5]>>uint(i&31)&1 != 0 }

// Step implements blocks.PropChecker.
func (m *sramProps) Step(c *blocks.PropCycle) {
	in, v := c.In, c.V
	if !c.Skip {
		en, addr := in[m.rdEn:m.rdEn+m.rdEnW], in[m.rdAddr:m.rdAddr+m.rdAW]
		valid, data := c.Out[m.rdV:m.rdV+m.rdVW], c.Out[m.rdD:m.rdD+m.rdDW]
		v.Check(spValid) // once a row: the counts are of cycles
		badValid, read, badRead := false, false, false
		for p := 0; p < m.rp; p++ {
			want := bit(en, p) && !c.Reset
			if bit(valid, p) != want {
				if !badValid && v.Fail(spValid) {
					v.Describe(spValid, c.Cycle, "rd_valid_o[%d]=%d, a read issued: %v", p, blocks.B2W(bit(valid, p)), want)
				}
				badValid = true
				continue
			}
			a := int(pack.Get(addr, p, m.aw))
			if !want || a >= len(m.word) || !m.known[a] {
				continue
			}
			if !read {
				v.Check(spLastWrite)
				read = true
			}
			if got := pack.GetWide(data, p, m.width); got != m.word[a] {
				if !badRead && v.Fail(spLastWrite) {
					v.Describe(spLastWrite, c.Cycle, "port %d read word %d: rd_data_o=%x, last written %x", p, a, got, m.word[a])
				}
				badRead = true
			}
		}
	}
	if c.Reset {
		return // a reset drops the cycle's writes
	}
	en, addr, data := in[m.wrEn:m.wrEn+m.wrEnW], in[m.wrAddr:m.wrAddr+m.wrAW], in[m.wrD:m.wrD+m.wrDW]
	for p := 0; p < m.wp; p++ {
		if !bit(en, p) {
			continue
		}
		if a := int(pack.Get(addr, p, m.aw)); a < len(m.word) {
			m.word[a], m.known[a] = pack.GetWide(data, p, m.width), true
		}
	}
}

// Finish implements blocks.PropChecker.
func (m *sramProps) Finish(*blocks.Violations) {}
