package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"occamy/cosim"
	"occamy/testbench/stimulus"
)

// RootEnv names the repository root holding verilog/ when the working
// directory is elsewhere.
const RootEnv = "OCCAMY_ROOT"

// session is a checked Options with everything derived from it.
type session struct {
	opt     Options
	b       *block
	p       map[string]int
	top     string
	files   []string // absolute
	user    bool     // the user's RTL (Options.RTL)
	ports   []cosim.Port
	canon   cosim.Layout // contract layout: the words the stimulus and the golden model use
	clocked bool
	rstIdx  int // word offset of rst_ni in canon, -1 when none
	cycles  uint64
	lines   int
}

// prepare checks the options and resolves the block, parameters and files.
func prepare(opt Options) (*session, error) {
	if opt.Block == "" {
		return nil, setupf("no block given (known: %s)", joinNames(Blocks()))
	}
	b, err := lookupBlock(opt.Block)
	if err != nil {
		return nil, err
	}
	switch opt.Sim {
	case "":
		opt.Sim = Verilator
	case Verilator, Icarus:
	default:
		return nil, setupf("unknown simulator %q (known: verilator, icarus)", opt.Sim)
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
		opt.Cycles = DefaultCycles
		if opt.Sim == Icarus {
			opt.Cycles = DefaultIcarusCycles
		}
	}
	if opt.TraceLines <= 0 {
		opt.TraceLines = DefaultTraceLines
	}
	p, err := b.resolveParams(opt.Params)
	if err != nil {
		return nil, err
	}
	if err := b.validate(p); err != nil {
		return nil, &SetupError{Msg: "parameters", Err: err}
	}
	s := &session{opt: opt, b: b, p: p, top: b.module, cycles: uint64(opt.Cycles), lines: opt.TraceLines}
	if opt.Top != "" {
		s.top = opt.Top
	}
	if len(opt.RTL) > 0 {
		s.user = true
		for _, f := range opt.RTL {
			a, err := filepath.Abs(f)
			if err != nil {
				return nil, setupf("%s: %v", f, err)
			}
			if st, err := os.Stat(a); err != nil || st.IsDir() {
				return nil, setupf("RTL file %s cannot be read", f)
			}
			s.files = append(s.files, a)
		}
		if opt.Top == "" {
			top, mods := guessTop(s.files, b.module)
			if top == "" {
				return nil, setupf("cannot tell the top module of %s: it declares %s; give --top", strings.Join(opt.RTL, " "), orNone(mods))
			}
			s.top = top
		}
	} else {
		if opt.Top != "" && opt.Top != b.module {
			return nil, setupf("--top %s needs --rtl: the project's Verilog of %s has top %s", opt.Top, b.name, b.module)
		}
		root, err := findRoot(opt.VerilogDir, b.sources)
		if err != nil {
			return nil, err
		}
		for _, f := range b.sources {
			s.files = append(s.files, filepath.Join(root, f))
		}
	}
	s.ports = b.ports(p)
	clock, reset := "", ""
	for _, q := range s.ports {
		switch q.Name {
		case cosim.DefaultClock:
			clock = q.Name
		case cosim.DefaultReset:
			reset = q.Name
		}
	}
	s.clocked = clock != ""
	if s.canon, err = cosim.NewLayout(s.ports, clock, reset, false); err != nil {
		return nil, err
	}
	s.rstIdx = -1
	if i := s.canon.Input(cosim.DefaultReset); i >= 0 {
		s.rstIdx = s.canon.InOff[i]
	}
	if opt.Replay != nil && (len(opt.Replay) < s.canon.InWords || len(opt.Replay)%s.canon.InWords != 0) {
		return nil, setupf("replay buffer of %d words is not a whole number of %d-word cycles", len(opt.Replay), s.canon.InWords)
	}
	return s, nil
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "no module"
	}
	return strings.Join(s, ", ")
}

