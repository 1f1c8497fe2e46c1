package runner

import (
	"fmt"
	"path/filepath"
	"strings"

	"occamy/cosim"
	"occamy/cosim/verilator"
	"occamy/rtl/infile"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	"occamy/testbench/stimulus"
)

// RootEnv names the repository root holding verilog/ when the working
// directory is elsewhere.
const RootEnv = "OCCAMY_ROOT"

// session is a checked Options with everything derived from it.
type session struct {
	opt     Options
	sim     cosim.Simulator // the simulator that runs the design
	b       *blocks.Block
	p       map[string]int
	top     string
	files   []string    // absolute
	incdirs []string    // absolute: the RTL files' directories, then Options.IncludeDirs, then the project's header directories
	user    bool        // the user's RTL (Options.RTL)
	sub     *blocks.Sub // the sub-module the user's RTL replaces (Options.Replace), nil when none
	own     []string    // the project's files of the block, absolute, when sub is set
	ports   []port.Port
	canon   port.Layout // contract layout: the words the stimulus and the golden model use
	clocked bool
	rstIdx  int // word offset of rst_ni in canon, -1 when none
	cycles  uint64
	lines   int
	gold    golden // the last side's golden model, for its coverage
	decl    *decl  // what a design file declares (Options.Design), nil for none
	// observed is the user's top when the run wraps it to observe its
	// internal signals (observe.go; top is then the wrapper), else "".
	observed string
}

// prepare checks the options and resolves the block, parameters and files.
func prepare(opt Options) (*session, error) {
	if err := applyDesign(&opt); err != nil {
		return nil, err
	}
	if opt.Block == "" {
		return nil, setupf("no block given (known: %s)", joinNames(Blocks()))
	}
	b, sub, err := lookupReplace(opt.Block, opt.Replace)
	if err != nil {
		return nil, err
	}
	if sub != nil {
		opt.Replace = sub.Name
	}
	sim, err := simulator(opt.Sim)
	if err != nil {
		return nil, err
	}
	opt.Sim = sim.Name()
	caps := sim.Caps()
	if err := refusal(caps, opt); err != nil {
		return nil, err
	}
	for _, f := range opt.RTL {
		if strings.TrimSpace(f) == "" {
			return nil, fieldf("RTL", "an empty file name (an unset shell variable?); give the Verilog files, or no RTL for the project's own Verilog")
		}
	}
	if opt.Opt != "" {
		if err := verilator.CheckOpt(opt.Opt); err != nil {
			return nil, fieldf("Opt", "%v", err)
		}
	}
	switch opt.Stimulus {
	case StimMixed, StimRandom, StimDirected:
	default:
		return nil, setupf("unknown stimulus %q (known: random, directed, or empty for directed then random)", opt.Stimulus)
	}
	if opt.Cycles < 0 {
		return nil, setupf("cycles=%d: want a positive number", opt.Cycles)
	}
	if opt.Cycles == 0 {
		opt.Cycles = caps.DefaultCycles
	}
	if opt.TraceLines <= 0 {
		opt.TraceLines = DefaultTraceLines
	}
	p, err := resolveParams(b, opt.Params)
	if err != nil {
		return nil, err
	}
	if err := b.Validate(p); err != nil {
		return nil, &SetupError{Msg: "parameters", Err: err}
	}
	s := &session{opt: opt, sim: sim, b: b, p: p, top: b.Module, cycles: uint64(opt.Cycles), lines: opt.TraceLines}
	if opt.Top != "" {
		s.top = opt.Top
	}
	if sub != nil {
		if err := s.prepareReplace(sub); err != nil {
			return nil, err
		}
	} else if len(opt.RTL) > 0 {
		s.user = true
		if s.files, err = userFiles(opt.RTL); err != nil {
			return nil, err
		}
		// The project's headers come last: a copy of one of its modules
		// includes them. Outside the repository there are none to add.
		root, _ := findRoot(opt.VerilogDir, b.Sources)
		if err := checkUserModules(s.files, opt.RTL, root, b.Name, b.Sources); err != nil {
			return nil, err
		}
		if s.incdirs, err = includeDirs(s.files, opt.IncludeDirs, root); err != nil {
			return nil, err
		}
		if opt.Top == "" {
			top, mods := guessTop(s.files, b.Module)
			if top == "" {
				return nil, setupf("cannot tell the top module of %s: it declares %s; give --top", strings.Join(opt.RTL, " "), orNone(mods))
			}
			s.top = top
		}
	} else {
		if opt.Top != "" && opt.Top != b.Module {
			return nil, setupf("--top %s needs --rtl: the project's Verilog of %s has top %s", opt.Top, b.Name, b.Module)
		}
		root, err := findRoot(opt.VerilogDir, b.Sources)
		if err != nil {
			return nil, err
		}
		for _, f := range b.Sources {
			s.files = append(s.files, filepath.Join(root, f))
		}
		if s.incdirs, err = includeDirs(nil, opt.IncludeDirs, root); err != nil {
			return nil, err
		}
	}
	s.ports = b.Ports(p)
	if s.canon, err = b.Layout(p); err != nil {
		return nil, err
	}
	s.clocked = s.canon.Clock != ""
	s.rstIdx = -1
	if i := s.canon.Input(port.DefaultReset); i >= 0 {
		s.rstIdx = s.canon.InOff[i]
	}
	if opt.Replay != nil && (len(opt.Replay) < s.canon.InWords || len(opt.Replay)%s.canon.InWords != 0) {
		return nil, setupf("replay buffer of %d words is not a whole number of %d-word cycles", len(opt.Replay), s.canon.InWords)
	}
	if s.decl, err = s.newDecl(); err != nil {
		return nil, err
	}
	return s, nil
}

