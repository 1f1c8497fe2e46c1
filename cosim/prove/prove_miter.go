package prove

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The miter: the user's design and the reference each read by Yosys,
// joined, and written as AIGER with its maps (the three Yosys steps).

// buildMiter runs the three Yosys steps: the user's design, the
// reference, the miter and its AIGER files.
func (d *design) buildMiter(ctx context.Context) error {
	if err := d.writeMaps(); err != nil {
		return err
	}
	uut := d.files
	if d.sv != nil {
		uut = []string{d.sv.file}
	}
	if err := d.side(ctx, "uut", uut, d.top, true); err != nil {
		return err
	}
	if d.dc != nil && d.dc.Properties {
		return d.buildDeclared(ctx)
	}
	if err := d.side(ctx, "ref", d.bs.Sources, d.bs.Module, false); err != nil {
		return err
	}
	if d.dc != nil {
		return d.buildDeclared(ctx)
	}
	if err := writeFile(filepath.Join(d.dir, "miter.sv"), miterWrapper(d.bs.Ports, d.bs.Clocked)); err != nil {
		return setupf("work directory: %v", err)
	}
	return d.export(ctx, []string{"uut.il", "ref.il"}, "miter.sv")
}

// side writes NAME.il: one design read, elaborated and flattened.
func (d *design) side(ctx context.Context, name string, files []string, top string, user bool) error {
	script := filepath.Join(d.dir, name+".ys")
	if err := writeFile(script, sideScript(files, top, d.bs.Params, "occ_"+name, name+".il", user)); err != nil {
		return setupf("work directory: %v", err)
	}
	r := yosys(ctx, d.dir, d.opt.MemMB, script)
	d.cpu += r.cpu
	log := filepath.Join(d.dir, name+".log")
	os.Rename(filepath.Join(d.dir, "yosys.log"), log)
	if r.timedOut {
		return &SetupError{Msg: "Yosys reading " + name, Err: context.DeadlineExceeded}
	}
	if err := d.checkSpace(); err != nil {
		return err
	}
	if err := d.refuse(name, r, log, top, user); err != nil {
		return err
	}
	switch {
	case r.err == nil:
		return nil
	case memKilled(r):
		return setupf("Yosys ran out of memory (limit %d MB) reading %s", d.opt.MemMB, strings.Join(files, " "))
	case !user:
		return setupf("Yosys cannot read the project's %s (a bug in the project):\n  %s", top, yosysErrors(r.out))
	}
	if m := missingModule.FindStringSubmatch(r.out); m != nil {
		return d.missing(m[1])
	}
	switch {
	case d.verilog:
		return &UnsupportedError{Files: d.opt.RTL, Output: d.userPaths(yosysErrors(r.out))}
	}
	return setupf("Yosys cannot read %s:\n  %s", strings.Join(d.opt.RTL, " "), yosysErrors(r.out))
}

// missingModule finds Yosys's "Module `\X' referenced in module ... is
// not part of the design".
var missingModule = regexp.MustCompile("Module `\\\\?([A-Za-z_][A-Za-z0-9_$]*)' referenced in module .* is not part of the design")

// missing is the setup error for a module the user's files instantiate and
// none declares. occamy cosim finds the project's modules by Verilator's
// library search; prove reads only the files it is given, so it names the
// project's file when there is one.
func (d *design) missing(mod string) error {
	msg := fmt.Sprintf("module %s, instantiated in %s, is declared in none of them: give its file too (--rtl, or files: in the design file)", mod, strings.Join(d.opt.RTL, " "))
	if d.bs.Root != "" {
		f := filepath.Join(d.bs.Root, "verilog", mod+".sv")
		if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
			msg += "; the project's is " + filepath.Join("verilog", mod+".sv")
		}
	}
	return setupf("%s", msg)
}

// userPaths writes the user's files in Yosys's messages as the user named
// them.
func (d *design) userPaths(msg string) string {
	for i, f := range d.files {
		if i < len(d.opt.RTL) {
			msg = strings.ReplaceAll(msg, f+":", d.opt.RTL[i]+":")
		}
	}
	return msg
}

// export builds the AIGER files from RTLIL sides and a wrapper.
func (d *design) export(ctx context.Context, sides []string, wrapper string) error {
	script := filepath.Join(d.dir, "export.ys")
	if err := writeFile(script, exportScript(sides, wrapper)); err != nil {
		return setupf("work directory: %v", err)
	}
	r := yosys(ctx, d.dir, d.opt.MemMB, script)
	d.cpu += r.cpu
	os.Rename(filepath.Join(d.dir, "yosys.log"), filepath.Join(d.dir, "export.log"))
	if err := d.checkSpace(); err != nil && !r.timedOut {
		return err
	}
	switch {
	case r.timedOut:
		return &SetupError{Msg: "Yosys building the miter", Err: context.DeadlineExceeded}
	case memKilled(r):
		return setupf("Yosys ran out of memory (limit %d MB) building the miter", d.opt.MemMB)
	case r.err != nil:
		return setupf("Yosys cannot build the miter:\n  %s", yosysErrors(r.out))
	}
	return nil
}

var statCell = regexp.MustCompile(`(?m)^\s*\$(_AND_|_DFF_P_)\s+(\d+)`)

// size reads the miter's AND gates and registers from stat.txt.
func (d *design) size() (latches, ands int) {
	b, _ := os.ReadFile(filepath.Join(d.dir, "stat.txt"))
	for _, m := range statCell.FindAllStringSubmatch(string(b), -1) {
		n, _ := strconv.Atoi(m[2])
		if m[1] == "_AND_" {
			ands = n
		} else {
			latches = n
		}
	}
	return latches, ands
}

// writeMaps puts the project's techmap rules beside the export script,
// and copies the project's shared headers there too: Yosys runs in that
// directory and looks there for an include first, so a user's copy of a
// project module finds the header it includes (Yosys's read_verilog -I
// cannot take a directory whose name holds a space).
func (d *design) writeMaps() error {
	for name, text := range map[string]string{"shiftx_map.v": shiftxMap, "arith_map.v": arithMap} {
		if err := writeFile(filepath.Join(d.dir, name), text); err != nil {
			return setupf("work directory: %v", err)
		}
	}
	for _, h := range d.bs.Headers {
		b, err := os.ReadFile(h)
		if err != nil {
			return setupf("the project's header: %v", err)
		}
		if err := writeFile(filepath.Join(d.dir, filepath.Base(h)), string(b)); err != nil {
			return setupf("work directory: %v", err)
		}
	}
	return nil
}
