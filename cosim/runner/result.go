package runner

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"occamy/testbench/coverage"
)

// Result is the outcome of a run: what was checked, the verdict, the
// cycles run and compared, the first mismatch and the coverage. Its JSON
// is the run's verdict document (cosim/report writes a list of them); the
// embedded Checked and Counts are flattened into it.
type Result struct {
	Checked
	// Status is the verdict: StatusMatch, StatusMismatch,
	// StatusInterrupted or, for a run that could not be set up (Failed),
	// StatusError.
	Status string `json:"verdict"`
	// Line is the verdict line (Verdict), as the run ended.
	Line string `json:"line,omitempty"`
	Counts
	// Mismatch is the first difference, nil when the RTL matched.
	Mismatch *Mismatch `json:"first_mismatch,omitempty"`
	// Integrity, when the first mismatch is on another signal than the
	// block's data-integrity port (blocks.Contract.Integrity: the TM's
	// eg_tag_o), is the first difference on that port: a second
	// lock-step pass with the same seed compares it alone and runs on
	// past the design's own $stop or $finish. Nil when it found none
	// within the budget (a note says so) or the block has no such port.
	// In-process simulators only.
	Integrity *Mismatch `json:"first_integrity_mismatch,omitempty"`
	// Declared are the declarations of a design file the run honoured
	// (Options.Design), one a line: "latency gnt_valid_o=1 gnt_idx_o=1".
	Declared []string `json:"declared,omitempty"`
	// Differences counts every difference per output (--keep-going).
	Differences *Differences `json:"differences,omitempty"`
	// Properties are the block's properties checked (--check
	// properties); Mismatch is then the first violation.
	Properties *Properties `json:"properties,omitempty"`
	// Coverage is the block's functional coverage in this run, nil when
	// the block declares no coverpoints; Zero names its coverpoints never
	// hit.
	Coverage *coverage.Report `json:"coverage,omitempty"`
	Zero     []string         `json:"zero_hit_coverpoints,omitempty"`
	// VCD lists the waveforms written (Options.VCDDir), and Saves the
	// GTKWave save file written beside each.
	VCD   []string `json:"vcd,omitempty"`
	Saves []string `json:"gtkw,omitempty"`
	// FailWave is the failure waveform written (Options.FailWaveDir), nil
	// when the run did not fail or none was asked for.
	FailWave *FailWave `json:"failure_waveform,omitempty"`
	// WavesLost, when set, is why the waveforms Options.VCDDir asked for
	// were not written (a full disk): the verdict stands, the waveforms
	// are missing, and a command says both (occamy cosim: exit 2 on a
	// MATCH).
	WavesLost string `json:"waves_lost,omitempty"`
	// Notes are remarks that do not change the verdict (e.g. Verilator's
	// warnings on the user's RTL).
	Notes []string `json:"notes,omitempty"`
	// Error is why a run could not be set up (Failed).
	Error string `json:"error,omitempty"`
	// Build is the time spent building (or finding in the cache) the
	// simulation model; Cached says the build was a cache hit.
	Build  time.Duration `json:"-"`
	Cached bool          `json:"-"`
	// Interrupted says the run's context stopped it before its budget.
	Interrupted bool `json:"-"`
}

// Checked is what a run checked.
type Checked struct {
	// Name is "BLOCK N=64 QW=16": the block as given and every parameter,
	// in the block's order (the JUnit test case).
	Name  string `json:"name"`
	Block string `json:"block"` // the block's name
	// Set is the parameter set by name: a configuration of the block's
	// matrix ("small/occamy"), "defaults", or the parameters given that
	// differ from the defaults.
	Set string `json:"set"`
	// Design says whose Verilog was checked: "project RTL" or "your
	// FILES" (the user's files, base names).
	Design string `json:"design"`
	Top    string `json:"top,omitempty"`
	// Replace is the sub-module the user's RTL replaced (Options.Replace),
	// "" when none; ReplaceModule is its module name.
	Replace       string         `json:"replace,omitempty"`
	ReplaceModule string         `json:"replace_module,omitempty"`
	Sim           string         `json:"sim"`            // the simulator's name
	Mode          string         `json:"mode,omitempty"` // "lock-step", "batched", "vcd diff" or "output file" (a file run whose waveform was cut); ", profile-guided build" added when the library is one
	Params        map[string]int `json:"params,omitempty"`
	Seed          int64          `json:"seed"`
	Files         []string       `json:"files,omitempty"` // the Verilog checked
	// Check is what a run under a design file checked: "equivalence"
	// (equal to the golden model at the declared timing) or "properties"
	// (the block's properties); "" without one (equivalence).
	Check string `json:"check,omitempty"`
}

// Counts are a run's cycles and speed.
type Counts struct {
	// Cycles is the number of cycles simulated on both sides, up to and
	// including a mismatch.
	Cycles uint64 `json:"cycles_run"`
	// Compared is the number of cycles whose outputs were compared (the
	// cycles after the first reset edge); a run comparing none is an error.
	Compared uint64 `json:"cycles_compared"`
	// Outputs names the output ports compared every compared cycle.
	Outputs []string `json:"outputs_compared,omitempty"`
	// Rate is Cycles per second of Elapsed, the simulation time (build and
	// compile excluded).
	Rate    float64 `json:"cycles_per_second"`
	Elapsed Seconds `json:"elapsed_seconds"`
}

// Seconds is a duration that JSON writes in seconds.
type Seconds struct{ time.Duration }

// MarshalJSON writes the seconds as a number.
func (s Seconds) MarshalJSON() ([]byte, error) { return json.Marshal(s.Seconds()) }

