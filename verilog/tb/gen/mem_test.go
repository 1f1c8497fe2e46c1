package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/testbench/vectors"
)

// TestMemTables checks each memory-pipeline block's table: parameter line,
// the columns its Icarus testbench expects, reset rows, determinism, and
// bad parameters.
func TestMemTables(t *testing.T) {
	cases := []struct {
		block, params, first string
		ports                []string
	}{
		{"sram", "DEPTH=16,WIDTH=8,RP=2,WP=2,LAT=2", "# block=sram_mp DEPTH=16 LAT=2 RP=2 WIDTH=8 WP=2 seed=3\n",
			[]string{"rst_ni", "rd_en_i", "rd_addr_i", "wr_en_i", "wr_addr_i", "wr_data_i", "rd_valid_o", "rd_data_o"}},
		{"freelist", "CELLS=16,K=2,LAT=2", "# block=free_list CELLS=16 K=2 LAT=2 seed=3\n",
			[]string{"rst_ni", "pop_i", "pop_ok_o", "pop_cell_o", "app_i", "app_head_i", "app_tail_i", "app_n_i",
				"cnt_o", "free_o", "link_reads", "link_writes"}},
		{"pdlists", "N=3,P=8,LAT=2", "# block=pd_lists DW=16 LAT=2 LW=6 N=3 P=8 seed=3\n",
			[]string{"rst_ni", "link_i", "link_qid_i", "link_cells_i", "link_data_i", "link_ok_o", "link_pd_o",
				"rd_i", "rd_qid_i", "rd_ok_o", "rd_pd_o", "unl_valid_o", "unl_qid_o", "unl_pd_o", "unl_cells_o",
				"unl_data_o", "cnt_o", "head_len_o", "free_o", "pd_reads", "pd_writes"}},
		{"cpsublists", "CELLS=16,K=2,LAT=2,MAXN=8", "# block=cp_sublists CELLS=16 K=2 LAT=2 MAXN=8 seed=3\n",
			[]string{"rst_ni", "start_i", "start_heads_i", "start_n_i", "start_ok_o", "wr_en_i", "wr_addr_i", "wr_data_i",
				"out_valid_o", "out_mask_o", "out_cell_o", "out_idx_o", "out_last_o", "busy_o", "link_reads", "link_writes"}},
	}
	for _, tc := range cases {
		t.Run(tc.block, func(t *testing.T) {
			args := []string{"-block", tc.block, "-param", tc.params, "-cycles", "300", "-seed", "3"}
			var out bytes.Buffer
			require.NoError(t, run(args, &out))
			text := out.String()
			require.True(t, strings.HasPrefix(text, tc.first), "first line of:\n%s", text[:min(len(text), 300)])
			tab, err := vectors.Parse(strings.NewReader(text))
			require.NoError(t, err)
			require.Equal(t, tc.ports, tab.Ports)
			require.Len(t, tab.Rows, 300)
			rst := tab.PortIndex("rst_ni")
			for c := 0; c < 2; c++ {
				require.Equal(t, uint64(0), tab.Rows[c].Values[rst][0], "cycle %d: rst_ni expected 0", c)
			}
			var again bytes.Buffer
			require.NoError(t, run(args, &again))
			require.Equal(t, text, again.String())
		})
	}
	bad := []struct{ args, want string }{
		{"sram DEPTH=0", "DEPTH=0 out of range"},
		{"sram N=3", "has no parameter N "},
		{"freelist K=3", "K=3 out of range"},
		{"freelist DEPTH=3", "has no parameter DEPTH "},
		{"pdlists P=0", "P=0 out of range"},
		{"pdlists K=2", "has no parameter K "},
		{"cpsublists K=3", "K=3 out of range"},
		{"cpsublists CELLS=4,MAXN=5", "MAXN=5 out of range"},
		{"cpsublists N=2", "has no parameter N "},
	}
	for _, b := range bad {
		blk, p, _ := strings.Cut(b.args, " ")
		err := run([]string{"-block", blk, "-param", p}, &bytes.Buffer{})
		require.Error(t, err, b.args)
		require.Contains(t, err.Error(), b.want, b.args)
	}
}
