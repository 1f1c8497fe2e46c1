package synth

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// squeeze collapses the runs of spaces tabwriter pads with.
func squeeze(s string) string { return regexp.MustCompile(` {2,}`).ReplaceAllString(s, " ") }

func TestWriteTMConeRowsText(t *testing.T) {
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	flat := Census{Budget: 8, Groups: []CensusGroup{
		{FromBlock: "u_deq", ToBlock: "(top)", Count: 61, Max: 13, To: "cp_raddr[3]", Ends: []CensusEnd{
			{Name: "cp_raddr", Kind: EndBlackBox, Count: 48, Max: 13},
			{Name: "free_q", Kind: EndRegister, Count: 12, Max: 12},
			{Name: "net 77", Kind: EndBlackBox, Count: 1, Max: 9}}},
		{FromBlock: "u_fl", ToBlock: "u_pd_mem", Count: 30, Max: 11, To: "u_pd_mem.wr_data_i[3]", Ends: []CensusEnd{
			{Name: "u_pd_mem.wr_data_i", Kind: EndBlackBox, Count: 30, Max: 11}}},
		{FromBlock: "u_hd", ToBlock: "(top)", Count: 5, Max: 10, To: "free_q[3]", Ends: []CensusEnd{
			{Name: "free_q", Kind: EndRegister, Count: 5, Max: 10}}},
	}}
	rc, err := ConesOfRows(flat)
	require.NoError(t, err)
	require.Equal(t, []string{"cp_raddr", "free_q", "u_pd_mem.wr_data_i"}, rc.Patterns)
	cone := func(ends string, cut, levels int, from, to string) TMCone {
		return TMCone{Ends: ends, Cut: cut, Levels: Path{Length: levels}, Census: Census{Max: levels, MaxFrom: from, MaxTo: to}}
	}
	raddr := cone("cp_raddr", 1, 6, "u_deq.fa_q[1]", "cp_raddr[3]")
	free := cone("free_q", 3, 12, "u_hd.cnt_q[0]", "free_q[3]")
	tests := []struct {
		name   string
		cones  []TMCone
		want   []string
		absent []string
	}{
		{"a memory input cut", []TMCone{raddr, free, cone("u_pd_mem.wr_data_i", 1, 5, "u_fl.tail_q[0]", "u_pd_mem.wr_data_i[2]")},
			[]string{
				"occamy_tm P=2,Q=2,B=48,K=2,QW=7,AW=3,MAXPKT=6,IN=3,TXWIN=4,SW=5,PUSHOUT_WAIT=12: each name of the flat census's rows (endpoints over 8), its cone cut out and mapped alone (3 cones, Yosys 3m17s)",
				"\nu_deq -> (top): 61 endpoints, flat max 13; the deepest alone free_q 12\n",
				"\n name kind endpoints flat max alone its deepest alone: start -> end\n",
				"\n cp_raddr black-box input 48 13 6 u_deq.fa_q[1] -> cp_raddr[3]\n",
				"\n free_q register 12 12 12 u_hd.cnt_q[0] -> free_q[3]\n",
				"\n net 77 black-box input 1 9 - not cut: an internal net, no name to cut by\n",
				"\nu_fl -> u_pd_mem: 30 endpoints, flat max 11; the deepest alone u_pd_mem.wr_data_i 5\n",
				"\n u_pd_mem.wr_data_i black-box input 30 11 5 u_fl.tail_q[0] -> u_pd_mem.wr_data_i[2]\n",
				"\nu_hd -> (top): 5 endpoints, flat max 10; the deepest alone free_q 12\n",
				"\n free_q register 5 10 12 u_hd.cnt_q[0] -> free_q[3]\n",
				"\nalone over 8, the deepest first (name, levels alone, its rows):\n free_q 12 (u_deq -> (top), u_hd -> (top))\n",
			}, []string{"cut nothing"}},
		{"a memory input that cut nothing", []TMCone{raddr, free, cone("u_pd_mem.wr_data_i", 0, 0, "clk_i", "use_q[3]")},
			[]string{
				"\nu_fl -> u_pd_mem: 30 endpoints, flat max 11; no name of it cut\n",
				"\n u_pd_mem.wr_data_i black-box input 30 11 - cut nothing: the name is no register, output or memory input after the coarse synthesis\n",
			}, []string{"clk_i", "use_q"}},
		{"a name's own deepest path alone, tied with another endpoint's", []TMCone{raddr,
			{Ends: "free_q", Cut: 3, Levels: Path{Length: 12}, Census: Census{Budget: 8, Max: 12, MaxFrom: "u_hd.cnt_q[0]", MaxTo: "gv_q",
				Groups: []CensusGroup{{Ends: []CensusEnd{{Name: "gv_q", Max: 12}, {Name: "free_q", Max: 11, From: "u_deq.fh_q[2]", To: "free_q[1]"}}}}}},
			cone("u_pd_mem.wr_data_i", 1, 5, "u_fl.tail_q[0]", "u_pd_mem.wr_data_i[2]")},
			[]string{
				"\n free_q register 12 12 11 u_deq.fh_q[2] -> free_q[1]\n",
				"\nu_deq -> (top): 61 endpoints, flat max 13; the deepest alone free_q 11\n",
				"\nalone over 8, the deepest first (name, levels alone, its rows):\n free_q 11 (u_deq -> (top), u_hd -> (top))\n",
			}, []string{"gv_q", "free_q 12"}},
		{"two names over the budget alone, the deepest first", []TMCone{cone("cp_raddr", 1, 9, "u_deq.fa_q[1]", "cp_raddr[3]"), free,
			cone("u_pd_mem.wr_data_i", 1, 5, "u_fl.tail_q[0]", "u_pd_mem.wr_data_i[2]")},
			[]string{"\nalone over 8, the deepest first (name, levels alone, its rows):\n free_q 12 (u_deq -> (top), u_hd -> (top))\n cp_raddr 9 (u_deq -> (top))\n"},
			[]string{"u_pd_mem.wr_data_i 5 ("}},
		{"nothing over the budget alone", []TMCone{raddr, cone("free_q", 3, 8, "u_hd.cnt_q[0]", "free_q[3]"), cone("u_pd_mem.wr_data_i", 1, 0, "a", "b")},
			[]string{
				"\nu_deq -> (top): 61 endpoints, flat max 13; the deepest alone free_q 8\n",
				"\n u_pd_mem.wr_data_i black-box input 30 11 0 none: registers, memory read data or inputs drive it directly\n",
				"\nalone over 8: none\n",
			}, []string{"free_q 12"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			require.NoError(t, WriteTMConeRowsText(&b, flat, rc, TMCones{Job: j, Cones: tc.cones, Wall: 197 * time.Second}))
			s := squeeze(b.String())
			for _, w := range tc.want {
				assert.Contains(t, s, w)
			}
			for _, a := range tc.absent {
				assert.NotContains(t, s, a)
			}
		})
	}
}

