package runner

import (
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
)

// TestProjectVerilogMatchesContracts elaborates every block's Verilog at
// its default and small parameters and checks its ports against its face.
func TestProjectVerilogMatchesContracts(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not installed")
	}
	for _, b := range blocks.Every() {
		for _, p := range []map[string]int{b.Defaults(), b.SmallParams()} {
			var srcs []string
			for _, f := range b.Sources {
				srcs = append(srcs, "../../"+f)
			}
			gp := map[string]string{}
			for k, v := range b.Verilog(p) {
				gp[k] = strconv.Itoa(v)
			}
			el, err := Elaborate(context.Background(), &cosim.Design{Files: srcs, Top: b.Module, Params: gp, CacheDir: t.TempDir()})
			require.NoError(t, err, "%s %v", b.Name, p)
			assert.NoError(t, port.CheckPorts(b.Module, b.Module, b.Ports(p), el.Ports), "%s %s", b.Name, b.ParamText(p))
		}
	}
}

// TestTMWaitIsTheVerilogs: the TM face's Wait (the wait allowance the
// golden model is given for PUSHOUT_WAIT) is the WAIT occamy_tm elaborates
// and gives its admission (tm_admission's WAIT parameter), at B, QW and
// PUSHOUT_WAIT around every cap: under B, at 2^QW-1-B, at B, and at the
// largest PUSHOUT_WAIT. A Wait that re-implemented WAIT wrongly fails here.
func TestTMWaitIsTheVerilogs(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not installed")
	}
	b, err := blocks.Lookup("tm")
	require.NoError(t, err)
	var srcs []string
	for _, f := range b.Sources {
		srcs = append(srcs, "../../"+f)
	}
	cache := t.TempDir()
	for _, c := range []struct{ b, qw, w int }{
		{48, 7, 12},   // under both caps
		{48, 7, 79},   // B = 48 caps it (2^QW-1-B = 79)
		{100, 7, 60},  // 2^QW-1-B = 27 caps it
		{100, 8, 100}, // B caps it at 100 (2^QW-1-B = 155)
		{16384, 16, 256},
		{16384, 16, tmface.MaxWait},
		{1000, 10, 0},
	} {
		p, err := b.Resolve(map[string]int{"B": c.b, "QW": c.qw, "PUSHOUT_WAIT": c.w, "P": 2, "Q": 2, "K": 2, "MAXPKT": 6})
		require.NoError(t, err, "%+v", c)
		gp := map[string]string{}
		for k, v := range b.Verilog(p) {
			gp[k] = strconv.Itoa(v)
		}
		el, err := Elaborate(context.Background(), &cosim.Design{Files: srcs, Top: b.Module, Params: gp, CacheDir: cache})
		require.NoError(t, err, "%+v", c)
		adm := el.ModulesNamed("tm_admission")
		require.NotEmpty(t, adm, "occamy_tm instantiates tm_admission")
		got := adm[0].Params["WAIT"]
		require.Equal(t, fmt.Sprint(tmface.Wait(c.w, c.b, c.qw)), got, "B=%d QW=%d PUSHOUT_WAIT=%d: the Go model's wait against occamy_tm's WAIT", c.b, c.qw, c.w)
	}
}
