//go:build verilator

// These tests drive the real simulators (Verilator, Icarus) and take about
// two minutes, so they run with the verilator tag (make test-cosim), not in
// a plain go test ./rtl/vcddiff (which never runs a simulator).

package runner_test

import (
	"bytes"
	"fmt"
	"occamy/rtl/vcddiff"
	"occamy/testbench/blocks"
	_ "occamy/testbench/blocks/all"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/template"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/arbiter"
	"occamy/hw/selector"
	"occamy/rtl"
	"occamy/rtl/vcd"
	"occamy/testbench/vectors"
)

// simCycles is the length of the runs the simulator tests diff: long
// enough for the generator's reset pulses and pointer wraps, short enough
// to keep the tests quick.
const simCycles = 300

// simBlock is one block run in the Go model, Verilator and Icarus on the
// same vectors.
type simBlock struct {
	name   string // block face name
	module string // Verilog module
	params map[string]int
	goRoot string // compared scope in the Go dump
	ports  []string
	flip   string // the signal a test alters
	// model builds the Go model and a function driving one table row.
	model func(t *testing.T) (rtl.Clocked, func(tb *vectors.Table, row int))
}

var simBlocks = []simBlock{
	{
		name: "arbiter", module: "rr_arbiter", params: map[string]int{"N": 8},
		goRoot: "occamy.u_arb", flip: "gnt_idx_o",
		ports: []string{"rst_ni", "req_i", "ack_i", "gnt_valid_o", "gnt_idx_o", "ptr_q"},
		model: func(t *testing.T) (rtl.Clocked, func(*vectors.Table, int)) {
			a, err := arbiter.New(arbiter.Params{N: 8})
			require.NoError(t, err)
			return a, func(tb *vectors.Table, r int) {
				row := tb.Rows[r].Values
				a.RstNI = row[tb.PortIndex("rst_ni")][0] == 1
				a.ReqI = rtl.Bitmap{}
				copy(a.ReqI[:], row[tb.PortIndex("req_i")])
				a.AckI = row[tb.PortIndex("ack_i")][0] == 1
			}
		},
	},
	{
		name: "selector", module: "hd_selector", params: map[string]int{"N": 8, "QW": 4},
		goRoot: "occamy.u_sel", flip: "over_o",
		ports: []string{"rst_ni", "qlen_i", "thr_i", "over_o"},
		model: func(t *testing.T) (rtl.Clocked, func(*vectors.Table, int)) {
			s, err := selector.New(selector.Params{N: 8, QW: 4})
			require.NoError(t, err)
			return s, func(tb *vectors.Table, r int) {
				row := tb.Rows[r].Values
				s.RstNI = row[tb.PortIndex("rst_ni")][0] == 1
				q, th := row[tb.PortIndex("qlen_i")][0], row[tb.PortIndex("thr_i")][0]
				for i := range s.QlenI {
					s.QlenI[i] = uint32(q>>(4*i)) & 0xf
					s.ThrI[i] = uint32(th>>(4*i)) & 0xf
				}
			}
		},
	},
}

// scopeName is the Go dump's scope of a block: u_arb, u_sel.
func (b simBlock) scopeName() string { return b.goRoot[strings.LastIndexByte(b.goRoot, '.')+1:] }

// vectorsFor generates the block's vector table and writes it to dir.
func vectorsFor(t *testing.T, b simBlock, dir string) (*vectors.Table, string) {
	t.Helper()
	f, err := blocks.Lookup(b.name)
	require.NoError(t, err)
	p, err := f.Resolve(b.params)
	require.NoError(t, err)
	tb, err := vectors.Generate(f.Module, p, f.Checks.Vectors, simCycles, 1)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, tb.Write(&buf))
	path := filepath.Join(dir, b.name+".vec")
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	return tb, path
}

// goModelDump runs the Go model on the table under rtl.Sim with the VCD
// tracer and returns the dump.
func goModelDump(t *testing.T, b simBlock, tb *vectors.Table) []byte {
	t.Helper()
	blk, drive := b.model(t)
	var out bytes.Buffer
	tr, err := vcd.NewTracer(&out, vcd.TracerOptions{})
	require.NoError(t, err)
	sim := rtl.NewSim()
	sim.Add(b.scopeName(), blk)
	require.NoError(t, sim.Trace(tr))
	for r := range tb.Rows {
		drive(tb, r)
		require.NoError(t, sim.Step())
	}
	require.NoError(t, sim.Close())
	return out.Bytes()
}

