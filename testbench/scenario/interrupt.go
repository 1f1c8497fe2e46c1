package scenario

import (
	"context"
	"fmt"

	"occamy/rtl"
)

// InterruptedError is the error of a run stopped by its context: Cycles
// whole cycles ran (and were traced and flushed), Result holds their
// counters (no metrics: they assume the whole run).
type InterruptedError struct {
	Cycles uint64
	Result *Result
}

func (e *InterruptedError) Error() string {
	return fmt.Sprintf("scenario %s (%s) interrupted at cycle %d", e.Result.Scenario, e.Result.Policy, e.Cycles)
}

// checkEvery is how many cycles pass between two looks at the context, so
// the per-cycle loop stays cheap.
const checkEvery = 256

// ExecuteContext is Execute stopped at the next cycle boundary (at most
// checkEvery cycles later) once ctx is done; the trace then holds whole
// cycles only and is closed, and the error is an *InterruptedError.
func ExecuteContext(ctx context.Context, p *Prepared, tr rtl.Tracer) (*Result, error) {
	done := ctx.Done()
	stopped := false
	stop := func(c uint64, _ *Run) bool {
		if (c+1)%checkEvery != 0 {
			return false
		}
		select {
		case <-done:
			stopped = true
			return true
		default:
			return false
		}
	}
	res, err := execute(p, tr, stop)
	if err != nil {
		return nil, err
	}
	if stopped && res.Cycles < p.Cycles {
		return res, &InterruptedError{Cycles: res.Cycles, Result: res}
	}
	return res, nil
}
