package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/testbench/vectors"
)

// TestRunErrors checks that bad arguments give a clear error, never a panic.
func TestRunErrors(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no block", nil, "-block is required"},
		{"unknown block", []string{"-block", "nope"}, "unknown block"},
		{"param without value", []string{"-block", "arbiter", "-param", "N"}, "is not NAME=VALUE"},
		{"param not integer", []string{"-block", "arbiter", "-param", "N=x"}, "is not an integer"},
		{"param out of range", []string{"-block", "arbiter", "-param", "N=0"}, "N=0 out of range"},
		{"executor unknown param", []string{"-block", "executor", "-param", "C=2"}, "has no parameter C "},
		{"executor bad QW", []string{"-block", "executor", "-param", "B=64,QW=4"}, "QW=4 out of range"},
		{"executor cycles", []string{"-block", "executor", "-cycles", "0"}, "cycles=0 out of range"},
		{"expulsion unknown param", []string{"-block", "expulsion", "-param", "C=2"}, "has no parameter C "},
		{"expulsion bad Q", []string{"-block", "expulsion", "-param", "N=4,Q=5"}, "Q=5 out of range"},
		{"extra argument", []string{"-block", "arbiter", "extra"}, "unexpected argument"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(tc.args, &out)
			require.Error(t, err, "args %v", tc.args)
			require.Contains(t, err.Error(), tc.want, "args %v", tc.args)
		})
	}
}

// TestExecutorTable checks the executor table: its parameter line, the
// column order the Icarus testbench expects, two reset rows, and that it
// reads back through the vectors parser.
func TestExecutorTable(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run([]string{"-block", "executor", "-param", "N=3,QW=5,B=12,P=5", "-cycles", "50", "-seed", "4"}, &out))
	text := out.String()
	require.True(t, strings.HasPrefix(text, "# block=hd_executor B=12 N=3 P=5 QW=5 seed=4\n"), "first line of:\n%s", text)
	tab, err := vectors.Parse(strings.NewReader(text))
	require.NoError(t, err)
	require.Equal(t, []string{"rst_ni", "enq_valid_i", "enq_qid_i", "enq_eop_i", "enq_ready_o",
		"drop_valid_i", "drop_qid_i", "drop_ack_o", "drop_cells_o", "qlen_o", "free_o",
		"free_head_q", "free_tail_q", "pd_free_head_q", "pd_free_tail_q", "pd_free_cnt_q",
		"bld_first_q", "bld_last_q", "bld_cnt_q"}, tab.Ports)
	require.Len(t, tab.Rows, 50)
	rst := tab.PortIndex("rst_ni")
	for c := 0; c < 2; c++ {
		require.Equal(t, uint64(0), tab.Rows[c].Values[rst][0], "cycle %d: rst_ni expected 0", c)
	}
	// Same seed, same table.
	var again bytes.Buffer
	require.NoError(t, run([]string{"-block", "executor", "-param", "N=3,QW=5,B=12,P=5", "-cycles", "50", "-seed", "4"}, &again))
	require.Equal(t, text, again.String())
}

// TestGenerateDelegates checks that the three contract blocks come from
// vectors.Generate unchanged.
func TestGenerateDelegates(t *testing.T) {
	for _, blk := range []string{"threshold", "selector", "arbiter"} {
		var out bytes.Buffer
		require.NoError(t, run([]string{"-block", blk, "-cycles", "20", "-seed", "9"}, &out), "block %s", blk)
		want, err := vectors.Generate(blk, nil, 20, 9)
		require.NoError(t, err)
		var wb bytes.Buffer
		require.NoError(t, want.Write(&wb))
		require.Equal(t, wb.String(), out.String(), "block %s", blk)
	}
}

// TestExpulsionTable checks the expulsion top's table: parameter line (P
// defaulting to B), the columns tb_occamy_expulsion expects, reset rows,
// that some head drops happen, and determinism.
func TestExpulsionTable(t *testing.T) {
	args := []string{"-block", "expulsion", "-param", "N=6,Q=3,QW=7,B=40", "-cycles", "400", "-seed", "2"}
	var out bytes.Buffer
	require.NoError(t, run(args, &out))
	text := out.String()
	require.True(t, strings.HasPrefix(text, "# block=occamy_expulsion AW=4 B=40 N=6 P=40 Q=3 QW=7 seed=2\n"), "first line of:\n%s", text)
	tab, err := vectors.Parse(strings.NewReader(text))
	require.NoError(t, err)
	require.Equal(t, []string{"rst_ni", "alpha_i", "enq_valid_i", "enq_qid_i", "enq_eop_i",
		"enq_ready_o", "drop_valid_o", "drop_qid_o"}, tab.Ports)
	rst, drop := tab.PortIndex("rst_ni"), tab.PortIndex("drop_valid_o")
	drops := 0
	for c, r := range tab.Rows {
		if c < 2 {
			require.Equal(t, uint64(0), r.Values[rst][0], "cycle %d: rst_ni expected 0", c)
		}
		drops += int(r.Values[drop][0])
	}
	require.Positive(t, drops, "no head drop in %d cycles", len(tab.Rows))
	var again bytes.Buffer
	require.NoError(t, run(args, &again))
	require.Equal(t, text, again.String())
}
