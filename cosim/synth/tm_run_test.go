package synth

import (
	"bytes"
	"context"
	"maps"
	tmface "occamy/testbench/blocks/tm"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sync/errgroup"
)

// A fake Yosys that answers the hierarchy script with the defaults' dump
// and every synthesis with 2 LUTs, 1 FF and 1 level: the runner must run the top
// and each distinct sub-module once, and add the top's own logic and the
// instances in the top (not u_hd.u_maxfind, which is inside u_hd).
func TestRunTMFake(t *testing.T) {
	td, err := filepath.Abs("testdata")
	require.NoError(t, err)
	body := `test -f sram_mp_blackbox.sv && test -f tm_hd_exec.sv && ! test -f sram_mp.sv || exit 3
if grep -q 'dump =\*' cost.ys; then cp ` + td + `/tm_default.hier hier.txt; exit 0; fi
m=$(sed -n 's/^synth -top \(.*\) -flatten -lut 6$/\1/p' cost.ys)
printf '=== %s ===\n\n   Number of cells: 3\n     $lut 2\n     $_DFF_P_ 1\n' "$m" > stat.txt
printf 'Longest topological path in %s (length=1):\n    0: \\a\n    1: \\y (via x)\n' "$m" > ltp.txt`
	y, calls := fakeYosys(t, body)
	j, err := NewTMJob(nil)
	require.NoError(t, err)
	r := &Runner{Yosys: y, VerilogDir: verilogDir, Jobs: 2}
	res, err := r.RunTM(context.Background(), j)
	require.NoError(t, err)

	log, err := os.ReadFile(calls)
	require.NoError(t, err)
	// 1 elaboration + the top + 13 distinct sub-modules.
	assert.Equal(t, 15, strings.Count(string(log), "\n"), "yosys calls")
	assert.Equal(t, 14, res.Designs)
	require.Len(t, res.Parts, 13)
	require.Len(t, res.Memories, 8)
	one := Cost{LUTs: 2, FFs: 1, Cells: 3}
	assert.Equal(t, one, res.Own.Cost, "the top's own logic")
	assert.Equal(t, "occamy_tm", res.Own.Module)
	// 12 instances in the top + the top's own logic; u_hd.u_maxfind is in u_hd.
	assert.Equal(t, Cost{LUTs: 13 * 2, FFs: 13, Cells: 13 * 3}, res.Total())
	mf, ok := res.Part("tm_maxfind")
	require.True(t, ok)
	assert.Equal(t, "u_hd.u_maxfind", mf.Path)
	assert.Equal(t, 2, mf.Depth)
	// The fixture is an older hierarchy: occamy_tm's sources no longer hold
	// tm_maxfind.sv (no sub-block instantiates it), so its role is unknown.
	assert.Empty(t, mf.Role)
	assert.Equal(t, Path{Length: 1, From: "a", To: "y"}, mf.Levels)

	var text bytes.Buffer
	require.NoError(t, WriteTMText(&text, res))
	for _, want := range []string{"occamy_tm P=8,Q=8,B=16384,K=4,QW=16,AW=4,MAXPKT=64,IN=4,TXWIN=16,SW=16,PUSHOUT_WAIT=256, memories (sram_mp) as black boxes",
		"total ", "u_cp_mem                   16384  14     8           4"} {
		assert.Contains(t, text.String(), want)
	}
	assert.Regexp(t, `\n  u_hd\.u_maxfind +tm_maxfind +2 +1 +1 +7\.7% *\n`, text.String(), "nested row indented")
}

func TestRunTMYosysFails(t *testing.T) {
	y, _ := fakeYosys(t, "echo 'occamy_tm.sv:3: ERROR: syntax error'\nexit 1")
	j, err := NewTMJob(nil)
	require.NoError(t, err)
	_, err = (&Runner{Yosys: y, VerilogDir: verilogDir}).RunTM(context.Background(), j)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "yosys failed on tm P=8,Q=8")
	assert.Contains(t, err.Error(), "ERROR: syntax error")

	_, err = (&Runner{Yosys: y, VerilogDir: t.TempDir()}).RunTM(context.Background(), j)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--verilog DIR")
}

// Integration: the real Yosys elaborates the TM at the small set (about a
// second): the hierarchy comes from the RTL, so a new sub-module appears
// without a change here, and every memory is a black box with its ports.
func TestYosysTMHierarchySmall(t *testing.T) {
	y := needYosys(t)
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	parts, mems, err := (&Runner{Yosys: y, VerilogDir: verilogDir}).TMHierarchy(context.Background(), j)
	require.NoError(t, err)
	mods := map[string]bool{}
	for _, p := range parts {
		mods[p.Module.Base] = true
	}
	for _, m := range []string{"tm_admission", "tm_enqueue", "tm_dequeue", "tm_hd_exec", "tm_sched", "tm_egress",
		"tm_pd_lists", "tm_free_list", "dt_threshold", "hd_selector", "rr_arbiter"} {
		assert.True(t, mods[m], "sub-module %s in the hierarchy", m)
	}
	byPath := map[string]TMMemory{}
	for _, m := range mems {
		byPath[m.Path] = m
	}
	// B=48 cells, K=2: the cell-pointer memory has 2K read and K write ports.
	cp := byPath["u_cp_mem"]
	assert.Equal(t, TMMemory{Path: "u_cp_mem", Words: 48, Width: 6, RP: 4, WP: 2, Lat: 1, InitStride: 2, Bits: 288, ReadBits: 24, WriteBits: 12}, cp)
	assert.Contains(t, byPath, "u_cd_mem")
}

