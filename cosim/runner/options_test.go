package runner

import (
	"context"
	"errors"
	"fmt"
	"occamy/testbench/blocks"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
	"occamy/testbench/coverage"
)

// TestPrepareErrors: every bad option is a clear error before anything is
// built or simulated.
func TestPrepareErrors(t *testing.T) {
	dir := t.TempDir()
	two := filepath.Join(dir, "two.sv")
	require.NoError(t, os.WriteFile(two, []byte("module a; endmodule\n// module c\nmodule b; endmodule\n"), 0o644))
	for _, c := range []struct {
		name string
		opt  Options
		want string
	}{
		{"no block", Options{}, "no block given"},
		{"unknown block", Options{Block: "mux"}, `unknown block "mux" (known: threshold, selector, arbiter,`},
		{"unknown sim", Options{Block: "arbiter", Sim: "vcs"}, `unknown simulator "vcs"`},
		{"unknown stimulus", Options{Block: "arbiter", Stimulus: "fuzzy"}, `unknown stimulus "fuzzy"`},
		{"negative cycles", Options{Block: "arbiter", Cycles: -1}, "cycles=-1"},
		{"bad opt", Options{Block: "arbiter", Opt: "-O9"}, `Opt: optimisation "-O9" not supported, want one of -O0 -O1 -O2 -O3 -Os`},
		{"opt without dash", Options{Block: "arbiter", Opt: "O1"}, `Opt: optimisation "O1" not supported`},
		{"unknown parameter", Options{Block: "selector", Params: map[string]int{"M": 3}}, "selector has no parameter M (parameters: N, QW)"},
		{"parameter out of range", Options{Block: "arbiter", Params: map[string]int{"N": 300}}, "N=300"},
		{"executor without rtl", Options{Block: "executor"}, "RTL: replacing tm's executor needs your module: give the Verilog file that declares module tm_hd_exec"},
		{"replace without rtl", Options{Block: "tm", Replace: "arbiter"}, "RTL: replacing tm's arbiter needs your module"},
		{"replace unknown", Options{Block: "tm", Replace: "scheduler", RTL: []string{two}}, `Replace: tm has no replaceable sub-module "scheduler" (known: executor, selector, arbiter)`},
		{"replace in a block without subs", Options{Block: "arbiter", Replace: "arbiter", RTL: []string{two}}, "Replace: arbiter has no replaceable sub-module"},
		{"replace the wrong module", Options{Block: "tm", Replace: "arbiter", RTL: []string{two}}, "RTL: " + two + " declares a, b, not rr_arbiter: your arbiter must be a module named rr_arbiter"},
		{"executor replacing another", Options{Block: "executor", Replace: "arbiter", RTL: []string{two}}, "block executor is tm with its executor replaced; it cannot replace \"arbiter\" as well"},
		{"replace with another top", Options{Block: "tm", Replace: "arbiter", RTL: []string{two}, Top: "mine"}, "Top: with the arbiter replaced the top is occamy_tm, not mine"},
		{"top without rtl", Options{Block: "arbiter", Top: "mine"}, "--top mine needs --rtl"},
		{"missing rtl", Options{Block: "arbiter", RTL: []string{filepath.Join(dir, "none.sv")}}, "none.sv cannot be read"},
		{"ambiguous top", Options{Block: "arbiter", RTL: []string{two}}, "it declares a, b; give --top"},
		{"bad replay", Options{Block: "arbiter", Replay: []uint32{1, 2, 3, 4, 5}}, "not a whole number of 4-word cycles"},
		{"empty rtl name", Options{Block: "arbiter", RTL: []string{""}}, "RTL: an empty file name"},
		{"batch on icarus", Options{Block: "arbiter", Sim: Icarus, Batch: true}, "Batch: batched mode drives the Verilated model"},
		{"pgo on icarus", Options{Block: "arbiter", Sim: Icarus, PGO: true}, "PGO: a profile-guided build is a Verilator build"},
		{"zero-init on icarus", Options{Block: "arbiter", Sim: Icarus, ZeroInit: true}, "ZeroInit: zero power-up is a Verilator option"},
		{"include dir missing", Options{Block: "arbiter", IncludeDirs: []string{filepath.Join(dir, "nodir")}}, "IncludeDirs: " + filepath.Join(dir, "nodir") + " is not a directory"},
		{"include dir is a file", Options{Block: "arbiter", IncludeDirs: []string{two}}, "is not a directory"},
		{"include dir empty", Options{Block: "arbiter", IncludeDirs: []string{" "}}, "IncludeDirs: an empty directory name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.opt.VerilogDir == "" {
				c.opt.VerilogDir = "../.."
			}
			_, err := prepare(c.opt)
			require.Error(t, err, "options %+v accepted", c.opt)
			require.ErrorContains(t, err, c.want)
		})
	}
	_, err := prepare(Options{Block: "arbiter", Params: map[string]int{"N": 0}, VerilogDir: "../.."})
	var pe *rtl.ParamError
	require.True(t, errors.As(err, &pe), "N=0: want an *rtl.ParamError inside, got %v", err)
	_, err = prepare(Options{Block: "arbiter", VerilogDir: dir})
	require.ErrorContains(t, err, "is not under "+dir)
}

