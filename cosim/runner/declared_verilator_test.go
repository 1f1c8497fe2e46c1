//go:build verilator

package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/design"
)

// declDir holds the test designs that are not clones of the reference.
const declDir = "../testdata/declared/"

// loadDesign reads a design file of declDir, with flags laid over it.
func loadDesign(t testing.TB, name string, fl design.Flags) *design.File {
	t.Helper()
	f := &design.File{}
	if name != "" {
		var err error
		f, err = design.Load(declDir + name)
		require.NoError(t, err)
	}
	require.NoError(t, f.Merge(fl))
	return f
}

// broken copies a test design into a temporary directory with old
// replaced by new (exactly once): a deliberately broken design.
func broken(t testing.TB, file, old, new string) string {
	t.Helper()
	b, err := os.ReadFile(declDir + file)
	require.NoError(t, err)
	require.Equal(t, 1, strings.Count(string(b), old), "%s: the text to break must occur once: %q", file, old)
	p := filepath.Join(t.TempDir(), file)
	require.NoError(t, os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644))
	return p
}

// sims are both simulators, with a budget each.
var sims = []struct {
	sim    string
	cycles int
	batch  bool
}{{Verilator, 20000, false}, {Verilator, 20000, true}, {Icarus, 2000, false}}

// TestRegisteredArbiterMatches: an arbiter with a registered grant, no ack
// and its own port names (rr_arb_reg) matches the reference as its design
// file declares it, on both simulators; it differs without the latency
// (the note names the latency at which it matches) and when its pointer
// is broken.
func TestRegisteredArbiterMatches(t *testing.T) {
	for _, c := range sims {
		res := run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch, Design: loadDesign(t, "rr_arb_reg.yaml", design.Flags{})})
		requireMatch(t, res)
		assert.Equal(t, "arbiter", res.Block)
		assert.Equal(t, "equivalence", res.Check)
		assert.Greater(t, res.Compared, uint64(c.cycles*9/10), res.Verdict())
		assert.Contains(t, res.Verdict(), "as declared: ports clk=clk_i grant=gnt_idx_o grant_valid=gnt_valid_o req=req_i rst_n=rst_ni, tie ack_i=1, latency gnt_valid_o=1 gnt_idx_o=1, dont-care gnt_idx_o:gnt_valid_o")

		// Declared at latency 0: every output differs; the hint says 1.
		res = run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch,
			Design: loadDesign(t, "rr_arb_reg.yaml", design.Flags{Latency: []string{"gnt_valid_o=0", "gnt_idx_o=0"}})})
		require.NotNil(t, res.Mismatch, res.Verdict())
		assert.Contains(t, strings.Join(res.Notes, "\n"), "at latency 1 the first", "%s: notes %q", c.sim, res.Notes)
		assert.Contains(t, strings.Join(res.Notes, "\n"), "is the declared latency right? (--latency gnt_valid_o=1)")

		// Broken: the pointer stays on the winner.
		bad := broken(t, "rr_arb_reg.sv", "ptr_d   = (win == IW'(N - 1)) ? '0 : win + IW'(1);", "ptr_d   = win;")
		res = run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch, RTL: []string{bad}, Design: loadDesign(t, "rr_arb_reg.yaml", design.Flags{})})
		require.NotNil(t, res.Mismatch, "%s: the broken pointer must differ: %s", c.sim, res.Verdict())
		assert.Equal(t, StatusMismatch, res.Status)
	}
}

