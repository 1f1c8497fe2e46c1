//go:build verilator

package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/design"
)

// smallScore is occamy_tm's small set for the scoreboard: its tags wide
// enough to tell the packets in the design apart (SW=12), the
// configuration held from reset (RECONF=0).
func smallScore(extra map[string]int) map[string]int {
	p := map[string]int{"P": 2, "Q": 2, "B": 48, "K": 2, "QW": 7, "AW": 3, "MAXPKT": 6, "IN": 3, "TXWIN": 4,
		"SW": 12, "PUSHOUT_WAIT": 12, "R": 4, "ALPHA": 2, "QUANTUM": 3, "CLASSES": 7}
	for k, v := range extra {
		p[k] = v
	}
	return p
}

// TestScoreboardOwnTM: occamy_tm passes the scoreboard through its own map
// under every policy and both free modes, and its packet events are hw/tm's
// cycle for cycle.
func TestScoreboardOwnTM(t *testing.T) {
	needVerilator(t)
	for pol := 0; pol < 4; pol++ {
		for _, chain := range []int{0, 1} {
			res, err := Scoreboard(context.Background(), Options{Block: "tm", Cycles: 20000, Seed: 1, CacheDir: testCache(),
				Params: smallScore(map[string]int{"POLICY": pol, "CHAIN": chain})}, ScoreOptions{})
			require.NoError(t, err)
			name := fmt.Sprintf("POLICY=%d CHAIN=%d", pol, chain)
			require.Equal(t, "PASS", res.Verdict, "%s: %s; first %v", name, res.Summary(), res.First)
			assert.Contains(t, res.LockStep, "no difference in", name)
			assert.Zero(t, res.Outcome.Distance, name)
			for _, k := range res.Checks {
				assert.NotZero(t, k.Checked, "%s: %s looked at nothing", name, k.Check)
			}
			t.Logf("%s: %s (%.0f cycles/s)", name, res.Summary(), res.Rate)
		}
	}
}

// TestScoreboardExecutor: --block executor --rtl FILE --check scoreboard:
// occamy_tm with the user's executor, through its own map. A copy of the
// project's executor passes; one whose chain append counts a sub-list one
// cell long fails on data (cells reused while queued); the executor of
// the timing before the pipeline passes.
func TestScoreboardExecutor(t *testing.T) {
	needVerilator(t)
	src, err := os.ReadFile(filepath.Join("..", "..", "verilog", "tm_hd_exec.sv"))
	require.NoError(t, err)
	good := filepath.Join(t.TempDir(), "tm_hd_exec.sv")
	require.NoError(t, os.WriteFile(good, src, 0o644))
	anchor := "len = q + LW'(32'(s) < 32'(rr));"
	require.Equal(t, 1, strings.Count(string(src), anchor))
	bad := filepath.Join(t.TempDir(), "tm_hd_exec.sv")
	require.NoError(t, os.WriteFile(bad, []byte(strings.Replace(string(src), anchor,
		"len = q + LW'(32'(s) <= 32'(rr));", 1)), 0o644))
	// executor_prev frees a head drop's first cells a cycle sooner than
	// tm_hd_exec: a valid executor of another timing, which passes only
	// because the map leaves head_drop.unfreed undeclared for a user's
	// executor (declared, it fails policy at cycle 33).
	prev := filepath.Join("testdata", "byo_tm", "executor_prev", "tm_hd_exec.sv")
	for _, x := range []struct {
		file, verdict string
	}{{good, "PASS"}, {bad, "FAIL"}, {prev, "PASS"}} {
		res, err := Scoreboard(context.Background(), Options{Block: "executor", RTL: []string{x.file}, Cycles: 20000, Seed: 1, CacheDir: testCache(),
			Params: smallScore(map[string]int{"POLICY": 1, "CHAIN": 1})}, ScoreOptions{})
		require.NoError(t, err)
		require.Equal(t, x.verdict, res.Verdict, "%s; first %v", res.Summary(), res.First)
		assert.Equal(t, "executor", res.Replace)
		t.Logf("%s: %s; first %v", x.verdict, res.Summary(), res.First)
	}
}

// TestScoreboardSetupErrors: what keeps a scoreboard run from starting is
// one clear error.
func TestScoreboardSetupErrors(t *testing.T) {
	needVerilator(t)
	alt, err := design.Load(filepath.Join("..", "testdata", "alt_tm", "alt_tm.yaml"))
	require.NoError(t, err)
	for _, x := range []struct {
		name string
		opt  Options
		m    *design.File
		want string
	}{
		{"reconfiguring traffic", Options{Block: "tm", Params: smallScore(map[string]int{"RECONF": 1})}, nil, "RECONF=1: the scoreboard holds the configuration from reset"},
		{"tags too narrow", Options{Block: "tm", Params: smallScore(map[string]int{"SW": 5})}, nil, "tm.tag.serial_bits: 5 bits number 32 packets"},
		{"not a TM", Options{Block: "arbiter"}, nil, "the scoreboard checks a traffic manager"},
		{"another TM without a map", Options{Block: "tm", RTL: []string{filepath.Join("..", "testdata", "alt_tm", "alt_tm.sv")}, Top: "alt_tm"}, nil,
			"alt_tm is not occamy_tm: a traffic manager of your own needs its map"},
		{"a flag against the map's shape", Options{Block: "tm", Params: map[string]int{"B": 512}}, alt, "B=512, but the map's design has B=256"},
		{"a policy the design lacks", Options{Block: "tm", Params: map[string]int{"POLICY": 3}}, alt, "tm.config.policy: the design implements [dt occamy], the run asks for pushout-ports"},
	} {
		t.Run(x.name, func(t *testing.T) {
			x.opt.CacheDir, x.opt.Cycles = testCache(), 1000
			_, err := Scoreboard(context.Background(), x.opt, ScoreOptions{Map: x.m})
			require.Error(t, err)
			assert.Contains(t, err.Error(), x.want)
		})
	}
}
