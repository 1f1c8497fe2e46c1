package synth

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nl builds a hand-written Yosys JSON netlist of one module "m": bits are
// net numbers (int) or constants ("0", "1", "x", "z").
type nl struct {
	ports map[string]any
	cells map[string]any
	nets  map[string]any
}

func newNL() *nl { return &nl{map[string]any{}, map[string]any{}, map[string]any{}} }

func (n *nl) port(name, dir string, bits ...any) *nl {
	n.ports[name] = map[string]any{"direction": dir, "bits": bits}
	return n.net(name, "", bits...)
}

// net names bits; hdl, when set, is its hdlname ("u_a x").
func (n *nl) net(name, hdl string, bits ...any) *nl {
	attrs := map[string]any{}
	if hdl != "" {
		attrs["hdlname"] = hdl
	}
	n.nets[name] = map[string]any{"hide_name": 0, "bits": bits, "attributes": attrs}
	return n
}

// lut is a $lut from ins to out.
func (n *nl) lut(name string, out any, ins ...any) *nl {
	n.cells[name] = map[string]any{"hide_name": 1, "type": "$lut",
		"port_directions": map[string]string{"A": "input", "Y": "output"},
		"connections":     map[string]any{"A": ins, "Y": []any{out}}}
	return n
}

// ff is a $_DFF_P_ from d to q, clocked by bit 1.
func (n *nl) ff(name string, d, q any) *nl {
	n.cells[name] = map[string]any{"hide_name": 1, "type": "$_DFF_P_",
		"port_directions": map[string]string{"C": "input", "D": "input", "Q": "output"},
		"connections":     map[string]any{"C": []any{1}, "D": []any{d}, "Q": []any{q}}}
	return n
}

func (n *nl) json(t testing.TB) []byte {
	b, err := json.Marshal(map[string]any{"modules": map[string]any{"m": map[string]any{
		"attributes": map[string]any{"top": "00000000000000000000000000000001"},
		"ports":      n.ports, "cells": n.cells, "netnames": n.nets}}})
	require.NoError(t, err)
	return b
}

// grp is a census group as CensusOf makes it.
func grp(from, to string, count, max int, start, end string, ends ...CensusEnd) CensusGroup {
	return CensusGroup{FromBlock: from, ToBlock: to, Count: count, Max: max, From: start, To: end, Ends: ends}
}

// reg is a one-bit register's endpoints by name, its deepest path from
// start.
func reg(name string, count, max int, start string) CensusEnd {
	return CensusEnd{Name: name, Kind: EndRegister, Count: count, Max: max, From: start, To: name}
}

