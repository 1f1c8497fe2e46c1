package all_test

import (
	"occamy/testbench/blocks"
	_ "occamy/testbench/blocks/all"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSubs: the TM's replaceable sub-modules are found by name and by
// module, each has its own file among the TM's sources (the one a user's
// module takes the place of) and that file exists; the executor is
// --block executor, which is no block of its own any more; an unknown
// name lists the known ones.
func TestSubs(t *testing.T) {
	tm, err := blocks.Lookup("tm")
	require.NoError(t, err)
	want := map[string]string{"executor": "tm_hd_exec", "selector": "hd_selector", "arbiter": "rr_arbiter"}
	require.Len(t, tm.Subs, len(want))
	for name, mod := range want {
		for _, n := range []string{name, mod} {
			s, err := tm.Sub(n)
			require.NoError(t, err, n)
			assert.Equal(t, mod, s.Module)
			f, err := tm.SubSource(s)
			require.NoError(t, err)
			assert.Equal(t, "verilog/"+mod+".sv", f)
			_, err = os.Stat(filepath.Join("../../..", f))
			assert.NoError(t, err, "%s's file", name)
		}
	}
	_, err = tm.Sub("scheduler")
	assert.EqualError(t, err, `tm has no replaceable sub-module "scheduler" (known: executor, selector, arbiter)`)
	sel, _ := blocks.Lookup("selector")
	_, err = sel.Sub("executor")
	assert.EqualError(t, err, `selector has no replaceable sub-module (replace "executor" asked for)`)

	b, s := blocks.LookupStandalone("executor")
	require.NotNil(t, b)
	assert.Equal(t, "tm", b.Name)
	assert.Equal(t, "tm_hd_exec", s.Module)
	_, err = blocks.Lookup("executor")
	assert.Error(t, err, "the register-file executor block is retired")
	for _, n := range []string{"selector", "arbiter", "tm"} {
		b, _ := blocks.LookupStandalone(n)
		assert.Nil(t, b, "%s is a block of its own", n)
	}
	for _, x := range blocks.Every() {
		for _, s := range x.Subs {
			if s.Standalone {
				_, err := blocks.Lookup(s.Name)
				assert.Error(t, err, "--block %s would be ambiguous", s.Name)
			}
		}
	}
}
