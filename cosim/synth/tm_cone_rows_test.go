package synth

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConesOfRows(t *testing.T) {
	reg := func(name string, array bool) CensusEnd {
		return CensusEnd{Name: name, Kind: EndRegister, Array: array, Count: 1, Max: 9}
	}
	rows := Census{Budget: 8, Groups: []CensusGroup{
		{FromBlock: "u_deq", ToBlock: "(top)", To: "cp_raddr[3]", Ends: []CensusEnd{
			{Name: "cp_raddr", Kind: EndBlackBox}, reg("free_q", false), reg("u_pdl.head_q", true)}},
		{FromBlock: "u_fl", ToBlock: "u_pd_mem", To: "u_pd_mem.wr_data_i[3]", Ends: []CensusEnd{
			{Name: "u_pd_mem.wr_data_i", Kind: EndBlackBox}, {Name: "net 77", Kind: EndBlackBox}}},
		{FromBlock: "u_hd", ToBlock: "(top)", To: "free_q[2]", Ends: []CensusEnd{
			reg("free_q", false), reg("u_egress.g_port[1].isv_q", false), {Name: "in_ok_o", Kind: EndOutput}}},
	}}
	tests := []struct {
		name     string
		census   Census
		patterns []string
		at       map[string]int
		err      error
	}{
		{"every name once, in the rows' order; an internal net not cut", rows,
			[]string{"cp_raddr", "free_q", "u_pdl.head_q*", "u_pd_mem.wr_data_i", "u_egress.g_port?1?.isv_q", "in_ok_o"},
			map[string]int{"cp_raddr": 0, "free_q": 1, "u_pdl.head_q": 2, "u_pd_mem.wr_data_i": 3, "u_egress.g_port[1].isv_q": 4, "in_ok_o": 5}, nil},
		{"no row", Census{Budget: 8}, nil, nil, ErrNoRows},
		{"a census saved before the names", Census{Budget: 8, Groups: []CensusGroup{{FromBlock: "(top)", ToBlock: "(top)", To: "gq_q[0]"}}},
			nil, nil, ErrNoEnds},
		{"only internal nets", Census{Budget: 8, Groups: []CensusGroup{{Ends: []CensusEnd{{Name: "net 3"}, {Name: "$abc$12", Array: true}}}}},
			nil, nil, ErrNoNames},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rc, err := ConesOfRows(tc.census)
			if tc.err != nil {
				assert.ErrorIs(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.patterns, rc.Patterns, "the cones")
			assert.Equal(t, tc.at, rc.At, "each name's cone")
			assert.NoError(t, CheckConePatterns(rc.Patterns), "patterns --cone takes")
		})
	}
}

// TestReadSavedFlatFixtures: a census saved with its rows' names reads
// with them and gives its cones; one saved before them reads (its JSON
// is still valid) but gives ErrNoEnds, not a row per deepest endpoint.
func TestReadSavedFlatFixtures(t *testing.T) {
	s, err := ReadSavedFlat(filepath.Join("testdata", "tm_small_flat.json"))
	require.NoError(t, err)
	c := s.Flat.Census
	require.Len(t, c.Groups, 19)
	for _, g := range c.Groups {
		require.True(t, g.HasEnds(), "%s -> %s: its names", g.FromBlock, g.ToBlock)
		name, _ := EndName(g.To)
		assert.Equal(t, g.Max, g.Ends[0].Max, "%s -> %s: its deepest name is as deep as the row", g.FromBlock, g.ToBlock)
		assert.Contains(t, namesOf(g.Ends), name, "%s -> %s: the row's deepest endpoint among its names", g.FromBlock, g.ToBlock)
		for _, e := range g.Ends {
			n, _ := EndName(e.To)
			assert.Equal(t, e.Name, n, "%s -> %s: %s's deepest endpoint %s", g.FromBlock, g.ToBlock, e.Name, e.To)
			assert.NotEmpty(t, e.From, "%s -> %s: %s's deepest endpoint's start", g.FromBlock, g.ToBlock, e.Name)
		}
	}
	assert.Equal(t, []CensusEnd{{Name: "hdf_q", Kind: EndRegister, Count: 2, Max: 6, From: "u_deq.fa_q[1]", To: "hdf_q[0]"},
		{Name: "cp_ren", Kind: EndBlackBox, Count: 1, Max: 6, From: "u_deq.fa_q[1]", To: "cp_ren[3]"}}, c.Groups[14].Ends,
		"u_deq -> (top): the register hdf_q beside the row's deepest endpoint cp_ren[3]")
	rc, err := ConesOfRows(c)
	require.NoError(t, err)
	assert.Len(t, rc.Patterns, 35, "the rows' distinct names")
	assert.Contains(t, rc.Patterns, "u_pd_mem.rd_addr_i", "a memory's input: its net")
	assert.Contains(t, rc.Patterns, "u_sched.def_q", "a vector register: its net")
	assert.Contains(t, rc.Patterns, "u_pdl.head_q*", "a register array: its elements")
	assert.Contains(t, rc.Patterns, "u_egress.g_port?0?.e0_q", "a generate block's register")

	old, err := ReadSavedFlat(filepath.Join("testdata", "tm_small_flat_pre_ends.json"))
	require.NoError(t, err, "a census saved before the names is still a census")
	require.NotEmpty(t, old.Flat.Census.Groups)
	assert.False(t, old.Flat.Census.Groups[0].HasEnds())
	_, err = ConesOfRows(old.Flat.Census)
	assert.ErrorIs(t, err, ErrNoEnds)
}

func namesOf(ends []CensusEnd) []string {
	var names []string
	for _, e := range ends {
		names = append(names, e.Name)
	}
	return names
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