func TestCensusOfTinyNetlists(t *testing.T) {
	clk := func() *nl { return newNL().port("clk_i", "input", 1) }
	tests := []struct {
		name     string
		n        *nl
		budget   int
		max      int
		from, to string
		over     int
		groups   []CensusGroup
	}{
		{"a chain of three LUTs into a register", clk().port("a_i", "input", 2).
			lut("l1", 3, 2).lut("l2", 4, 3).lut("l3", 5, 4).ff("r", 5, 6).net("r_q", "", 6).port("y_o", "output", 6),
			2, 3, "a_i", "r_q", 1, []CensusGroup{grp("(top)", "(top)", 1, 3, "a_i", "r_q", reg("r_q", 1, 3, "a_i"))}},
		{"two starts of different depth: the deeper one is kept", clk().port("x_i", "input", 2).
			net("p_q", "", 3).ff("p", 2, 3).lut("l1", 4, 3).lut("l2", 5, 4, 2).ff("r", 5, 6).net("r_q", "", 6),
			1, 2, "p_q", "r_q", 1, []CensusGroup{grp("(top)", "(top)", 1, 2, "p_q", "r_q", reg("r_q", 1, 2, "p_q"))}},
		{"a register looping through two LUTs to itself", clk().
			net("c_q", "", 2).ff("c", 4, 2).lut("l1", 3, 2).lut("l2", 4, 3, 2),
			1, 2, "c_q", "c_q", 1, []CensusGroup{grp("(top)", "(top)", 1, 2, "c_q", "c_q", reg("c_q", 1, 2, "c_q"))}},
		{"a deleted black box: its read data starts, its address ends", clk().
			net("u_mem.rd_data_o", "u_mem rd_data_o", 2).net("u_rd.data_i", "u_rd data_i", 2).
			lut("l1", 3, 2).lut("l2", 4, 3).
			net("u_mem.rd_addr_i", "u_mem rd_addr_i", 4).net("u_rd.addr_o", "u_rd addr_o", 4),
			1, 2, "u_mem.rd_data_o", "u_mem.rd_addr_i", 1,
			[]CensusGroup{grp("u_mem", "u_mem", 1, 2, "u_mem.rd_data_o", "u_mem.rd_addr_i",
				CensusEnd{Name: "u_mem.rd_addr_i", Kind: EndBlackBox, Count: 1, Max: 2, From: "u_mem.rd_data_o", To: "u_mem.rd_addr_i"})}},
		{"a net tied to a constant is a start (ltp has it as a node)", clk().net("zero", "", "0").
			lut("l1", 2, "0").lut("l2", 3, 2).ff("r", 3, 4).net("r_q", "", 4),
			1, 2, "zero", "r_q", 1, []CensusGroup{grp("(top)", "(top)", 1, 2, "zero", "r_q", reg("r_q", 1, 2, "zero"))}},
		{"a constant no net holds is no node: its LUT's output starts", clk().
			lut("l1", 2, "1").lut("l2", 3, 2).ff("r", 3, 4).net("t", "", 2).net("r_q", "", 4),
			1, 1, "t", "r_q", 0, nil},
		{"hierarchy: blocks from hdlname, a register named by its output", clk().
			net("u_a.s_q", "u_a s_q", 2).net("u_b.s_i", "u_b s_i", 2).ff("ra", 5, 2).
			lut("l1", 3, 2).lut("l2", 4, 3).lut("l3", 5, 4).
			ff("rb", 4, 6).net("u_b.t_q", "u_b t_q", 6).net("u_b.t_o", "u_b t_o", 6),
			1, 3, "u_a.s_q", "u_a.s_q", 2, []CensusGroup{
				grp("u_a", "u_a", 1, 3, "u_a.s_q", "u_a.s_q", reg("u_a.s_q", 1, 3, "u_a.s_q")),
				grp("u_a", "u_b", 1, 2, "u_a.s_q", "u_b.t_q", reg("u_b.t_q", 1, 2, "u_a.s_q"))}},
		{"nothing over the budget", clk().port("a_i", "input", 2).lut("l1", 3, 2).port("y_o", "output", 3),
			1, 1, "a_i", "y_o", 0, nil},
		{"no cell: a wire is level 0", newNL().port("a_i", "input", 2).port("y_o", "output", 2),
			0, 0, "a_i", "y_o", 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := ReadNetlist(tc.n.json(t))
			require.NoError(t, err)
			c, err := CensusOf(n, tc.budget)
			require.NoError(t, err)
			assert.Equal(t, tc.max, c.Max, "%s: max levels", tc.name)
			assert.Equal(t, tc.from, c.MaxFrom, "%s: the deepest path's start", tc.name)
			assert.Equal(t, tc.to, c.MaxTo, "%s: the deepest path's end", tc.name)
			assert.Equal(t, tc.over, c.Over, "%s: endpoints over %d", tc.name, tc.budget)
			assert.Equal(t, tc.groups, c.Groups, "%s: groups", tc.name)
		})
	}
}

func TestCensusOfCombLoop(t *testing.T) {
	n, err := ReadNetlist(newNL().port("a_i", "input", 2).lut("l1", 3, 2, 4).lut("l2", 4, 3).json(t))
	require.NoError(t, err)
	_, err = CensusOf(n, 1)
	var le *CombLoopError
	require.True(t, errors.As(err, &le), "a loop l1 -> l2 -> l1: want a *CombLoopError, got %v", err)
}