// TestWriteTMConeRowsTextAligned: a row's table is aligned, the names
// indented under the row's line.
func TestWriteTMConeRowsTextAligned(t *testing.T) {
	flat := Census{Budget: 8, Groups: []CensusGroup{{FromBlock: "u_deq", ToBlock: "(top)", Count: 2, Max: 9, Ends: []CensusEnd{
		{Name: "cp_raddr", Kind: EndBlackBox, Count: 1, Max: 9}, {Name: "gv_q", Kind: EndRegister, Count: 1, Max: 9}}}}}
	rc, err := ConesOfRows(flat)
	require.NoError(t, err)
	c := TMCones{Cones: []TMCone{{Ends: "cp_raddr", Cut: 1, Levels: Path{Length: 6}, Census: Census{Max: 6, MaxFrom: "a_q", MaxTo: "cp_raddr[0]"}},
		{Ends: "gv_q", Cut: 1, Levels: Path{Length: 9}, Census: Census{Max: 9, MaxFrom: "b_q", MaxTo: "gv_q"}}}}
	var b strings.Builder
	require.NoError(t, WriteTMConeRowsText(&b, flat, rc, c))
	assert.Contains(t, b.String(), "\n"+
		"  name      kind             endpoints  flat max  alone  its deepest alone: start -> end\n"+
		"  cp_raddr  black-box input  1          9         6      a_q -> cp_raddr[0]\n"+
		"  gv_q      register         1          9         9      b_q -> gv_q\n")
	assert.Contains(t, b.String(), "\nalone over 8, the deepest first (name, levels alone, its rows):\n  gv_q 9 (u_deq -> (top))\n")
}
