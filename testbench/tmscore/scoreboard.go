package tmscore

import (
	"fmt"

	hw "occamy/hw/tm"
	"occamy/rtl"
	"occamy/testbench/scoreboard"
)

// Scoreboard is one run's stimulus and checks: Inputs writes a cycle's
// input words, Check reads the design's output words of that cycle. A
// simulator that runs in this process alternates the two; one that runs
// over a stimulus file makes every input first (a Scoreboard of its own),
// then checks with a fresh Scoreboard of the same Setup, whose Inputs make
// the same words again. Nothing on the per-cycle path allocates.
type Scoreboard struct {
	u      *Setup
	g      *Binding
	st     *stim
	b      *Board
	gold   *golden
	win    *scoreboard.Window
	ahead  [][]Offer // the offers of the cycles made and not yet checked, by cycle mod Ahead
	offers []Offer   // the cycle being checked's
	last   uint64    // the last cycle checked
	done   bool      // the drain is over (EarlyDrain)
	res    *Result
}

// Ahead is how many cycles Inputs may run ahead of Check: a simulator
// runs a chunk of cycles in one call, then each is checked.
const Ahead = 4096

// Check checks u's map and run without a layout (before a design is
// built): the map on its own, the run's configuration against the
// design's, the phases and the tags' width.
func Check(u Setup) error {
	if err := u.Map.CheckTM(); err != nil {
		return err
	}
	if err := checkRun(&u); err != nil {
		return err
	}
	_, err := plan(&u)
	return err
}

// New checks the map against the top's layout and the run's configuration
// and makes the run's scoreboard.
func New(u Setup) (*Scoreboard, error) {
	if err := Check(u); err != nil {
		return nil, err
	}
	g, err := Bind(u.Map, u.Layout)
	if err != nil {
		return nil, err
	}
	if u.Plan, err = plan(&u); err != nil {
		return nil, err
	}
	s := &Scoreboard{u: &u, g: g}
	if s.st, err = newStim(s.u, g, &s.u.Plan); err != nil {
		return nil, err
	}
	s.b = newBoard(s.u)
	switch {
	case g.thr.ok:
		s.b.sat = satWidth(g.thr.w)
	case g.qlen.ok:
		s.b.sat = satWidth(g.qlen.w)
	}
	if s.gold, err = newGolden(u.Config, u.Map.TM.Ingress.Slots); err != nil {
		return nil, err
	}
	before, after := u.Before, u.After
	if before == 0 && after == 0 {
		before, after = 64, 32
	}
	s.win = scoreboard.NewWindow(u.Layout, before, after)
	s.ahead = make([][]Offer, Ahead)
	for i := range s.ahead {
		s.ahead[i] = make([]Offer, 0, u.Map.TM.Ingress.Slots)
	}
	return s, nil
}

func satWidth(w int) rtl.Width { return rtl.Width(min(w, 32)) }

// Plan is the run's phases.
func (s *Scoreboard) Plan() Plan { return s.u.Plan }

// Inputs writes cycle c's inputs into in; it returns false when the run is
// over (c past the drain, or the drain done). Cycles come in order, at
// most Ahead before the next one Check takes.
func (s *Scoreboard) Inputs(c uint64, in []uint32) bool {
	if c >= s.u.Plan.End || s.done {
		return false
	}
	k := c % Ahead
	s.ahead[k] = append(s.ahead[k][:0], s.st.next(c, in)...)
	return true
}

// answered is the offers of cycle c-lag, those answered in cycle c by a
// design answering lag cycles after the offer (none before lag cycles
// after the reset). Inputs runs at most two chunks ahead (a chunk is well
// under Ahead/2), so the cycles before c are still in s.ahead.
func (s *Scoreboard) answered(c uint64, lag int) []Offer {
	if lag == 0 {
		return s.offers
	}
	if c < ResetCycles+uint64(lag) {
		return nil
	}
	return s.ahead[(c-uint64(lag))%Ahead]
}

// Done reports whether the run is over: the drain ended (EarlyDrain).
func (s *Scoreboard) Done() bool { return s.done }

// Check checks cycle c's outputs (x: their X plane, nil on a two-state
// simulator), after Inputs(c, in).
func (s *Scoreboard) Check(c uint64, in, out, x []uint32) {
	b := s.b
	s.offers = s.ahead[c%Ahead]
	for _, o := range s.offers {
		b.counts.Offered++
		b.out.arrive(o.Queue, o.Cells)
	}
	note := b.observe(c, s.offers, s.answered(c, s.u.Map.TM.Admit.Latency), s.g, out, x)
	if c >= ResetCycles {
		// hw/tm's cycle 0 is the first after the reset, as the golden
		// adapter of occamy_tm steps it; its answers are to the offers of
		// hw/tm.AdmitLag cycles before.
		ans := s.answered(c, hw.AdmitLag)
		s.gold.step(s.offers, ans)
		b.ls.golden(s.gold.m.Events(), ans, s.gold.cellsOf)
		b.ls.compare(c)
	}
	s.win.Add(c, in, out, note)
	if note != 0 {
		if f := b.tal.First(); f != nil {
			s.win.Mark(c)
		}
	}
	s.last = c
	if s.u.EarlyDrain && c >= s.u.Plan.DrainAt {
		if b.empty(c, s.g) {
			b.idle++
		} else {
			b.idle = 0
		}
		s.done = b.idle >= 64
	}
}

