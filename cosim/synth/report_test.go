package synth

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// fakeResults gives every job of AllJobs a cost from its size: a selector
// spends lutsPerCmp per comparator, an arbiter 4.5 LUTs per requester and
// arbLevels levels.
func fakeResults(t *testing.T, lutsPerCmp, arbLevels int) []Result {
	t.Helper()
	jobs, err := AllJobs()
	require.NoError(t, err)
	var res []Result
	for _, j := range jobs {
		r := Result{Job: j, Path: Path{Length: 3, From: "qlen_i[0]", To: "over_q[0]"}}
		switch j.Block.Name {
		case "selector":
			r.Cost = Cost{LUTs: lutsPerCmp * j.Size.N, FFs: j.Size.N}
		case "arbiter":
			r.Cost = Cost{LUTs: j.Size.N * 9 / 2, FFs: 6}
			r.Path.Length = arbLevels
		case "selector+arbiter":
			r.Cost = Cost{LUTs: lutsPerCmp*j.Size.N + j.Size.N*9/2, FFs: j.Size.N + 6}
			r.Path.Length = max(3, arbLevels)
		case "threshold":
			r.Cost = Cost{LUTs: 40 * j.Size.QW}
			r.Path.Length = 4
		case "maxfind":
			r.Cost = Cost{LUTs: 34 * j.Size.N}
			r.Path.Length = 3 * rtl.Clog2(j.Size.N)
		default:
			t.Fatalf("fakeResults: no cost for block %s", j.Block.Name)
		}
		r.Cost.Cells = r.Cost.LUTs + r.Cost.FFs
		res = append(res, r)
	}
	return res
}

func writeReport(t *testing.T, res []Result) string {
	t.Helper()
	var b bytes.Buffer
	tm := fakeTM(t)
	require.NoError(t, WriteMarkdown(&b, Report{Command: "occamy synth --all --out docs/hardware-cost.md", Version: "Yosys 0.23 (git sha1 7ce5011c24b)", Results: res, TM: &tm}))
	return b.String()
}

// fakeTM is a TM result at the defaults: the top's own logic 1000 LUT6,
// u_adm 5000, u_hd 3000 of which u_maxfind 2000 (24 levels), u_sel 800
// (3 levels), u_arb 200 (7 levels), u_thr 600: 10600 LUT6 in all.
func fakeTM(t *testing.T) TMResult {
	t.Helper()
	j, err := NewTMJob(nil)
	require.NoError(t, err)
	part := func(path, mod string, depth, luts, ffs, levels int) TMPart {
		return TMPart{Path: path, Module: mod, Role: mod + " role", Depth: depth, Cost: Cost{LUTs: luts, FFs: ffs, Cells: luts + ffs},
			Levels: Path{Length: levels, From: "a_q[0]", To: "b_q[1]"}}
	}
	return TMResult{Job: j, Own: part("", "occamy_tm", 0, 1000, 100, 5),
		Parts: []TMPart{part("u_thr", "dt_threshold", 1, 600, 0, 4), part("u_sel", "hd_selector", 1, 800, 64, 3),
			part("u_adm", "tm_admission", 1, 5000, 0, 40), part("u_adm.u_maxq", "tm_maxfind", 2, 1900, 0, 23),
			part("u_arb", "rr_arbiter", 1, 200, 6, 7),
			part("u_hd", "tm_hd_exec", 1, 3000, 500, 30), part("u_choice", "tm_hd_choice", 1, 2400, 0, 26),
			part("u_choice.u_maxfind", "tm_maxfind", 2, 2000, 0, 24)},
		Memories: []TMMemory{{Path: "u_cp_mem", Words: 16384, Width: 14, RP: 8, WP: 4, Lat: 1, InitStride: 4, Bits: 229376}}}
}

func TestWriteMarkdownTM(t *testing.T) {
	md := writeReport(t, fakeResults(t, 13, 7))
	for _, want := range []string{
		"## The traffic manager (occamy_tm) around its memories",
		"`occamy_tm` at **P=8,Q=8,B=16384,K=4,QW=16,AW=4,MAXPKT=64,IN=4,TXWIN=16,SW=16,PUSHOUT_WAIT=256** (N = P·Q = 64 queues)",
		"| u_hd | tm_hd_exec | tm_hd_exec role | 3000 | 500 | 30 | 23.1% | `a_q[0]` | `b_q[1]` |",
		"| ↳ u_choice.u_maxfind | tm_maxfind | tm_maxfind role | 2000 | 0 | 24 | 15.4% |",
		"| ↳ u_adm.u_maxq | tm_maxfind | tm_maxfind role | 1900 | 0 | 23 | 14.6% |",
		"| (top's own logic) | occamy_tm |",
		"| **total** | | | **13000** | **670** | — | 100% | | |",
		"| u_cp_mem | 16384 | 14 | 8 | 4 | 1 | 229376 |",
		"| selector + arbiter | 1000 | 70 | — | 7.7% |",
		"| policy's head-drop choice (`u_choice`) | 2400 | 0 | 26 | 18.5% |",
		"| maximum finder in admission (pushout-ports' longest queue; counted in admission, not above) (`u_adm.u_maxq`) | 1900 | 0 | 23 | 14.6% |",
		"| **executor + choice + selector + arbiter** | **6400** | 570 | — | **49.2%** |",
		"the executor is 3000 LUT6, 23.1% of the TM's 13000, the 2nd largest of the 6 sub-blocks in the top",
		"the policy's choice 2400 (18.5%); together they are 49.2% of the logic",
		"without it, Occamy's expulsion logic is 4400 LUT6, 33.8% of the TM's",
		"Calling a share up to 20% minor and over 40% large, the claim holds only loosely in LUTs",
		"In logic levels the maximum finder is 24 deep on its own against the selector's 3 and the arbiter's 7 (each at the TM's N=64, QW=16)",
		"is 8.0× as deep as Occamy's comparator bank",
		"they hold 229 376 bits (0.22 Mbit)",
		"The largest sub-block is `u_adm` (tm_admission, 5000 LUT6, 38.5%) and the deepest `u_adm` (tm_admission, 40 levels)",
		"## Maximum finder beside the selector and the arbiter",
		"Every sub-block maps to LUTs and flip-flops only once its memories' cells are deleted.",
	} {
		assert.Contains(t, md, want)
	}
}

