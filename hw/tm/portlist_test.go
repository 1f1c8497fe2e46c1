package tm

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"occamy/rtl/port"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// portConfig is one configuration the port tables are checked at.
type portConfig struct {
	name string
	c    Config
	sw   int
}

// portConfigs: occamy_tm's defaults, docs/tm.md's small synthesis set,
// and configurations that move every derived width (N = 1 and 256, B = 1
// cell per bank and 65535, K = 1 and 8, one-cell packets, IN = 1 and 64,
// SW = 1 and 32).
func portConfigs() []portConfig {
	def := DefaultConfig()
	def.MaxOffers = 4
	small := DefaultConfig()
	small.P, small.Q, small.B, small.K, small.QW, small.AW, small.MaxPkt, small.MaxOffers, small.TxWindow = 2, 2, 48, 2, 7, 3, 6, 3, 4
	small.PushoutWait = 12
	one := DefaultConfig()
	one.P, one.Q, one.B, one.K, one.MaxPkt, one.MaxOffers, one.TxWindow, one.QW = 1, 1, 1, 1, 1, 1, 1, 2
	one.PushoutWait = 0
	big := DefaultConfig()
	big.P, big.Q, big.B, big.K, big.MaxPkt, big.MaxOffers, big.TxWindow, big.QW = 32, 8, 65535, 8, 4095, 64, 4096, 32
	k8 := DefaultConfig()
	k8.K, k8.B, k8.MaxPkt, k8.P, k8.Q, k8.MaxOffers, k8.PushoutWait = 8, 200, 13, 3, 3, 7, 100
	var cs []portConfig
	for _, x := range []portConfig{{"defaults", def, DefaultSW}, {"small", small, 5}, {"one", one, 1}, {"big", big, 32}, {"k8", k8, 16}} {
		x.c.AlphaExp, x.c.Quantum = make([]int, x.c.Q), make([]int, x.c.Q)
		for i := range x.c.Quantum {
			x.c.Quantum[i] = 1
		}
		x.c.CP = MemConfig{ReadPorts: 2 * x.c.K, WritePorts: x.c.K, ReadLatency: 1}
		x.c.CD = MemConfig{ReadPorts: x.c.K, WritePorts: x.c.K, ReadLatency: 1}
		cs = append(cs, x)
	}
	return cs
}

// verilogHeader reads module's header from verilog/<module>.sv.
func verilogHeader(t *testing.T, module string) *vmodule {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "verilog", module+".sv"))
	require.NoError(t, err)
	m, err := parseHeader(string(src), module)
	require.NoError(t, err, "reading %s's header", module)
	return m
}

// comparePorts names the first difference between a sub-block's Go table
// (want) and the ports its Verilog module declares at the same parameters
// (got), or returns nil.
func comparePorts(want, got []port.Port) error {
	for i := 0; i < max(len(want), len(got)); i++ {
		switch {
		case i >= len(got):
			return fmt.Errorf("port %d: Go %s %s [%d bits], Verilog has no more ports", i, want[i].Dir, want[i].Name, want[i].Width)
		case i >= len(want):
			return fmt.Errorf("port %d: Verilog %s %s [%d bits], Go table has no more ports", i, got[i].Dir, got[i].Name, got[i].Width)
		case want[i] != got[i]:
			return fmt.Errorf("port %d: Go %s %s [%d bits], Verilog %s %s [%d bits]", i,
				want[i].Dir, want[i].Name, want[i].Width, got[i].Dir, got[i].Name, got[i].Width)
		}
	}
	return nil
}

// checkSubBlock compares sb's table with its Verilog module's header.
func checkSubBlock(m *vmodule, sb SubBlock) error {
	set := map[string]int{}
	for _, p := range sb.Params {
		set[p.Name] = p.Value
	}
	for _, p := range m.params {
		if _, ok := set[p.name]; !ok && !p.local {
			return fmt.Errorf("Verilog parameter %s has no value in the Go table", p.name)
		}
	}
	got, err := m.portsAt(set)
	if err != nil {
		return err
	}
	return comparePorts(sb.Ports, got)
}

// TestPortTables checks every sub-block's port table against its Verilog
// module's ANSI header at each configuration of portConfigs: the same
// ports in the same order, directions and widths, and a value for every
// Verilog parameter.
func TestPortTables(t *testing.T) {
	headers := map[string]*vmodule{}
	for _, pc := range portConfigs() {
		subs, err := SubBlocks(pc.c, pc.sw)
		require.NoError(t, err, pc.name)
		for _, sb := range subs {
			m := headers[sb.Module]
			if m == nil {
				m = verilogHeader(t, sb.Module)
				headers[sb.Module] = m
			}
			assert.NoError(t, checkSubBlock(m, sb), "%s at %s", sb.Module, pc.name)
		}
	}
	require.NotEmpty(t, headers)
}