// Result ends the run (the end-of-run checks when complete is set: the
// drain ran) and returns its verdict.
func (s *Scoreboard) Result(complete bool) *Result {
	if s.res != nil {
		return s.res
	}
	b := s.b
	r := &Result{Plan: s.u.Plan, Cycles: s.last + 1, Complete: complete}
	if complete {
		b.finish(s.last, s.g)
		r.Steady = b.steadyVerdict(s.last)
	}
	b.counts.HeldBack = s.st.held
	r.Counts = b.counts
	r.Checks, r.Violations = b.tal.Counts(), b.tal.Kept()
	r.First = b.tal.First()
	tol := s.u.Map.TM.Outcome.Tolerance
	if tol == 0 {
		tol = DefaultTolerance
	}
	r.Outcome = compare(&b.out, &s.gold.out, tol)
	if s.gold.err != nil {
		r.GoldenErr = s.gold.err.Error()
	}
	r.LockStep = fmt.Sprintf("no difference in %d cycles", b.ls.cycles)
	if b.ls.differed {
		r.LockStep = "first difference: " + b.ls.first
	}
	r.Verdict = verdict(r, b.tal.Failing())
	s.res = r
	return r
}

// WindowSpan is the cycles the VCD window holds.
func (s *Scoreboard) WindowSpan() (first, last uint64, ok bool) { return s.win.Span() }

// WriteVCD writes the window of cycles around the first violation (or
// the last cycles, when none) to path, the top's ports under top, and the
// checks violated in each cycle as occamy.scoreboard.violated (bit k: the
// k-th of CheckNames).
func (s *Scoreboard) WriteVCD(path, top string) error {
	return s.win.WriteVCD(path, top, "violated", len(CheckNames))
}

// Result is a scoreboard run's verdict.
type Result struct {
	// Verdict is PASS (every check held and the outcome is close to
	// hw/tm's), FAR (every check held, the outcome is not close), FAIL (a
	// check was violated) or INCOMPLETE (the run stopped before its
	// drain: the end-of-run checks did not run).
	Verdict    string                 `json:"verdict"`
	Checks     []scoreboard.Count     `json:"checks"`
	Violations []scoreboard.Violation `json:"violations"` // the first ones, in the order found
	First      *scoreboard.Violation  `json:"first,omitempty"`
	Counts     Counts                 `json:"counts"`
	Steady     *Steady                `json:"steady,omitempty"`
	Outcome    Outcome                `json:"outcome"`
	GoldenErr  string                 `json:"hw_tm_error,omitempty"`
	// LockStep says whether the design's packet events were hw/tm's, cycle
	// for cycle, as lock-step equality would demand: "no difference in N
	// cycles", or the first cycle that differs. It is no check of the
	// scoreboard's: a design of another timing passes without it.
	LockStep string `json:"lock_step"`
	Plan     Plan   `json:"plan"`
	Cycles   uint64 `json:"cycles"`
	Complete bool   `json:"complete"`
}

// Verdicts.
const (
	Pass       = "PASS"
	Far        = "FAR"
	Fail       = "FAIL"
	Incomplete = "INCOMPLETE"
)

func verdict(r *Result, failing bool) string {
	switch {
	case failing:
		return Fail
	case !r.Complete:
		return Incomplete
	case !r.Outcome.Close:
		return Far
	}
	return Pass
}

// Violated names the checks with a violation.
func (r *Result) Violated() []string {
	var s []string
	for _, k := range r.Checks {
		if k.Violations > 0 {
			s = append(s, k.Check)
		}
	}
	return s
}

// Summary is one line: the verdict and what was checked.
func (r *Result) Summary() string {
	var n uint64
	for _, k := range r.Checks {
		n += k.Checked
	}
	s := fmt.Sprintf("%s: %d cycles, %d events checked; %s", r.Verdict, r.Cycles, n, r.Counts)
	if r.Verdict == Fail {
		s += fmt.Sprintf("; violated: %v", r.Violated())
	}
	if r.Verdict == Far {
		s += fmt.Sprintf("; outcome %.3f from hw/tm's (%s), tolerance %.3f", r.Outcome.Distance, r.Outcome.Worst, r.Outcome.Tolerance)
	}
	return s
}
