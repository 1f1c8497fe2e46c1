//go:build verilator

package alttm

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
	"occamy/rtl/vcd"
	"occamy/testbench/design"
)

// score runs the scoreboard on alt_tm (rtl: a broken copy of alt_tm.sv,
// "" for the design itself) through its map, edited by edit when not nil.
func score(t *testing.T, sim, rtl string, params map[string]int, cycles int, edit func(*design.File), vcdDir string) *runner.ScoreResult {
	t.Helper()
	root := repoRoot(t)
	f, err := design.Load(MapPath(root))
	require.NoError(t, err)
	if edit != nil {
		edit(f)
	}
	opt := runner.Options{Block: "tm", Sim: sim, Cycles: cycles, Seed: 1, Params: params, VCDDir: vcdDir}
	if rtl != "" {
		srcs, err := Sources()
		require.NoError(t, err)
		for _, s := range srcs[:len(srcs)-1] {
			opt.RTL = append(opt.RTL, filepath.Join(root, s))
		}
		opt.RTL = append(opt.RTL, rtl)
	}
	res, err := runner.Scoreboard(context.Background(), opt, runner.ScoreOptions{Map: f})
	require.NoError(t, err)
	return res
}

// TestScoreboardPassesAltTM: alt_tm passes every check through its map
// under dt and occamy, and every check looks at something; its outcome is
// close to hw/tm's on the same offers, yet lock-step equality with hw/tm
// fails at once (its timing is not occamy_tm's).
func TestScoreboardPassesAltTM(t *testing.T) {
	needTools(t, "verilator")
	for _, pol := range []int{0, 1} {
		r := score(t, runner.Verilator, "", map[string]int{"POLICY": pol}, 20000, nil, "")
		require.Equal(t, "PASS", r.Verdict, "%s; first %v", r.Summary(), r.First)
		for _, k := range r.Checks {
			assert.NotZero(t, k.Checked, "check %s looked at nothing", k.Check)
		}
		require.NotNil(t, r.Steady)
		assert.True(t, r.Steady.OK && r.Steady.Cycles > 0, "steady state %+v", *r.Steady)
		assert.True(t, r.Outcome.Close)
		assert.Contains(t, r.LockStep, "first difference: cycle")
		if pol == 1 {
			assert.NotZero(t, r.Counts.Dropped, "occamy expelled nothing: the head-drop checks saw nothing")
		}
		t.Logf("POLICY=%d: %s\n  outcome distance %.3f (%s)\n  lock-step against hw/tm: %s", pol, r.Summary(), r.Outcome.Distance, r.Outcome.Worst, r.LockStep)
	}
}

// TestScoreboardCatchesBrokenCopies: each of alt_tm's broken copies fails
// the scoreboard under occamy, on the default traffic, naming the check;
// the two policy breaks fail policy alone.
func TestScoreboardCatchesBrokenCopies(t *testing.T) {
	needTools(t, "verilator")
	want := map[string][]string{
		"bug-adm-pkts":   {"conservation", "data"},
		"bug-hd-leak":    {"data", "conservation"},
		"bug-port-lost":  {"liveness", "conservation"},
		"bug-eg-hd-same": {"conservation", "data"},
		"bug-sel-ge":     {"policy"},
		"bug-thr-stale2": {"policy"},
	}
	only := map[string]bool{"bug-sel-ge": true, "bug-thr-stale2": true}
	for _, b := range Bugs() {
		t.Run(b.ID, func(t *testing.T) {
			p, err := WriteBroken(repoRoot(t), t.TempDir(), b)
			require.NoError(t, err)
			r := score(t, runner.Verilator, p, map[string]int{"POLICY": 1}, 20000, nil, "")
			require.Equal(t, "FAIL", r.Verdict, r.Summary())
			got := r.Violated()
			for _, w := range want[b.ID] {
				assert.Contains(t, got, w)
			}
			if only[b.ID] {
				assert.Equal(t, want[b.ID], got)
			}
			require.NotNil(t, r.First)
			assert.Equal(t, want[b.ID][0], r.First.Check, "the first violation's check")
			t.Logf("%s: %v; first: %s", b.ID, got, r.First)
		})
	}
}

// TestScoreboardFarAltTM: alt_tm told to run dt when the map says occamy
// is transaction-correct (its admissions are occamy's; it never expels),
// and the outcome beside hw/tm's says FAR, with the distance.
func TestScoreboardFarAltTM(t *testing.T) {
	needTools(t, "verilator")
	r := score(t, runner.Verilator, "", map[string]int{"POLICY": 1}, 20000, func(f *design.File) {
		f.TM.Config.Policy.Values["occamy"] = 0
	}, "")
	require.Equal(t, "FAR", r.Verdict, r.Summary())
	assert.Zero(t, r.Outcome.Design.HeadDropped)
	assert.Greater(t, r.Outcome.Distance, r.Outcome.Tolerance)
	t.Log(r.Summary())
}

// TestScoreboardAltTMIcarus: the scoreboard on Icarus (four-state, over a
// stimulus file): alt_tm passes, and a broken copy fails as on Verilator;
// the VCD window around its first violation opens and holds the
// scoreboard's note.
func TestScoreboardAltTMIcarus(t *testing.T) {
	needTools(t, "iverilog", "vvp", "verilator")
	r := score(t, runner.Icarus, "", map[string]int{"POLICY": 1}, 3000, nil, "")
	require.Equal(t, "PASS", r.Verdict, "%s; first %v", r.Summary(), r.First)
	for _, b := range Bugs() {
		if b.ID != "bug-sel-ge" {
			continue
		}
		p, err := WriteBroken(repoRoot(t), t.TempDir(), b)
		require.NoError(t, err)
		dir := t.TempDir()
		r := score(t, runner.Icarus, p, map[string]int{"POLICY": 1}, 3000, nil, dir)
		require.Equal(t, "FAIL", r.Verdict, r.Summary())
		assert.Equal(t, []string{"policy"}, r.Violated())
		require.NotEmpty(t, r.VCD)
		fh, err := os.Open(r.VCD)
		require.NoError(t, err)
		defer fh.Close()
		rd, err := vcd.NewReader(fh)
		require.NoError(t, err)
		_, err = rd.Header().Find("occamy.scoreboard.violated")
		require.NoError(t, err)
		_, err = rd.Header().Find("occamy." + AdapterModule + ".eg_data_o")
		require.NoError(t, err)
		t.Logf("%s: %s; %s", b.ID, r.First, r.Notes)
	}
}
