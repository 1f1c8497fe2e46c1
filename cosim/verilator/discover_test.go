package verilator

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"occamy/cosim"
	"occamy/rtl/port"
)

// needVerilator skips a test when the verilator program is not installed.
func needVerilator(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not installed (apt-get install verilator); skipping")
	}
}

func TestDiscoverPorts(t *testing.T) {
	needVerilator(t)
	ctx := context.Background()
	el, err := Discover(ctx, Spec{Sources: []string{"testdata/counter.sv"}, Top: "counter", Params: map[string]string{"W": "12"}, CacheDir: t.TempDir()})
	require.NoError(t, err)
	assert.Equal(t, "counter", el.Top)
	assert.Equal(t, port.Input("load_val_i", 12), el.Ports[4], "-GW=12 reaches the elaboration")
	assert.Equal(t, port.Output("next_o", 12), el.Ports[11])
	require.Len(t, el.Files, 1)
	assert.True(t, strings.HasSuffix(el.Files[0], "/cosim/verilator/testdata/counter.sv"), el.Files[0])

	el, err = Discover(ctx, Spec{Sources: []string{"testdata/types.sv"}, Top: "types", CacheDir: t.TempDir()})
	require.NoError(t, err)
	assert.Equal(t, port.Input("pa_i", 32), el.Ports[2], "default N=4")
	assert.Contains(t, el.Warnings, "LITENDIAN", "warnings are kept, not fatal")
}

func TestDiscoverErrors(t *testing.T) {
	needVerilator(t)
	ctx := context.Background()
	_, err := Discover(ctx, Spec{Sources: []string{"testdata/syntax_error.sv"}, Top: "syntax_error", CacheDir: t.TempDir()})
	var be *BuildError
	require.True(t, errors.As(err, &be), "want a *BuildError, got %v", err)
	assert.Equal(t, "elaborate", be.Stage)
	assert.Contains(t, err.Error(), "cosim: elaborate of top syntax_error failed")
	assert.Contains(t, err.Error(), "%Error: ")
	assert.Contains(t, err.Error(), "syntax_error.sv:5:")

	_, err = Discover(ctx, Spec{Sources: []string{"testdata/counter.sv"}, Top: "counter", Params: map[string]string{"NOPE": "1"}, CacheDir: t.TempDir()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Parameters from the command line were not found in the design: NOPE")

	_, err = Discover(ctx, Spec{Sources: []string{"testdata/counter.sv"}, Top: "nosuch", CacheDir: t.TempDir()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nosuch")

	_, err = Discover(ctx, Spec{Sources: []string{"testdata/missing.sv"}, Top: "x", CacheDir: t.TempDir()})
	assert.ErrorContains(t, err, "cosim: cannot read testdata/missing.sv")
}

// TestDiscoverIncludeBeside: an include beside the including file is
// found without IncludeDirs, whatever the working directory (the
// project's modules include verilog/occamy_checks.svh so), and is among
// the files read, which the cache key hashes; an include elsewhere is
// not.
func TestDiscoverIncludeBeside(t *testing.T) {
	needVerilator(t)
	dir := t.TempDir()
	top := filepath.Join(dir, "inctop.sv")
	require.NoError(t, os.WriteFile(top, []byte("`include \"beside.svh\"\nmodule inctop (output logic [7:0] v_o);\n  assign v_o = `VALUE;\nendmodule\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "beside.svh"), []byte("`define VALUE 8'd17\n"), 0o644))
	el, err := Discover(context.Background(), Spec{Sources: []string{top}, Top: "inctop", CacheDir: t.TempDir()})
	require.NoError(t, err)
	assert.Len(t, el.Files, 2, "files read: %v", el.Files)
	assert.Contains(t, strings.Join(el.Files, " "), "beside.svh")

	other := filepath.Join(t.TempDir(), "inctop.sv")
	require.NoError(t, os.Rename(top, other))
	_, err = Discover(context.Background(), Spec{Sources: []string{other}, Top: "inctop", CacheDir: t.TempDir()})
	assert.ErrorContains(t, err, "beside.svh", "an include neither beside the file nor in IncludeDirs is not found")
}

func TestMissingVerilator(t *testing.T) {
	_, err := Discover(context.Background(), Spec{Sources: []string{"testdata/counter.sv"}, Top: "counter",
		Verilator: "/nonexistent/verilator", CacheDir: t.TempDir()})
	require.Error(t, err)
	assert.True(t, errors.Is(err, cosim.ErrToolMissing))
	assert.NotContains(t, err.Error(), "\n", "one line")
	assert.Contains(t, err.Error(), "cosim: verilator not found")
	assert.Contains(t, err.Error(), "apt-get install verilator")
}

// TestContractCheckOnUserModules discovers the ports of user modules that
// break a contract and checks that every problem is reported at once.
func TestContractCheckOnUserModules(t *testing.T) {
	needVerilator(t)
	tests := []struct {
		block, top string
		params     map[string]int
		probs      []string
	}{
		{"rr_arbiter", "mini_arb", map[string]int{"N": 4}, nil},
		{"rr_arbiter", "user_arb_renamed", map[string]int{"N": 4}, []string{
			"missing output [1:0] gnt_idx_o (2 bits); the top has grant_idx_o, renamed?",
			"extra output [1:0] grant_idx_o (2 bits) is not in the contract",
		}},
		{"hd_selector", "user_sel_narrow", map[string]int{"N": 4, "QW": 16}, []string{
			"port qlen_i is 32 bits wide, want 64 bits",
		}},
		{"hd_selector", "user_sel_narrow", map[string]int{"N": 4, "QW": 8}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.top, func(t *testing.T) {
			params := map[string]string{}
			for k, v := range tc.params {
				params[k] = strconv.Itoa(v)
			}
			el, err := Discover(context.Background(), Spec{Sources: []string{"testdata/" + tc.top + ".sv"}, Top: tc.top, Params: params, CacheDir: t.TempDir()})
			require.NoError(t, err)
			err = port.CheckPorts(tc.block, tc.top, testContract(tc.block, tc.params), el.Ports)
			if tc.probs == nil {
				assert.NoError(t, err)
				return
			}
			var ce *port.ContractError
			require.True(t, errors.As(err, &ce), "want a *ContractError, got %v", err)
			assert.Equal(t, tc.probs, ce.Problems)
		})
	}
}

// testContract is the port contract of the two blocks the user modules of
// testdata/ imitate (the block faces declare the contracts; their tests check
// every block's Verilog against them).
func testContract(block string, p map[string]int) []port.Port {
	switch block {
	case "hd_selector":
		return []port.Port{port.Input("clk_i", 1), port.Input("rst_ni", 1), port.Input("qlen_i", p["N"]*p["QW"]), port.Input("thr_i", p["N"]*p["QW"]), port.Output("over_o", p["N"])}
	case "rr_arbiter":
		w := 1
		for 1<<w < p["N"] {
			w++
		}
		return []port.Port{port.Input("clk_i", 1), port.Input("rst_ni", 1), port.Input("req_i", p["N"]), port.Input("ack_i", 1), port.Output("gnt_valid_o", 1), port.Output("gnt_idx_o", w)}
	}
	panic("testContract: " + block)
}
