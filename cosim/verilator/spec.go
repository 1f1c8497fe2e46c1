package verilator

import (
	"fmt"

	"occamy/cosim"
	"regexp"
	"sort"
	"strings"
)

// Spec says what to build: the Verilog sources, the top and its
// parameters, and how the wrapper drives it.
type Spec struct {
	Sources     []string          // Verilog or SystemVerilog files, in compile order
	Top         string            // top module name
	Params      map[string]string // top parameters, passed as -Gname=value
	IncludeDirs []string          // directories searched by `include, then the including file's own (frontArgs)
	Defines     map[string]string // preprocessor defines, +define+name=value ("" for a bare define)
	Flags       []string          // extra Verilator flags, e.g. "-Wall"

	// Clock is the clock input the wrapper toggles. "" means clk_i when the
	// top has such an input, otherwise no clock (a combinational top).
	Clock string
	// NoClock treats the top as combinational even when it has clk_i; the
	// clock is then an ordinary input.
	NoClock bool
	// Reset is the reset input Model.Reset asserts. "" means rst_ni when the
	// top has such an input.
	Reset string
	// ResetHigh makes the reset active high (default active low).
	ResetHigh bool

	Trace bool // build with --trace so that Model.Trace works
	// RegInputs builds a clocked, untraced top inside a generated wrapper
	// (regin.go) that holds the inputs in registers, so that one eval per
	// cycle runs both the edge ending the last cycle and the new cycle's
	// combinational logic once. Model.Cycle, Run, Eval, Tick and Get behave
	// exactly as without it (docs/cosim.md, "Registered inputs"); it is
	// ignored for a combinational top and with Trace.
	RegInputs bool
	NoAssert  bool   // leave out --assert (immediate assertions are checked by default)
	Opt       string // C++ optimisation of the model and runtime: "-O2" (default), "-O3", "-O1", "-Os", "-O0"
	// Train, when set, makes the build profile-guided (pgo.go): the model
	// is compiled instrumented, run over the training inputs and compiled
	// again with the profile. About twice the compile time, for a faster
	// model; the behaviour is the same. Ignored with Trace.
	Train *Training

	// Progress receives the build's long step (verilating and compiling a
	// model the cache does not hold); nil reports nothing.
	Progress cosim.Progress

	CacheDir  string // where libraries are cached; "" means DefaultCacheDir()
	Verilator string // the verilator program; "" means $OCCAMY_VERILATOR, else verilator on PATH
	Jobs      int    // parallel compile jobs; 0 means 2
}

// DefaultOpt is the C++ optimisation used when Spec.Opt is empty. Verilator's
// own default is -Os; see docs/cosim.md for the measurements behind -O2.
const DefaultOpt = "-O2"

var (
	vIdent    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_$]*$`)
	paramVal  = regexp.MustCompile(`^[^\s]+$`)
	validOpts = map[string]bool{"-O0": true, "-O1": true, "-O2": true, "-O3": true, "-Os": true}
)

// CheckOpt reports whether opt is a C++ optimisation a build accepts
// (Spec.Opt): nil, or an error naming the value and the accepted ones.
func CheckOpt(opt string) error {
	if !validOpts[opt] {
		return fmt.Errorf("optimisation %q not supported, want one of -O0 -O1 -O2 -O3 -Os", opt)
	}
	return nil
}

// check validates the spec and fills defaults in a copy.
func (s Spec) check() (Spec, error) {
	if s.Top == "" {
		return s, fmt.Errorf("cosim: no top module given")
	}
	if !vIdent.MatchString(s.Top) {
		return s, fmt.Errorf("cosim: top %q is not a Verilog identifier", s.Top)
	}
	if len(s.Sources) == 0 {
		return s, fmt.Errorf("cosim: no Verilog source files given for top %s", s.Top)
	}
	for _, k := range sortedKeys(s.Params) {
		if !vIdent.MatchString(k) {
			return s, fmt.Errorf("cosim: parameter name %q is not a Verilog identifier", k)
		}
		if !paramVal.MatchString(s.Params[k]) {
			return s, fmt.Errorf("cosim: parameter %s has value %q; want one word without spaces, e.g. 64 or 16'hffff", k, s.Params[k])
		}
	}
	for _, k := range sortedKeys(s.Defines) {
		if !vIdent.MatchString(k) {
			return s, fmt.Errorf("cosim: define name %q is not an identifier", k)
		}
		if strings.ContainsAny(s.Defines[k], " \t\r\n+") {
			return s, fmt.Errorf("cosim: define %s has value %q; want one word without spaces or '+'", k, s.Defines[k])
		}
	}
	if s.Opt == "" {
		s.Opt = DefaultOpt
	}
	if err := CheckOpt(s.Opt); err != nil {
		return s, fmt.Errorf("cosim: %w", err)
	}
	if s.Clock != "" && !vIdent.MatchString(s.Clock) {
		return s, fmt.Errorf("cosim: clock %q is not a Verilog identifier", s.Clock)
	}
	if s.Reset != "" && !vIdent.MatchString(s.Reset) {
		return s, fmt.Errorf("cosim: reset %q is not a Verilog identifier", s.Reset)
	}
	if s.NoClock && s.Clock != "" {
		return s, fmt.Errorf("cosim: both NoClock and Clock=%s given", s.Clock)
	}
	if s.Jobs <= 0 {
		s.Jobs = 2
	}
	return s, nil
}

// frontArgs are the Verilator arguments shared by elaboration and
// verilation: language, warnings, top, parameters, defines, include
// search and sources. --relative-includes finds an include beside the
// file that includes it when the include directories do not hold it, as
// Yosys does: the project's modules include their shared header
// (verilog/occamy_checks.svh) from beside them, whatever the caller's
// include directories.
func (s *Spec) frontArgs(sources []string, incdirs []string) []string {
	args := []string{"-Wno-fatal", "--relative-includes", "--top-module", s.Top}
	for _, k := range sortedKeys(s.Params) {
		args = append(args, "-G"+k+"="+s.Params[k])
	}
	for _, k := range sortedKeys(s.Defines) {
		if v := s.Defines[k]; v != "" {
			args = append(args, "+define+"+k+"="+v)
		} else {
			args = append(args, "+define+"+k)
		}
	}
	for _, d := range incdirs {
		args = append(args, "+incdir+"+d)
	}
	args = append(args, s.Flags...)
	return append(args, sources...)
}

func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