// missingTool returns a skip message when one of the tools is not on PATH,
// "" when all are.
func missingTool(tools ...string) string {
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			return tool + " not on PATH: skipping this simulator's dump (the Makefile's tools target installs it)"
		}
	}
	return ""
}

// runVerilator builds the block with Verilator and a C++ harness reading
// the vector file, runs it and returns the dump.
func runVerilator(t *testing.T, b simBlock, vec, dir string) []byte {
	t.Helper()
	tmpl, err := template.ParseFiles("testdata/vcddiff/vsim_main.cpp.tmpl")
	require.NoError(t, err)
	var inputs []string
	for _, p := range b.ports {
		if vectors.IsInput(p) {
			inputs = append(inputs, p)
		}
	}
	var cpp bytes.Buffer
	require.NoError(t, tmpl.Execute(&cpp, struct {
		Module string
		Inputs []string
	}{b.module, inputs}))
	main := filepath.Join(dir, "vsim_main.cpp")
	require.NoError(t, os.WriteFile(main, cpp.Bytes(), 0o644))
	sv, err := filepath.Abs(filepath.Join("..", "..", "verilog", b.module+".sv"))
	require.NoError(t, err)
	args := []string{"--cc", "--trace", "--exe", "--build", "-j", "2", "-Wno-fatal",
		"+incdir+" + filepath.Dir(sv), // the header the module includes (occamy_checks.svh)
		"--Mdir", filepath.Join(dir, "obj"), "-o", "vsim",
		"-MAKEFLAGS", "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"}
	for k, v := range b.params {
		args = append(args, "-G"+k+"="+strconv.Itoa(v))
	}
	args = append(args, sv, main)
	run(t, dir, "verilator", args...)
	out := filepath.Join(dir, "verilator.vcd")
	run(t, dir, filepath.Join(dir, "obj", "vsim"), vec, out)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	return data
}

// runIcarus runs the project's Icarus testbench of the block on the
// vector file, with testdata/vcddiff/vcd_dump.sv adding $dumpvars over the whole
// testbench, and returns the dump.
func runIcarus(t *testing.T, b simBlock, vec, dir string) []byte {
	t.Helper()
	abs := func(p ...string) string {
		a, err := filepath.Abs(filepath.Join(p...))
		require.NoError(t, err)
		return a
	}
	tbName := "tb_" + b.module
	// verilog/ holds the header the modules include (occamy_checks.svh).
	args := []string{"-g2012", "-I", abs("..", "..", "verilog", "tb"), "-I", abs("..", "..", "verilog"), "-DTB=" + tbName}
	for k, v := range b.params {
		args = append(args, fmt.Sprintf("-P%s.%s=%d", tbName, k, v))
	}
	vvp := filepath.Join(dir, b.name+".vvp")
	args = append(args, "-o", vvp, abs("..", "..", "verilog", "tb", tbName+".sv"),
		abs("..", "..", "verilog", b.module+".sv"), abs("testdata", "vcddiff", "vcd_dump.sv"))
	run(t, dir, "iverilog", args...)
	out := filepath.Join(dir, "icarus.vcd")
	msg := run(t, dir, "vvp", "-n", vvp, "+vec="+vec, "+vcd="+out)
	require.Contains(t, msg, "PASS "+b.module, "the testbench checks the outputs against the vectors too")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	return data
}

// run runs a command in dir and returns its combined output, failing the
// test with that output on error.
func run(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s %s:\n%s", name, strings.Join(args, " "), out)
	return string(out)
}

// blockDumps are the dumps of one block from the three simulators, built
// once; a simulator whose tools are missing leaves its dump nil and says
// why in skip.
type blockDumps struct {
	dump map[string][]byte // "go", "verilator", "icarus"
	skip map[string]string
	rows int
}

