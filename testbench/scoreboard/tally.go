package scoreboard

import "fmt"

// MaxKept is how many violations a Tally keeps in full, by default.
const MaxKept = 10

// Check is a check's index in its Tally.
type Check int

// Violation is one event that broke a check.
type Violation struct {
	Check  string `json:"check"`
	Cycle  uint64 `json:"cycle"`
	Queue  int    `json:"queue"`  // -1: not about one queue
	Serial int64  `json:"serial"` // the packet's serial, -1: not about one packet
	What   string `json:"what"`   // what happened and what was expected
}

// String is one line: cycle, check, queue, serial, what.
func (v Violation) String() string {
	s := fmt.Sprintf("cycle %d: %s", v.Cycle, v.Check)
	if v.Queue >= 0 {
		s += fmt.Sprintf(", queue %d", v.Queue)
	}
	if v.Serial >= 0 {
		s += fmt.Sprintf(", serial %d", v.Serial)
	}
	return s + ": " + v.What
}

// Count is one check's totals.
type Count struct {
	Check      string `json:"check"`
	Doc        string `json:"doc"`        // what the check means, one line
	Checked    uint64 `json:"checked"`    // events it looked at
	Violations uint64 `json:"violations"` // of those, how many broke it
}

// Tally counts named checks. The zero value is not usable; New makes one.
type Tally struct {
	counts []Count
	kept   []Violation
	max    int
	first  *Violation
}

// New makes a Tally of the named checks, in order (index i is Check(i)),
// each with its one-line meaning; it keeps the first MaxKept violations.
func New(names, docs []string) *Tally {
	t := &Tally{counts: make([]Count, len(names)), max: MaxKept, kept: make([]Violation, 0, MaxKept)}
	for i, n := range names {
		t.counts[i].Check = n
		if i < len(docs) {
			t.counts[i].Doc = docs[i]
		}
	}
	return t
}

// Pass records that check c looked at one more event and found it right.
func (t *Tally) Pass(c Check) { t.counts[c].Checked++ }

// PassN records n events of check c found right.
func (t *Tally) PassN(c Check, n uint64) { t.counts[c].Checked += n }

// Fail records a violation of check c; only the first ones kept are
// formatted (format and args say what happened and what was expected).
func (t *Tally) Fail(c Check, cycle uint64, queue int, serial int64, format string, args ...any) {
	k := &t.counts[c]
	k.Checked++
	k.Violations++
	if len(t.kept) < t.max {
		t.kept = append(t.kept, Violation{Check: k.Check, Cycle: cycle, Queue: queue, Serial: serial, What: fmt.Sprintf(format, args...)})
		if t.first == nil || cycle < t.first.Cycle {
			t.first = &t.kept[len(t.kept)-1]
		}
	}
}

// Failing reports whether any check was violated.
func (t *Tally) Failing() bool {
	for _, k := range t.counts {
		if k.Violations > 0 {
			return true
		}
	}
	return false
}

// FailedAt reports whether check c has a violation.
func (t *Tally) FailedAt(c Check) bool { return t.counts[c].Violations > 0 }

// First is the earliest violation kept, nil when none.
func (t *Tally) First() *Violation {
	if t.first == nil {
		return nil
	}
	v := *t.first
	return &v
}

// Counts returns every check's totals, in order.
func (t *Tally) Counts() []Count { return append([]Count(nil), t.counts...) }

// Kept returns the violations kept, in the order they were found.
func (t *Tally) Kept() []Violation { return append([]Violation(nil), t.kept...) }

// Checked is the events every check looked at together.
func (t *Tally) Checked() uint64 {
	var n uint64
	for _, k := range t.counts {
		n += k.Checked
	}
	return n
}
