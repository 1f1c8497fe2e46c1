package throughput

import (
	"context"
	"errors"
	"fmt"

	"occamy/hw/tm"
	"occamy/testbench/traffic"
)

// Tolerance is the relative gap between the model and the bound above
// which a point is flagged.
const Tolerance = 0.05

// Expulsion is what the expulsion run measured.
type Expulsion struct {
	PktsPerClock  float64 `json:"pkts_per_clock"`  // expelled packets per demand cycle
	CellsPerClock float64 `json:"cells_per_clock"` // expelled cells per demand cycle
	Pkts          uint64  `json:"pkts"`            // packets expelled in the window
	Cells         uint64  `json:"cells"`           // cells expelled in the window
	DemandCycles  uint64  `json:"demand_cycles"`   // window cycles with a head-drop read in flight, lane work or a grant
	WindowCycles  uint64  `json:"window_cycles"`
	Bursts        int     `json:"bursts"`     // refill bursts in the window, each an over-allocation the executor removes
	Demand        float64 `json:"demand"`     // DemandCycles / WindowCycles
	Productive    float64 `json:"productive"` // demand cycles with a head-drop PD read issued or cells freed
	LostPD        float64 `json:"lost_pd"`    // demand cycles with a grant and room but the PD read port taken
	LostCP        float64 `json:"lost_cp"`    // demand cycles whose ready lanes all found the cell-pointer ports taken
	Wait          float64 `json:"wait"`       // demand cycles waiting on a read latency or full lanes (terms of the bound)
	// EmptyAppends is the share of the head drop's appends that went into
	// an empty free bank and so took no cell-pointer write; the bound's
	// cp-write term assumes there are none.
	EmptyAppends float64 `json:"empty_appends"`
}

// Result is one measured point.
type Result struct {
	Point Point `json:"point"`
	Bound Bound `json:"bound"` // at the offered size distribution
	// Expelled is the bound at the mix of packets the window actually
	// expelled: the same formula without the assumption that the expelled
	// mix is the offered one (they differ by the sampling of a finite
	// window).
	Expelled  Bound     `json:"bound_expelled"`
	Expulsion Expulsion `json:"expulsion"`
	Gap       float64   `json:"gap"`  // Expulsion.PktsPerClock / Expelled.PktsPerClock - 1
	Flag      string    `json:"flag"` // why the model and the bound disagree by more than Tolerance; empty otherwise
	Idle      Idle      `json:"idle"` // memory ports left idle by the normal load
	// AlphaMax is the largest α (a power of two) for which a burst at
	// Options.BurstRate still gets its fair share by Inequality (4):
	// "any", "none" (not even the smallest α), or a number; empty when no
	// burst rate was given.
	AlphaMax string `json:"alpha_max,omitempty"`
	// AlphaFluid is the same by the fluid model with drains (AlphaMaxDrain),
	// which the simulations bear out where Inequality (4) is optimistic.
	AlphaFluid string `json:"alpha_fluid,omitempty"`
	// Setup, when not empty, says why the point could not be set up (the
	// over-allocated queue never filled, for example): nothing was
	// measured, and the sweep went on with the other points.
	Setup string `json:"setup,omitempty"`
	// PerSecond is the point's rates at Options.ClockGHz; nil when no
	// clock was given or the point could not be set up.
	PerSecond *PerSecond `json:"per_second,omitempty"`
}

// SetupError is a point whose measurement could not be set up on the
// model: a property of the configuration, not a failure of the model.
type SetupError struct{ Msg string }

func (e *SetupError) Error() string { return "throughput: setup: " + e.Msg }

// Measure runs both runs of point p and compares with the bound.
func Measure(ctx context.Context, p Point, o Options) (Result, error) {
	cfg, err := Config(p, o)
	if err != nil {
		return Result{}, err
	}
	dist := p.Size.Cells(o.CellBytes)
	res := Result{Point: p, Bound: BoundOf(dist, ResourcesOf(cfg))}
	var mix []CellProb
	if res.Expulsion, mix, err = expel(ctx, cfg, p, o, dist); err != nil {
		var se *SetupError
		if errors.As(err, &se) {
			res.Setup, res.Flag = se.Msg, "cannot be set up: "+se.Msg
			return res, nil
		}
		return Result{}, err
	}
	res.Expelled = BoundOf(mix, ResourcesOf(cfg))
	if res.Idle, err = idlePorts(ctx, cfg, p, o); err != nil {
		return Result{}, err
	}
	res.Gap, res.Flag = compare(res.Expulsion, res.Expelled)
	if o.BurstRate > 0 {
		r, v := o.BurstRate/float64(o.R), res.Expulsion.CellsPerClock
		res.AlphaMax = FormatAlpha(AlphaMax(r, v))
		res.AlphaFluid = FormatAlpha(AlphaMaxDrain(r, v, 1/float64(o.R)))
	}
	if o.ClockGHz > 0 {
		res.PerSecond = AtClock(res.Expulsion, res.Bound, o.CellBytes, o.ClockGHz)
	}
	return res, nil
}

