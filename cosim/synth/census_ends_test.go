package synth

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// endsNetlist has one of each kind of name over a budget of 2, from a
// chain of LUTs on a_i[0] (levels 1 to 5: bits 10, 11, 12, 13, 30):
// a vector register v_q (bits at 3 and 4), a register array arr_q[0],
// arr_q[1] (4, and 2: not over), a one-bit register one_q (4), a
// generate block's register u_e.g_p[1].s_q (3), an output port y_o (4,
// 3) and a deleted memory's write data u_m.wd_i (5, 4; nothing reads it).
func endsNetlist() *nl {
	return newNL().port("clk_i", "input", 1).port("a_i", "input", 2, 3).
		lut("l1", 10, 2).lut("l2", 11, 10).lut("l3", 12, 11).lut("l4", 13, 12).
		ff("v0", 12, 20).ff("v1", 13, 21).net("v_q", "", 20, 21).
		ff("a0", 13, 22).net("arr_q[0]", "", 22).ff("a1", 11, 23).net("arr_q[1]", "", 23).
		ff("o", 13, 25).net("one_q", "", 25).
		ff("g", 12, 24).net("u_e.g_p[1].s_q", "u_e g_p[1] s_q", 24).
		port("y_o", "output", 13, 12).
		lut("l5", 30, 13).lut("l6", 31, 12).net("u_m.wd_i", "u_m wd_i", 30, 31)
}

func TestCensusEnds(t *testing.T) {
	n, err := ReadNetlist(endsNetlist().json(t))
	require.NoError(t, err)
	tests := []struct {
		budget int
		want   []CensusGroup
	}{
		{2, []CensusGroup{
			grp("(top)", "u_m", 2, 5, "a_i[0]", "u_m.wd_i[0]",
				CensusEnd{Name: "u_m.wd_i", Kind: EndBlackBox, Count: 2, Max: 5, From: "a_i[0]", To: "u_m.wd_i[0]"}),
			grp("(top)", "(top)", 6, 4, "a_i[0]", "arr_q[0]",
				CensusEnd{Name: "v_q", Kind: EndRegister, Count: 2, Max: 4, From: "a_i[0]", To: "v_q[1]"},
				CensusEnd{Name: "y_o", Kind: EndOutput, Count: 2, Max: 4, From: "a_i[0]", To: "y_o[0]"},
				CensusEnd{Name: "arr_q", Kind: EndRegister, Array: true, Count: 1, Max: 4, From: "a_i[0]", To: "arr_q[0]"},
				CensusEnd{Name: "one_q", Kind: EndRegister, Count: 1, Max: 4, From: "a_i[0]", To: "one_q"}),
			grp("(top)", "u_e", 1, 3, "a_i[0]", "u_e.g_p[1].s_q",
				CensusEnd{Name: "u_e.g_p[1].s_q", Kind: EndRegister, Count: 1, Max: 3, From: "a_i[0]", To: "u_e.g_p[1].s_q"}),
		}},
		// Over 3 the bits at 3 drop out of their names' counts, and the
		// generate block's register with its row.
		{3, []CensusGroup{
			grp("(top)", "u_m", 2, 5, "a_i[0]", "u_m.wd_i[0]",
				CensusEnd{Name: "u_m.wd_i", Kind: EndBlackBox, Count: 2, Max: 5, From: "a_i[0]", To: "u_m.wd_i[0]"}),
			grp("(top)", "(top)", 4, 4, "a_i[0]", "arr_q[0]",
				CensusEnd{Name: "arr_q", Kind: EndRegister, Array: true, Count: 1, Max: 4, From: "a_i[0]", To: "arr_q[0]"},
				CensusEnd{Name: "one_q", Kind: EndRegister, Count: 1, Max: 4, From: "a_i[0]", To: "one_q"},
				CensusEnd{Name: "v_q", Kind: EndRegister, Count: 1, Max: 4, From: "a_i[0]", To: "v_q[1]"},
				CensusEnd{Name: "y_o", Kind: EndOutput, Count: 1, Max: 4, From: "a_i[0]", To: "y_o[0]"}),
		}},
		{5, nil},
	}
	for _, tc := range tests {
		c, err := CensusOf(n, tc.budget)
		require.NoError(t, err)
		assert.Equal(t, tc.want, c.Groups, "over %d: the groups and their names", tc.budget)
		over := 0
		for _, g := range c.Groups {
			sum := 0
			for _, e := range g.Ends {
				sum += e.Count
			}
			assert.Equal(t, g.Count, sum, "over %d, %s -> %s: the names' endpoints add up to the row's", tc.budget, g.FromBlock, g.ToBlock)
			over += g.Count
		}
		assert.Equal(t, c.Over, over, "over %d: the rows' endpoints add up to the census's", tc.budget)
	}
}