// UnmarshalJSON reads the seconds.
func (s *Seconds) UnmarshalJSON(b []byte) error {
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	s.Duration = time.Duration(f * float64(time.Second))
	return nil
}

// The verdicts of a Result (Status).
const (
	StatusMatch       = "match"
	StatusMismatch    = "mismatch"
	StatusInterrupted = "interrupted"
	StatusError       = "error"
)

// Finish fills what follows from the rest when a run ends: its name (the
// block as given and the parameters in order), the verdict, the verdict
// line and the coverpoints never hit. Run calls it; a checker that builds
// its own Result (cosim/dpi) does too.
func (r *Result) Finish(given string, order []string) {
	r.Name = runName(given, order, r.Params)
	switch {
	case r.Interrupted:
		r.Status = StatusInterrupted
	case r.Mismatch != nil:
		r.Status = StatusMismatch
	default:
		r.Status = StatusMatch
	}
	r.Line = r.Verdict()
	r.Zero = r.Coverage.Zero()
}

// Failed is the Result of a run that could not be set up: what was asked
// and why it failed (Status StatusError).
func Failed(opt Options, err error) *Result {
	r := &Result{Checked: Checked{Block: opt.Block, Sim: opt.Sim, Params: opt.Params, Seed: opt.Seed, Design: designName(opt)}, Status: StatusError}
	b, _, _ := lookupReplace(opt.Block, opt.Replace)
	r.Set = setName(opt, b)
	if r.Sim == "" {
		r.Sim = Verilator
	}
	var order []string
	if names, e := ParamNames(opt.Block); e == nil {
		order = names
	}
	r.Name = runName(opt.Block, order, opt.Params)
	if err != nil {
		r.Error = err.Error()
	}
	return r
}

// runName is "BLOCK N=64 QW=16": the parameters p has, in order (sorted
// when the order is unknown).
func runName(block string, order []string, p map[string]int) string {
	keys := order
	if keys == nil {
		for k := range p {
			keys = append(keys, k)
		}
		sort.Strings(keys)
	}
	s := []string{block}
	for _, k := range keys {
		if v, ok := p[k]; ok {
			s = append(s, fmt.Sprintf("%s=%d", k, v))
		}
	}
	return strings.Join(s, " ")
}

// Match reports whether no mismatch was found.
func (r *Result) Match() bool { return r.Mismatch == nil }

// Verdict is the one-line summary: block, simulator, verdict, cycles run
// and cycles per second.
func (r *Result) Verdict() string {
	what := r.Subject()
	if r.Properties != nil {
		return r.propertiesVerdict(what)
	}
	switch {
	case r.Mismatch != nil:
		return fmt.Sprintf("MISMATCH %s: %s after %d cycles (%d compared)%s, %s cycles/s%s", what, r.Mismatch.Short(), r.Cycles, r.Compared, r.Differences.text(), rate(r.Rate), r.declaredText())
	case r.Interrupted && r.Cycles == 0:
		return fmt.Sprintf("INTERRUPTED %s: stopped before any cycle ran (while building or starting the simulation), nothing compared, seed %d", what, r.Seed)
	case r.Interrupted:
		return fmt.Sprintf("INTERRUPTED %s: no mismatch in %d cycles compared (%d run)%s before the stop, %s cycles/s, seed %d", what, r.Compared, r.Cycles, r.what(), rate(r.Rate), r.Seed)
	}
	return fmt.Sprintf("MATCH %s: %d cycles compared (%d run)%s, %s cycles/s, seed %d%s", what, r.Compared, r.Cycles, r.what(), rate(r.Rate), r.Seed, r.declaredText())
}

// what is " on N outputs" and ", coverage H/C hit" (when the block has
// coverpoints): what a verdict covered besides its cycles.
func (r *Result) what() string {
	s := ""
	if n := len(r.Outputs); n > 0 {
		s = fmt.Sprintf(" on %d output", n)
		if n > 1 {
			s += "s"
		}
	}
	if c := r.Coverage; c != nil && len(c.Points) > 0 {
		hit, reach, na := c.Counts()
		s += fmt.Sprintf(", coverage %d/%d hit", hit, reach)
		if na > 0 {
			s += fmt.Sprintf(" (%d n/a)", na)
		}
	}
	return s
}

func rate(r float64) string {
	switch {
	case r >= 1e6:
		return fmt.Sprintf("%.2fM", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.1fk", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}

// Mismatch is the first cycle and signal at which the RTL differs from the
// golden model.
type Mismatch struct {
	Cycle  uint64 `json:"cycle"`  // cycle number from 0, the first reset cycle
	Signal string `json:"signal"` // port name, or "$stop"/"$finish"/"fatal" for an event inside the RTL
	Go     string `json:"go"`     // the golden model's value, hexadecimal as in a .vec file
	RTL    string `json:"rtl"`    // the RTL's value
	// Detail names the first differing element of a packed port, e.g.
	// "qlen_o[5] (bits 95:80): go 0012 rtl 0011".
	Detail string `json:"detail,omitempty"`
	// Trace shows the cycles before and at the mismatch: one line of
	// inputs, then the outputs of each side, "*" marking a difference.
	Trace []string `json:"trace,omitempty"`
}

// Short is "cycle C: signal go=G rtl=R".
func (m *Mismatch) Short() string {
	s := fmt.Sprintf("cycle %d: %s go=%s rtl=%s", m.Cycle, m.Signal, m.Go, m.RTL)
	if m.Detail != "" {
		s += " (" + m.Detail + ")"
	}
	return s
}

// String is Short followed by the trace.
func (m *Mismatch) String() string {
	var b strings.Builder
	b.WriteString(m.Short())
	for _, l := range m.Trace {
		b.WriteString("\n  ")
		b.WriteString(l)
	}
	return b.String()
}
