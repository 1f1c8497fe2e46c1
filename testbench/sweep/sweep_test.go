package sweep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMapOrderIndependentOfJobs checks that results land at their index
// whatever the parallelism, and that at most jobs points run at once.
func TestMapOrderIndependentOfJobs(t *testing.T) {
	for _, jobs := range []int{1, 2, 3, 8} {
		var running, peak atomic.Int32
		var done atomic.Int32
		got, err := Map(context.Background(), 50, jobs, func(_ context.Context, i int) (int, error) {
			r := running.Add(1)
			for {
				p := peak.Load()
				if r <= p || peak.CompareAndSwap(p, r) {
					break
				}
			}
			s := 0
			for j := 0; j < 10000*(i%7+1); j++ { // uneven work so points finish out of order
				s += j
			}
			running.Add(-1)
			return i*i + s*0, nil
		}, func() { done.Add(1) })
		require.NoError(t, err)
		for i, v := range got {
			require.Equal(t, i*i, v, "jobs=%d: point %d", jobs, i)
		}
		assert.LessOrEqual(t, int(peak.Load()), jobs, "jobs=%d: peak concurrency", jobs)
		assert.Equal(t, int32(50), done.Load(), "jobs=%d: done callbacks", jobs)
	}
}

func TestMapError(t *testing.T) {
	boom := errors.New("boom")
	_, err := Map(context.Background(), 20, 2, func(_ context.Context, i int) (int, error) {
		if i == 5 {
			return 0, boom
		}
		return i, nil
	}, nil)
	require.ErrorIs(t, err, boom)
}

func TestMapPanicBecomesError(t *testing.T) {
	_, err := Map(context.Background(), 4, 2, func(_ context.Context, i int) (int, error) {
		if i == 2 {
			panic("bad point")
		}
		return i, nil
	}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "point 2: panic: bad point")
}

func TestMapCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Map(ctx, 10, 2, func(_ context.Context, i int) (int, error) { return i, nil }, nil)
	require.ErrorIs(t, err, context.Canceled)
}

func TestJobs(t *testing.T) {
	assert.Equal(t, 3, Jobs(3))
	assert.GreaterOrEqual(t, Jobs(0), 1)
}

// TestProgressQuietOffTerminal: a buffer is not a terminal, so nothing is
// drawn.
func TestProgressQuietOffTerminal(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(&b, 10, "sweep")
	assert.False(t, p.Active())
	for i := 0; i < 10; i++ {
		p.Done()
	}
	p.Finish()
	assert.Empty(t, b.String(), fmt.Sprintf("wrote %q", b.String()))
	assert.False(t, IsTerminal(&b))
}
