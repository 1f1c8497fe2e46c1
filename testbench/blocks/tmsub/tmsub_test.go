package tmsub_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hw "occamy/hw/tm"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	_ "occamy/testbench/blocks/all"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/blocks/tmsub"
)

// subFaces are the registered sub-block faces, in stage order.
func subFaces(t *testing.T) []*blocks.Block {
	var bs []*blocks.Block
	for _, b := range blocks.All() {
		if b.Parent == tmsub.Parent {
			bs = append(bs, b)
		}
	}
	subs, err := hw.SubBlocks(hw.DefaultConfig(), hw.DefaultSW)
	require.NoError(t, err)
	require.Len(t, bs, len(subs), "one face per sub-block of hw/tm's port tables")
	for i, sb := range subs {
		assert.Equal(t, sb.Module, bs[i].Name, "faces in hw/tm's stage order")
	}
	return bs
}

// TestFacesFollowTheTables: each face's ports and Verilog parameters are
// its module's table in hw/tm at the TM configuration its parameters
// describe, at the defaults and the small set; the small set is the TM
// block's small set on the module's parameters.
func TestFacesFollowTheTables(t *testing.T) {
	tm, err := blocks.Lookup(tmsub.Parent)
	require.NoError(t, err)
	for _, b := range subFaces(t) {
		for _, set := range []struct {
			name     string
			p        map[string]int
			tmParams map[string]int
		}{{"defaults", b.Defaults(), nil}, {"small", b.SmallParams(), tm.Small}} {
			tp, err := tm.Resolve(set.tmParams)
			require.NoError(t, err)
			c, err := tmConfig(tp)
			require.NoError(t, err)
			subs, err := hw.SubBlocks(c, tp["SW"])
			require.NoError(t, err)
			var sb hw.SubBlock
			for _, x := range subs {
				if x.Module == b.Module {
					sb = x
				}
			}
			require.Equal(t, b.Module, sb.Module)
			v := b.Verilog(set.p)
			require.Len(t, v, len(sb.Params), "%s %s", b.Name, set.name)
			for _, q := range sb.Params {
				assert.Equal(t, q.Value, v[q.Name], "%s %s: parameter %s", b.Name, set.name, q.Name)
			}
			ports := b.Ports(set.p)
			require.Len(t, ports, len(sb.Ports), "%s %s", b.Name, set.name)
			for i, q := range sb.Ports {
				assert.Equal(t, q.Name, ports[i].Name)
				assert.Equal(t, q.Width, ports[i].Width, "%s %s: %s", b.Name, set.name, q.Name)
				assert.Equal(t, q.Dir == port.Out, ports[i].Dir == port.Out, "%s: %s", b.Name, q.Name)
			}
		}
	}
}

// TestParamsFollowTheTM: a module parameter given alone sets the TM
// parameters it follows (N the ports and classes, LW the packet length,
// WAIT the Pushout wait), and one that no TM gives is refused naming it.
func TestParamsFollowTheTM(t *testing.T) {
	adm, err := blocks.Lookup("tm_admission")
	require.NoError(t, err)
	p, err := adm.Resolve(map[string]int{"N": 16, "LW": 3, "WAIT": 5})
	require.NoError(t, err)
	assert.Equal(t, 16, p["P"]*p["Q"])
	assert.Equal(t, 8, p["Q"], "the default Q divides 16")
	assert.Equal(t, 7, p["MAXPKT"])
	assert.Equal(t, 5, p["PUSHOUT_WAIT"])
	p, err = adm.Resolve(map[string]int{"P": 2, "Q": 3})
	require.NoError(t, err)
	assert.Equal(t, 6, p["N"], "N follows P and Q")
	for _, tc := range []struct {
		given map[string]int
		want  string
	}{
		{map[string]int{"N": 37}, "tm_admission: parameter N=37 out of range, allowed 1..256"},
		{map[string]int{"N": 6, "P": 2, "Q": 2}, "parameter N=6"},
		{map[string]int{"LW": 5, "MAXPKT": 6}, "parameter LW=5 out of range, allowed 3..3 (clog2(MAXPKT+1) with MAXPKT=6)"},
		{map[string]int{"WAIT": 20000}, "parameter WAIT=20000 out of range, allowed 0..16384"},
		{map[string]int{"QW": 40}, "tm_admission: parameter QW=40 out of range"},
	} {
		_, err := adm.Resolve(tc.given)
		if assert.Error(t, err, "%v", tc.given) {
			assert.Contains(t, err.Error(), tc.want)
		}
	}
	sch, err := blocks.Lookup("tm_sched")
	require.NoError(t, err)
	_, err = sch.Resolve(map[string]int{"DFW": 20})
	assert.EqualError(t, err, "tm_sched: parameter DFW=20 out of range, allowed 18..18 (the value occamy_tm passes tm_sched)")
}

// TestRecordedRunsKeepTheContract: every face runs its own stimulus (the
// directed view, then the random one, continuing one TM) at the small
// set over a reconfiguring reset, with no misuse of the sub-block, no
// error of the stimulus TM, and every coverpoint counter in place.
func TestRecordedRunsKeepTheContract(t *testing.T) {
	for _, b := range subFaces(t) {
		p := b.SmallParams()
		l, err := b.Layout(p)
		require.NoError(t, err)
		sd, err := b.Build(p, &l, 3)
		require.NoError(t, err, b.Name)
		require.NotNil(t, sd.Directed, b.Name)
		require.Len(t, sd.Hits, len(b.Coverpoints))
		in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
		resets := 0
		rst := l.InOff[l.Input("rst_ni")]
		for c := uint64(0); c < 40000; c++ {
			if !sd.Directed.Done() {
				sd.Directed.Next(c, in)
			} else {
				sd.Random.Next(c, in)
			}
			if in[rst]&1 == 0 {
				resets++
			}
			sd.Golden.Step(in, out)
		}
		require.NoError(t, sd.Err(), b.Name)
		assert.Greater(t, resets, 2, "%s: a reset after the first", b.Name)
	}
}

func tmConfig(tp map[string]int) (hw.Config, error) { return tmface.Config(tp) }
