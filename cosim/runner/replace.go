package runner

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"occamy/cosim"
	"occamy/cosim/verilator"
	"occamy/rtl/infile"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// lookupReplace resolves Options.Block and Options.Replace: a block by its
// name, or a sub-module that --block names on its own (the executor, which
// is the TM with its executor replaced), and the sub-module replaced, nil
// when none.
func lookupReplace(name, replace string) (*blocks.Block, *blocks.Sub, error) {
	if rb, sub := blocks.LookupStandalone(name); rb != nil {
		if replace != "" && replace != sub.Name && replace != sub.Module {
			return nil, nil, fieldf("Replace", "block %s is %s with its %s replaced; it cannot replace %q as well", name, rb.Name, sub.Name, replace)
		}
		return rb, sub, nil
	}
	b, err := lookupBlock(name)
	if err != nil || replace == "" {
		return b, nil, err
	}
	sub, err := b.Sub(replace)
	if err != nil {
		return nil, nil, &SetupError{Field: "Replace", Msg: err.Error()}
	}
	return b, sub, nil
}

// prepareReplace sets the files of a run whose RTL replaces sub: the
// block's own sources without the sub-module's file, then the user's
// files, which must declare a module of the sub-module's name (it takes
// that file's place, so the block instantiates it unchanged).
func (s *session) prepareReplace(sub *blocks.Sub) error {
	opt := s.opt
	if len(opt.RTL) == 0 {
		return fieldf("RTL", "replacing %s's %s needs your module: give the Verilog file that declares module %s (the project's own %s is checked by the block %s)",
			s.b.Name, sub.Name, sub.Module, sub.Name, s.b.Name)
	}
	if opt.Top != "" && opt.Top != s.b.Module {
		return fieldf("Top", "with the %s replaced the top is %s, not %s; your files must declare module %s", sub.Name, s.b.Module, opt.Top, sub.Module)
	}
	s.user, s.sub, s.top = true, sub, s.b.Module
	user, err := userFiles(opt.RTL)
	if err != nil {
		return err
	}
	if mods := declaredModules(user); !contains(mods, sub.Module) {
		return fieldf("RTL", "%s declares %s, not %s: your %s must be a module named %s, which takes the place of the project's in %s",
			strings.Join(opt.RTL, " "), orNone(mods), sub.Module, sub.Name, sub.Module, s.b.Module)
	}
	skip, err := s.b.SubSource(sub)
	if err != nil {
		return setupf("%v", err)
	}
	root, err := findRoot(opt.VerilogDir, s.b.Sources)
	if err != nil {
		return err
	}
	if err := checkRedefinitions(user, opt.RTL, root, []string{sub.Module},
		fmt.Sprintf("%s, the %s your files put in place of the project's", sub.Module, sub.Name), true); err != nil {
		return err
	}
	for _, f := range s.b.Sources {
		a := filepath.Join(root, f)
		s.own = append(s.own, a)
		if f != skip {
			s.files = append(s.files, a)
		}
	}
	s.files = append(s.files, user...)
	s.incdirs, err = includeDirs(user, opt.IncludeDirs, root)
	return err
}

// checkSub checks the user's module against the project's sub-module as
// the block instantiates it at the run's parameters: the project's block
// is elaborated (its own files, nothing of the user's), every
// parameterisation of the sub-module in it gives the contract (ports,
// directions, widths) and the parameter values, and the user's module,
// elaborated alone at those values, must have exactly those ports.
func (s *session) checkSub(ctx context.Context) error {
	sub := s.sub
	el, err := elaborator().Elaborate(ctx, &cosim.Design{Files: s.own, Top: s.b.Module, Params: gparams(s.b, s.p), CacheDir: s.opt.CacheDir})
	if err != nil {
		return err
	}
	mods := el.ModulesNamed(sub.Module)
	if len(mods) == 0 {
		return setupf("the project's %s does not instantiate %s at %s, so there is nothing to replace", s.b.Module, sub.Module, s.b.ParamText(s.p))
	}
	seen := map[string]bool{}
	for _, m := range mods {
		if m.Err != nil {
			return setupf("the project's %s: %v", sub.Module, m.Err)
		}
		at := paramsText(m.Params)
		if seen[at] {
			continue
		}
		seen[at] = true
		uel, err := elaborator().Elaborate(ctx, &cosim.Design{Files: s.files, Top: sub.Module, Params: m.Params,
			CacheDir: s.opt.CacheDir, IncludeDirs: s.incdirs})
		if err != nil {
			return s.subParamErr(err, m)
		}
		contract := fmt.Sprintf("%s (%s's %s as %s instantiates it at %s)", sub.Module, s.b.Name, sub.Name, s.b.Module, at)
		if err := port.CheckPorts(contract, "your "+sub.Module, m.Ports, uel.Ports); err != nil {
			return err
		}
	}
	return nil
}

// subParamErr turns the elaborator's (Verilator's) refusal of a parameter
// the user's module does not declare into a line naming it and the
// parameters the block gives.
func (s *session) subParamErr(err error, m cosim.Module) error {
	var be *verilator.BuildError
	const marker = "Parameters from the command line were not found in the design:"
	if errors.As(err, &be) {
		if i := strings.Index(be.Output, marker); i >= 0 {
			missing := strings.TrimSpace(strings.SplitN(be.Output[i+len(marker):], "\n", 2)[0])
			return &SetupError{Field: "RTL", Msg: fmt.Sprintf("your %s has no parameter %s; %s gives it %s",
				s.sub.Module, missing, s.b.Module, strings.Join(sortedNames(m.Params), ", "))}
		}
	}
	return err
}

// paramsText is "B=16384 K=4 N=64" (sorted by name).
func paramsText(p map[string]string) string {
	var b []string
	for _, k := range sortedNames(p) {
		b = append(b, k+"="+p[k])
	}
	return strings.Join(b, " ")
}

func sortedNames(p map[string]string) []string {
	k := make([]string, 0, len(p))
	for n := range p {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}

// declaredModules lists the modules the files declare, sorted.
func declaredModules(files []string) []string {
	seen := map[string]bool{}
	for _, f := range files {
		b, err := infile.ReadFile(f, cosim.MaxSourceBytes)
		if err != nil {
			continue
		}
		for _, m := range moduleDecl.FindAllStringSubmatch(stripComments(string(b)), -1) {
			seen[m[1]] = true
		}
	}
	var mods []string
	for m := range seen {
		mods = append(mods, m)
	}
	sort.Strings(mods)
	return mods
}

func contains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
