//go:build verilator

package runner_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/template"

	"github.com/stretchr/testify/require"

	"occamy/hw/arbiter"
	"occamy/hw/selector"
	"occamy/rtl"
	"occamy/rtl/vcd"
	"occamy/testbench/blocks"
	"occamy/testbench/vectors"
)

// The three dumps of a block that TestSimulatorsAgree compares: the Go
// model's, Verilator's and Icarus's, from one vector table, built once per
// block.

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
