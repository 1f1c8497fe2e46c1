package tm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hw "occamy/hw/tm"
	"occamy/testbench/blocks"
)

// TestTMRandomConfigsValidate: 500 random configurations on every shape
// resolve, and each drives cfg_* values that decode to its own config.
func TestTMRandomConfigsValidate(t *testing.T) {
	b, _ := blocks.Lookup("tm")
	for i := 0; i < 500; i++ {
		sh := Shapes[i%len(Shapes)]
		p, err := b.Resolve(RandomParams(sh, int64(i)))
		require.NoError(t, err, "draw %d", i)
		c, err := Config(p)
		require.NoError(t, err)
		v, err := NewCfg(c)
		require.NoError(t, err)
		d := c
		require.NoError(t, v.Apply(&d))
		require.Equal(t, c.AlphaExp, d.AlphaExp)
		require.Equal(t, c.Policy, d.Policy)
		require.Equal(t, c.FreeMode, d.FreeMode)
		require.Equal(t, c.Sched, d.Sched)
	}
}

// TestTMParams: the block's parameters are hw/tm's defaults and ranges,
// named as the Verilog names them; run-time ones are not Verilog
// parameters; a bad value names the parameter.
func TestTMParams(t *testing.T) {
	b, _ := blocks.Lookup("tm")
	d := hw.DefaultConfig()
	p := b.Defaults()
	assert.Equal(t, d.P, p["P"])
	assert.Equal(t, DefaultIN, p["IN"], "occamy_tm's ingress, not the model's MaxOffers default")
	assert.Equal(t, d.TxWindow, p["TXWIN"])
	assert.Equal(t, d.PushoutWait, p["PUSHOUT_WAIT"])
	assert.NotContains(t, p, "POLICY", "the run-time configuration is not a Verilog parameter")
	full, err := b.Resolve(nil)
	require.NoError(t, err)
	assert.Equal(t, 1, full["POLICY"], "occamy")
	assert.Equal(t, d.R, full["R"])
	assert.Equal(t, d.MaxPkt, full["QUANTUM"])
	assert.NotContains(t, b.Verilog(full), "R")
	for _, bad := range []struct {
		k    string
		v    int
		want string
	}{{"POLICY", 4, "POLICY=4 out of range"}, {"PUSHOUT_WAIT", -1, "PUSHOUT_WAIT=-1"}, {"PUSHOUT_WAIT", MaxWait + 1, "PUSHOUT_WAIT=65536"}, {"MAXPKT", 0, "MAXPKT=0"}, {"ALPHA", 9, "ALPHA=9"},
		{"QUANTUM", 0, "QUANTUM=0"}, {"IN", 0, "IN=0"}, {"IN", MaxIN + 1, "IN=65"}, {"SW", 0, "SW=0"}, {"TRAFFIC", 99, "TRAFFIC=99"}} {
		_, err := b.Resolve(map[string]int{bad.k: bad.v})
		require.Error(t, err, bad.k)
		assert.Contains(t, err.Error(), bad.want)
	}
}

// TestTMPortWidths: the contract's widths at the defaults (docs/tm.md).
func TestTMPortWidths(t *testing.T) {
	b, _ := blocks.Lookup("tm")
	w := map[string]int{}
	for _, p := range b.Ports(b.Defaults()) {
		w[p.Name] = p.Width
	}
	iw, lw := 6, 7 // clog2(64), clog2(65)
	for name, want := range map[string]int{"in_valid_i": 4, "in_qid_i": 4 * iw, "in_cells_i": 4 * lw,
		"eg_tag_o": 8 * (16 + lw), "qlen_o": 64 * 16, "free_o": 16, "wait_o": 16, "pd_rd_o": 1, "pd_wr_o": 2,
		"cp_rd_o": 4, "cp_wr_o": 3, "cd_rd_o": 3, "cd_wr_o": 3, "cfg_alpha_i": 32, "cfg_quantum_i": 128,
		"cfg_r_i": 11, "cfg_policy_i": 2} {
		assert.Equal(t, want, w[name], name)
	}
}

// TestTMWait: PUSHOUT_WAIT is capped at B and at 2^QW-1-B (a queue length
// with its waiting cells fits in QW bits), as occamy_tm's localparam WAIT.
func TestTMWait(t *testing.T) {
	for _, tc := range []struct{ w, b, qw, want int }{
		{256, 16384, 16, 256}, {256, 48, 7, 48}, {256, 16, 5, 15}, {0, 16, 5, 0},
		{65535, 65535, 16, 0}, {65535, 65535, 17, 65535}, {100, 65535, 32, 100}, {300, 200, 9, 200},
	} {
		assert.Equal(t, tc.want, Wait(tc.w, tc.b, tc.qw), "PUSHOUT_WAIT=%d B=%d QW=%d", tc.w, tc.b, tc.qw)
	}
	c, err := Config(map[string]int{"B": 48, "QW": 7, "PUSHOUT_WAIT": 1000, "MAXPKT": 6, "POLICY": 3})
	require.NoError(t, err)
	assert.Equal(t, 48, c.PushoutWait)
	assert.Equal(t, hw.PolicyPushoutPorts, c.Policy)
}

// TestTMSmallIsAShape: the small set's Verilog parameters are one of the
// random configurations' shapes, so the regression builds it once.
func TestTMSmallIsAShape(t *testing.T) {
	b, _ := blocks.Lookup("tm")
	assert.Equal(t, b.Verilog(b.SmallParams()), Shapes[1])
}

// TestPolicyByName: POLICY takes the policy's name as the number of its
// cfg_policy_i value, as occamy sim takes names; numbers still work, and
// an unknown name lists the names.
func TestPolicyByName(t *testing.T) {
	for i, p := range Policies {
		v, err := blocks.ParamValue("POLICY", p.String())
		require.NoError(t, err)
		assert.Equal(t, i, v, p.String())
	}
	v, err := blocks.ParamValue("POLICY", "2")
	require.NoError(t, err)
	assert.Equal(t, 2, v)
	_, err = blocks.ParamValue("POLICY", "pushout")
	require.EqualError(t, err, `POLICY: value "pushout" is neither an integer nor one of dt (0), occamy (1), occamy-lqd (2), pushout-ports (3)`)
	_, err = blocks.ParamValue("N", "x")
	require.EqualError(t, err, `N: value "x" is not an integer`)
}
