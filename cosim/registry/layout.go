package registry

import "occamy/cosim"

// Layout is the block's contract layout at resolved parameters p: its
// Ports as 32-bit words, the clock clk_i (when the block has one) driven
// by the caller rather than a word, and rst_ni the reset. The stimulus,
// the golden adapters, the runner and the DPI library all use it.
func (b *Block) Layout(p map[string]int) (cosim.Layout, error) {
	ports := b.Ports(p)
	clock, reset := "", ""
	for _, q := range ports {
		switch q.Name {
		case cosim.DefaultClock:
			clock = q.Name
		case cosim.DefaultReset:
			reset = q.Name
		}
	}
	return cosim.NewLayout(ports, clock, reset, false)
}
