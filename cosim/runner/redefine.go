package runner

import (
	"fmt"
	"path/filepath"
	"strings"

	"occamy/cosim"
	"occamy/rtl/infile"
	"occamy/testbench/blocks"
)

// A simulator given two declarations of one module runs one of them:
// Verilator keeps the first and only warns (MODDUP), Icarus refuses. So a
// user's module that has the name of a project module compiled beside it
// (a broken hd_selector in the file of the rr_arbiter that --replace puts
// in occamy_tm) is not what runs, and a MATCH would be the project's. The
// user's files are therefore refused, before anything is elaborated and on
// every simulator (and by occamy prove), when they declare a module twice,
// or a module of the project's Verilog other than the ones they replace:
// the sub-module --replace names, or, without it, the block's own modules
// (its sources), which the user's files stand in for as a whole.

// RedefinitionError is a user's module declared a second time: by the
// project's Verilog (Project) or by another of the user's files.
type RedefinitionError struct {
	Module string
	// File and Line are the user's declaration (File as the user gave
	// it); Other and OtherLine the other one (the project's file relative
	// to the repository root).
	File, Other     string
	Line, OtherLine int
	Project         bool
	// Compiled says the project's file is compiled in the same run (with
	// --replace), so a simulator would run one of the two; otherwise the
	// user's module is not part of what the run checks.
	Compiled bool
	// Scope is what the user's files may redefine ("rr_arbiter, the
	// module --replace arbiter replaces").
	Scope string
}

func (e *RedefinitionError) Error() string {
	at := fmt.Sprintf("%s:%d", e.File, e.Line)
	other := fmt.Sprintf("%s:%d", e.Other, e.OtherLine)
	switch {
	case !e.Project:
		return fmt.Sprintf("module %s is declared twice, at %s and at %s: a simulator runs only one of them (Verilator the first, with a MODDUP warning; Icarus refuses both); declare each module once",
			e.Module, at, other)
	case e.Compiled:
		return fmt.Sprintf("your %s redefines module %s of the project's %s, which this run compiles too: a simulator runs only one of the two (Verilator the project's, with a MODDUP warning), so the verdict would not be of yours; your files may redefine only %s: rename it or leave it out",
			at, e.Module, other, e.Scope)
	}
	return fmt.Sprintf("your %s redefines module %s of the project's %s, which this run does not check: your files may redefine only %s; check your %s on its own, or rename it or leave it out",
		at, e.Module, other, e.Scope, e.Module)
}

// moduleSite is one module declaration.
type moduleSite struct {
	module, file string // file as shown in messages
	line         int
}

// declarations lists the module declarations of a file in order, each
// with its line; show is the file's name in messages.
func declarations(path, show string) ([]moduleSite, error) {
	b, err := infile.ReadFile(path, cosim.MaxSourceBytes)
	if err != nil {
		return nil, err
	}
	src := stripComments(string(b))
	var s []moduleSite
	for _, m := range moduleDecl.FindAllStringSubmatchIndex(src, -1) {
		s = append(s, moduleSite{module: src[m[2]:m[3]], file: show, line: strings.Count(src[:m[2]], "\n") + 1})
	}
	return s, nil
}

// projectModules maps every module of the project's Verilog (the sources
// of every block in the registry, under root) to its declaration; a file
// missing under root is left out.
func projectModules(root string) map[string]moduleSite {
	mods := map[string]moduleSite{}
	seen := map[string]bool{}
	for _, b := range blocks.Every() {
		for _, f := range b.Sources {
			if seen[f] {
				continue
			}
			seen[f] = true
			ds, err := declarations(filepath.Join(root, f), f)
			if err != nil {
				continue
			}
			for _, d := range ds {
				if _, ok := mods[d.module]; !ok {
					mods[d.module] = d
				}
			}
		}
	}
	return mods
}

// checkRedefinitions refuses user files (absolute, shown as given) that
// declare a module twice, or a project module (under root; none when root
// is "") that allowed does not name. scope says what may be redefined,
// compiled whether the project's files are compiled in the same run.
func checkRedefinitions(files, given []string, root string, allowed []string, scope string, compiled bool) error {
	seen := map[string]moduleSite{}
	where := map[string]string{}
	var project map[string]moduleSite
	if root != "" {
		project = projectModules(root)
	}
	for i, f := range files {
		if g, ok := where[f]; ok {
			return fieldf("RTL", "%s is given twice (as %s and %s): its modules would be declared twice", given[i], g, given[i])
		}
		where[f] = given[i]
		ds, err := declarations(f, given[i])
		if err != nil {
			return setupf("RTL file %s cannot be read: %s", given[i], infile.Reason(err))
		}
		for _, d := range ds {
			if p, ok := seen[d.module]; ok {
				return &SetupError{Field: "RTL", Err: &RedefinitionError{Module: d.module, File: p.file, Line: p.line, Other: d.file, OtherLine: d.line}}
			}
			seen[d.module] = d
			if p, ok := project[d.module]; ok && !contains(allowed, d.module) {
				return &SetupError{Field: "RTL", Err: &RedefinitionError{Module: d.module, File: d.file, Line: d.line,
					Other: p.file, OtherLine: p.line, Project: true, Compiled: compiled, Scope: scope}}
			}
		}
	}
	return nil
}

// ownModules are the modules the block's sources (under root) declare.
func ownModules(root string, sources []string) []string {
	var mods []string
	for _, f := range sources {
		ds, _ := declarations(filepath.Join(root, f), f)
		for _, d := range ds {
			mods = append(mods, d.module)
		}
	}
	return mods
}

// checkUserModules is checkRedefinitions for a run of the user's files in
// place of the whole block b (no --replace): they may redefine the
// block's own modules.
func checkUserModules(files, given []string, root, block string, sources []string) error {
	own := ownModules(root, sources)
	if len(own) == 0 {
		return setupf("the project's %s (%s) declares no module", block, strings.Join(sources, " "))
	}
	return checkRedefinitions(files, given, root, own, fmt.Sprintf("the %s's own %s", block, plural("module", own)), false)
}

// plural is "module a" or "modules a, b".
func plural(what string, names []string) string {
	if len(names) == 1 {
		return what + " " + names[0]
	}
	return what + "s " + strings.Join(names, ", ")
}

// CheckUserModules refuses a user's files (as given) that declare a
// module twice, or a module of the project's Verilog other than the
// block's own (bs.Sources): occamy prove reads them in place of the block,
// as occamy cosim without --replace does.
func CheckUserModules(given []string, bs *BlockSpec) error {
	files, err := userFiles(given)
	if err != nil {
		return err
	}
	root := ""
	if bs.Root != "" {
		if root, err = filepath.Abs(bs.Root); err != nil {
			return setupf("%s: %v", bs.Root, err)
		}
	}
	// The sources are as Describe gives them (under the root as found,
	// or made absolute by the caller): relative to the root here.
	var rel []string
	for _, f := range bs.Sources {
		a, err := filepath.Abs(f)
		if err != nil {
			return setupf("%s: %v", f, err)
		}
		if r, err := filepath.Rel(root, a); err == nil && root != "" {
			a = r
		}
		rel = append(rel, a)
	}
	return checkUserModules(files, given, root, bs.Name, rel)
}
