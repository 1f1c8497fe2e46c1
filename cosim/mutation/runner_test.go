package mutation

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
	"occamy/testbench/blocks"
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

// TestRunsEquivFirstSet: with EquivFirstSet an explained equivalent runs
// its first configuration's set only (make test), and the whole matrix
// without it (make test-mutants-equiv); a mutant that is not an
// equivalent, and the original, always run the whole matrix.
func TestRunsEquivFirstSet(t *testing.T) {
	whole, err := RunnerChecker{}.runs(Target{Block: "tm", Equivalent: true})
	require.NoError(t, err)
	short, err := RunnerChecker{EquivFirstSet: true}.runs(Target{Block: "tm", Equivalent: true})
	require.NoError(t, err)
	killable, err := RunnerChecker{EquivFirstSet: true}.runs(Target{Block: "tm"})
	require.NoError(t, err)
	assert.Len(t, killable, len(whole), "a mutant that is not an equivalent runs the whole matrix")
	require.NotEmpty(t, short)
	require.Less(t, len(short), len(whole), "an equivalent runs fewer configurations")
	rb, err := blocks.Lookup("tm")
	require.NoError(t, err)
	first, ok := rb.Regression().Lookup(rb.Checks.MutateFirst)
	require.True(t, ok)
	assert.Equal(t, rb.Checks.MutateFirst, short[0].Set, "the first configuration first")
	for _, o := range short {
		c, ok := rb.Regression().Lookup(o.Set)
		require.True(t, ok, o.Set)
		assert.Equal(t, first.Set, c.Set, "%s: only the first configuration's set", o.Set)
	}
	t.Logf("tm: an equivalent runs %d of the matrix's %d runs", len(short), len(whole))
	// A block that names no configuration to try first: its matrix's
	// first configuration's set.
	for _, b := range []Block{"arbiter", "cpsublists"} {
		rs, err := RunnerChecker{EquivFirstSet: true}.runs(Target{Block: b, Equivalent: true})
		require.NoError(t, err)
		assert.NotEmpty(t, rs, "%s: an equivalent runs something", b)
	}
}
