package tmegress

import (
	hw "occamy/hw/tm"
	"occamy/testbench/blocks"
)

// cover is the transmit window's edge, which the whole TM's coverpoints
// do not name: a port with TXWIN cells pending, not ready for another
// packet (the mutant tm-eg-txwin-le's boundary).
var cover = []blocks.Coverpoint{
	{Name: "eg_window_full", Desc: "a port holds TXWIN cells pending: port_rdy_o low out of reset"},
}

func hits(u any) func(h []uint64) {
	e := u.(*hw.Egress)
	return func(h []uint64) {
		for p := range e.EgQidO {
			if !e.PortRdyO.Test(p) {
				h[0]++
				return
			}
		}
	}
}