// TestPortTablesCatchChanges shows the comparison failing: each change to
// a correct table (a width, a name, a direction, a port dropped, one
// added, a parameter the Verilog does not have, a parameter value) is
// reported, naming the port or parameter.
func TestPortTablesCatchChanges(t *testing.T) {
	subs, err := SubBlocks(portConfigs()[1].c, 5)
	require.NoError(t, err)
	for _, sb := range subs {
		m := verilogHeader(t, sb.Module)
		require.NoError(t, checkSubBlock(m, sb))
		last := len(sb.Ports) - 1
		cases := []struct {
			name   string
			change func(sb *SubBlock)
			want   string
		}{
			{"width", func(sb *SubBlock) { sb.Ports[last].Width++ }, sb.Ports[last].Name},
			{"name", func(sb *SubBlock) { sb.Ports[2].Name += "x" }, sb.Ports[2].Name},
			{"direction", func(sb *SubBlock) { sb.Ports[2].Dir = 3 - sb.Ports[2].Dir }, sb.Ports[2].Name},
			{"dropped", func(sb *SubBlock) { sb.Ports = sb.Ports[:last] }, "Go table has no more ports"},
			{"added", func(sb *SubBlock) { sb.Ports = append(sb.Ports, out("extra_o", 1)) }, "extra_o"},
			{"unknown parameter", func(sb *SubBlock) { sb.Params = append(sb.Params, Param{"NOPE", 1}) }, "NOPE"},
			{"missing parameter", func(sb *SubBlock) { sb.Params = sb.Params[1:] }, sb.Params[0].Name},
		}
		for _, tc := range cases {
			bad := sb
			bad.Ports = append([]port.Port(nil), sb.Ports...)
			bad.Params = append([]Param(nil), sb.Params...)
			tc.change(&bad)
			err := checkSubBlock(m, bad)
			if assert.Error(t, err, "%s: %s", sb.Module, tc.name) {
				assert.Contains(t, err.Error(), tc.want, "%s: %s", sb.Module, tc.name)
			}
		}
	}
}

// subBlockTypes maps each modelled module to its Go type, and goOnly lists
// the Go-only port fields of each (the generalisations occamy_tm does not
// have: read latencies above 1, memory budgets, Go-only policies, and what
// the model's counters and checks observe); every other exported field
// ending in I or O must be a port of the module.
var subBlockTypes = map[string]reflect.Type{
	"tm_admission": reflect.TypeOf(Admission{}),
	"tm_sched":     reflect.TypeOf(Sched{}),
	"tm_hd_choice": reflect.TypeOf(HDChoice{}),
	"tm_egress":    reflect.TypeOf(Egress{}),
	"tm_pd_lists":  reflect.TypeOf(PDLists{}),
	"tm_free_list": reflect.TypeOf(FreeList{}),
	"tm_enqueue":   reflect.TypeOf(Enqueue{}),
	"tm_dequeue":   reflect.TypeOf(Dequeue{}),
	"tm_hd_exec":   reflect.TypeOf(HDExec{}),
}

var goOnly = map[string][]string{
	"tm_hd_choice": {"ConsideredO", "StaleDropO", "QlenChgI", "ChgKnownI"},
	"tm_sched":     {"Unl2I", "Unl2QidI"},
	"tm_admission": {"InNI", "ActiveI", "QlenAfterO", "DecNO"},
	"tm_egress":    {"EgLastO", "EgCellsO"},
	"tm_free_list": {"PopOkO"},
	"tm_enqueue":   {"PopOkI", "CpRdLeftI"},
	"tm_dequeue":   {"RndSerialO", "RndIdxO", "RndQidO"},
	"tm_hd_exec":   {"RdPendI", "UnlQidI", "RoomO", "PipeO", "ServedPktsO", "HeldO"},
	"tm_pd_lists":  {"Unl2I", "Unl2QidI", "Unl2NextI", "Unl2NlenI", "Rd2I", "Rd2QidI", "Rd2PdO", "LockedO"},
}

