package mutation

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRunsCarryOpt: the checker's C++ optimisation reaches every run of
// the matrix, baseline and mutant alike, and changes nothing else: the
// same configurations, seeds and cycles in the same order.
func TestRunsCarryOpt(t *testing.T) {
	for _, b := range []Block{"arbiter", "tm"} {
		plain, err := RunnerChecker{}.runs(b, "", nil)
		require.NoError(t, err, "block %s", b)
		low, err := RunnerChecker{Opt: MutationOpt}.runs(b, "", nil)
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