func TestDefaults(t *testing.T) {
	s := testSession(t, Options{Block: "rr_arbiter"})
	require.Equal(t, "arbiter", s.b.Name)
	require.Equal(t, map[string]int{"N": 64}, s.p)
	require.Equal(t, uint64(DefaultCycles), s.cycles)
	require.True(t, s.clocked)
	s = testSession(t, Options{Block: "threshold", Sim: Icarus})
	require.Equal(t, uint64(DefaultIcarusCycles), s.cycles)
	require.False(t, s.clocked)
	require.True(t, s.armedAtStart(), "a combinational block is compared from cycle 0")
	require.Equal(t, "", s.design().Opt, "no Opt: the simulator's default")
	s = testSession(t, Options{Block: "arbiter", Opt: "-O1"})
	require.Equal(t, "-O1", s.design().Opt, "Opt reaches the design the simulator builds")
	s = testSession(t, Options{Block: "tm", ZeroInit: true})
	require.False(t, s.armedAtStart(), "zero power-up is not the TM's reset state (free_o = B): compared after the first reset edge")
	require.Equal(t, blocks.Names(), Blocks(), "the runner's blocks are the faces'")
	names, err := ParamNames("selector")
	require.NoError(t, err)
	require.Equal(t, []string{"N", "QW"}, names)
}

// TestReplaceFiles: a replaced sub-module's file leaves the block's file
// list and the user's files follow; the top stays the block's; --block
// executor is --block tm --replace executor.
func TestReplaceFiles(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine.sv")
	require.NoError(t, os.WriteFile(mine, []byte("module tm_hd_exec; endmodule\n"), 0o644))
	for _, opt := range []Options{{Block: "executor", RTL: []string{mine}}, {Block: "tm", Replace: "tm_hd_exec", RTL: []string{mine}}} {
		s := testSession(t, opt)
		assert.Equal(t, "tm", s.b.Name)
		assert.Equal(t, "occamy_tm", s.top)
		assert.Equal(t, "executor", s.sub.Name)
		assert.Equal(t, "executor", s.opt.Replace)
		assert.True(t, s.user)
		require.Len(t, s.files, len(s.b.Sources))
		require.Len(t, s.own, len(s.b.Sources))
		assert.Equal(t, mine, s.files[len(s.files)-1])
		for _, f := range s.files[:len(s.files)-1] {
			assert.NotEqual(t, "tm_hd_exec.sv", filepath.Base(f))
		}
		assert.Contains(t, s.own, filepath.Join(filepath.Dir(s.own[0]), "tm_hd_exec.sv"))
		assert.Equal(t, dir, s.incdirs[0], "includes beside the user's file")
	}
}

func TestGuessTop(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.sv")
	require.NoError(t, os.WriteFile(a, []byte("/* module fake; */\nmodule helper(); endmodule\n  module my_arb #(parameter int N=4) (); endmodule\n"), 0o644))
	top, mods := guessTop([]string{a}, "rr_arbiter")
	require.Equal(t, "", top)
	require.Equal(t, []string{"helper", "my_arb"}, mods, "comments are not declarations")
	top, _ = guessTop([]string{a}, "my_arb")
	require.Equal(t, "my_arb", top, "the block's module name wins")
	b := filepath.Join(dir, "b.sv")
	require.NoError(t, os.WriteFile(b, []byte("module only_one;\nendmodule\n"), 0o644))
	top, _ = guessTop([]string{b}, "rr_arbiter")
	require.Equal(t, "only_one", top)
}

