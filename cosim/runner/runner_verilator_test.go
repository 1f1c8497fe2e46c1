//go:build verilator

package runner

import (
	"context"
	"errors"
	"occamy/cosim"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/rtl/vcddiff"
)

// TestProjectBlocks: the project's Verilog of every block matches its
// golden model in lock-step and batched, at small and default sizes.
func TestProjectBlocks(t *testing.T) {
	for _, c := range []struct {
		block  string
		params map[string]int
	}{
		{"threshold", nil},
		{"threshold", map[string]int{"C": 3, "QW": 5, "AW": 3}},
		{"selector", nil},
		{"selector", map[string]int{"N": 5, "QW": 3}},
		{"arbiter", nil},
		{"arbiter", map[string]int{"N": 5}},
		{"arbiter", map[string]int{"N": 100}},
	} {
		for _, batch := range []bool{false, true} {
			res := run(t, Options{Block: c.block, Params: c.params, Cycles: 30000, Seed: 5, Batch: batch})
			requireMatch(t, res)
			require.Equal(t, uint64(30000), res.Cycles, "%s: cycles run", res.Verdict())
			t.Log(res.Verdict())
		}
	}
}

// wrongCopies are deliberately broken copies of the project's Verilog, one
// per kind of block, each with the mutated text.
var wrongCopies = []struct {
	name, block, file, old, new string
	params                      map[string]int
}{
	{"arbiter pointer to the winner, not winner+1", "arbiter", "rr_arbiter.sv",
		"ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);", "ptr_d = gnt_idx_o;", nil},
	{"selector >= instead of >", "selector", "hd_selector.sv",
		"qlen_i[i*QS +: QS] > thr_i[i*QS +: QS]", "qlen_i[i*QS +: QS] >= thr_i[i*QS +: QS]", nil},
}

// TestWrongRTLIsCaught: each broken copy is caught by every comparison path
// (lock-step comparing in the wrapper and with a call per cycle, batched,
// Icarus), the Verilator paths agree on the first mismatch, and the report names cycle, signal and both values with a
// trace.
func TestWrongRTLIsCaught(t *testing.T) {
	for _, w := range wrongCopies {
		t.Run(w.name, func(t *testing.T) {
			f := mutant(t, t.TempDir(), w.file, w.old, w.new)
			var first *Mismatch
			for _, mode := range []struct {
				sim            string
				batch, perCall bool
			}{{Verilator, false, false}, {Verilator, false, true}, {Verilator, true, false}, {Icarus, false, false}} {
				compareInWrapper = !mode.perCall
				res := run(t, Options{Block: w.block, RTL: []string{f}, Params: w.params, Seed: 1, Sim: mode.sim, Batch: mode.batch})
				compareInWrapper = true
				require.NotNil(t, res.Mismatch, "%s (%s batch=%v): broken RTL passed: %s", w.name, mode.sim, mode.batch, res.Verdict())
				m := res.Mismatch
				t.Logf("%s %s", w.name, res.Verdict())
				require.NotEmpty(t, m.Signal)
				require.NotEqual(t, m.Go, m.RTL, "cycle %d signal %s: equal values reported as a mismatch", m.Cycle, m.Signal)
				require.Equal(t, m.Cycle+1, res.Cycles, "the run stops at the first mismatch")
				require.LessOrEqual(t, len(m.Trace), DefaultTraceLines)
				require.GreaterOrEqual(t, len(m.Trace), min(int(m.Cycle)+1, DefaultTraceLines), "trace of the cycles before the mismatch")
				if l := s0(m); l {
					require.Contains(t, m.Trace[len(m.Trace)-1], "*", "the last trace line marks the differing output")
				}
				if first == nil {
					first = m
					continue
				}
				if mode.sim == Verilator {
					require.Equal(t, first, m, "lock-step in the wrapper, per call (%v) and batched (%v) report the same mismatch", mode.perCall, mode.batch)
				} else if s0(first) {
					require.Equal(t, first.Cycle, m.Cycle, "%s: lock-step found cycle %d, Icarus cycle %d", w.name, first.Cycle, m.Cycle)
					require.Equal(t, first.Signal, m.Signal)
				}
			}
		})
	}
}

// s0 reports whether a mismatch is on an output (not an event such as a
// failed assertion inside the RTL).
func s0(m *Mismatch) bool { return m.Signal != "" && m.Signal[0] != '$' && m.Signal != "fatal" }

// TestBringYourOwn: a user's arbiter and selector written from docs/blocks.md in
// another style (procedural loops, other names, other file and module
// names) pass; a subtly wrong version of each fails, on Verilator and on
// Icarus.
func TestBringYourOwn(t *testing.T) {
	for _, c := range []struct {
		block, file string
		ok          bool
	}{
		{"arbiter", "my_rr_arbiter.sv", true},
		{"arbiter", "my_rr_arbiter_wrapjump.sv", false},
		{"selector", "queue_watch.sv", true},
		{"selector", "queue_watch_ge_top.sv", false},
	} {
		for _, sim := range []string{Verilator, Icarus} {
			for _, params := range []map[string]int{nil, {"N": 7, "QW": 5}} {
				if c.block == "arbiter" && params != nil {
					params = map[string]int{"N": 7}
				}
				cycles := 100000
				if sim == Icarus {
					cycles = 3000
				}
				res := run(t, Options{Block: c.block, RTL: []string{filepath.Join("testdata/byo", c.file)}, Params: params, Sim: sim, Cycles: cycles, Seed: 3})
				t.Logf("%s: %s", c.file, res.Verdict())
				if c.ok {
					requireMatch(t, res)
				} else {
					require.NotNil(t, res.Mismatch, "%s on %s %v: the wrong design passed", c.file, sim, params)
				}
			}
		}
	}
}

