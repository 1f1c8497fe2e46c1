package mutation

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// diffChecker is a stand-in co-simulator: it "builds" unless a source
// contains "BROKEN", and reports a mismatch when a source differs from the
// original file in verilog/ (NoAssertPrefix aside), except for files named
// in blind. It counts the checks running at once.
type diffChecker struct {
	blind   string // a file whose changes it cannot see
	running atomic.Int32
	peak    atomic.Int32
	mu      sync.Mutex
	seen    []string // tops checked
}

func (c *diffChecker) Build(_ context.Context, t Target) (bool, error) {
	for _, s := range t.Sources {
		b, err := os.ReadFile(s)
		if err != nil {
			return false, err
		}
		if strings.Contains(string(b), "BROKEN") {
			return false, errors.New("syntax error near BROKEN")
		}
	}
	return false, nil
}

func (c *diffChecker) Check(_ context.Context, t Target) (Detection, error) {
	top, srcs := t.Top, t.Sources
	n := c.running.Add(1)
	defer c.running.Add(-1)
	for {
		p := c.peak.Load()
		if n <= p || c.peak.CompareAndSwap(p, n) {
			break
		}
	}
	c.mu.Lock()
	c.seen = append(c.seen, top)
	c.mu.Unlock()
	for _, s := range srcs {
		got, err := os.ReadFile(s)
		if err != nil {
			return Detection{}, err
		}
		want, err := os.ReadFile(filepath.Join(verilogDir, filepath.Base(s)))
		if err != nil {
			return Detection{}, err
		}
		if strings.TrimPrefix(string(got), NoAssertPrefix) != string(want) && filepath.Base(s) != c.blind {
			return Detection{Mismatch: true, Cycle: 7, Signal: "out_o", Detail: "cycle 7: out_o", Cycles: 8}, nil
		}
	}
	return Detection{Cycles: 100}, nil
}

// TestRunVerdicts runs the harness with the stand-in checker over every
// kind of outcome and checks each verdict, the summary, and the job limit.
func TestRunVerdicts(t *testing.T) {
	ms := []Mutant{
		{ID: "k", Block: "selector", File: "hd_selector.sv", Anchor: "over_q <= '0;", Replace: "over_q <= '1;", Desc: "killed"},
		{ID: "s", Block: "arbiter", File: "rr_arbiter.sv", Anchor: "ptr_q <= '0;", Replace: "ptr_q <= IW'(1);", Desc: "blind spot"},
		{ID: "e", Block: "arbiter", File: "rr_arbiter.sv", Anchor: "ptr_q <= '0;", Replace: "ptr_q <= '0 ;", Desc: "eq", Equivalent: "same"},
		{ID: "ek", Block: "selector", File: "hd_selector.sv", Anchor: "over_q <= '0;", Replace: "over_q <= '1;", Desc: "wrong", Equivalent: "claimed"},
		{ID: "anchor", Block: "selector", File: "hd_selector.sv", Anchor: "no such text", Replace: "x", Desc: "bad anchor"},
		{ID: "build", Block: "threshold", File: "dt_threshold.sv", Anchor: "logic signed [AW-1:0] s;", Replace: "BROKEN", Desc: "no build"},
		{ID: "top", Block: "tm", File: "hd_selector.sv", Anchor: "over_q <= '0;", Replace: "over_q <= '1;", Desc: "in the top"},
	}
	chk := &diffChecker{blind: "rr_arbiter.sv"}
	var progress atomic.Int32
	cfg := Config{VerilogDir: verilogDir, WorkDir: t.TempDir(), Checker: chk, Jobs: 2,
		Progress: func(Result) { progress.Add(1) }}
	rs, err := Run(context.Background(), cfg, ms)
	require.NoError(t, err)
	require.Len(t, rs, len(ms))
	want := map[string]Verdict{"k": Killed, "s": Survived, "e": Equivalent, "ek": EquivKilled, "anchor": Defect, "build": Defect, "top": Killed}
	for i, r := range rs {
		assert.Equal(t, ms[i].ID, r.Mutant.ID, "results come in catalogue order")
		assert.Equal(t, want[r.Mutant.ID], r.Verdict, "mutant %s: %v", r.Mutant.ID, r.Err)
	}
	assert.Contains(t, rs[4].Err.Error(), "not found")
	assert.Contains(t, rs[5].Err.Error(), "does not build")
	assert.Equal(t, uint64(7), rs[0].Detection.Cycle)
	assert.Equal(t, int32(len(ms)), progress.Load())
	assert.LessOrEqual(t, chk.peak.Load(), int32(2), "at most Jobs checks at once")
	s := Summarize(rs)
	assert.False(t, s.OK())
	assert.Equal(t, Summary{Mutants: 7, Killed: 2, Equivalent: 1, Survived: 1, Bad: 3}, s)

	var tb, md strings.Builder
	require.NoError(t, WriteTable(&tb, rs))
	assert.Contains(t, tb.String(), "SURVIVED")
	assert.Contains(t, tb.String(), "hd_selector.sv:")
	require.NoError(t, WriteMarkdown(&md, rs))
	assert.Contains(t, md.String(), "| `k` | selector | `hd_selector.sv:")
	assert.Equal(t, len(ms)+2, strings.Count(md.String(), "\n"), "header, rule and one row per mutant")
}

