package scenario

import (
	"occamy/hw/tm"
	"occamy/testbench/traffic"
)

// Model is the traffic manager a run drives, one cycle per Step: hw/tm's
// TM by default, or another implementation of its contract behind a
// Backend (cosim/tmsim runs the Verilog occamy_tm). Offers beyond
// Config.MaxOffers in a cycle are ingress drops (docs/tm.md, "Ingress
// bound"), never an error.
type Model interface {
	// Offer queues one packet for the coming Step, in offer order.
	Offer(a tm.Arrival)
	// Step runs one cycle; an error ends the run.
	Step() error
	// Stats returns the counters so far; the pointer stays valid across
	// Steps (only Len and the totals wait for the next Stats call).
	Stats() *tm.Stats
	// Qlen is every queue's length in cells after the last Step; the
	// slice may be reused by the next Step.
	Qlen() []uint32
	// Close frees the model and ends its waveform, if any; a second
	// Close (deferred on an error path) does nothing and returns nil.
	Close() error
}

// Backend makes the Model of each run of a prepared scenario, instead of
// hw/tm. A Backend writes its own waveform: Execute is then given no Go
// tracer.
type Backend interface {
	NewModel(r RunSpec) (Model, error)
}

// RunSpec is one run a Backend makes a Model for: the configuration, the
// sources and seed whose packets will be offered (open loop: a backend
// may tick its own copy ahead, traffic.BuildAll(Sources, Env(&Config),
// Seed, ...)), the cycle budget (a stop may end the run earlier), and
// whether its waveform is recorded (the scenario's main run when the
// caller asked for one; the re-runs a metric's search makes never are).
// Stops says a stop may end the run early: the drain's cycles after it
// offer nothing, so a backend must not run the sources' offers ahead
// beyond the cycle stepped.
type RunSpec struct {
	Config  tm.Config
	Sources []traffic.Spec
	Seed    uint64
	Cycles  uint64
	Traced  bool
	Stops   bool
}

// goModel is hw/tm's TM as a Model.
type goModel struct{ *tm.TM }

func (g goModel) Qlen() []uint32 { return g.TM.Probe().Qlen }
func (g goModel) Close() error   { return nil }
