package vcddiff

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"occamy/rtl/vcd"
)

// TestReportWrite: the printed report names the scopes, notes, every
// divergence and ends with the summary line.
func TestReportWrite(t *testing.T) {
	b := replaceOnce(t, icarusDump, "#25 1! b101 #", "#25 1! b111 #")
	rep := diffStrings(t, verilatorDump, b, Options{NameA: "v.vcd", NameB: "i.vcd"})
	assert.Equal(t, `v.vcd: scope TOP.hd_selector, clock TOP.hd_selector.clk_i, reset TOP.hd_selector.rst_ni (active low) released at edge 3 (t=25 1ps)
i.vcd: scope tb.dut, clock tb.dut.clk_i, reset tb.dut.rst_ni (active low) released at edge 3 (t=25 1ns)
note: 1 only in v.vcd (no counterpart): TOP.hd_selector.N
note: 1 only in i.vcd (integer, ignored): tb.i
differs: over_o at cycle 3 (edge 4 of both files, t=35 in v.vcd, t=35 in i.vcd; compared edge 1): v.vcd=5 i.vcd=7
different: 1 of 2 signals differ; 3 edges compared
`, reportText(t, rep))
}

// TestDivergenceText: a divergence names the cycle each file's edge ends
// (cosim's cycle numbers), and a value wider than 64 bits prints only the
// hexadecimal digits that differ, with their bit range.
func TestDivergenceText(t *testing.T) {
	ps := vcd.Timescale{Number: 1, Unit: "ps"}
	r := &Report{A: File{Name: "go", Timescale: ps}, B: File{Name: "rtl", Timescale: ps}}
	wide := strings.Repeat("0", 256)
	wa := wide[:230] + "0012" + wide[234:]
	wb := wide[:230] + "0011" + wide[234:]
	tests := []struct {
		name string
		d    Divergence
		want string
	}{
		{"same edge", Divergence{Signal: "gnt_idx_o", Edge: 418, EdgeA: 421, EdgeB: 421, TimeA: 421000, TimeB: 421000, ValueA: "3f", ValueB: "00"},
			"differs: gnt_idx_o at cycle 420 (the rising edge at t=421000 ends it: edge 421 of both files; compared edge 418): go=3f rtl=00"},
		{"other edges", Divergence{Signal: "x", Edge: 0, EdgeA: 3, EdgeB: 5, TimeA: 3000, TimeB: 5000, ValueA: "1", ValueB: "0"},
			"differs: x at cycle 2 of go (edge 3, t=3000), cycle 4 of rtl (edge 5, t=5000); compared edge 0: go=1 rtl=0"},
		{"wide", Divergence{Signal: "qlen_q", Edge: 7, EdgeA: 10, EdgeB: 10, TimeA: 10000, TimeB: 10000, ValueA: wa, ValueB: wb},
			"differs: qlen_q at cycle 9 (the rising edge at t=10000 ends it: edge 10 of both files; compared edge 7): bits 91:88 of 1024 differ: go=2 rtl=1"},
		{"wide x", Divergence{Signal: "q", EdgeA: 1, EdgeB: 1, ValueA: "x" + wide[:19], ValueB: wide[:18] + "10"},
			"differs: q at cycle 0 (the rising edge at t=0 ends it: edge 1 of both files; compared edge 0): bits 79:4 of 80 differ: go=x000000000000000000 rtl=0000000000000000001"},
		{"64 bits whole", Divergence{Signal: "m", EdgeA: 1, EdgeB: 1, ValueA: wide[:16], ValueB: wide[:15] + "1"},
			"differs: m at cycle 0 (the rising edge at t=0 ends it: edge 1 of both files; compared edge 0): go=0000000000000000 rtl=0000000000000001"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r.Divergences = []Divergence{tt.d}
			line := strings.Split(reportText(t, r), "\n")[2]
			assert.Equal(t, tt.want, line)
		})
	}
}