func TestReadNetlistErrors(t *testing.T) {
	tests := []struct{ name, json, want string }{
		{"not JSON", `{"modules":`, "unexpected end"},
		{"no module", `{"modules":{}}`, "no module"},
		{"two tops", `{"modules":{"a":{"attributes":{"top":1}},"b":{"attributes":{"top":"1"}}}}`, "several top modules: a, b"},
		{"only black boxes", `{"modules":{"a":{"attributes":{"blackbox":"1"}},"b":{"attributes":{"blackbox":1}}}}`, "not one module"},
		{"a bit that is no net", `{"modules":{"m":{"netnames":{"n":{"bits":["q"]}}}}}`, `bit "q"`},
		{"a negative bit", `{"modules":{"m":{"netnames":{"n":{"bits":[-3]}}}}}`, "bit -3"},
		{"a port direction", `{"modules":{"m":{"cells":{"c":{"type":"$lut","port_directions":{"A":"sideways"}}}}}}`, `direction "sideways"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadNetlist([]byte(tc.json))
			var ne *NetlistError
			require.True(t, errors.As(err, &ne), "%s: want a *NetlistError, got %v", tc.name, err)
			assert.Contains(t, err.Error(), tc.want, "%s", tc.name)
		})
	}
}

// FuzzReadNetlist: no input panics the reader or the census.
func FuzzReadNetlist(f *testing.F) {
	f.Add([]byte(`{"modules":{"m":{"ports":{"a":{"direction":"input","bits":[2]}},` +
		`"cells":{"c":{"type":"$lut","port_directions":{"A":"input","Y":"output"},"connections":{"A":[2,"0"],"Y":[3]}}},` +
		`"netnames":{"a":{"hide_name":0,"bits":[2],"attributes":{"hdlname":"u a"}}}}}}`))
	f.Add([]byte(`{"modules":{"m":{"cells":{"c":{"type":"$lut","port_directions":{"A":"input","Y":"output"},` +
		`"connections":{"A":[3],"Y":[3]}}}}}}`))
	f.Add([]byte(`{"modules":{"m":{"cells":{"c":{"type":"$_DFF_P_","port_directions":{"D":"inout","Q":"output"},` +
		`"connections":{"D":[2],"Q":[]}}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ReadNetlist(data)
		if err != nil {
			return
		}
		_, _ = CensusOf(n, 1)
	})
}

func TestWriteTMFlatText(t *testing.T) {
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	g := CensusGroup{FromBlock: "u_a", ToBlock: "u_b", Count: 3, Max: 12, From: "u_a.x_q[1]", To: "u_b.y_q",
		Ends: []CensusEnd{{Name: "u_b.y_q", Kind: EndRegister, Count: 1, Max: 12}}}
	many := CensusGroup{FromBlock: "u_deq", ToBlock: "(top)", Count: 9, Max: 11, From: "u_deq.fa_q[1]", To: "cp_raddr[3]",
		Ends: []CensusEnd{{Name: "cp_raddr", Max: 11}, {Name: "free_q", Max: 10}, {Name: "hdf_q", Max: 10}, {Name: "cpw_q", Max: 9}, {Name: "cp_ren", Max: 9}}}
	old := CensusGroup{FromBlock: "u_fl", ToBlock: "u_pd_mem", Count: 2, Max: 10, From: "u_fl.tail_q[0]", To: "u_pd_mem.wr_data_i[3]"}
	tests := []struct {
		name   string
		ltp    int
		want   []string
		absent string
	}{
		{"agrees", 12, []string{"longest path (ltp -noff): 12 levels, u_a.x_q[1] -> u_b.y_q",
			"census: 40 endpoints, 3 deeper than 8 levels; the deepest 12 (u_a.x_q[1] -> u_b.y_q), the same as ltp's",
			"\nfrom block  to block  endpoints  max  the deepest: start -> end                its names (max)\n",
			"\nu_a         u_b       3          12   u_a.x_q[1] -> u_b.y_q                    u_b.y_q 12\n",
			"\nu_deq       (top)     9          11   u_deq.fa_q[1] -> cp_raddr[3]             cp_raddr 11, free_q 10, hdf_q 10 +2 more\n",
			"\nu_fl        u_pd_mem  2          10   u_fl.tail_q[0] -> u_pd_mem.wr_data_i[3]  -\n"}, "NOT"},
		{"disagrees", 11, []string{"the deepest 12 (u_a.x_q[1] -> u_b.y_q), NOT ltp's 11"}, "the same as"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := TMFlat{Job: j, Levels: Path{Length: tc.ltp, From: "u_a.x_q[1]", To: "u_b.y_q"},
				Census: Census{Budget: 8, Endpoints: 40, Over: 3, Max: 12, MaxFrom: g.From, MaxTo: g.To, Groups: []CensusGroup{g, many, old}}}
			var b strings.Builder
			require.NoError(t, WriteTMFlatText(&b, f))
			for _, w := range tc.want {
				assert.Contains(t, b.String(), w, "%s: the text", tc.name)
			}
			assert.NotContains(t, b.String(), tc.absent, "%s: the text", tc.name)
			assert.Equal(t, tc.ltp == 12, f.CensusAgrees(), "%s: CensusAgrees", tc.name)
		})
	}
}

// TestSaveFlatJSON: --flat --json's file holds the census grouped, read
// back as written, and no temporary file is left beside it.
func TestSaveFlatJSON(t *testing.T) {
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	f := TMFlat{Job: j, Levels: Path{Length: 12, From: "a", To: "b"},
		Census: Census{Budget: 8, Endpoints: 40, Over: 3, Max: 12, MaxFrom: "a", MaxTo: "b",
			Groups: []CensusGroup{{FromBlock: "u_a", ToBlock: "u_b", Count: 3, Max: 12, From: "a", To: "b[2]",
				Ends: []CensusEnd{{Name: "b", Kind: EndRegister, Count: 2, Max: 12}, {Name: "c_o", Kind: EndOutput, Count: 1, Max: 9}}}}}}
	dir := t.TempDir()
	name := filepath.Join(dir, "sub", "flat.json")
	require.NoError(t, SaveFlatJSON(name, SavedFlat{Command: "occamy synth --block tm --flat", Version: "Yosys 0.23", Flat: f}))
	b, err := os.ReadFile(name)
	require.NoError(t, err)
	var got SavedFlat
	require.NoError(t, json.Unmarshal(b, &got))
	assert.Equal(t, f.Census, got.Flat.Census, "the census read back")
	assert.Equal(t, "occamy synth --block tm --flat", got.Command)
	assert.Contains(t, string(b), "\n  \"flat\": {", "indented")
	entries, err := os.ReadDir(filepath.Dir(name))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "only the file itself in its directory")
}