func TestFormat(t *testing.T) {
	require.Equal(t, "3f", hexOf([]uint32{0x3f}, 6))
	require.Equal(t, "0", hexOf([]uint32{0}, 1))
	require.Equal(t, "100000000", hexOf([]uint32{0, 1}, 33))
	require.Equal(t, "qlen_o[1] (bits 31:16): go 0012 rtl 0011", elemDetail("qlen_o", 16, []uint32{0x00120005}, []uint32{0x00110005}, 32))
	require.Equal(t, "over_o[63]: go 0 rtl 1", elemDetail("over_o", 1, []uint32{0, 0}, []uint32{0, 1 << 31}, 64))
	require.Equal(t, "", elemDetail("free_o", 0, []uint32{1}, []uint32{2}, 15))
	m := &Mismatch{Cycle: 9, Signal: "gnt_idx_o", Go: "3", RTL: "0", Trace: []string{"c=9 ..."}}
	require.Equal(t, "cycle 9: gnt_idx_o go=3 rtl=0\n  c=9 ...", m.String())
	r := &Result{Checked: Checked{Block: "arbiter", Top: "rr_arbiter", Sim: "verilator", Mode: "batched", Seed: 3}, Counts: Counts{Cycles: 1000, Compared: 999, Rate: 2.5e6}}
	require.Equal(t, "MATCH arbiter [defaults] (project RTL rr_arbiter, verilator batched): 999 cycles compared (1000 run), 2.50M cycles/s, seed 3", r.Verdict())
	r.Outputs = []string{"gnt_valid_o", "gnt_idx_o"}
	r.Coverage = &coverage.Report{Points: []coverage.Point{{Name: "wrap", Hits: 3}, {Name: "tie"}}}
	require.Equal(t, "MATCH arbiter [defaults] (project RTL rr_arbiter, verilator batched): 999 cycles compared (1000 run) on 2 outputs, coverage 1/2 hit, 2.50M cycles/s, seed 3", r.Verdict())
	// An n/a point is neither hit nor reachable, even when the golden side counted it.
	r.Coverage.Points = append(r.Coverage.Points, coverage.Point{Name: "wide", Hits: 5, NA: "needs N > 1"})
	require.Equal(t, "MATCH arbiter [defaults] (project RTL rr_arbiter, verilator batched): 999 cycles compared (1000 run) on 2 outputs, coverage 1/2 hit (1 n/a), 2.50M cycles/s, seed 3", r.Verdict())
	r.Coverage, r.Outputs = nil, r.Outputs[:1]
	require.Equal(t, "MATCH arbiter [defaults] (project RTL rr_arbiter, verilator batched): 999 cycles compared (1000 run) on 1 output, 2.50M cycles/s, seed 3", r.Verdict())
	r.Outputs = nil
	r.Interrupted, r.Cycles = true, 0
	require.Equal(t, "INTERRUPTED arbiter [defaults] (project RTL rr_arbiter, verilator batched): stopped before any cycle ran (while building or starting the simulation), nothing compared, seed 3", r.Verdict())
	r.Cycles = 1000
	require.Equal(t, "INTERRUPTED arbiter [defaults] (project RTL rr_arbiter, verilator batched): no mismatch in 999 cycles compared (1000 run) before the stop, 2.50M cycles/s, seed 3", r.Verdict())
	r.Mismatch = m
	require.Equal(t, "MISMATCH arbiter [defaults] (project RTL rr_arbiter, verilator batched): cycle 9: gnt_idx_o go=3 rtl=0 after 1000 cycles (999 compared), 2.50M cycles/s", r.Verdict())
	// The verdict names the parameter set, whose Verilog and the simulator.
	r.Set, r.Design, r.Top = "small", "your my_arb.sv", "my_arb"
	require.Equal(t, "MISMATCH arbiter [small] (your my_arb.sv: my_arb, verilator batched): cycle 9: gnt_idx_o go=3 rtl=0 after 1000 cycles (999 compared), 2.50M cycles/s", r.Verdict())
	x := &Result{Checked: Checked{Block: "tm", Set: "k4-tight/occamy-chain", Design: "your exec.sv", Top: "occamy_tm", Replace: "executor",
		ReplaceModule: "tm_hd_exec", Sim: "icarus", Mode: "vcd diff", Seed: 1}, Counts: Counts{Cycles: 10, Compared: 8}}
	require.Equal(t, "MATCH tm [k4-tight/occamy-chain] (your exec.sv: executor tm_hd_exec inside occamy_tm, icarus vcd diff): 8 cycles compared (10 run), 0 cycles/s, seed 1", x.Verdict())
}

