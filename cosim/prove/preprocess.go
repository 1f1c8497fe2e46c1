package prove

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// The user's design reaches Yosys as Verilator compiles it for occamy
// cosim: Verilator's preprocessor (`verilator -E`, the files in the same
// order) expands macros and includes and decides every `ifdef with the
// defines Verilator has (VERILATOR, not SYNTHESIS, YOSYS or FORMAL, which
// read_verilog would otherwise define), then lowerSV rewrites what Yosys
// 0.23 does not read. The text keeps `line directives, so Yosys's
// messages and source attributes name the user's files and lines.
//
// Why the preprocessed text and not Verilator's XML (--xml-only): the XML
// is an elaborated tree, and turning it back into Verilog would mean
// writing Verilog for every node kind, where any one missed changes the
// design silently; the preprocessed text is the user's own code, rewritten
// only where a construct needs it, and a construct the pre-pass does not
// know reaches Yosys unchanged, whose error then names the line.

// svSource is the user's design prepared for Yosys: the file to read and
// what the preparation found.
type svSource struct {
	file  string // the lowered text, in the work directory
	lower svResult
}

// verilatorProg returns the Verilator occamy cosim runs.
func verilatorProg() string {
	if v := os.Getenv("OCCAMY_VERILATOR"); v != "" {
		return v
	}
	return "verilator"
}

// prepareSV preprocesses the user's files with Verilator into dir/uut.pp.sv
// and writes the lowered text to dir/uut.sv.
func (d *design) prepareSV(ctx context.Context) (*svSource, error) {
	prog, err := exec.LookPath(verilatorProg())
	if err != nil {
		return nil, nil // no Verilator: the files are read as they are
	}
	text, err := d.preprocess(ctx, prog)
	if err != nil {
		return nil, err
	}
	// The same files as a synthesis tool reads them, to find the
	// simulation-only code (stripObservers).
	synth, err := d.preprocess(ctx, prog, "+define+SYNTHESIS", "+define+YOSYS")
	if err != nil {
		return nil, err
	}
	names := userNames(d.files, d.opt.RTL)
	text, simNotes := stripObservers(text, synth, names)
	src := &svSource{file: filepath.Join(d.dir, "uut.sv")}
	src.lower = lowerSV(text, names)
	src.lower.Notes = append(simNotes, src.lower.Notes...)
	if err := writeFile(src.file, src.lower.Text); err != nil {
		return nil, setupf("work directory: %v", err)
	}
	if len(src.lower.Refused) > 0 {
		return nil, &UnsupportedError{Files: d.opt.RTL, Constructs: src.lower.Refused}
	}
	return src, nil
}

// preprocess runs `verilator -E` on the user's files with the extra
// arguments and keeps its text (standard output; Verilator's messages go
// to standard error) in the work directory.
func (d *design) preprocess(ctx context.Context, prog string, extra ...string) (string, error) {
	args := append([]string{"-E", "--top-module", d.top}, extra...)
	args = append(args, d.includeArgs()...)
	cmd := exec.CommandContext(ctx, prog, append(args, d.files...)...)
	cmd.Dir = d.dir
	var out, msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &msg
	err := cmd.Run()
	if ctx.Err() != nil {
		return "", &SetupError{Msg: "Verilator preprocessing " + strings.Join(d.opt.RTL, " "), Err: context.DeadlineExceeded}
	}
	if err != nil {
		return "", setupf("Verilator cannot preprocess %s:\n  %s", strings.Join(d.opt.RTL, " "), strings.TrimSpace(msg.String()))
	}
	name := "uut.pp.sv"
	if len(extra) > 0 {
		name = "uut.synth.pp.sv"
	}
	if err := writeFile(filepath.Join(d.dir, name), out.String()); err != nil {
		return "", setupf("work directory: %v", err)
	}
	if err := d.checkSpace(); err != nil {
		return "", err
	}
	return out.String(), nil
}

// includeArgs are Verilator's include path for the user's files, as
// occamy cosim compiles them: each file's own directory first (a header
// beside the design), then the project's shared headers' directories.
func (d *design) includeArgs() []string {
	var dirs []string
	for _, f := range append(slices.Clone(d.files), d.bs.Headers...) {
		dir, err := filepath.Abs(filepath.Dir(f))
		if err == nil && !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
		}
	}
	args := make([]string, 0, len(dirs))
	for _, dir := range dirs {
		args = append(args, "-I"+dir)
	}
	return args
}

// toolDefineRe finds the macros whose tests make a design's text depend on
// the tool reading it.
var toolDefineRe = regexp.MustCompile("(?m)^[ \t]*`(ifdef|ifndef|elsif)[ \t]+(FORMAL|VERILATOR|__ICARUS__)\\b")

// toolDefineNote says where the user's files test a simulator's macro (or
// FORMAL) and how prove reads them: as Verilator does for occamy cosim.
// SYNTHESIS and YOSYS have their own notes (stripObservers), line by line.
func toolDefineNote(files []string, names map[string]string) string {
	var sites []string
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil || !st.Mode().IsRegular() || st.Size() > maxSourceBytes {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, m := range toolDefineRe.FindAllSubmatchIndex(b, -1) {
			line := 1 + strings.Count(string(b[:m[0]]), "\n")
			sites = append(sites, fmt.Sprintf("%s:%d (%s)", displayPath(f, names), line, b[m[4]:m[5]]))
		}
	}
	if len(sites) == 0 {
		return ""
	}
	if len(sites) > 5 {
		sites = append(sites[:5], "...")
	}
	return "your files test a tool's macro (" + strings.Join(sites, ", ") + "): prove reads them as occamy cosim's Verilator build does (VERILATOR defined, __ICARUS__ and FORMAL undefined)"
}
