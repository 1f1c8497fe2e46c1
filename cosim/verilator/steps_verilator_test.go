//go:build verilator

package verilator

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim"
)

// TestBuildReportsSteps: a build the cache does not hold reports its start
// and its end (saying it is the first time and will be cached); the same
// build again, a cache hit, reports nothing.
func TestBuildReportsSteps(t *testing.T) {
	needVerilator(t)
	var steps []cosim.Step
	spec := Spec{Sources: []string{uniqueCounter(t, "8'd5")}, Top: "counter", CacheDir: testCache(),
		Progress: func(s cosim.Step) { steps = append(steps, s) }}
	lib, err := Build(context.Background(), spec)
	require.NoError(t, err)
	require.False(t, lib.Cached)
	require.Len(t, steps, 2, "start and end")
	want := "verilating counter (first time for these sources and parameters; cached afterwards)"
	assert.Equal(t, cosim.Step{What: want}, steps[0])
	assert.Equal(t, want, steps[1].What)
	assert.True(t, steps[1].Done)
	assert.Positive(t, steps[1].Elapsed)
	assert.NoError(t, steps[1].Err)

	steps = nil
	lib, err = Build(context.Background(), spec)
	require.NoError(t, err)
	require.True(t, lib.Cached)
	assert.Empty(t, steps, "a cache hit is not a long step")
}