// TestDeclarationErrors: a design that does not fit its declarations is
// a setup error naming what is wrong, before anything is simulated.
func TestDeclarationErrors(t *testing.T) {
	needVerilator(t)
	for _, c := range []struct {
		name string
		opt  Options
		want string
	}{
		{"no ack without a tie", Options{Block: "arbiter", RTL: []string{declDir + "rr_arb_grp.sv"}, Params: map[string]int{"N": 8},
			Design: loadDesign(t, "", design.Flags{Latency: []string{"gnt_valid_o=1"}})}, "missing input ack_i (1 bit)"},
		{"one threshold without one_class", Options{RTL: []string{declDir + "hd_sel_comb.sv"},
			Design: loadDesign(t, "hd_sel_comb.yaml", design.Flags{})}, ""},
		{"latency of an input", Options{Block: "arbiter", Design: loadDesign(t, "", design.Flags{Latency: []string{"req_i=1"}})},
			"--latency: latency: req_i: arbiter has no output req_i"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.want == "" {
				f := c.opt.Design
				f.Constrain.OneClass = false
				c.want = "port thr is 8 bits wide, want 64 bits"
			}
			c.opt.CacheDir, c.opt.VerilogDir, c.opt.Cycles = testCache(), "../..", 100
			_, err := Run(t.Context(), c.opt)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestCombSelectorMatches: a selector with a combinational bitmap and one
// threshold for every queue (hd_sel_comb) matches with latency 0 and the
// one-class constraint, and holds the selector's properties; with >= for
// > it differs and violates over_exact.
func TestCombSelectorMatches(t *testing.T) {
	for _, c := range sims {
		res := run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch, Design: loadDesign(t, "hd_sel_comb.yaml", design.Flags{})})
		requireMatch(t, res)
		assert.Greater(t, res.Compared, uint64(c.cycles*9/10), res.Verdict())
		res = run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch, Design: loadDesign(t, "hd_sel_comb.yaml", design.Flags{Check: "properties"})})
		requireMatch(t, res)
		require.NotNil(t, res.Properties)
		assert.Equal(t, "over_exact", res.Properties.Props[0].Name)
		assert.Greater(t, res.Properties.Props[0].Checked, uint64(c.cycles*9/10))

		bad := broken(t, "hd_sel_comb.sv", "qlen[i*QW +: QW] > thr", "qlen[i*QW +: QW] >= thr")
		res = run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch, RTL: []string{bad}, Design: loadDesign(t, "hd_sel_comb.yaml", design.Flags{})})
		require.NotNil(t, res.Mismatch, "%s: >= must differ", c.sim)
		assert.Equal(t, "over_o", res.Mismatch.Signal)
		res = run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch, RTL: []string{bad}, Design: loadDesign(t, "hd_sel_comb.yaml", design.Flags{Check: "properties"})})
		require.NotNil(t, res.Mismatch, "%s: >= must violate over_exact", c.sim)
		assert.Equal(t, "over_exact", res.Mismatch.Signal)
		assert.Regexp(t, `over_o\[\d+\]=1 with qlen_i\[\d+\]=(\d+), thr_i\[\d+\]=(\d+)`, res.Mismatch.RTL)
	}
}

// TestFairTreeArbiter: a correct two-level round robin (rr_arb_tree)
// differs from the reference but holds every arbiter property; with its
// top pointer stuck it starves a group, and the wait bound says so.
func TestFairTreeArbiter(t *testing.T) {
	tree := []string{declDir + "rr_arb_tree.sv"}
	n8 := map[string]int{"N": 8}
	res := run(t, Options{Block: "arbiter", RTL: tree, Params: n8, Cycles: 20000})
	require.NotNil(t, res.Mismatch, "another rotation differs from the reference")
	for _, c := range sims {
		res = run(t, Options{Block: "arbiter", RTL: tree, Params: n8, Sim: c.sim, Cycles: c.cycles, Batch: c.batch,
			Design: loadDesign(t, "", design.Flags{Check: "properties"})})
		requireMatch(t, res)
		assert.True(t, strings.HasPrefix(res.Verdict(), "HOLDS arbiter [N=8] (your rr_arb_tree.sv: rr_arb_tree, "), res.Verdict())
		for _, p := range res.Properties.Props {
			assert.Positive(t, p.Checked, "%s: %s checked in no cycle", c.sim, p.Name)
		}
		assert.Contains(t, res.Properties.Props[3].Stat, "(bound 7)")

		stuck := broken(t, "rr_arb_tree.sv", "gp_d = (wg == GW'(NG - 1)) ? '0 : wg + GW'(1);", "gp_d = gp_q;")
		res = run(t, Options{Block: "arbiter", RTL: []string{stuck}, Params: n8, Sim: c.sim, Cycles: c.cycles, Batch: c.batch,
			Design: loadDesign(t, "", design.Flags{Check: "properties"})})
		require.NotNil(t, res.Mismatch, "%s: a stuck top pointer starves a group", c.sim)
		assert.Equal(t, "wait_bound", res.Mismatch.Signal)
		assert.Equal(t, StatusMismatch, res.Status)
		assert.True(t, strings.HasPrefix(res.Verdict(), "VIOLATED arbiter"), res.Verdict())
	}
}

