package synth

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRowCone(t *testing.T) {
	for _, tc := range []struct{ endpoint, want string }{
		{"u_sched.def_q[720]", "u_sched.def_q*"},
		{"u_pdl.head_q[0][0]", "u_pdl.head_q*"},
		{"pd_rd_o", "pd_rd_o"},
		{"u_hd.port_q[8]", "u_hd.port_q*"},
		{"u_egress.g_port[1].isv_q", "u_egress.g_port?1?.isv_q"},
		{"u_egress.g_port[1].wp_q[3]", "u_egress.g_port?1?.wp_q*"},
	} {
		assert.Equal(t, tc.want, RowCone(tc.endpoint), tc.endpoint)
		assert.NoError(t, CheckConePatterns([]string{RowCone(tc.endpoint)}), "%s: a pattern --cone takes", tc.endpoint)
	}
}

func TestRowEnds(t *testing.T) {
	c := Census{Budget: 8, Groups: []CensusGroup{
		{FromBlock: "(top)", ToBlock: "u_sched", To: "u_sched.def_q[720]"},
		{FromBlock: "u_deq", ToBlock: "u_fl", To: "u_fl.cnt_q[6]"},
		{FromBlock: "u_pdl", ToBlock: "u_sched", To: "u_sched.def_q[3]"},
		{FromBlock: "u_adm", ToBlock: "(top)", To: "in_ok_o[1]"},
	}}
	ends, at := RowEnds(c)
	assert.Equal(t, []string{"u_sched.def_q*", "u_fl.cnt_q*", "in_ok_o*"}, ends, "each pattern once, in the rows' order")
	assert.Equal(t, []int{0, 1, 0, 2}, at, "each row's pattern")
	ends, at = RowEnds(Census{Budget: 8})
	assert.Empty(t, ends)
	assert.Empty(t, at)
}

func TestReadSavedFlat(t *testing.T) {
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	dir := t.TempDir()
	good := filepath.Join(dir, "flat.json")
	cen := Census{Budget: 6, Endpoints: 40, Over: 3, Max: 8, MaxFrom: "a", MaxTo: "gq_q[0]",
		Groups: []CensusGroup{{FromBlock: "(top)", ToBlock: "(top)", Count: 3, Max: 8, From: "a", To: "gq_q[0]"}}}
	require.NoError(t, SaveFlatJSON(good, SavedFlat{Command: "occamy synth --block tm --flat --small", Version: "Yosys 0.23",
		Flat: TMFlat{Job: j, Levels: Path{Length: 8}, Census: cen}}))
	s, err := ReadSavedFlat(good)
	require.NoError(t, err)
	assert.Equal(t, cen, s.Flat.Census)
	assert.Equal(t, j.ParamString(), s.Flat.Job.ParamString())

	cones := filepath.Join(dir, "cones.json")
	require.NoError(t, SaveConesJSON(cones, SavedCones{Command: "occamy synth --block tm --flat --cone gq_q", Cones: TMCones{Job: j}}))
	for _, tc := range []struct{ name, text, want string }{
		{"a sweep's results", `{"command": "occamy synth --all", "results": []}`, "not a flat run's census"},
		{"not JSON", "LUT6 61582\n", "not a flat run's census"},
		{"a flat run without endpoints", `{"command": "x", "version": "y", "flat": {"Job": {"Module": "occamy_tm"}}}`, "no TM or no endpoints"},
	} {
		_, err := readSavedFlat(tc.name, strings.NewReader(tc.text))
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
		assert.Contains(t, err.Error(), tc.name+":", "%s: the error names the file", tc.name)
	}
	_, err = ReadSavedFlat(cones)
	require.Error(t, err, "a cone run's file")
	assert.Contains(t, err.Error(), "not a flat run's census")
	_, err = ReadSavedFlat(filepath.Join(dir, "none.json"))
	assert.Error(t, err, "a missing file")
}

func TestWriteTMConeRowsText(t *testing.T) {
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	flat := Census{Budget: 8, Groups: []CensusGroup{
		{FromBlock: "(top)", ToBlock: "u_sched", Count: 1160, Max: 12, To: "u_sched.def_q[720]"},
		{FromBlock: "u_deq", ToBlock: "u_fl", Count: 180, Max: 12, To: "u_fl.cnt_q[6]"},
	}}
	c := TMCones{Job: j, Cones: []TMCone{
		{Ends: "u_sched.def_q*", Levels: Path{Length: 7}, Census: Census{Max: 7, MaxFrom: "u_pdl.one_q[6]", MaxTo: "u_sched.def_q[0]"}},
		{Ends: "u_fl.cnt_q*", Levels: Path{Length: 13}, Census: Census{Max: 13, MaxFrom: "u_deq.fh_q[0]", MaxTo: "u_fl.cnt_q[6]"}},
	}}
	var b strings.Builder
	require.NoError(t, WriteTMConeRowsText(&b, flat, c, []int{0, 1}))
	s := b.String()
	assert.Contains(t, s, "each flat census row (over 8) beside its deepest endpoint's cone mapped alone")
	assert.Contains(t, s, "(top)       u_sched   1160       12        u_sched.def_q*  7      u_pdl.one_q[6] -> u_sched.def_q[0]")
	assert.Contains(t, s, "u_deq       u_fl      180        12        u_fl.cnt_q*     13     u_deq.fh_q[0] -> u_fl.cnt_q[6]")
}
