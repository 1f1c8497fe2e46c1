package synth

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// tm_default.hier is Yosys 0.23's hierarchy dump (TMJob.HierScript) of
// occamy_tm at its defaults, sram_mp a black box.
func TestParseHierDefaults(t *testing.T) {
	h, err := ParseHier(readTestdata(t, "tm_default.hier"))
	require.NoError(t, err)
	parts, mems, err := h.Walk("occamy_tm", "sram_mp")
	require.NoError(t, err)

	// Source order of occamy_tm's instances, u_maxfind inside u_hd.
	wantParts := []struct {
		path, base string
		depth      int
	}{
		{"u_thr", "dt_threshold", 1}, {"u_sel", "hd_selector", 1}, {"u_adm", "tm_admission", 1},
		{"u_pd_mem", "tm_sram_wide", 1}, {"u_pdl", "tm_pd_lists", 1}, {"u_deq", "tm_dequeue", 1},
		{"u_sched", "tm_sched", 1}, {"u_arb", "rr_arbiter", 1}, {"u_hd", "tm_hd_exec", 1},
		{"u_hd.u_maxfind", "tm_maxfind", 2}, {"u_enq", "tm_enqueue", 1}, {"u_fl", "tm_free_list", 1},
		{"u_egress", "tm_egress", 1},
	}
	require.Len(t, parts, len(wantParts), "parts: %+v", parts)
	for i, w := range wantParts {
		assert.Equal(t, w.path, parts[i].Path, "part %d path", i)
		assert.Equal(t, w.base, parts[i].Module.Base, "part %d (%s) module", i, w.path)
		assert.Equal(t, w.depth, parts[i].Depth, "part %d (%s) depth", i, w.path)
		assert.False(t, parts[i].Module.Blackbox, "part %s is not a black box", w.path)
	}
	hd := parts[8].Module
	for _, p := range []Param{{"N", 64}, {"QW", 16}, {"B", 16384}, {"K", 4}, {"LW", 7}, {"SW", 16}} {
		v, ok := hd.Param(p.Name)
		assert.True(t, ok && v == p.Value, "u_hd parameter %s: got %d (present %v), want %d", p.Name, v, ok, p.Value)
	}

	wantMems := []TMMemory{
		{Path: "u_pd_mem.g_slice[0].u_mem", Words: 16384, Width: 64, RP: 1, WP: 1, Lat: 1},
		{Path: "u_pd_mem.g_slice[1].u_mem", Words: 16384, Width: 64, RP: 1, WP: 1, Lat: 1},
		{Path: "u_pd_mem.g_slice[2].u_mem", Words: 16384, Width: 7, RP: 1, WP: 1, Lat: 1},
		{Path: "u_pd_link", Words: 16384, Width: 21, RP: 1, WP: 1, Lat: 1},
		{Path: "u_enq.u_ing", Words: 16384, Width: 29, RP: 1, WP: 4, Lat: 1},
		{Path: "u_cp_mem", Words: 16384, Width: 14, RP: 8, WP: 4, Lat: 1, InitStride: 4},
		{Path: "u_cd_mem", Words: 16384, Width: 23, RP: 4, WP: 4, Lat: 1},
		{Path: "u_egress.u_buf", Words: 1024, Width: 29, RP: 8, WP: 4, Lat: 1},
	}
	require.Len(t, mems, len(wantMems))
	for i, w := range wantMems {
		got, err := tmMemory(mems[i])
		require.NoError(t, err, "memory %d", i)
		w.Bits, w.ReadBits, w.WriteBits = w.Words*w.Width, w.RP*w.Width, w.WP*w.Width
		assert.Equal(t, w, got, "memory %d", i)
	}
}

func TestParseHierErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", `no "module NAME" line`},
		{"module without end", "module \\top\n  cell \\a \\u_a\n  end\n", `module top has no "end"`},
		{"twice", "module \\a\nend\nmodule \\a\nend\n", "module a listed twice"},
		{"bad module line", "module\nend\n", `"module" is not "module NAME"`},
		{"parameter without value", "module \\a\n  parameter \\N\nend\n", `parameter line "parameter \\N" is not`},
		{"string parameter", "module \\a\n  parameter \\S \"x\"\nend\n", `parameter S of a has the non-integer value "\"x\""`},
		{"bad cell", "module \\a\n  cell \\b\nend\n", `cell line "cell \\b" is not "cell TYPE NAME"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseHier(tc.text)
			require.Error(t, err)
			var pe *ParseError
			require.True(t, errors.As(err, &pe), "a *ParseError: %v", err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestHierWalkErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"no top", "module \\a\nend\n", "the top is not in the dump (modules: a)"},
		{"unknown cell module", "module \\occamy_tm\n  cell \\gone \\u_x\n  end\nend\n", "cell u_x's module gone is not in the dump"},
		{"memory not a black box", "module \\occamy_tm\n  cell \\sram_mp \\u_m\n  end\nend\nmodule \\sram_mp\nend\n", "memory u_m (sram_mp) is not a black box"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, err := ParseHier(tc.text)
			require.NoError(t, err)
			_, _, err = h.Walk("occamy_tm", "sram_mp")
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	// A memory without one of sram_mp's parameters.
	h, err := ParseHier("module \\occamy_tm\n  cell \\sram_mp \\u_m\n  end\nend\nattribute \\blackbox 1\nmodule \\sram_mp\n  parameter \\DEPTH 4\nend\n")
	require.NoError(t, err)
	_, mems, err := h.Walk("occamy_tm", "sram_mp")
	require.NoError(t, err)
	_, err = tmMemory(mems[0])
	require.Error(t, err)
	assert.Contains(t, err.Error(), "memory u_m has no parameter WIDTH")
}

func TestBaseName(t *testing.T) {
	for in, want := range map[string]string{
		`$paramod$ca396f34\tm_enqueue`:                "tm_enqueue",
		`$paramod\rr_arbiter\N=s32'00000000001000000`: "rr_arbiter",
		`\occamy_tm`:    "occamy_tm",
		`occamy_tm`:     "occamy_tm",
		`$paramod\solo`: "solo",
	} {
		assert.Equal(t, want, BaseName(in), "BaseName(%q)", in)
	}
}

// The per-part stat and ltp of a derived module name, after its memory's
// cell was deleted (Yosys 0.23 on the defaults' tm_egress, and on the small
// set's top with its sub-modules black boxes).
func TestParsePartSnippets(t *testing.T) {
	tests := []struct {
		file, module string
		cost         Cost
		path         Path
	}{
		{"tm_egress_default", `$paramod$bd35a34e30f611346ab4cae8ad67dd3ef6a235d8\tm_egress`,
			Cost{LUTs: 1565, FFs: 560, Cells: 2125}, Path{Length: 8, From: "tmr_q[84]", To: "bdat_q[225]"}},
		{"tm_small_top", "occamy_tm", Cost{LUTs: 138, FFs: 45, Cells: 183}, Path{Length: 6, From: "rdq_q[1]"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			c, err := ParseStat(readTestdata(t, tc.file+".stat"), tc.module)
			require.NoError(t, err)
			assert.Equal(t, tc.cost, c)
			p, err := ParseLTP(readTestdata(t, tc.file+".ltp"), tc.module)
			require.NoError(t, err)
			assert.Equal(t, tc.path.Length, p.Length)
			assert.Equal(t, tc.path.From, p.From)
			if tc.path.To != "" {
				assert.Equal(t, tc.path.To, p.To)
			}
		})
	}
}

