package experiment

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"occamy/testbench/scenario"
	"occamy/testbench/sweep"
)

// scenarioRun runs a named scenario once with the default switch.
func scenarioRun(name, policy string, alpha float64, params map[string]float64, seed uint64) (*scenario.Result, error) {
	prep, err := scenario.Prepare(scenario.Options{Scenario: name, Policy: policy, Alpha: alpha, Seed: &seed, Params: params})
	if err != nil {
		return nil, err
	}
	res, err := scenario.Execute(prep, nil)
	if err != nil {
		return nil, fmt.Errorf("%s %s α=%g: %w", name, policy, alpha, err)
	}
	return res, nil
}

// metricOf returns a named metric of a result (0 when absent).
func metricOf(r *scenario.Result, name string) float64 {
	v, _ := r.Metrics.Get(name)
	return v
}

// parallel runs n independent jobs on o.Jobs workers, in index order.
func parallel[T any](ctx context.Context, o Options, n int, prog func(), fn func(i int) (T, error)) ([]T, error) {
	return sweep.Map(ctx, n, o.Jobs, func(_ context.Context, i int) (T, error) { return fn(i) }, prog)
}

func fmtF(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// pct is 100·(a/b − 1), the relative change from b to a in percent.
func pct(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return 100 * (a/b - 1)
}

func alphaName(a float64) string { return strconv.FormatFloat(a, 'g', -1, 64) }
