//go:build verilator

package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"occamy/cosim"
)

// TestIcarusReportsSteps: an Icarus run reports its compile and its run,
// each started and ended, in that order.
func TestIcarusReportsSteps(t *testing.T) {
	var seen []string
	res := run(t, Options{Block: "arbiter", Sim: Icarus, Cycles: 100, Steps: func(s cosim.Step) {
		state := "start"
		if s.Done {
			state = "end"
		}
		seen = append(seen, state+": "+s.What)
	}})
	requireMatch(t, res)
	assert.Equal(t, []string{
		"start: compiling rr_arbiter with Icarus (iverilog -g2012)", "end: compiling rr_arbiter with Icarus (iverilog -g2012)",
		"start: running 100 cycles of rr_arbiter on Icarus (vvp)", "end: running 100 cycles of rr_arbiter on Icarus (vvp)",
	}, seen)
}