func TestNewTMJob(t *testing.T) {
	j, err := NewTMJob(nil)
	require.NoError(t, err)
	assert.Equal(t, "P=8,Q=8,B=16384,K=4,QW=16,AW=4,MAXPKT=64,IN=4,TXWIN=16,SW=16,PUSHOUT_WAIT=256", j.ParamString())
	assert.Equal(t, "occamy_tm", j.Module)
	assert.Equal(t, "sram_mp", j.MemModule)
	assert.Equal(t, "sram_mp.sv", j.MemFile)
	assert.NotContains(t, j.Files, "sram_mp.sv", "the memory's own source is not read")
	assert.Contains(t, j.Files, "tm_hd_exec.sv")

	small, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	assert.Equal(t, "P=2,Q=2,B=48,K=2,QW=7,AW=3,MAXPKT=6,IN=3,TXWIN=4,SW=5,PUSHOUT_WAIT=12", small.ParamString())

	tests := []struct {
		name  string
		given map[string]int
		want  string
	}{
		{"unknown", map[string]int{"N": 64}, "tm: no Verilog parameter N; synth takes P, Q, B, K, QW, AW, MAXPKT, IN, TXWIN, SW"},
		{"run-time", map[string]int{"POLICY": 1}, "tm: POLICY is a run-time input (cfg_*_i), not a Verilog parameter; synth takes P, Q, B,"},
		{"range", map[string]int{"K": 3}, "parameter K=3"},
		{"range P", map[string]int{"P": 0}, "parameter P=0 out of range"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewTMJob(tc.given)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err = NewTMJob(map[string]int{"P": 0})
	var pe *rtl.ParamError
	assert.True(t, errors.As(err, &pe), "a range error is the model's *rtl.ParamError: %v", err)
}

func TestMemoryStub(t *testing.T) {
	src, err := os.ReadFile(verilogDir + "/sram_mp.sv")
	require.NoError(t, err)
	stub, err := MemoryStub(string(src), "sram_mp")
	require.NoError(t, err)
	assert.Contains(t, stub, "module sram_mp #(")
	assert.Contains(t, stub, "output logic [RP*WIDTH-1:0]")
	assert.True(t, strings.HasSuffix(stub, ");\nendmodule\n"), "ends after the port list: %q", stub[max(0, len(stub)-40):])
	assert.NotContains(t, stub, "always", "no body")

	_, err = MemoryStub("module other; endmodule", "sram_mp")
	assert.EqualError(t, err, `synth: no "module sram_mp" in its source`)
	_, err = MemoryStub("module sram_mp (input a);\nendmodule", "sram_mp")
	assert.ErrorContains(t, err, `no closing ");" at the start of a line`)
	_, err = MemoryStub("module sram_mp_wide (\n);\n", "sram_mp")
	assert.ErrorContains(t, err, "no \"module sram_mp\"", "a longer name is not the module")
}

func TestTMScripts(t *testing.T) {
	j, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	hier := j.HierScript("h.txt")
	assert.True(t, strings.HasPrefix(hier, "read_verilog -defer -sv -DSYNTHESIS -lib sram_mp_blackbox.sv\n"), hier)
	assert.Contains(t, hier, "hierarchy -top occamy_tm -chparam P 2 -chparam Q 2 -chparam B 48")
	assert.Contains(t, hier, "tee -q -o h.txt dump =* %C =*/i:* %u\n")
	part := j.PartScript(`$paramod$ab\tm_sched`, false, "s.txt", "l.txt")
	for _, want := range []string{"hierarchy -top $paramod$ab\\tm_sched\n", "synth -top $paramod$ab\\tm_sched -flatten -lut 6\n",
		"delete =A:blackbox %C\ntee -q -o s.txt stat\ntee -q -o l.txt ltp -noff\n"} {
		assert.Contains(t, part, want)
	}
	assert.NotContains(t, part, "blackbox *")
	top := j.PartScript("occamy_tm", true, "s.txt", "l.txt")
	assert.Contains(t, top, "blackbox * occamy_tm %d\nsynth -top occamy_tm -flatten -lut 6\n")
}

func TestModuleRole(t *testing.T) {
	for _, tc := range []struct{ src, module, want string }{
		{"// tm_egress: the traffic manager's per-port transmit (hw/tm stage H,\n", "tm_egress", "per-port transmit"},
		{"// rr_arbiter: round-robin arbiter over a request bitmap, loop-free.\n", "rr_arbiter", "round-robin arbiter over a request bitmap"},
		{"// tm_pd_lists: the per-queue PD list registers\n", "tm_pd_lists", "per-queue PD list registers"},
		{"module x;\n", "x", ""},
		{"// other: a thing\n", "x", ""},
	} {
		assert.Equal(t, tc.want, moduleRole(tc.src, tc.module), "%q", tc.src)
	}
}

func FuzzParseHier(f *testing.F) {
	f.Add(readTestdata(f, "tm_default.hier"))
	f.Add("module \\occamy_tm\n  attribute \\src \"a.sv:3.1-4.2\"\n  cell \\x \\u\n  end\nend\nattribute \\blackbox 1\nmodule \\x\n  parameter \\DEPTH 2\nend\n")
	f.Add("module \\a\n  parameter \\N -1\nend\n")
	f.Fuzz(func(t *testing.T, text string) {
		h, err := ParseHier(text)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error is not a *ParseError: %v", err)
			}
			return
		}
		parts, mems, err := h.Walk("occamy_tm", "x")
		if err != nil {
			return
		}
		for _, p := range parts {
			if p.Module == nil || p.Depth < 1 {
				t.Fatalf("part %+v", p)
			}
		}
		for _, m := range mems {
			_, _ = tmMemory(m)
		}
	})
}