// Integration: the whole TM flow with the real Yosys at the registry's
// smallest TM shape (P=1 Q=1 B=16 K=1: about 16 s of CPU, the small set
// takes 35 s); skipped with -short.
func TestYosysTMSmallest(t *testing.T) {
	y := needYosys(t)
	if testing.Short() {
		t.Skip("-short: the TM's synthesis at its smallest shape takes about 16 s of CPU")
	}
	j, err := NewTMJob(tmface.Shapes[0])
	require.NoError(t, err)
	res, err := (&Runner{Yosys: y, VerilogDir: verilogDir, Jobs: 2}).RunTM(context.Background(), j)
	require.NoError(t, err)
	sum := res.Own.Cost.LUTs
	for _, p := range res.Parts {
		assert.Zero(t, p.Cost.Other, "%s: only LUTs and flip-flops are left (the memories' cells deleted)", p.Path)
		if p.Depth == 1 {
			sum += p.Cost.LUTs
		}
	}
	assert.Equal(t, sum, res.Total().LUTs)
	_, ok := res.Part("tm_hd_exec")
	require.True(t, ok)
	ch, ok := res.Part("tm_hd_choice")
	require.True(t, ok)
	_, ok = res.Inside(ch, "tm_maxfind")
	assert.False(t, ok, "the choice's maximum finder is its own registered tree, not a tm_maxfind instance")
	adm, ok := res.Part("tm_admission")
	require.True(t, ok)
	_, ok = res.Inside(adm, "tm_maxfind")
	assert.False(t, ok, "admission's \"is the queue the longest?\" is one comparator per queue, not a tm_maxfind instance")
	assert.Positive(t, res.Own.Cost.LUTs, "the top's own logic")
	assert.Positive(t, res.Total().FFs)
	require.Len(t, res.Memories, 6, "u_pd_mem's one slice, u_pd_link, u_enq.u_ing, u_cp_mem, u_cd_mem, u_egress.u_buf")
	t.Run("reuse", func(t *testing.T) { checkTMReuse(t, y, j, res) })
}

// checkTMReuse runs the TM again on an earlier result: with every source
// unchanged nothing is synthesised; with tm_egress.sv's hash changed only
// tm_egress and the top are, and every other part is the earlier one.
func checkTMReuse(t *testing.T, y string, j TMJob, first TMResult) {
	r := &Runner{Yosys: y, VerilogDir: verilogDir, Jobs: 2}
	hashes, err := r.Hashes(nil, &j)
	require.NoError(t, err)
	r.PrevTM = &PrevTM{Result: first, Sources: hashes}
	again, err := r.RunTM(context.Background(), j)
	require.NoError(t, err)
	assert.Equal(t, again.Designs, again.Reused, "unchanged sources: every design taken")
	assert.Equal(t, first.Parts, again.Parts)
	assert.Equal(t, first.Own, again.Own)

	changed := maps.Clone(hashes)
	changed["tm_egress.sv"] = "not the same"
	r = &Runner{Yosys: y, VerilogDir: verilogDir, Jobs: 2, PrevTM: &PrevTM{Result: first, Sources: changed}}
	third, err := r.RunTM(context.Background(), j)
	require.NoError(t, err)
	assert.Equal(t, third.Designs-2, third.Reused, "tm_egress.sv changed: it and the top run again")
	for i, p := range third.Parts {
		if p.Module != "tm_egress" {
			assert.Equal(t, first.Parts[i].Wall, p.Wall, "%s taken from the earlier run", p.Path)
		}
	}
}

// Run and RunTM in parallel on one Runner share its Jobs: with Jobs=1 no
// two Yosys processes overlap (the fake takes a lock directory and fails
// when it is held).
func TestRunnerSharesJobs(t *testing.T) {
	td, err := filepath.Abs("testdata")
	require.NoError(t, err)
	lock := filepath.Join(t.TempDir(), "lock")
	y, _ := fakeYosys(t, `mkdir `+lock+` || { echo 'ERROR: two at once'; exit 9; }
sleep 0.02
if grep -q 'dump =\*' cost.ys; then cp `+td+`/tm_small.hier hier.txt; rmdir `+lock+`; exit 0; fi
m=$(sed -n 's/^synth -top \(.*\) -flatten -lut 6$/\1/p' cost.ys)
printf '=== %s ===\n\n   Number of cells: 1\n     $lut 1\n' "$m" > stat.txt
printf 'Longest topological path in %s (length=0):\n    0: \\a\n' "$m" > ltp.txt
rmdir `+lock)
	r := &Runner{Yosys: y, VerilogDir: verilogDir, Jobs: 1}
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	var g errgroup.Group
	g.Go(func() error { _, err := r.RunTM(context.Background(), j); return err })
	g.Go(func() error {
		_, err := r.Run(context.Background(), []Job{mustJob(t, "arbiter", Size{N: 8}), mustJob(t, "arbiter", Size{N: 16})})
		return err
	})
	require.NoError(t, g.Wait(), "no two Yosys processes at once")
}