// get returns one simulator's dump, skipping the test when it is missing.
func (d *blockDumps) get(t *testing.T, sim string) []byte {
	t.Helper()
	if msg := d.skip[sim]; msg != "" {
		t.Skip(msg)
	}
	return d.dump[sim]
}

var (
	dumpsOnce sync.Map // block name -> *sync.Once
	dumpsBy   sync.Map // block name -> *blockDumps
)

// simDumps returns the block's three dumps, building them on first use.
func simDumps(t *testing.T, b simBlock) *blockDumps {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: skipping the simulator runs")
	}
	once, _ := dumpsOnce.LoadOrStore(b.name, new(sync.Once))
	once.(*sync.Once).Do(func() {
		dir := t.TempDir()
		tb, vec := vectorsFor(t, b, dir)
		d := &blockDumps{
			dump: map[string][]byte{"go": goModelDump(t, b, tb)},
			skip: map[string]string{"verilator": missingTool("verilator"), "icarus": missingTool("iverilog", "vvp")},
			rows: len(tb.Rows),
		}
		if d.skip["verilator"] == "" {
			d.dump["verilator"] = runVerilator(t, b, vec, dir)
		}
		if d.skip["icarus"] == "" {
			d.dump["icarus"] = runIcarus(t, b, vec, dir)
		}
		dumpsBy.Store(b.name, d)
	})
	d, ok := dumpsBy.Load(b.name)
	if !ok {
		t.Skip("the dumps could not be made (see the first test that tried)")
	}
	return d.(*blockDumps)
}

// TestSimulatorsAgree: the Go model, Verilator and Icarus dumps of the
// same block on the same vectors agree pairwise at every edge after reset;
// Verilator and Icarus also agree on every internal signal.
func TestSimulatorsAgree(t *testing.T) {
	for _, b := range simBlocks {
		t.Run(b.name, func(t *testing.T) {
			d := simDumps(t, b)
			pairs := []struct {
				name   string
				a, b   string
				rootA  string
				rootB  string
				minSig int
			}{
				{"go_vs_verilator", "go", "verilator", b.goRoot, "TOP." + b.module, len(b.ports)},
				{"go_vs_icarus", "go", "icarus", b.goRoot, "tb_" + b.module + ".dut", len(b.ports)},
				{"verilator_vs_icarus", "verilator", "icarus", "TOP." + b.module, "tb_" + b.module + ".dut", len(b.ports) + 1},
			}
			for _, p := range pairs {
				t.Run(p.name, func(t *testing.T) {
					a, b2 := d.get(t, p.a), d.get(t, p.b)
					agree(t, b, d.rows, a, b2, p.rootA, p.rootB, p.minSig)
				})
			}
		})
	}
}

// agree checks that two dumps of a block agree, with the expected scopes
// and at least minSig signals compared, every port among them.
func agree(t *testing.T, b simBlock, rows int, da, db []byte, rootA, rootB string, minSig int) {
	t.Helper()
	rep, err := vcddiff.Diff(bytes.NewReader(da), bytes.NewReader(db), vcddiff.Options{})
	require.NoError(t, err)
	assert.True(t, rep.Same(), "report:\n%s", reportText(t, rep))
	assert.Equal(t, rootA, rep.A.Root, "compared scope of A")
	assert.Equal(t, rootB, rep.B.Root, "compared scope of B")
	assert.Equal(t, rows-2, rep.Edges, "edges compared: every row after the two reset rows")
	assert.Equal(t, 3, rep.A.Start, "first edge after reset in A")
	assert.Equal(t, 3, rep.B.Start, "first edge after reset in B")
	assert.GreaterOrEqual(t, len(rep.Signals), minSig, "compared signals %v", signalNames(rep))
	for _, port := range b.ports {
		assert.Contains(t, signalNames(rep), port, "compared signals")
	}
}