// userFiles are the user's RTL files, absolute, each checked readable.
func userFiles(rtl []string) ([]string, error) {
	var files []string
	for _, f := range rtl {
		a, err := filepath.Abs(f)
		if err != nil {
			return nil, setupf("%s: %v", f, err)
		}
		if err := infile.Check(a); err != nil {
			return nil, fieldf("RTL", "file %s cannot be read: %s", f, infile.Reason(err))
		}
		files = append(files, a)
	}
	return files, nil
}

// side is one golden model with its stimulus, fresh from cycle 0.
type side struct {
	g   golden
	src stimulus.Source
	fin stimulus.Finite // the source's end for StimDirected, else nil
}

// newSide builds the golden model and the stimulus the options ask for.
func (s *session) newSide() (*side, error) {
	g, random, directed, err := build(s.b, s.p, &s.canon, s.opt.Seed)
	if err != nil {
		return nil, &SetupError{Msg: "golden model", Err: err}
	}
	sd := &side{g: g}
	s.gold = g
	switch {
	case s.opt.Replay != nil:
		sd.src = stimulus.Replay(s.opt.Replay, s.canon.InWords)
	case s.opt.Stimulus == StimRandom || directed == nil && s.opt.Stimulus == StimMixed:
		sd.src = random
	case s.opt.Stimulus == StimDirected:
		if directed == nil {
			return nil, setupf("%s has no directed sequence", s.b.Name)
		}
		sd.src, sd.fin = directed, directed
	default:
		sd.src = stimulus.Chain(directed, random)
	}
	sd.src = s.constrain(sd.src, s.opt.Replay != nil)
	return sd, nil
}

// resetIn reports whether the cycle's inputs assert the reset.
func (s *session) resetIn(in []uint32) bool {
	return s.rstIdx >= 0 && in[s.rstIdx]&1 == 0
}

// armedAtStart reports whether outputs are compared from cycle 0: only for
// a combinational block (or a clocked one without a reset). Otherwise
// comparison starts after the first cycle with the reset asserted: before
// that edge the RTL's registers hold their power-up values (random, X in a
// four-state simulator, or 0 with ZeroInit) where the Go model shows its
// reset state, which is not all zeros (the executor's free_o is B). So
// ZeroInit changes the power-up values only, never what is compared.
func (s *session) armedAtStart() bool { return !s.clocked || s.rstIdx < 0 || s.opt.fromStart }

// vcdPath is VCDDir/BLOCK.WHO.vcd.
func (s *session) vcdPath(who string) string {
	return filepath.Join(s.opt.VCDDir, fmt.Sprintf("%s.%s.vcd", s.b.Name, who))
}