// TestStarvingArbiter: the group-rotating arbiter whose in-group search
// never wraps (rr_arb_grp) passes three properties and violates the wait
// bound: the report names the requester, the worst wait and the cycle,
// and shows the trace around the first violation. The property stimulus
// finds it from random stimulus alone (its held phases).
func TestStarvingArbiter(t *testing.T) {
	decl := design.Flags{Check: "properties", Tie: []string{"ack_i=1"}, Latency: []string{"gnt_valid_o=1", "gnt_idx_o=1"}}
	for _, c := range sims {
		for _, stim := range []string{StimMixed, StimRandom} {
			res := run(t, Options{Block: "arbiter", RTL: []string{declDir + "rr_arb_grp.sv"}, Params: map[string]int{"N": 8},
				Sim: c.sim, Cycles: c.cycles, Batch: c.batch, Stimulus: stim, Design: loadDesign(t, "", decl)})
			require.NotNil(t, res.Mismatch, "%s %q: the starvation must be found", c.sim, stim)
			p := res.Properties
			for _, q := range p.Props[:3] {
				assert.Zero(t, q.Violations, "%s: %s", c.sim, q.Name)
			}
			w := p.Props[3]
			assert.Equal(t, "wait_bound", w.Name)
			assert.Positive(t, w.Violations)
			assert.Regexp(t, `^worst wait \d+ taken grants \(bound 7\): requester \d+, cycle \d+$`, w.Stat)
			assert.Regexp(t, `^requester \d+ has waited 8 taken grants \(bound 7\), the last to \d+$`, p.First[0].What)
			assert.Equal(t, p.First[0].Cycle, res.Mismatch.Cycle)
			assert.LessOrEqual(t, len(p.First), 10)
			var marked bool
			for _, l := range res.Mismatch.Trace {
				marked = marked || strings.HasSuffix(l, "  <")
			}
			assert.True(t, marked, "the trace marks the violation:\n%s", strings.Join(res.Mismatch.Trace, "\n"))
			assert.Greater(t, len(res.Mismatch.Trace), 4)
		}
	}
}

// TestKeepGoing: --keep-going counts every difference per output over the
// whole run and lists the first 10; a matching run counts none.
func TestKeepGoing(t *testing.T) {
	kg := design.Flags{KeepGoing: true}
	res := run(t, Options{Block: "arbiter", RTL: []string{declDir + "rr_arb_tree.sv"}, Params: map[string]int{"N": 8}, Cycles: 20000,
		Design: loadDesign(t, "", kg)})
	require.NotNil(t, res.Mismatch)
	d := res.Differences
	require.NotNil(t, d)
	assert.Equal(t, uint64(20000), res.Cycles, "kept going to the end")
	assert.Len(t, d.First, 10)
	assert.Equal(t, res.Mismatch.Cycle, d.First[0].Cycle)
	var sum uint64
	for _, o := range d.Outputs {
		sum += o.Differ
		assert.LessOrEqual(t, o.Differ, o.Compared)
	}
	assert.Equal(t, d.Total, sum)
	assert.Greater(t, d.Total, uint64(100), "a rotation differs often")
	assert.Contains(t, res.Verdict(), "(kept going: ")

	res = run(t, Options{Block: "arbiter", Params: map[string]int{"N": 8}, Cycles: 20000, Design: loadDesign(t, "", kg)})
	requireMatch(t, res)
	assert.Zero(t, res.Differences.Total)
}