func TestEndName(t *testing.T) {
	for _, tc := range []struct {
		endpoint, name string
		indexed        bool
	}{
		{"u_sched.def_q[720]", "u_sched.def_q", true},
		{"u_pdl.head_q[0][3]", "u_pdl.head_q", true},
		{"u_pdl.head_q[1]", "u_pdl.head_q", true},
		{"gv_q", "gv_q", false},
		{"u_egress.g_port[1].isv_q", "u_egress.g_port[1].isv_q", false},
		{"u_egress.g_port[1].wp_q[3]", "u_egress.g_port[1].wp_q", true},
		{"net 1234", "net 1234", false},
	} {
		name, indexed := EndName(tc.endpoint)
		assert.Equal(t, tc.name, name, tc.endpoint)
		assert.Equal(t, tc.indexed, indexed, "%s: indexed", tc.endpoint)
	}
}

// TestCensusEndCone: each kind of name's cone pattern, and the names no
// pattern can name.
func TestCensusEndCone(t *testing.T) {
	for _, tc := range []struct {
		name     string
		end      CensusEnd
		want     string
		glob     bool
		cuttable bool
	}{
		{"a vector register: its net", CensusEnd{Name: "u_sched.def_q", Kind: EndRegister}, "u_sched.def_q", false, true},
		{"a one-bit register", CensusEnd{Name: "gv_q", Kind: EndRegister}, "gv_q", false, true},
		{"a register array: its elements' nets", CensusEnd{Name: "u_pdl.head_q", Kind: EndRegister, Array: true}, "u_pdl.head_q*", true, true},
		{"a generate block's register", CensusEnd{Name: "u_egress.g_port[1].isv_q", Kind: EndRegister}, "u_egress.g_port?1?.isv_q", false, true},
		{"a generate block's register array", CensusEnd{Name: "u_egress.g_port[0].wp_q", Kind: EndRegister, Array: true}, "u_egress.g_port?0?.wp_q*", true, true},
		{"an output port", CensusEnd{Name: "in_ok_o", Kind: EndOutput}, "in_ok_o", false, true},
		{"a memory's write data, by its sub-block's port", CensusEnd{Name: "u_pd_mem.wr_data_i", Kind: EndBlackBox}, "u_pd_mem.wr_data_i", false, true},
		{"a memory's one-bit enable", CensusEnd{Name: "cp_wen", Kind: EndBlackBox}, "cp_wen", false, true},
		{"the census's name of an unnamed bit", CensusEnd{Name: "net 1234", Kind: EndBlackBox}, "net 1234", false, false},
		{"a Yosys internal net", CensusEnd{Name: "$auto$alumacc.cc:501:replace_alu$22188", Kind: EndOutput},
			"$auto$alumacc.cc:501:replace_alu$22188", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.end.Cone())
			assert.Equal(t, tc.glob, IsConeGlob(tc.end.Cone()), "a glob (its aliases not taken)")
			assert.Equal(t, tc.cuttable, tc.end.Cuttable())
			assert.Equal(t, tc.cuttable, CheckConePatterns([]string{tc.end.Cone()}) == nil, "%s: a pattern --cone takes", tc.want)
		})
	}
}