// TestContractCheckedFirst: ports that differ from the contract are listed,
// every one, before anything is built.
func TestContractCheckedFirst(t *testing.T) {
	needVerilator(t)
	dir := t.TempDir()
	f := filepath.Join(dir, "bad_arb.sv")
	require.NoError(t, os.WriteFile(f, []byte(`module bad_arb #(parameter int N = 64) (
  input logic clk_i, input logic rst_ni, input logic [N-1:0] req_i, input logic ack_i,
  output logic gnt_valid_o, output logic [7:0] grant_idx_o);
  assign gnt_valid_o = |req_i;
  assign grant_idx_o = '0;
endmodule
`), 0o644))
	cache := t.TempDir()
	_, err := Run(context.Background(), Options{Block: "arbiter", RTL: []string{f}, CacheDir: cache})
	var ce *port.ContractError
	require.True(t, errors.As(err, &ce), "want a *verilator.ContractError, got %v", err)
	require.Contains(t, err.Error(), "missing output [5:0] gnt_idx_o (6 bits); the top has grant_idx_o, renamed?")
	require.Contains(t, err.Error(), "extra output [7:0] grant_idx_o (8 bits) is not in the contract")
	entries, err := os.ReadDir(cache)
	require.NoError(t, err)
	for _, e := range entries {
		require.NotContains(t, e.Name(), "bad_arb", "a model was built for a top that breaks the contract")
	}
}

// TestResetValueBug: a register that is not cleared by reset (the selector
// keeps comparing during reset) is caught: comparison starts right after
// the first reset edge, and reset pulses come while the inputs are busy.
func TestResetValueBug(t *testing.T) {
	f := mutant(t, t.TempDir(), "hd_selector.sv", "over_q <= '0;", "over_q <= over_d;")
	res := run(t, Options{Block: "selector", RTL: []string{f}, Seed: 2, Stimulus: StimRandom})
	require.NotNil(t, res.Mismatch, "a selector that ignores reset passed")
	require.LessOrEqual(t, res.Mismatch.Cycle, uint64(2), "random stimulus is busy during the first reset: %s", res.Verdict())
	t.Log(res.Verdict())
	res = run(t, Options{Block: "selector", RTL: []string{f}, Seed: 2})
	require.NotNil(t, res.Mismatch, "a selector that ignores reset passed the directed sequence")
	t.Log(res.Verdict())
}

// TestRandomPowerUp: the Verilated model starts with random register values
// (+verilator+rand+reset+2, varying with the seed), and zero with ZeroInit:
// the arbiter's grant under reset with every request set shows its pointer.
func TestRandomPowerUp(t *testing.T) {
	needVerilator(t)
	s := testSession(t, Options{Block: "arbiter", CacheDir: testCache()})
	b, err := s.sim.Build(context.Background(), s.buildDesign())
	require.NoError(t, err)
	grant0 := func(o cosim.OpenOptions) uint32 {
		m, err := b.Open(o)
		require.NoError(t, err)
		defer m.Close()
		l := m.Layout()
		in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
		pack.PutUint64(l.In(in, l.Input("req_i")), ^uint64(0))
		require.NoError(t, m.Cycle(in, out))
		return out[l.OutOff[l.Output("gnt_idx_o")]]
	}
	require.Zero(t, grant0(cosim.OpenOptions{ZeroInit: true}), "zero power-up: pointer 0")
	seen := map[uint32]bool{}
	for seed := int64(0); seed < 8; seed++ {
		s.opt.Seed = seed
		seen[grant0(s.openOptions())] = true
	}
	require.Greater(t, len(seen), 2, "random power-up pointers over 8 seeds: %v", seen)
}

// TestAssertionInRTL: an assertion failing inside the user's RTL ends the
// run at its cycle, as a mismatch naming the event, in both modes.
func TestAssertionInRTL(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile("testdata/byo/my_rr_arbiter.sv")
	require.NoError(t, err)
	src := string(b[:len(b)-len("endmodule\n")]) + `  always @(posedge clk_i) begin
    if (rst_ni && &req_i && ack_i) assert (0) else $error("all requests acked");
  end
endmodule
`
	f := filepath.Join(dir, "asserting.sv")
	require.NoError(t, os.WriteFile(f, []byte(src), 0o644))
	var cycles []uint64
	for _, batch := range []bool{false, true} {
		res := run(t, Options{Block: "arbiter", RTL: []string{f}, Batch: batch})
		require.NotNil(t, res.Mismatch)
		require.Equal(t, "$stop", res.Mismatch.Signal, res.Verdict())
		require.Contains(t, res.Mismatch.RTL, "all requests acked")
		cycles = append(cycles, res.Mismatch.Cycle)
	}
	require.Equal(t, cycles[0], cycles[1], "lock-step and batched stop at the same cycle")
}

// TestWaveformsBothSides: --vcd writes the Go and the RTL waveform of the
// same run, and vcddiff finds them equal.
func TestWaveformsBothSides(t *testing.T) {
	for _, sim := range []string{Verilator, Icarus} {
		dir := t.TempDir()
		res := run(t, Options{Block: "arbiter", Params: map[string]int{"N": 8}, Cycles: 2000, Sim: sim, VCDDir: dir})
		requireMatch(t, res)
		require.Len(t, res.VCD, 2)
		a, err := os.Open(res.VCD[0])
		require.NoError(t, err)
		defer a.Close()
		b, err := os.Open(res.VCD[1])
		require.NoError(t, err)
		defer b.Close()
		rep, err := vcddiff.Diff(a, b, vcddiff.Options{})
		require.NoError(t, err)
		require.True(t, rep.Same(), "%s: %s", sim, rep.Summary())
		require.Greater(t, rep.Edges, 1900)
	}
}
