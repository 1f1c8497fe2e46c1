package blocks

import "occamy/rtl/port"

// Clocked reports whether the block has a clock at resolved parameters p.
func (b *Block) Clocked(p map[string]int) bool {
	for _, q := range b.Ports(p) {
		if q.Name == port.DefaultClock {
			return true
		}
	}
	return false
}

// Layout is the block's contract layout at resolved parameters p: its
// Ports as 32-bit words, the clock clk_i (when the block has one) driven
// by the caller rather than a word, and rst_ni the reset. The stimulus,
// the golden adapters, the runner and the DPI library all use it.
func (b *Block) Layout(p map[string]int) (port.Layout, error) {
	ports := b.Ports(p)
	clock, reset := "", ""
	for _, q := range ports {
		switch q.Name {
		case port.DefaultClock:
			clock = q.Name
		case port.DefaultReset:
			reset = q.Name
		}
	}
	return port.NewLayout(ports, clock, reset, false)
}