// TestSetAndDesignNames: a run's set is its matrix configuration, else
// "defaults" or the parameters that differ from them; its design "project
// RTL" or the user's files by base name.
func TestSetAndDesignNames(t *testing.T) {
	b, err := lookupBlock("arbiter")
	require.NoError(t, err)
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{}, "defaults"},
		{Options{Params: map[string]int{"N": 64}}, "defaults"},
		{Options{Params: map[string]int{"N": 8}}, "N=8"},
		{Options{Set: "small", Params: map[string]int{"N": 8}}, "small"},
	} {
		require.Equal(t, c.want, setName(c.opt, b), "%+v", c.opt)
	}
	require.Equal(t, "project RTL", designName(Options{}))
	require.Equal(t, "your a.sv, b.v", designName(Options{RTL: []string{"/x/y/a.sv", "b.v"}}))
	f := Failed(Options{Block: "tm", Params: map[string]int{"K": 2}, RTL: []string{"e.sv"}, Replace: "executor"}, errors.New("no"))
	require.Equal(t, "K=2", f.Set)
	require.Equal(t, "your e.sv", f.Design)
}

// TestRegressionRuns: a block's regression is every configuration of its
// matrix at every seed, named, in the matrix's order; --quick one run;
// seeds and cycles given replace the matrix's; a stand-alone sub-module
// runs its own matrix; parameters given are refused.
func TestRegressionRuns(t *testing.T) {
	runs, err := Regression(Options{Block: "arbiter"}, MatrixRun{})
	require.NoError(t, err)
	var names []string
	for _, o := range runs {
		names = append(names, fmt.Sprintf("%s %d %d", o.Set, o.Seed, o.Cycles))
	}
	require.Equal(t, []string{"defaults 1 200000", "defaults 2 200000", "small 1 200000", "small 2 200000"}, names)
	require.Empty(t, runs[0].Params, "the first set is the defaults")
	require.Equal(t, 5, runs[2].Params["N"]) // the small set
	runs, err = Regression(Options{Block: "arbiter"}, MatrixRun{Seeds: []int64{7}, Cycles: 500})
	require.NoError(t, err)
	require.Len(t, runs, 2)
	require.Equal(t, int64(7), runs[1].Seed)
	require.Equal(t, 500, runs[1].Cycles)
	runs, err = Regression(Options{Block: "tm"}, MatrixRun{Quick: true})
	require.NoError(t, err)
	require.Len(t, runs, 1)
	require.Equal(t, "defaults/occamy", runs[0].Set)
	tm, err := Regression(Options{Block: "tm"}, MatrixRun{})
	require.NoError(t, err)
	ex, err := Regression(Options{Block: "executor", RTL: []string{"x.sv"}}, MatrixRun{})
	require.NoError(t, err)
	require.Len(t, tm, 30)
	require.Len(t, ex, 25, "the executor's matrix: the TM's without dt")
	for _, o := range ex {
		require.NotContains(t, o.Set, "/dt")
		require.Equal(t, []string{"x.sv"}, o.RTL)
	}
	_, err = Regression(Options{Block: "tm", Params: map[string]int{"K": 2}}, MatrixRun{})
	require.ErrorContains(t, err, "give parameters for a single run")
	_, err = Regression(Options{Block: "nope"}, MatrixRun{})
	require.ErrorContains(t, err, `unknown block "nope"`)
}

func TestTraceLines(t *testing.T) {
	s := testSession(t, Options{Block: "arbiter", Params: map[string]int{"N": 4}})
	l := &s.canon
	rows := []row{{cycle: 5, in: []uint32{1, 0x5, 1}, gold: []uint32{1, 2}, rtl: []string{"1", "0"}}}
	require.Equal(t, []string{"c=5 rst_ni=1 req_i=5 ack_i=1 | go gnt_valid_o=1 gnt_idx_o=2 | rtl gnt_valid_o=1 gnt_idx_o=0*"}, traceLines(l, rows))
}

func TestFirstDiff(t *testing.T) {
	a := []uint32{1, 2, 3, 4, 5, 6}
	b := []uint32{9, 2, 3, 4, 5, 7}
	require.Equal(t, 0, firstDiff(a, b, 2, 0))
	require.Equal(t, 2, firstDiff(a, b, 2, 1), "cycle 0 is before the reset edge and skipped")
	require.Equal(t, -1, firstDiff(a[:4], b[:4], 2, 1))
}

// TestIcarusMissing: without iverilog an Icarus run fails at once with one
// line saying what to install.
func TestIcarusMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := Run(context.Background(), Options{Block: "arbiter", Sim: Icarus, VerilogDir: "../.."})
	require.ErrorIs(t, err, ErrIcarusMissing)
	require.Equal(t, "cosim: iverilog not found; install Icarus Verilog with: apt-get install iverilog", err.Error())
}
