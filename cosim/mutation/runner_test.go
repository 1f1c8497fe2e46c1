package mutation

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
)

// TestRunsCarryOpt: the checker's C++ optimisation reaches every run of
// the matrix, baseline and mutant alike, and changes nothing else: the
// same configurations, seeds and cycles in the same order.
func TestRunsCarryOpt(t *testing.T) {
	for _, b := range []Block{"arbiter", "tm"} {
		plain, err := RunnerChecker{}.runs(Target{Block: b})
		require.NoError(t, err, "block %s", b)
		low, err := RunnerChecker{Opt: MutationOpt}.runs(Target{Block: b})
		require.NoError(t, err, "block %s", b)
		require.Len(t, low, len(plain), "block %s: runs", b)
		for i := range plain {
			require.Equal(t, MutationOpt, low[i].Opt, "block %s run %d (%s seed %d): Opt", b, i, low[i].Set, low[i].Seed)
			require.Equal(t, "", plain[i].Opt, "block %s run %d: Opt without one given", b, i)
			low[i].Opt = ""
			require.Equal(t, plain[i], low[i], "block %s run %d: only Opt differs", b, i)
		}
	}
}

// TestRunsFirstIsAnOrderOnly checks a mutant's First: its configuration
// runs first, and the runs are the same as without it, only reordered
// (a hint cannot leave a configuration out).
func TestRunsFirstIsAnOrderOnly(t *testing.T) {
	key := func(o runner.Options) string { return fmt.Sprintf("%s seed %d", o.Set, o.Seed) }
	plain, err := RunnerChecker{}.runs(Target{Block: "tm"})
	require.NoError(t, err)
	require.NotEqual(t, "k8/occamy", plain[0].Set, "the test needs a First other than the block's own")
	first, err := RunnerChecker{}.runs(Target{Block: "tm", First: "k8/occamy"})
	require.NoError(t, err)
	assert.Equal(t, "k8/occamy", first[0].Set, "First runs first")
	require.Len(t, first, len(plain))
	var a, b []string
	for i := range plain {
		a, b = append(a, key(plain[i])), append(b, key(first[i]))
	}
	assert.ElementsMatch(t, a, b, "the same runs, reordered")
}
