package prove

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const byo = "../runner/testdata/byo/"

// needTools skips a test when yosys or yosys-abc is missing (make test
// installs yosys, which ships both).
func needTools(t *testing.T) {
	t.Helper()
	if err := ToolMissing(); err != nil {
		t.Skipf("prove needs Yosys 0.23 and yosys-abc: %v", err)
	}
}

func opts(block, file, top string, params map[string]int) Options {
	return Options{Block: block, RTL: []string{file}, Top: top, Params: params, VerilogDir: "../..",
		Timeout: 60 * time.Second, NoReplay: true}
}

// variant writes a copy of testdata/arb_scan_down.sv (a correct arbiter)
// as module name with each old text replaced by the new one that follows
// it, and returns its path.
func variant(t *testing.T, name string, subs ...string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/arb_scan_down.sv")
	require.NoError(t, err)
	s := strings.Replace(string(b), "module arb_scan_down", "module "+name, 1)
	for i := 0; i+1 < len(subs); i += 2 {
		require.Contains(t, s, subs[i])
		s = strings.Replace(s, subs[i], subs[i+1], 1)
	}
	f := filepath.Join(t.TempDir(), name+".sv")
	require.NoError(t, os.WriteFile(f, []byte(s), 0o644))
	return f
}

// lineOf is the 1-based line of the first occurrence of text in file.
func lineOf(t *testing.T, file, text string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	i := strings.Index(string(b), text)
	require.GreaterOrEqual(t, i, 0, "%s not in %s", text, file)
	return strings.Count(string(b)[:i], "\n") + 1
}

// clockKinds are the five clock kinds of issue 30: each file is
// arb_scan_down.sv with its pointer on another clock. occamy cosim shows a
// mismatch on each, on Verilator and Icarus
// (TestClockKindsMismatchInCosim); the flow before the storage check
// proved every one of them equal to the reference.
var clockKinds = []struct {
	file, clock, always string
}{
	{"testdata/arb_clk_div.sv", "clocked by clk_div_q (declared at testdata/arb_clk_div.sv:", "always_ff @(posedge clk_div_q)"},
	{"testdata/arb_clk_gated.sv", "clocked by gclk (declared at testdata/arb_clk_gated.sv:", "always_ff @(posedge gclk)"},
	{"testdata/arb_clk_negedge.sv", "clocked by the falling edge of clk_i", "always_ff @(negedge clk_i)"},
	{"testdata/arb_clk_data.sv", "clocked by ack_i (declared at testdata/arb_clk_data.sv:", "always_ff @(posedge ack_i)"},
	{"testdata/arb_clk_reg.sv", "clocked by clk_top_q (declared at testdata/arb_clk_reg.sv:", "always_ff @(posedge clk_top_q)"},
}

// Edits of arb_scan_down.sv's pointer register.
const (
	ptrFF  = "always_ff @(posedge clk_i) begin"
	ptrRst = "if (!rst_ni) next_q <= '0;"
)