func joinNames(s []string) string {
	out := ""
	for i, n := range s {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// findRoot finds the directory that holds the block's project sources.
func findRoot(given string, sources []string) (string, error) {
	has := func(dir string) bool {
		for _, f := range sources {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				return false
			}
		}
		return true
	}
	var tried []string
	try := func(dir string) bool {
		if dir == "" {
			return false
		}
		tried = append(tried, dir)
		return has(dir)
	}
	if given != "" {
		if try(given) {
			return given, nil
		}
		return "", setupf("the project's Verilog (%s) is not under %s", sources[0], given)
	}
	if d := os.Getenv(RootEnv); try(d) {
		return d, nil
	}
	if wd, err := os.Getwd(); err == nil {
		for d := wd; ; d = filepath.Dir(d) {
			if try(d) {
				return d, nil
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok {
		if d := filepath.Join(filepath.Dir(file), "..", ".."); try(d) {
			return filepath.Clean(d), nil
		}
	}
	return "", setupf("cannot find the project's Verilog (%s); run from the repository or set %s (tried %d places)", sources[0], RootEnv, len(tried))
}

// side is one golden model with its stimulus, fresh from cycle 0.
type side struct {
	g   golden
	src stimulus.Source
	fin stimulus.Finite // the source's end for StimDirected, else nil
}

// newSide builds the golden model and the stimulus the options ask for.
func (s *session) newSide() (*side, error) {
	g, random, directed, err := s.b.build(s.p, &s.canon, s.opt.Seed)
	if err != nil {
		return nil, &SetupError{Msg: "golden model", Err: err}
	}
	sd := &side{g: g}
	switch {
	case s.opt.Replay != nil:
		sd.src = stimulus.Replay(s.opt.Replay, s.canon.InWords)
	case s.opt.Stimulus == StimRandom || directed == nil && s.opt.Stimulus == StimMixed:
		sd.src = random
	case s.opt.Stimulus == StimDirected:
		if directed == nil {
			return nil, setupf("%s has no directed sequence", s.b.name)
		}
		sd.src, sd.fin = directed, directed
	default:
		sd.src = stimulus.Chain(directed, random)
	}
	return sd, nil
}

// resetIn reports whether the cycle's inputs assert the reset.
func (s *session) resetIn(in []uint32) bool {
	return s.rstIdx >= 0 && in[s.rstIdx]&1 == 0
}

// armedAtStart reports whether outputs are compared from cycle 0: for a
// combinational block, and with ZeroInit (the RTL's registers start at 0,
// the golden model's power-up state for the reference blocks). Otherwise
// comparison starts after the first cycle with the reset asserted: before
// that edge the RTL's registers hold random power-up values (X in a
// four-state simulator) where the Go model's are defined.
func (s *session) armedAtStart() bool {
	return !s.clocked || s.opt.ZeroInit && !s.opt.ArmAtReset || s.rstIdx < 0
}

// Run checks the block's RTL against its golden model as opt says. It
// returns an error only when the check could not run (bad options,
// parameters out of range, a port contract violated, a missing tool, a
// build failure); a difference is Result.Mismatch.
func Run(ctx context.Context, opt Options) (*Result, error) {
	s, err := prepare(opt)
	if err != nil {
		return nil, err
	}
	res := &Result{Block: s.b.name, Top: s.top, Sim: s.opt.Sim, Params: s.p, Files: s.files, Seed: s.opt.Seed}
	if s.opt.VCDDir != "" {
		if err := os.MkdirAll(s.opt.VCDDir, 0o755); err != nil {
			return nil, setupf("VCD directory: %v", err)
		}
	}
	if s.opt.Sim == Icarus {
		err = s.runIcarus(ctx, res)
	} else {
		err = s.runVerilator(ctx, res)
	}
	if err != nil {
		return nil, err
	}
	if res.Elapsed > 0 && res.Rate == 0 {
		res.Rate = float64(res.Cycles) / res.Elapsed.Seconds()
	}
	return res, nil
}

// vcdPath is VCDDir/BLOCK.WHO.vcd.
func (s *session) vcdPath(who string) string {
	return filepath.Join(s.opt.VCDDir, fmt.Sprintf("%s.%s.vcd", s.b.name, who))
}