func TestWriteMarkdownNeedsTM(t *testing.T) {
	var b bytes.Buffer
	err := WriteMarkdown(&b, Report{Results: fakeResults(t, 13, 7)})
	assert.EqualError(t, err, "report: no traffic-manager result (occamy synth --block tm)")
	assert.Zero(t, b.Len())
}

func TestWriteMarkdownContents(t *testing.T) {
	md := writeReport(t, fakeResults(t, 13, 7))
	for _, want := range []string{
		"Generated by `make synth`, that is\n\n```\noccamy synth --all --out docs/hardware-cost.md\n```",
		"**Yosys 0.23 (git sha1 7ce5011c24b)**",
		"A generic LUT6 mapping is not Vivado.",
		"## Selector, arbiter and selector+arbiter at QW=16",
		"## Selector, arbiter and selector+arbiter at QW=32",
		// N=64, QW=16: 832 + 288 = 1120, bold as the target row.
		"| 64 | 832 | 13 | 64 | 3 | 288 | 6 | 7 | **1120** | 70 | 7 |",
		"| 256 | 3328 | 13 | 256 | 3 | 1152 | 6 | 7 | 4480 | 262 | 7 |",
		"| C=8,QW=32,AW=4 | 1280 | 160 | 0 | 4 |",
		"met (80 LUT6 to spare)",
		"met (3 levels to spare)",
		"lower bound 13 (7 at QW=16)",
		"**Assumption, not a measurement:**",
		"0.10–0.20 ns per level",
		"A 1 ns cycle then holds 3 to 7 LUT6 levels.",
		"| arbiter | N=64 | 7 | 0.95–1.65 ns | marginal |",
		"| selector | N=64,QW=16 | 3 | 0.55–0.85 ns | fits |",
		"does not fit",
		"every 2 cycles",
		"one packet per clock at idle ports with chain freeing",
		"its own path is 30 levels around the memories",
		"| occamy_tm.u_hd | tm_hd_exec | 30 | 3.25–6.25 ns | does not fit |",
		"The TM's executor `tm_hd_exec` starts one head drop per cycle; around its memories",
		"its longest path is 30 levels (`a_q[0]` → `b_q[1]`), so at 1 GHz it is too deep for one cycle at either end of the assumption: by the estimate it would have to be cut into 5 to 10 register stages",
		"The TM's deepest sub-block is `u_adm` (tm_admission, 40 levels",
		"under 1.5 ns",
		"about 1200 LUTs",
	} {
		assert.Contains(t, md, want, "report must contain %q", want)
	}
	assert.NotContains(t, md, "missed", "no target is missed with these numbers")
	assert.Equal(t, md, writeReport(t, fakeResults(t, 13, 7)), "the report is a function of the results")
}

func TestWriteMarkdownMissedTargets(t *testing.T) {
	md := writeReport(t, fakeResults(t, 16, 11))
	// 16*64 + 288 = 1312 LUT6, 112 over; 11 levels, 1 over.
	assert.Contains(t, md, "**missed** by 112 LUT6")
	assert.Contains(t, md, "**missed** by 1 levels")
	assert.Contains(t, md, "1312 LUT6, 112 over the 1200 target")
	assert.Contains(t, md, "The arbiter misses the 10-level target at N=8 with 11 levels")
}

func TestWriteMarkdownNeedsEveryResult(t *testing.T) {
	res := fakeResults(t, 13, 7)
	var kept []Result
	for _, r := range res {
		if !(r.Job.Block.Name == "selector+arbiter" && r.Job.Size.N == 128 && r.Job.Size.QW == 32) {
			kept = append(kept, r)
		}
	}
	var b bytes.Buffer
	err := WriteMarkdown(&b, Report{Results: kept})
	require.Error(t, err)
	assert.Equal(t, "report: no result for selector+arbiter N=128,QW=32", err.Error())
	assert.Zero(t, b.Len(), "nothing written on error")
}

func TestComparatorLowerBound(t *testing.T) {
	for qw, want := range map[int]int{1: 1, 3: 1, 4: 2, 16: 7, 32: 13} {
		got := ComparatorLowerBound(qw)
		assert.Equal(t, want, got, "QW=%d", qw)
		// The bound's inequality: 5k+1 >= 2*qw, and k-1 LUTs are too few.
		assert.GreaterOrEqual(t, 5*got+1, 2*qw, "QW=%d: %d LUTs cover the inputs", qw, got)
		assert.Less(t, 5*(got-1)+1, 2*qw, "QW=%d: %d LUTs do not", qw, got-1)
	}
	assert.Equal(t, 3, LevelBudget(LevelNsHigh))
	assert.Equal(t, 7, LevelBudget(LevelNsLow))
	assert.True(t, strings.HasPrefix(nsRange(3), "0.55–0.85"))
}
