// Package sweep runs the independent points of a parameter sweep in
// parallel and shows their progress.
//
// Map runs fn for every index on at most jobs goroutines
// (golang.org/x/sync/errgroup with a limit) and stores each result at its
// index, so the output never depends on the parallelism or on the order in
// which points finish: a point's result may depend only on its index and on
// what fn captured, never on shared mutable state. The first error cancels
// the points not yet started and is returned.
//
// When the context carries a shard.Store (testbench/shard), Map computes
// only the shard's points, stores them and returns shard.ErrPartial; with
// a merged (replay) store it returns the stored results without computing.
package sweep

import (
	"context"
	"fmt"
	"runtime"

	"golang.org/x/sync/errgroup"

	"occamy/testbench/shard"
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
	if st := shard.StoreFrom(ctx); st != nil {
		return mapStored(ctx, st, n, jobs, fn, done)
	}
	return mapAll(ctx, n, jobs, fn, done)
}

// mapStored is Map under a shard store: replay the merged results, or run
// the shard's points and store them.
func mapStored[T any](ctx context.Context, st *shard.Store, n, jobs int, fn func(ctx context.Context, i int) (T, error), done func()) ([]T, error) {
	call, err := st.Begin(n)
	if err != nil {
		return nil, err
	}
	if call == nil {
		return mapAll(ctx, n, jobs, fn, done)
	}
	if st.Replay {
		out := make([]T, n)
		for i := range out {
			if err := call.Get(i, &out[i]); err != nil {
				return nil, err
			}
			if done != nil {
				done()
			}
		}
		return out, nil
	}
	own := st.Shard.Indices(n)
	res, err := mapAll(ctx, len(own), jobs, func(ctx context.Context, k int) (T, error) { return fn(ctx, own[k]) }, done)
	if err != nil {
		return nil, err
	}
	for k, i := range own {
		if err := st.Put(call, i, res[k]); err != nil {
			return nil, err
		}
	}
	return nil, shard.ErrPartial
}

// mapAll runs every point.
func mapAll[T any](ctx context.Context, n, jobs int, fn func(ctx context.Context, i int) (T, error), done func()) ([]T, error) {
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
