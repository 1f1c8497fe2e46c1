//go:build verilator

package dpi

import (
	"context"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
)

// BenchmarkDPIScoreboard runs one design, one run, both ways: the
// registry-generated DPI testbench (Verilator --exe, the library linked,
// the golden model stepped and compared through occamy_golden_check_oa and
// the stimulus drawn through occamy_golden_stimulus_oa, all in the
// simulator's thread) and the co-simulator's lock-step run (runner.Run,
// what occamy cosim does: the same registry stimulus at the same seed, the
// golden model chunked ahead on another goroutine, one cgo call per
// cycle). Both models are built with -O2. It reports cycles/s of each and
// their ratio (docs/perf.md):
//
//	go test -tags verilator -run '^$' -bench BenchmarkDPIScoreboard -benchtime 1x ./cosim/dpi
func BenchmarkDPIScoreboard(b *testing.B) {
	needToolB(b, "verilator")
	lib := goldenLib(b)
	const cycles = 1000000
	rate := regexp.MustCompile(`cycles/s (\d+)`)
	for _, d := range []struct {
		name, block string
		params      map[string]int
	}{
		{"arbiter_N64", "arbiter", map[string]int{"N": 64}},
	} {
		b.Run(d.name, func(b *testing.B) {
			bin := generatedTB(b, lib, d.block, d.params, projectFiles(b, d.block), cycles,
				"-MAKEFLAGS", "OPT_FAST=-O2 OPT_GLOBAL=-O2")
			var dpiRate, cosimRate float64
			for i := 0; i < b.N; i++ {
				out, code := runTB(b, bin)
				require.Equal(b, 0, code, out)
				m := rate.FindStringSubmatch(out)
				require.NotNil(b, m, out)
				dpiRate, _ = strconv.ParseFloat(m[1], 64)
				res, err := runner.Run(context.Background(), runner.Options{Block: d.block, Params: d.params,
					Sim: runner.Verilator, Cycles: cycles + 1, Seed: 1})
				require.NoError(b, err)
				require.True(b, res.Match(), res.Verdict())
				cosimRate = res.Rate
				b.Logf("dpi:   %s", firstLine(out, "MATCH"))
				b.Logf("cosim: %s", res.Verdict())
			}
			b.ReportMetric(dpiRate, "dpi-cycles/s")
			b.ReportMetric(cosimRate, "lockstep-cycles/s")
			b.ReportMetric(dpiRate/cosimRate, "dpi/lockstep")
		})
	}
}

func firstLine(s, prefix string) string {
	for _, l := range regexp.MustCompile(`\n`).Split(s, -1) {
		if len(l) >= len(prefix) && l[:len(prefix)] == prefix {
			return l
		}
	}
	return ""
}

func needToolB(b *testing.B, name string) {
	b.Helper()
	needTool(b, name)
}
