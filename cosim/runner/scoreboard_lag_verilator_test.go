//go:build verilator

package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/design"
)

// okregMap is occamy_tm's own map at p, for occamy_tm_okreg (testdata):
// occamy_tm with in_ok_o registered a cycle, declared with admit latency
// lat. Its decisions are occamy_tm's, on the lengths and free count of
// the offer's cycle, one cycle before the answer: the admission windows
// are occamy_tm's plus a cycle.
func okregMap(t *testing.T, p map[string]int, lat int) *design.File {
	b, err := blocks.Lookup("tm")
	require.NoError(t, err)
	full, err := b.Resolve(p)
	require.NoError(t, err)
	f, err := tmface.ScoreMap(full)
	require.NoError(t, err)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	f.Top = "occamy_tm_okreg"
	f.Files = []string{filepath.Join(root, "cosim", "testdata", "adm_lag", "occamy_tm_okreg.sv")}
	for _, x := range b.Sources {
		f.Files = append(f.Files, filepath.Join(root, x))
	}
	f.Incdirs = []string{filepath.Join(root, "verilog")}
	tm := f.TM
	tm.VerilogParams = b.Verilog(full)
	tm.Admit.Latency = lat
	for _, w := range []*design.Window{&tm.Staleness.Admit.Qlen, &tm.Staleness.Admit.Free} {
		w.Lo, w.Hi = w.Lo+1, w.Hi+1
	}
	return f
}

// TestScoreboardAdmitLatency: occamy_tm_okreg (occamy_tm answering a cycle
// after the offer) passes every check through a map declaring admit
// latency 1, under every policy and both free modes; the same map with
// latency 0 (the flags paired with the offers of their own cycle) fails.
func TestScoreboardAdmitLatency(t *testing.T) {
	needVerilator(t)
	for pol := 0; pol < 4; pol++ {
		for _, chain := range []int{0, 1} {
			p := smallScore(map[string]int{"POLICY": pol, "CHAIN": chain})
			for _, lat := range []int{1, 0} {
				name := fmt.Sprintf("POLICY=%d CHAIN=%d latency %d", pol, chain, lat)
				res, err := Scoreboard(context.Background(), Options{Cycles: 20000, Seed: 1, CacheDir: testCache(), Params: p},
					ScoreOptions{Map: okregMap(t, p, lat)})
				require.NoError(t, err, name)
				want := map[int]string{1: "PASS", 0: "FAIL"}[lat]
				require.Equal(t, want, res.Verdict, "%s: %s; first %v", name, res.Summary(), res.First)
				if lat == 1 {
					for _, k := range res.Checks {
						require.NotZero(t, k.Checked, "%s: %s looked at nothing", name, k.Check)
					}
					require.True(t, res.Outcome.Close, "%s: outcome %+v", name, res.Outcome)
				} else {
					require.NotNil(t, res.First, name)
					require.NotEmpty(t, res.First.What, name)
				}
				t.Logf("%s: %s; first %v", name, res.Summary(), res.First)
			}
		}
	}
}
