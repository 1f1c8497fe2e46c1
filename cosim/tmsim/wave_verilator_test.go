//go:build verilator

package tmsim

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/mutation"
	"occamy/cosim/runner"
	"occamy/hw/tm"
	"occamy/rtl/vcd"
	"occamy/rtl/vcddiff"
	"occamy/testbench/scenario"
)

// waveOptions is the scenario of the waveform parity check: burst-absorption
// on a small switch (P=2, Q=2, B=512), the burst early, under occamy, so
// the selector, the arbiter and head drops all move within 6000 cycles.
func waveOptions() scenario.Options {
	cycles := uint64(6000)
	return scenario.Options{Scenario: "burst-absorption", Policy: "occamy", Cycles: &cycles,
		Params: map[string]float64{"search": 0, "burst_start": 1500, "senders": 8},
		TM:     []scenario.TMSet{{Field: "P", Value: 2}, {Field: "Q", Value: 2}, {Field: "B", Value: 512}, {Field: "MaxOffers", Value: 8}}}
}

// icarusWave is waveOptions cut to n cycles, prepared for Icarus.
func icarusWave(t *testing.T, n uint64) (scenario.Options, *scenario.Prepared) {
	t.Helper()
	return shortWave(t, n, runner.Icarus)
}

// shortWave is waveOptions cut to n cycles, prepared for sim.
func shortWave(t *testing.T, n uint64, sim string) (scenario.Options, *scenario.Prepared) {
	t.Helper()
	o := waveOptions()
	o.Cycles = &n
	p, err := Prepare(o, Options{Sim: sim})
	require.NoError(t, err)
	return o, p
}

// mutantCycles is how long TestCompare and TestCompareIcarus run the
// mutant tm-eg-rate on waveOptions' scenario: TestWaveParity sees it
// diverge at edge 86; both tests compare it untraced at the same
// parameters, so the mutant's (small) Verilator build is one, shared.
const mutantCycles = 500

// rtlWave runs the scenario on occamy_tm built from rtl (nil: the
// project's) and returns its waveform.
func rtlWave(t *testing.T, rtl []string, top string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rtl.vcd")
	p, err := Prepare(waveOptions(), Options{Sim: runner.Verilator, VCD: path, RTL: rtl, Top: top})
	require.NoError(t, err)
	_, err = scenario.Execute(p, nil)
	require.NoError(t, err)
	return path
}

func goWave(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "go.vcd")
	p, err := scenario.Prepare(waveOptions())
	require.NoError(t, err)
	tr, err := vcd.CreateTracer(path, vcd.TracerOptions{})
	require.NoError(t, err)
	_, err = scenario.Execute(p, tr)
	require.NoError(t, err)
	return path
}

func diff(t *testing.T, a, b string) *vcddiff.Report {
	t.Helper()
	fa, err := os.Open(a)
	require.NoError(t, err)
	defer fa.Close()
	fb, err := os.Open(b)
	require.NoError(t, err)
	defer fb.Close()
	// Neither file has a reset cycle: both start at scenario cycle 0
	// (occamy vcddiff --reset none).
	rep, err := vcddiff.Diff(fa, fb, vcddiff.Options{NameA: "go", NameB: "rtl", ResetA: vcddiff.Reset{Off: true}, ResetB: vcddiff.Reset{Off: true}})
	require.NoError(t, err)
	return rep
}

// TestWaveParity is issue 11's waveform parity: vcddiff of the Go TM's VCD
// against the Verilated TM's (occamy sim --rtl verilator --vcd) reports no
// difference on any shared signal, over every cycle; the shared signals
// are every one of the Go trace that occamy_tm has at the same path or
// under waveAlias's name (u_sched's inputs among them: the Go trace shows
// them as tm_sched sees them). Then the mutant tm-eg-rate (the
// line rate off by one: a port sends a cell every R+1 cycles) must make
// vcddiff report a difference. (tm-adm-dt-lt and tm-hd-ack-busy change
// nothing in this scenario's 6000 cycles: no admission lands exactly on
// the threshold, no grant comes while the executor is busy; cosim's
// directed stimulus kills them.)
func TestWaveParity(t *testing.T) {
	g, r := goWave(t), rtlWave(t, nil, "")
	rep := diff(t, g, r)
	var sb strings.Builder
	require.NoError(t, rep.Write(&sb))
	assert.True(t, rep.Same(), "vcddiff go rtl:\n%s", sb.String())
	assert.Equal(t, 6000+tm.AdmitLag, rep.Edges, "edges compared (the scenario's and its drain's)")
	names := map[string]bool{}
	for _, s := range rep.Signals {
		names[s.Name] = true
	}
	for _, want := range []string{"tm.qlen_q", "tm.free_q", "tm.hd_gnt_valid", "tm.hd_gnt_idx", "tm.u_sel.over_o", "tm.u_arb.ptr_q",
		"tm.u_thr.thr_o", "tm.u_sched.gnt_qid_o", "tm.u_sched.elig_i", "tm.u_sched.ack_i", "tm.u_sched.port_rdy_i",
		"tm.u_sched.port_ptr_q", "view.qlen_03", "view.thr_c0", "view.excess_03", "tm.hd_valid_o", "tm.hd_qid_o", "tm.hd_cells_o"} {
		assert.True(t, names[want], "signal %s not compared (compared: %v)", want, names)
	}
	assert.Empty(t, rep.OnlyB, "RTL signals compared with nothing")
	var onlyGo []string
	for _, u := range rep.OnlyA {
		onlyGo = append(onlyGo, u.Path)
	}
	t.Logf("%d signals over %d edges; only in the Go trace: %v", len(rep.Signals), rep.Edges, onlyGo)
	assert.GreaterOrEqual(t, len(rep.Signals), 37, "shared signals")

	m := mutantByID(t, "tm-eg-rate")
	// The mutation self-check's directory: the copies' paths stay the
	// same from run to run, so the Verilator cache hits.
	a, err := mutation.Copies{VerilogDir: "../../verilog", Root: mutation.DefaultWorkDir(), NoAssert: true}.Apply(m)
	require.NoError(t, err)
	bad := diff(t, g, rtlWave(t, a.Sources, a.Top))
	require.False(t, bad.Same(), "vcddiff did not see mutant %s", m.ID)
	require.NotEmpty(t, bad.Divergences)
	t.Logf("mutant %s: first divergence %s at edge %d (go %s, rtl %s)", m.ID, bad.Divergences[0].Signal,
		bad.Divergences[0].Edge, bad.Divergences[0].ValueA, bad.Divergences[0].ValueB)
}

func mutantByID(t *testing.T, id string) mutation.Mutant {
	for _, m := range mutation.Catalogue() {
		if m.ID == id {
			return m
		}
	}
	t.Fatalf("no mutant %s", id)
	return mutation.Mutant{}
}