// compare returns the relative gap and, beyond Tolerance, the reason.
func compare(e Expulsion, b Bound) (float64, string) {
	if e.Pkts == 0 {
		return -1, "nothing was expelled in the window: no measurement"
	}
	gap := e.PktsPerClock/b.PktsPerClock - 1
	switch {
	case gap > Tolerance && e.EmptyAppends > 0:
		return gap, fmt.Sprintf("model %.1f%% faster than the bound (%s): %.1f%% of the head drop's appends went into an empty free bank with no write, which the cp-write term assumes never happens",
			100*gap, b.Binding, 100*e.EmptyAppends)
	case gap > Tolerance:
		return gap, fmt.Sprintf("model %.1f%% faster than the bound (%s): the bound misses a way the model overlaps steps", 100*gap, b.Binding)
	case gap < -Tolerance:
		return gap, fmt.Sprintf("model %.1f%% below the bound (%s): demand cycles %.1f%% productive, %.1f%% PD read port taken, %.1f%% cell-pointer ports taken, %.1f%% waiting on a latency or full lanes (normal load, the congested port's dequeue, the refill's enqueue)",
			-100*gap, b.Binding, 100*e.Productive, 100*e.LostPD, 100*e.LostCP, 100*e.Wait)
	}
	return gap, ""
}

// specs returns the normal-load source of p (none at 0% load).
func normalSources(p Point) []traffic.Spec {
	if p.Load <= 0 {
		return nil
	}
	classes := make([]int, refillClass)
	for i := range classes {
		classes[i] = i
	}
	size := p.Size.Spec
	return []traffic.Spec{{Kind: traffic.KindRandom, Load: p.Load / 100, Classes: classes, Size: &size}}
}

// runner steps a TM with its normal load and keeps the enqueue backlog
// (admitted cells whose data are not yet written) for pacing.
type runner struct {
	m       *tm.TM
	mix     *traffic.Mix
	st      *tm.Stats
	cdw     uint64 // cell-data writes so far: one per allocated cell
	t0      uint64 // cycle the normal load started (its own cycle 0)
	normal  bool
	cycle   uint64
	ctx     context.Context
	sources []traffic.Spec
	// The cells offered and not yet answered (admitted or refused), so
	// not yet in the counters nor in the queue lengths.
	flying *tm.CellsInFlight
	delay  [][]tm.Arrival // tests (Options.lag): offers on their way to hw/tm, oldest first
}

func newRunner(ctx context.Context, cfg tm.Config, p Point, o Options) (*runner, error) {
	m, err := tm.New(cfg)
	if err != nil {
		return nil, err
	}
	r := &runner{m: m, st: m.Stats(), ctx: ctx, sources: normalSources(p), flying: tm.NewCellsInFlight(tm.SettleLag)}
	if o.lag != nil {
		r.flying, r.delay = tm.NewCellsInFlight(o.lag.Ring), make([][]tm.Arrival, o.lag.Delay+1)
	}
	env := traffic.Env{P: cfg.P, Q: cfg.Q, R: cfg.R, CellBytes: cfg.CellBytes}
	if r.mix, err = traffic.BuildAll(r.sources, env, o.Seed, "load"); err != nil {
		return nil, err
	}
	return r, nil
}

// backlog is the cells admitted but not yet allocated by the enqueue
// engine, and those offered and not yet answered.
func (r *runner) backlog() uint64 {
	var adm uint64
	for i := range r.st.Queues {
		adm += r.st.Queues[i].Admitted.Cells
	}
	return adm + r.flying.N() - r.cdw
}

// offer offers a packet in the coming cycle.
func (r *runner) offer(a tm.Arrival) {
	r.flying.Offer(uint64(a.Cells))
	if r.delay != nil {
		r.delay[len(r.delay)-1] = append(r.delay[len(r.delay)-1], a)
		return
	}
	r.m.Offer(a)
}

// startNormal starts the normal load at the current cycle.
func (r *runner) startNormal() { r.normal, r.t0 = true, r.cycle }

// step offers the normal load's packets and runs one cycle.
func (r *runner) step() (tm.Probe, error) {
	if r.normal {
		for _, pk := range r.mix.Tick(r.cycle - r.t0) {
			r.offer(tm.Arrival{Queue: pk.Queue, Cells: pk.Cells})
		}
	}
	if r.delay != nil {
		for _, a := range r.delay[0] {
			r.m.Offer(a)
		}
		first := r.delay[0][:0]
		copy(r.delay, r.delay[1:])
		r.delay[len(r.delay)-1] = first
	}
	if err := r.m.Step(); err != nil {
		return tm.Probe{}, fmt.Errorf("cycle %d: %w", r.cycle, err)
	}
	r.flying.Edge()
	if r.cycle&4095 == 0 {
		if err := r.ctx.Err(); err != nil {
			return tm.Probe{}, err
		}
	}
	r.cycle++
	p := r.m.Probe()
	r.cdw += uint64(p.Ports[tm.MemCD].Writes)
	return p, nil
}
