//go:build verilator

package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	hw "occamy/hw/tm"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/design"
)

// okregMap is occamy_tm's own map at p, for occamy_tm_okreg (testdata):
// occamy_tm with in_ok_o registered a cycle, declared with admit latency
// lat and settle. Its decisions are occamy_tm's, a cycle before its
// answer: the admission windows are occamy_tm's plus a cycle; its cells
// show in qlen_o and free_o a cycle sooner after its answer than
// occamy_tm's (settle hw/tm.AdmitSettle − 1).
func okregMap(t *testing.T, p map[string]int, lat, settle int) *design.File {
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
	tm.Admit.Latency, tm.Admit.Settle = lat, settle
	for _, w := range []*design.Window{&tm.Staleness.Admit.Qlen, &tm.Staleness.Admit.Free, &tm.Staleness.Admit.Threshold} {
		w.Lo, w.Hi = w.Lo+1, w.Hi+1
	}
	return f
}

// TestScoreboardAdmitLatency: occamy_tm_okreg (occamy_tm answering a cycle
// later: hw/tm.AdmitLag + 1 cycles after the offer, its cells showing
// hw/tm.AdmitSettle − 1 cycles after the cycle following the answer)
// passes every check through a map declaring that admit latency and
// settle, under every policy and both free modes; the same map with
// occamy_tm's latency (the flags paired with the offers of the cycle
// after theirs) fails, and so does the one with occamy_tm's settle (the
// view counts each batch a cycle after it shows: twice).
func TestScoreboardAdmitLatency(t *testing.T) {
	needVerilator(t)
	lat, settle := hw.AdmitLag+1, hw.AdmitSettle-1
	for pol := 0; pol < 4; pol++ {
		for _, chain := range []int{0, 1} {
			p := smallScore(map[string]int{"POLICY": pol, "CHAIN": chain})
			for _, x := range []struct {
				lat, settle int
				want        string
			}{{lat, settle, "PASS"}, {lat - 1, settle, "FAIL"}, {lat, settle + 1, "FAIL"}} {
				name := fmt.Sprintf("POLICY=%d CHAIN=%d latency %d settle %d", pol, chain, x.lat, x.settle)
				res, err := Scoreboard(context.Background(), Options{Cycles: 20000, Seed: 1, CacheDir: testCache(), Params: p},
					ScoreOptions{Map: okregMap(t, p, x.lat, x.settle)})
				require.NoError(t, err, name)
				require.Equal(t, x.want, res.Verdict, "%s: %s; first %v", name, res.Summary(), res.First)
				if x.want == "PASS" {
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