// TestBaselineUsesOriginals checks that the baseline co-simulates unmutated
// copies (with the assertion prefix) of every block asked for.
func TestBaselineUsesOriginals(t *testing.T) {
	chk := &diffChecker{}
	cfg := Config{VerilogDir: verilogDir, WorkDir: t.TempDir(), Checker: chk}
	rs, err := Baseline(context.Background(), cfg, []Block{Block("threshold"), Block("tm")})
	require.NoError(t, err)
	require.Len(t, rs, 2)
	for _, r := range rs {
		assert.NoError(t, r.Err)
		assert.False(t, r.Detection.Mismatch, "%s: the original must not differ from itself", r.Mutant.ID)
	}
	assert.ElementsMatch(t, []string{"dt_threshold", "occamy_tm"}, chk.seen)

	_, err = Baseline(context.Background(), cfg, []Block{"fifo"})
	require.Error(t, err)
	_, err = Run(context.Background(), Config{VerilogDir: verilogDir}, nil)
	require.ErrorContains(t, err, "no Checker")
	_, err = Run(context.Background(), Config{Checker: chk}, nil)
	require.ErrorContains(t, err, "no Verilog directory")
	_, err = Run(context.Background(), cfg, []Mutant{{ID: "a"}, {ID: "a"}})
	require.ErrorContains(t, err, `two mutants named "a"`)
}

// TestApplyNoAssert checks the prefix that compiles the assertions out.
func TestApplyNoAssert(t *testing.T) {
	m := Catalogue()[0]
	a, err := Copies{VerilogDir: verilogDir, Root: t.TempDir(), NoAssert: true}.Apply(m)
	require.NoError(t, err)
	b, err := os.ReadFile(a.Sources[0])
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), NoAssertPrefix))
	assert.Contains(t, string(b), m.Replace)
}

// failingTop is a diffChecker that also reports every run of one top as a
// mismatch, original included: a block whose Verilog does not pass.
type failingTop struct {
	diffChecker
	top string
}

func (c *failingTop) Check(ctx context.Context, t Target) (Detection, error) {
	if t.Top == c.top {
		return Detection{Mismatch: true, Cycle: 7, Signal: "x_o", Detail: "original differs"}, nil
	}
	return c.diffChecker.Check(ctx, t)
}

// TestRunWithBaseline checks the shared pool: the originals' results come
// apart from the mutants', in order, and an original that fails stops
// the mutants not yet run (they are Failed, never Killed).
func TestRunWithBaseline(t *testing.T) {
	var ms []Mutant
	for _, m := range Catalogue() {
		if m.Block == "threshold" || m.Block == "selector" {
			ms = append(ms, m)
		}
	}
	require.Greater(t, len(ms), 4)
	cfg := Config{VerilogDir: verilogDir, WorkDir: t.TempDir(), Checker: &diffChecker{}, Jobs: 2}
	base, rs, err := RunWithBaseline(context.Background(), cfg, ms)
	require.NoError(t, err)
	require.Len(t, base, 2)
	assert.Equal(t, "original-selector", base[0].Mutant.ID)
	assert.Equal(t, "original-threshold", base[1].Mutant.ID)
	for _, r := range base {
		assert.False(t, r.Detection.Mismatch, r.Mutant.ID)
	}
	require.Len(t, rs, len(ms))
	for i, r := range rs {
		assert.Equal(t, ms[i].ID, r.Mutant.ID, "catalogue order")
	}

	cfg.Checker, cfg.Jobs = &failingTop{top: "hd_selector"}, 1
	base, rs, err = RunWithBaseline(context.Background(), cfg, ms)
	require.NoError(t, err, "a failing original is a result, not an error")
	assert.True(t, base[0].Detection.Mismatch, "the selector's original fails")
	for _, r := range rs {
		assert.Equal(t, Failed, r.Verdict, "%s: nothing runs after a failed original", r.Mutant.ID)
	}
}