// TestSubBlockFields: each Go sub-block has a field named GoName(port)
// for every port of its module but clk_i and rst_ni, and no other port
// field than those and its listed Go-only ones.
func TestSubBlockFields(t *testing.T) {
	subs, err := SubBlocks(DefaultConfig(), DefaultSW)
	require.NoError(t, err)
	require.Len(t, subBlockTypes, len(subs))
	for _, sb := range subs {
		typ := subBlockTypes[sb.Module]
		require.NotNil(t, typ, sb.Module)
		ports := map[string]bool{}
		for _, p := range sb.Ports {
			if p.Name == "clk_i" || p.Name == "rst_ni" {
				continue
			}
			f, ok := typ.FieldByName(GoName(p.Name))
			ports[GoName(p.Name)] = true
			if assert.True(t, ok, "%s (%s) has no field %s for %s %s", typ.Name(), sb.Module, GoName(p.Name), p.Dir, p.Name) {
				assert.True(t, f.IsExported())
			}
		}
		for _, n := range goOnly[sb.Module] {
			_, ok := typ.FieldByName(n)
			assert.True(t, ok, "%s: Go-only port %s listed but not a field", typ.Name(), n)
			ports[n] = true
		}
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			if f.IsExported() && (strings.HasSuffix(f.Name, "I") || strings.HasSuffix(f.Name, "O")) {
				assert.True(t, ports[f.Name], "%s.%s looks like a port but %s has no such port (list it in goOnly if it is Go-only)", typ.Name(), f.Name, sb.Module)
			}
		}
	}
}

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{"in_valid_i": "InValidI", "rst_ni": "RstNI", "cd_wr_n_o": "CdWrNO",
		"cnt_f_o": "CntFO", "gnt_valid_o": "GntValidO", "head_len_i": "HeadLenI", "pend_q": "PendQ", "x": "X"} {
		assert.Equal(t, want, GoName(in), in)
	}
}

// TestVHeader checks the header reader on a module written for it:
// parameters overridden and defaulted, localparams in the list, ranges
// with ternaries, $clog2, sized literals and casts, a port without a
// direction keeping the previous one, and errors that name the problem.
func TestVHeader(t *testing.T) {
	src := "`include \"x.svh\"\n// a comment\nmodule other (input logic a_i);\nendmodule\n" + `
module m #(
  parameter int N = 64, // queues
  parameter int K = 4,
  localparam int IW = (N > 1) ? $clog2(N) : 1,
  parameter W = 2 ** 3 - 1
) (
  input  logic clk_i,
  input  logic [((N > 1) ? $clog2(N) : 1)-1:0] q_i,
  output logic [K*IW-1:0] a_o, b_o,
  output logic [$clog2(2 * K + 1)-1:0] n_o,
  input  logic [W:0] w_i,
  output logic [7'(N + 200)-1 : 0] c_o,
  input  logic [0:3] r_i
);
endmodule`
	m, err := parseHeader(src, "m")
	require.NoError(t, err)
	got, err := m.portsAt(map[string]int{"N": 5})
	require.NoError(t, err)
	assert.Equal(t, []port.Port{in("clk_i", 1), in("q_i", 3), out("a_o", 12), out("b_o", 12), out("n_o", 4), in("w_i", 8),
		out("c_o", (5+200)&127), in("r_i", 4)}, got)
	got, err = m.portsAt(nil)
	require.NoError(t, err)
	assert.Equal(t, 6, got[1].Width)
	_, err = m.portsAt(map[string]int{"IW": 3})
	assert.NoError(t, err, "a localparam keeps its expression")
	_, err = m.portsAt(map[string]int{"X": 3})
	assert.ErrorContains(t, err, "parameter X is not declared")
	_, err = parseHeader(src, "nope")
	assert.ErrorContains(t, err, "no module nope")
	_, err = parseHeader("module m (input logic [3:0 a);", "m")
	assert.Error(t, err)
	_, err = parseHeader("module m (logic a);", "m")
	assert.ErrorContains(t, err, "without a direction")
	bad, err := parseHeader("module m #(parameter A = B + 1) (input logic [A:0] a);", "m")
	require.NoError(t, err)
	_, err = bad.portsAt(nil)
	assert.ErrorContains(t, err, "unknown name B")
}

// FuzzVHeader: the header reader never panics, whatever the text.
func FuzzVHeader(f *testing.F) {
	for _, s := range []string{"module m #(parameter int N = 4) (input logic [N-1:0] a_i, output logic b_o);",
		"module m (input [((3 > 1) ? $clog2(9) : 1)-1:0] q);", "module m #(parameter A = 1 ? 2 : 3 ? 4 : 5) (output logic [A:0] x);",
		"module m (input logic [8'hff:4'b1] z);", "module m (input logic [32'(1 << 40):0] z);"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := parseHeader(s, "m")
		if err != nil {
			return
		}
		_, _ = m.portsAt(map[string]int{"N": 3})
	})
}
