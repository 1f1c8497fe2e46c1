package port

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckPorts(t *testing.T) {
	// hd_selector's contract at N=4, QW=3 (the faces' tests check
	// the registry gives these).
	want := []Port{Input("clk_i", 1), Input("rst_ni", 1), Input("qlen_i", 12), Input("thr_i", 12), Output("over_o", 4)}

	with := func(edit func([]Port) []Port) []Port {
		cp := append([]Port(nil), want...)
		return edit(cp)
	}
	tests := []struct {
		name  string
		got   []Port
		probs []string
	}{
		{"match", want, nil},
		{"match in another order", with(func(p []Port) []Port { p[0], p[4] = p[4], p[0]; return p }), nil},
		{"renamed port", with(func(p []Port) []Port { p[2].Name = "q_len_i"; return p }), []string{
			"missing input [11:0] qlen_i (12 bits); the top has q_len_i, renamed?",
			"extra input [11:0] q_len_i (12 bits) is not in the contract",
		}},
		{"wrong width", with(func(p []Port) []Port { p[4].Width = 8; return p }), []string{
			"port over_o is 8 bits wide, want 4 bits",
		}},
		{"wrong direction", with(func(p []Port) []Port { p[3].Dir = Out; return p }), []string{
			"port thr_i is an output, want input",
		}},
		{"everything at once", []Port{Input("clk_i", 1), Input("qlen_i", 11), Output("thr_i", 1), Output("over_o", 4), Output("dbg_o", 1)}, []string{
			"missing input rst_ni (1 bit)",
			"port qlen_i is 11 bits wide, want 12 bits",
			"port thr_i is an output, want input",
			"port thr_i is 1 bit wide, want 12 bits",
			"extra output dbg_o (1 bit) is not in the contract",
		}},
		{"empty top", nil, []string{
			"missing input clk_i (1 bit)", "missing input rst_ni (1 bit)", "missing input [11:0] qlen_i (12 bits)",
			"missing input [11:0] thr_i (12 bits)", "missing output [3:0] over_o (4 bits)",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckPorts("hd_selector", "user_sel", want, tc.got)
			if tc.probs == nil {
				assert.NoError(t, err)
				return
			}
			var ce *ContractError
			require.True(t, errors.As(err, &ce), "want a *ContractError, got %v", err)
			assert.Equal(t, tc.probs, ce.Problems)
			assert.Contains(t, err.Error(), "top user_sel does not match the hd_selector port contract")
			for _, p := range tc.probs {
				assert.Contains(t, err.Error(), p)
			}
		})
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "", 3}, {"qlen_i", "q_len_i", 1}, {"kitten", "sitting", 3}, {"a", "b", 1}} {
		assert.Equal(t, tc.d, editDistance(tc.a, tc.b), "%q %q", tc.a, tc.b)
		assert.Equal(t, tc.d, editDistance(tc.b, tc.a), "%q %q", tc.b, tc.a)
	}
}
