package icarus

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"occamy/cosim"
)

// Name is Icarus's name on the command line.
const Name = "icarus"

// DefaultCycles is a run's cycle budget on Icarus when none is given:
// Icarus runs tens of thousands of cycles per second where Verilator runs
// millions.
const DefaultCycles = 20_000

// MaxCycles bounds an Icarus run, whose stimulus and golden outputs the
// runner keeps in memory for the trace.
const MaxCycles = 1 << 22

// The harness's scopes in the waveform a run writes: the top's instance
// and the clock.
const (
	Scope = "occ_tb.dut"
	Clock = "occ_tb.clk"
)

// Simulator is Icarus Verilog as a cosim.Simulator: four-state, it builds
// a generated harness around the top with iverilog and runs it with vvp
// over a stimulus file, writing each cycle's outputs and a waveform.
type Simulator struct{}

// Name implements cosim.Simulator.
func (Simulator) Name() string { return Name }

// Caps implements cosim.Simulator: no port discovery of its own, no
// batched or in-process run, no power-up choice, no profile-guided build.
func (Simulator) Caps() cosim.Caps {
	return cosim.Caps{FourState: true, DefaultCycles: DefaultCycles, MaxCycles: MaxCycles,
		Title: "Icarus", WaveScope: Scope, WaveClock: Clock,
		NoBatch:    "batched mode drives the Verilated model; Icarus always runs the whole stimulus in one pass",
		NoZeroInit: "zero power-up is a Verilator option; Icarus is four-state and starts every register at X",
		NoPGO:      "a profile-guided build is a Verilator build; Icarus interprets the Verilog"}
}

// Available is nil when iverilog and vvp are installed (Check).
func (Simulator) Available() error { return Check() }

// ErrNoElaboration is Elaborate's error: Icarus reads no netlist back.
var ErrNoElaboration = errors.New("icarus: no port discovery (the contract check elaborates with Verilator)")

// Elaborate implements cosim.Simulator: Icarus cannot (Caps.Elaborates).
func (Simulator) Elaborate(context.Context, *cosim.Design) (*cosim.Elaboration, error) {
	return nil, ErrNoElaboration
}

// Build writes the harness around the design's top into d.WorkDir and
// compiles it with the design's files (iverilog -g2012).
func (Simulator) Build(ctx context.Context, d *cosim.Design) (cosim.Built, error) {
	iverilog, err := tool("iverilog")
	if err != nil {
		return nil, err
	}
	vvp, err := tool("vvp")
	if err != nil {
		return nil, err
	}
	if d.WorkDir == "" {
		return nil, errors.New("icarus: no work directory for the build")
	}
	tb := filepath.Join(d.WorkDir, "occ_tb.sv")
	if err := os.WriteFile(tb, []byte(harness(d)), 0o644); err != nil {
		return nil, &cosim.ToolFailure{Msg: fmt.Sprintf("icarus: %v", err)}
	}
	b := &built{vvp: vvp, file: filepath.Join(d.WorkDir, "occ_tb.vvp")}
	args := []string{"-g2012", "-o", b.file, "-s", "occ_tb"}
	for _, dir := range d.IncludeDirs {
		args = append(args, "-I"+dir)
	}
	args = append(append(args, tb), d.Files...)
	err = d.Progress.Run("compiling "+d.Top+" with Icarus (iverilog -g2012)", func() error {
		if out, err := exec.CommandContext(ctx, iverilog, args...).CombinedOutput(); err != nil {
			return &cosim.ToolFailure{Msg: fmt.Sprintf("iverilog failed on %s:\n%s", strings.Join(d.Files, " "), Trim(string(out))), Err: err}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// built is a compiled harness.
type built struct{ vvp, file string }

func (b *built) Cached() bool   { return false }
func (b *built) Profiled() bool { return false }

// Open is not Icarus's way: it runs over a stimulus file.
func (b *built) Open(cosim.OpenOptions) (cosim.Model, error) { return nil, cosim.ErrNotInProcess }

// Run runs the harness with vvp over f.Vec, writing f.Out and the
// waveform f.Waves; a run that does not reach the harness's end is an
// error, and one stuck in a cycle for f.Stall (a combinational loop) a
// fatal *cosim.SimError at that cycle.
func (b *built) Run(ctx context.Context, f cosim.Files) (string, error) {
	out, err := runWatched(ctx, exec.CommandContext(ctx, b.vvp, "-n", b.file, "+vec="+f.Vec, "+out="+f.Out, "+vcd="+f.Waves), f.Out, f.Stall)
	var se *cosim.SimError
	if errors.As(err, &se) {
		return out, err
	}
	if err != nil {
		return string(out), &cosim.ToolFailure{Msg: fmt.Sprintf("vvp failed:\n%s", Trim(string(out))), Err: err}
	}
	if !strings.Contains(string(out), "OCC_TB_DONE") {
		return string(out), &cosim.ToolFailure{Msg: fmt.Sprintf("the Icarus harness stopped early:\n%s", Trim(string(out)))}
	}
	return string(out), nil
}

var timeStamp = regexp.MustCompile(`Time:\s*(\d+)`)

// FirstError finds the first error the design reported in a run's output
// ($error or a failed assertion, which Icarus prints and runs on): the
// cycle of its time stamp (the check fired at the edge ending that cycle)
// and the line, with the time stamp's line when there is one.
func FirstError(out string) (cycle uint64, msg string, ok bool) {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "ERROR") && !strings.Contains(l, "Assertion failed") {
			continue
		}
		msg = strings.TrimSpace(l)
		for _, x := range lines[i:min(i+3, len(lines))] {
			if t := timeStamp.FindStringSubmatch(x); t != nil {
				ps, _ := strconv.ParseUint(t[1], 10, 64)
				if ps >= 1000 {
					cycle = ps/1000 - 1
				}
				msg += " (" + strings.TrimSpace(x) + ")"
				break
			}
		}
		return cycle, msg, true
	}
	return 0, "", false
}

// Trim keeps the first 30 lines of a tool's output, indented.
func Trim(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 30 {
		lines = append(lines[:30], "...")
	}
	return "  " + strings.Join(lines, "\n  ")
}