// TestSimulatorsAlteredDump: one bit flipped at one edge in the Verilator
// or the Icarus dump is reported at exactly that edge and signal, and at
// no other.
func TestSimulatorsAlteredDump(t *testing.T) {
	for _, b := range simBlocks {
		t.Run(b.name, func(t *testing.T) {
			d := simDumps(t, b)
			goData := d.dump["go"]
			for _, tc := range []struct {
				name  string
				path  string
				clock string
				edge  int // compared edge to alter
				bit   int
			}{
				{"verilator", "TOP." + b.module + "." + b.flip, "TOP.clk_i", 17, 0},
				{"icarus", "tb_" + b.module + ".dut." + b.flip, "tb_" + b.module + ".clk_i", 101, 2},
			} {
				t.Run(tc.name, func(t *testing.T) {
					dump := d.get(t, tc.name)
					base, err := vcddiff.Diff(bytes.NewReader(goData), bytes.NewReader(dump), vcddiff.Options{})
					require.NoError(t, err)
					num := base.B.Start + tc.edge
					altered, tm, was, now := flipAt(t, dump, tc.clock, tc.path, num, tc.bit)
					rep, err := vcddiff.Diff(bytes.NewReader(goData), bytes.NewReader(altered), vcddiff.Options{})
					require.NoError(t, err, tc.name)
					require.Len(t, rep.Divergences, 1, "%s:\n%s", tc.name, reportText(t, rep))
					got := rep.Divergences[0]
					assert.Equal(t, b.flip, got.Signal, tc.name)
					assert.Equal(t, tc.edge, got.Edge, "%s: compared edge", tc.name)
					assert.Equal(t, num, got.EdgeB, "%s: edge number in the altered file", tc.name)
					assert.Equal(t, tm, got.TimeB, "%s: time in the altered file", tc.name)
					assert.Equal(t, uint64(1000*(num)), got.TimeA, "%s: the Go dump's edge ending cycle %d", tc.name, num-1)
					assert.Equal(t, was, got.ValueA, tc.name)
					assert.Equal(t, now, got.ValueB, tc.name)
					assert.Equal(t, 1, got.Count, tc.name)
				})
			}
		})
	}
}

// flipAt returns a copy of a dump in which bit of the var at path reads
// inverted at the num-th rising edge of clock (1-based) and only there:
// the flipped value is written one time unit before the edge and the
// original one at the edge. It also returns the edge's time and the
// var's value before and after the flip, as Value.Hex.
func flipAt(t *testing.T, dump []byte, clock, path string, num, bit int) ([]byte, uint64, string, string) {
	t.Helper()
	r, err := vcd.NewReader(bytes.NewReader(dump))
	require.NoError(t, err)
	s, err := vcd.NewSampler(r, vcd.SamplerOptions{Clock: clock, Signals: []string{path}})
	require.NoError(t, err)
	for s.Count() < num {
		require.True(t, s.Next(), "edge %d of %s", num, clock)
	}
	tm, orig := s.Time(), s.Value(0).Clone()
	code := s.Vars()[0].ID
	require.Greater(t, orig.Width, bit)
	flipped := orig.Clone()
	flipped.Val[bit/64] ^= 1 << uint(bit%64)
	change := func(v vcd.Value) string {
		if v.Width == 1 {
			return v.String() + code
		}
		return "b" + v.String() + " " + code
	}
	lines := strings.Split(string(dump), "\n")
	at := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "#"+strconv.FormatUint(tm, 10) {
			at = i
			break
		}
	}
	require.GreaterOrEqual(t, at, 0, "no #%d line", tm)
	for i := at - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); strings.HasPrefix(l, "#") {
			prev, err := strconv.ParseUint(l[1:], 10, 64)
			require.NoError(t, err)
			require.Less(t, prev, tm-1, "no room for a timestamp before #%d", tm)
			break
		}
	}
	var out []string
	out = append(out, lines[:at]...)
	out = append(out, "#"+strconv.FormatUint(tm-1, 10), change(flipped), lines[at], change(orig))
	out = append(out, lines[at+1:]...)
	return []byte(strings.Join(out, "\n")), tm, orig.Hex(), flipped.Hex()
}

// reportText renders a report.
func reportText(t *testing.T, r *vcddiff.Report) string {
	t.Helper()
	var b strings.Builder
	require.NoError(t, r.Write(&b))
	return b.String()
}

// signalNames lists the compared signals of a report.
func signalNames(r *vcddiff.Report) []string {
	var n []string
	for _, s := range r.Signals {
		n = append(n, s.Name)
	}
	return n
}
