// Package sweep runs the independent points of a parameter sweep in
// parallel and shows their progress.
//
// Map runs fn for every index on at most jobs goroutines
// (golang.org/x/sync/errgroup with a limit) and stores each result at its
// index, so the output never depends on the parallelism or on the order in
// which points finish: a point's result may depend only on its index and on
// what fn captured, never on shared mutable state. The first error cancels
// the points not yet started and is returned.
package sweep

import (
	"context"
	"fmt"
	"runtime"

	"golang.org/x/sync/errgroup"
)

// Jobs returns the parallelism to use: n when n > 0, else the number of
// usable cores (runtime.GOMAXPROCS(0)).
func Jobs(n int) int {
	if n > 0 {
		return n
	}
	return runtime.GOMAXPROCS(0)
}

// Map calls fn(ctx, i) for i in 0..n-1 on at most Jobs(jobs) goroutines and
// returns the results in index order. done, when not nil, is called once
// after each point finishes (from the point's goroutine; it must be safe
// for concurrent use). A panic in fn is turned into an error naming the
// point, so one bad point cannot take the process down.
func Map[T any](ctx context.Context, n, jobs int, fn func(ctx context.Context, i int) (T, error), done func()) ([]T, error) {
	if n < 0 {
		return nil, fmt.Errorf("sweep: %d points", n)
	}
	out := make([]T, n)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(Jobs(jobs))
	for i := 0; i < n; i++ {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("sweep: point %d: panic: %v", i, r)
				}
			}()
			if err := gctx.Err(); err != nil {
				return err
			}
			v, err := fn(gctx, i)
			if err != nil {
				return err
			}
			out[i] = v
			if done != nil {
				done()
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
