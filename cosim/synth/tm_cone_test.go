package synth

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckConePatterns(t *testing.T) {
	for _, tc := range []struct {
		name string
		ends []string
		bad  string // "" when the list is taken
	}{
		{"one register", []string{"u_adm.s2_ok_q"}, ""},
		{"top register and a glob", []string{"gq_q", "u_sched.*_q", "*_q", "u_pd_mem.rd_addr_i"}, ""},
		{"a generate block's name", []string{"u_egress.g_port?1?.isv_q"}, ""},
		{"a character class", []string{"u_sched.def_q[3]"}, `cone "u_sched.def_q[3]"`},
		{"none", nil, "no cone"},
		{"empty", []string{""}, `cone ""`},
		{"a selection operator", []string{"gq_q %ci*"}, `cone "gq_q %ci*"`},
		{"another kind of object", []string{"t:$dff"}, `cone "t:$dff"`},
		{"a command after it", []string{"gq_q;delete"}, `cone "gq_q;delete"`},
		{"a leading digit", []string{"1_q"}, `cone "1_q"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckConePatterns(tc.ends)
			if tc.bad == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err, "%q taken", tc.ends)
			assert.Contains(t, err.Error(), tc.bad)
		})
	}
}

func TestConeScript(t *testing.T) {
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	s := j.ConeScript([]string{"gq_q", "u_sched.def_q"})
	// The coarse synthesis once, then one cut and map per cone.
	assert.Equal(t, 1, strings.Count(s, "synth -top occamy_tm -flatten -run :fine\n"), s)
	assert.Equal(t, 1, strings.Count(s, "design -save coarse\n"), s)
	assert.Equal(t, 2, strings.Count(s, "design -load coarse\n"), s)
	assert.Equal(t, 2, strings.Count(s, "synth -top occamy_tm -lut 6 -run fine:\n"), s)
	for i, e := range []string{"gq_q", "u_sched.def_q"} {
		assert.Contains(t, s, "select -assert-min 1 w:"+e+"\n")
		for _, f := range []string{"stat_%d.txt stat", "ltp_%d.txt ltp -noff"} {
			assert.Contains(t, s, "tee -q -o "+strings.Replace(f, "%d", string(rune('0'+i)), 1)+"\n")
		}
		assert.Contains(t, s, "write_json net_"+string(rune('0'+i))+".json\n")
		assert.Contains(t, s, "tee -q -o ends_"+string(rune('0'+i))+".txt select -count @ends\n")
	}
	// A name's net with its aliases (flattening leaves a sub-block's port,
	// u_pd_mem.wr_data_i, connected to the net its memory reads), before
	// the registers driving them are taken.
	assert.Equal(t, 2, strings.Count(s, "select -set named @named %x1:+$nocell\n"), s)
	assert.Less(t, strings.Index(s, "%x1:+$nocell"), strings.Index(s, "select -set ffs @named"))
	// The cone goes through combinational cells only (%cie), so it stops at
	// registers and memories; the cells outside it go before the map.
	assert.Contains(t, s, "select -set cone @ends %cie*\n")
	assert.Less(t, strings.Index(s, "delete c:* @cone %d"), strings.Index(s, "-run fine:"))
	// Every pattern is checked before the first cut (a name that matches
	// nothing fails after the coarse synthesis, not after other cones),
	// and register arrays are flip-flops by then.
	assert.Less(t, strings.LastIndex(s, "select -assert-min 1"), strings.Index(s, "design -save coarse"))
	assert.Less(t, strings.Index(s, "memory_map\n"), strings.Index(s, "design -save coarse"))
	// A glob ends at registers, outputs and memory inputs only, and keeps
	// no combinational net it matches; an exact name is kept as an end.
	g := j.ConeScript([]string{"u_adm.*"})
	assert.Contains(t, g, "select -set kept @named o:* %i @named @mems %i %u\n")
	assert.Contains(t, g, "select -set ends @ffs %ci1 @ffs %d @kept %u\n")
	assert.Contains(t, g, "setattr -set keep 1 @ffs @kept %u\n")
	assert.NotContains(t, g, "@ffs @named %u\n")
	assert.NotContains(t, g, "%x1:+$nocell", "a glob's aliases would be other blocks' nets")
	x := j.ConeScript([]string{"u_fl.gn"})
	assert.Contains(t, x, "select -set kept @named @ffs %co1 %d\n")
	assert.Contains(t, x, "setattr -set keep 1 @ffs @kept %u\n")
	assert.NotContains(t, x, "o:*")
	assert.Contains(t, x, "select -set named @named %x1:+$nocell\n")
	// A generate block's name (a ? for each bracket) is a name, no glob.
	gen := j.ConeScript([]string{"u_egress.g_port?1?.isv_q"})
	assert.Contains(t, gen, "select -set named @named %x1:+$nocell\n")
	assert.Contains(t, gen, "select -set kept @named @ffs %co1 %d\n")
}

// TestConeOfCut: a cone's count of ends is Yosys's `select -count` line;
// none is a cut of nothing, and a line not understood is a *ParseError.
func TestConeOfCut(t *testing.T) {
	for _, tc := range []struct {
		name, out string
		cut       int
		bad       bool
	}{
		{"ends", "3 objects.\n", 3, false},
		{"none", "0 objects.\n", 0, false},
		{"a line before", "warning\n12 objects.\n", 12, false},
		{"not a count", "ERROR: no such set\n", 0, true},
		{"empty", "", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := selectCount.FindStringSubmatch(tc.out)
			if tc.bad {
				assert.Nil(t, m)
				_, err := coneOf("gq_q", []string{tc.out, "", "", ""}, "occamy_tm", 8)
				var pe *ParseError
				require.ErrorAs(t, err, &pe)
				assert.Contains(t, err.Error(), "cone gq_q")
				return
			}
			require.NotNil(t, m)
			assert.Equal(t, strconv.Itoa(tc.cut), m[1])
			assert.Equal(t, tc.cut == 0, TMCone{Cut: tc.cut}.CutNothing())
		})
	}
}

func TestConeNoMatch(t *testing.T) {
	// Yosys 0.23's line when a cone's select assertion fails (seen with
	// occamy synth --block tm --flat --small --cone nonexist_q).
	detail := "ERROR: Assertion failed: selection contains 0 elements, less than the minimum number 1: w:u_adm.nope_q"
	m := noMatch.FindStringSubmatch(detail)
	require.NotNil(t, m)
	assert.Equal(t, "u_adm.nope_q", m[1])
	assert.Nil(t, noMatch.FindStringSubmatch("ERROR: Assertion failed: selection is not empty: w:x"))
}

// TestTMConesSmall cuts six cones (a register array, a memory's input
// named exactly and by a glob, a memory's input by its sub-block's port's
// name, an alias of the net the memory reads) out of the flat TM at the small set and
// maps each alone (one Yosys run, about 15 s): each is a cut (far fewer LUTs than the flat TM's 5 000 and
// more), not empty (its deepest path has levels and ends at the register
// named), and its census agrees with ltp on the cone's own netlist.
func TestTMConesSmall(t *testing.T) {
	y, j := smallTMJob(t, "cutting five cones out of the flat TM at the small set takes 15 s of wall time or more")
	ends := []string{"gq_q", "u_sched.def_q", "u_pdl.head_q*", "cp_raddr", "cp_radd*", "u_pd_mem.wr_data_i"}
	c, err := (&Runner{Yosys: y, VerilogDir: verilogDir}).RunTMCones(context.Background(), j, ends, depthTarget)
	require.NoError(t, err)
	require.Len(t, c.Cones, len(ends))
	for i, k := range c.Cones {
		assert.Equal(t, ends[i], k.Ends)
		assert.Positive(t, k.Cut, "cone %s: cut nothing", k.Ends)
		assert.Equal(t, k.Levels.Length, k.Census.Max, "cone %s: census's deepest (%s -> %s) against ltp's (%s -> %s)",
			k.Ends, k.Census.MaxFrom, k.Census.MaxTo, k.Levels.From, k.Levels.To)
		assert.GreaterOrEqual(t, k.Levels.Length, 3, "cone %s: %d levels; a cut that lost its logic", k.Ends, k.Levels.Length)
		assert.LessOrEqual(t, k.Levels.Length, flatToday, "cone %s: deeper alone than the whole flat TM's ratchet", k.Ends)
		assert.True(t, strings.HasPrefix(k.Census.MaxTo, strings.TrimSuffix(ends[i], "*")), "cone %s: its deepest path ends at %s, not at a register named", k.Ends, k.Census.MaxTo)
		assert.Less(t, k.Cost.LUTs, 1000, "cone %s: %d LUT6, not a cut of the flat TM", k.Ends, k.Cost.LUTs)
		assert.Greater(t, k.Cost.LUTs, 10, "cone %s: %d LUT6", k.Ends, k.Cost.LUTs)
	}
	// A memory's input named exactly and by a glob is the same cone (a
	// glob once lost it: the memory, its read data unread after the cut,
	// was swept with its inputs).
	assert.Equal(t, c.Cones[3].Levels.Length, c.Cones[4].Levels.Length, "cp_raddr exact and by a glob: levels")
	assert.Equal(t, c.Cones[3].Cost, c.Cones[4].Cost, "cp_raddr exact and by a glob: cost")
}

// TestWriteTMConesText: one row per cone with its levels alone, its
// endpoints over budget and its deepest path; a cone without logic says
// so instead of naming an arbitrary pair.
func TestWriteTMConesText(t *testing.T) {
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	c := TMCones{Job: j, Cones: []TMCone{
		{Ends: "u_fl.cnt_q", Cut: 3, Cost: Cost{LUTs: 870, FFs: 1301}, Levels: Path{Length: 13},
			Census: Census{Budget: 8, Over: 60, Max: 13, MaxFrom: "u_deq.fh_q[0]", MaxTo: "u_fl.cnt_q[6]"}},
		{Ends: "u_fl.pop_i", Cut: 1, Cost: Cost{FFs: 1031},
			Census: Census{Budget: 8, MaxFrom: "u_deq.cnt[0]", MaxTo: "cd_rd_o[0]"}},
		{Ends: "u_fl.wd_i*", Cost: Cost{FFs: 1031},
			Census: Census{Budget: 8, MaxFrom: "clk_i", MaxTo: "use_q[3]"}},
	}}
	var b strings.Builder
	require.NoError(t, WriteTMConesText(&b, c, 8))
	s := b.String()
	assert.Contains(t, s, "cone (ends)  levels alone  endpoints over 8  LUT6  FF    the deepest: start -> end")
	assert.Contains(t, s, "u_fl.cnt_q   13            60                870   1301  u_deq.fh_q[0] -> u_fl.cnt_q[6]")
	assert.Contains(t, s, "u_fl.pop_i   0             0                 0     1031  none: registers, memory read data or inputs drive it directly")
	assert.NotContains(t, s, "cd_rd_o", "a cone without logic names no path")
	assert.Contains(t, s, "u_fl.wd_i*   -             0                 0     1031  cut nothing: the name is no register, output or memory input after the coarse synthesis")
	assert.NotContains(t, s, "use_q", "a cone that cut nothing names no path")
}

// TestSaveConesJSON: --cone --json's file holds each cone as run, read
// back as written, and no temporary file is left beside it.
func TestSaveConesJSON(t *testing.T) {
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	c := TMCones{Job: j, Cones: []TMCone{{Ends: "gq_q", Cost: Cost{LUTs: 30, FFs: 78}, Levels: Path{Length: 4, From: "a", To: "gq_q[0]"},
		Census: Census{Budget: 8, Endpoints: 163, Max: 4, MaxFrom: "a", MaxTo: "gq_q[0]"}}}}
	name := filepath.Join(t.TempDir(), "cones.json")
	require.NoError(t, SaveConesJSON(name, SavedCones{Command: "occamy synth --block tm --flat --cone gq_q", Version: "Yosys 0.23", Cones: c}))
	b, err := os.ReadFile(name)
	require.NoError(t, err)
	var got SavedCones
	require.NoError(t, json.Unmarshal(b, &got))
	assert.Equal(t, c.Cones, got.Cones.Cones, "the cones read back")
	assert.Equal(t, "occamy synth --block tm --flat --cone gq_q", got.Command)
	entries, err := os.ReadDir(filepath.Dir(name))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "only the file itself in its directory")
}
