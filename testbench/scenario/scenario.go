package scenario

import (
	"sort"
	"strings"

	"occamy/hw/tm"
	"occamy/testbench/field"
	"occamy/testbench/traffic"
)

// Scenario is a named experiment: TM overrides, sources, a cycle count and
// the metrics it reports. Its text fields feed docs/scenarios.md and
// `occamy sim --list`.
type Scenario struct {
	Name    string
	Summary string  // one line
	Figure  string  // the paper's figure, e.g. "Fig. 3"
	Paper   string  // what the paper reports for it
	Measure string  // what this scenario measures
	Params  []Param // its parameters, settable with --param name=value
	// Configure applies the scenario's TM overrides; it may be nil.
	Configure func(cfg *tm.Config)
	// Plan builds the run from the final config and parameter values.
	Plan func(cfg *tm.Config, v Values) (*Plan, error)
}

// Plan is one run of a scenario. Plan may also adjust the config (for
// example pin the α of the classes it owns); Prepare validates it after.
type Plan struct {
	Sources []traffic.Spec
	Cycles  uint64
	Groups  []Group // queue sets watched every cycle
	// Metrics computes the scenario's metrics after the run; it may be nil.
	Metrics func(r *Run) ([]Metric, error)
}

// Group names a set of queues watched every cycle; Snap, when not zero,
// is a cycle at the end of which every queue's length is recorded.
type Group struct {
	Name   string
	Queues []int
	Snap   uint64
}

// Metric is one named figure a scenario reports.
type Metric struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Unit  string  `json:"unit,omitempty"`
	Doc   string  `json:"doc,omitempty"`
}

var registry = map[string]*Scenario{}

// Register adds a scenario; it panics on a duplicate name (a programming
// error, at init time).
func Register(s *Scenario) {
	if _, dup := registry[s.Name]; dup {
		panic("scenario: duplicate " + s.Name)
	}
	registry[s.Name] = s
}

// Names lists the scenarios in a fixed order: the paper's first, then the
// rest alphabetically.
func Names() []string {
	order := []string{"dt-two-queue", "burst-absorption", "buffer-choking", "incast", "random-load", "custom"}
	var out []string
	for _, n := range order {
		if _, ok := registry[n]; ok {
			out = append(out, n)
		}
	}
	var rest []string
	for n := range registry {
		if !contains(order, n) {
			rest = append(rest, n)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// Lookup returns the scenario called name, or an error listing the names.
func Lookup(name string) (*Scenario, error) {
	s, ok := registry[name]
	if !ok {
		return nil, field.Errorf("Scenario", "%q unknown, allowed: %s", name, strings.Join(Names(), ", "))
	}
	return s, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
