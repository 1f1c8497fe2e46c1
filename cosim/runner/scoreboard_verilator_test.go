//go:build verilator

package runner

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/cosim/alttm"
	"occamy/testbench/design"
)

func altMap(t *testing.T) *design.File {
	t.Helper()
	f, err := design.Load(filepath.Join("..", "testdata", "alt_tm", "alt_tm.yaml"))
	require.NoError(t, err)
	return f
}

func TestScoreboardAltTM(t *testing.T) {
	for _, pol := range []int{0, 1} {
		needVerilator(t)
		res, err := Scoreboard(context.Background(), Options{Block: "tm", Cycles: 20000, Seed: 1, CacheDir: testCache(),
			Params: map[string]int{"POLICY": pol}}, ScoreOptions{Map: altMap(t)})
		require.NoError(t, err)
		t.Logf("POLICY=%d: %s", pol, res.Summary())
		for _, v := range res.Violations {
			t.Logf("  %s", v)
		}
		t.Logf("  outcome %+v %+v dist %v %s", res.Outcome.Design, res.Outcome.Golden, res.Outcome.Distance, res.Outcome.Worst)
		t.Logf("  steady %+v", res.Steady)
	}
}

func TestScoreboardAltBugs(t *testing.T) {
	needVerilator(t)
	root, _ := filepath.Abs("../..")
	for _, b := range alttm.Bugs() {
		dir := t.TempDir()
		p, err := alttm.WriteBroken(root, dir, b)
		require.NoError(t, err)
		for _, pol := range []int{1, 0} {
			res, err := Scoreboard(context.Background(), Options{Block: "tm", Cycles: 20000, Seed: 1, CacheDir: testCache(),
				RTL:    []string{p, filepath.Join(root, "verilog/hd_selector.sv"), filepath.Join(root, "verilog/rr_arbiter.sv")},
				Params: map[string]int{"POLICY": pol}}, ScoreOptions{Map: altMap(t)})
			require.NoError(t, err)
			t.Logf("%s POLICY=%d: %s", b.ID, pol, res.Summary())
			for _, k := range res.Checks {
				if k.Violations > 0 {
					t.Logf("   %s: %d", k.Check, k.Violations)
				}
			}
			if res.First != nil {
				t.Logf("   first: %s", res.First)
			}
		}
	}
}

func TestScoreboardOwnTM(t *testing.T) {
	needVerilator(t)
	for _, pol := range []int{0, 1, 2, 3} {
		for _, chain := range []int{0, 1} {
			res, err := Scoreboard(context.Background(), Options{Block: "tm", Cycles: 20000, Seed: 1, CacheDir: testCache(),
				Params: map[string]int{"P": 2, "Q": 2, "B": 48, "K": 2, "QW": 7, "AW": 3, "MAXPKT": 6, "IN": 3, "TXWIN": 4,
					"SW": 12, "PUSHOUT_WAIT": 12, "R": 4, "ALPHA": 2, "QUANTUM": 3, "POLICY": pol, "CHAIN": chain, "CLASSES": 7}}, ScoreOptions{})
			require.NoError(t, err)
			t.Logf("POLICY=%d CHAIN=%d: %s (%.0f cycles/s)", pol, chain, res.Summary(), res.Rate)
			for _, v := range res.Violations {
				t.Logf("  %s", v)
			}
		}
	}
}