// TestObservedScheduler: a head-drop scheduler without a bitmap port
// (hd_sched) is checked as the selector+arbiter unit with its bitmap read
// by path (--observe over_o=bitmap): it matches and holds the composite's
// properties on both simulators; with >= in its comparators the observed
// bitmap differs and violates over_exact. A path that does not resolve,
// or that names a signal of another width, is a setup error.
func TestObservedScheduler(t *testing.T) {
	for _, c := range sims {
		res := run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch, Design: loadDesign(t, "hd_sched.yaml", design.Flags{})})
		requireMatch(t, res)
		assert.Equal(t, "selarb", res.Block)
		assert.Contains(t, res.Verdict(), "observe over_o=bitmap")
		res = run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch, Design: loadDesign(t, "hd_sched.yaml", design.Flags{Check: "properties"})})
		requireMatch(t, res)
		assert.Equal(t, "over_exact", res.Properties.Props[0].Name)
		assert.Greater(t, res.Properties.Props[0].Checked, uint64(c.cycles*9/10))

		bad := broken(t, "hd_sched.sv", "assign bitmap[i] = qlen[i*QW +: QW] > thr;", "assign bitmap[i] = qlen[i*QW +: QW] >= thr;")
		rtl := []string{bad, declDir + "rr_arb_reg.sv"}
		res = run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch, RTL: rtl, Design: loadDesign(t, "hd_sched.yaml", design.Flags{})})
		require.NotNil(t, res.Mismatch, "%s: >= must differ", c.sim)
		assert.Equal(t, "over_o", res.Mismatch.Signal)
		res = run(t, Options{Sim: c.sim, Cycles: c.cycles, Batch: c.batch, RTL: rtl, Design: loadDesign(t, "hd_sched.yaml", design.Flags{Check: "properties"})})
		require.NotNil(t, res.Mismatch, "%s: >= must violate over_exact", c.sim)
		assert.Equal(t, "over_exact", res.Mismatch.Signal)
	}
	for _, c := range []struct{ path, want string }{
		{"nope", "--observe: the simulator cannot resolve over_o=nope"},
		{"u_arb.ptr_q", "--observe: a signal's width differs from what it stands for (over_o=u_arb.ptr_q)"},
	} {
		_, err := Run(t.Context(), Options{CacheDir: testCache(), VerilogDir: "../..", Cycles: 100,
			Design: loadDesign(t, "hd_sched.yaml", design.Flags{Observe: []string{"over_o=" + c.path}})})
		require.Error(t, err)
		assert.Contains(t, err.Error(), c.want)
	}
}

// TestLoopReferenceRefused: a design reading a hierarchical reference
// inside a generate loop is refused on Verilator, naming the file and
// line, and checked on Icarus.
func TestLoopReferenceRefused(t *testing.T) {
	needVerilator(t)
	opt := Options{Block: "selector", RTL: []string{declDir + "hd_sel_loopref.sv"}, Top: "hd_sel_loopref",
		Params: map[string]int{"N": 8, "QW": 8}, Cycles: 2000, CacheDir: testCache(), VerilogDir: "../.."}
	_, err := Run(t.Context(), opt)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "refused on Verilator: a hierarchical reference written inside a generate loop")
	assert.Contains(t, err.Error(), "hd_sel_loopref.sv:30: u_cmp.over (in 8 loop copies)")
	opt.Sim = Icarus
	requireMatch(t, run(t, opt))
}
