//go:build verilator

package runner

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
)

// byoTM is the TM structure the replacement tests build (the small set's
// shape, TMShapes[1]) in chain mode, occamy policy: the broken executor's
// chain append is reached within a few hundred cycles.
var byoTM = map[string]int{"P": 2, "Q": 2, "B": 48, "K": 2, "QW": 7, "AW": 3, "MAXPKT": 6, "IN": 3, "TXWIN": 4, "SW": 5, "CHAIN": 1}

// with is p with the entries of q set.
func with(p, q map[string]int) map[string]int {
	r := make(map[string]int, len(p)+len(q))
	for k, v := range p {
		r[k] = v
	}
	for k, v := range q {
		r[k] = v
	}
	return r
}

// stableMutant is mutant() into a directory named by the mutated text's
// hash under the temp directory, so that the Verilator build (whose key
// holds the file's path) is a cache hit on the next run.
func stableMutant(t *testing.T, file, old, new string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../verilog", file))
	require.NoError(t, err)
	src := string(b)
	require.Equal(t, 1, strings.Count(src, old), "%s: the text to break must occur once (has the file changed?): %q", file, old)
	out := strings.Replace(src, old, new, 1)
	dir := filepath.Join(os.TempDir(), "occamy-byo-test", fmt.Sprintf("%x", sha256.Sum256([]byte(out)))[:16])
	require.NoError(t, os.MkdirAll(dir, 0o755))
	p := filepath.Join(dir, file)
	require.NoError(t, os.WriteFile(p, []byte(out), 0o644))
	return p
}

// TestReplaceInTM: --replace inside occamy_tm. A port mismatch is refused
// before anything is built; a round-robin arbiter and an executor coded
// differently from the project's match the whole TM (the executor in both
// free modes, both expelling policies, the re-check and reconfigurations);
// the executor of the timing before its pipeline fails on a cell-pointer
// write; an executor whose chain append links each sub-list behind the
// wrong free-bank tail fails, and the report names the first wrong egress
// tag; --block executor is the same run as --block tm --replace executor.
func TestReplaceInTM(t *testing.T) {
	needVerilator(t)
	t.Run("port mismatch refused before building", func(t *testing.T) {
		cache := t.TempDir()
		_, err := Run(t.Context(), Options{Block: "tm", Replace: "arbiter", RTL: []string{"testdata/byo_tm/arbiter_wide/rr_arbiter.sv"},
			Params: byoTM, CacheDir: cache, VerilogDir: "../.."})
		var ce *port.ContractError
		require.True(t, errors.As(err, &ce), "want a contract error, got %v", err)
		assert.Equal(t, "cosim: top your rr_arbiter does not match the rr_arbiter (tm's arbiter as occamy_tm instantiates it at N=4) port contract: port gnt_idx_o is 3 bits wide, want 2 bits", err.Error())
		built, _ := filepath.Glob(filepath.Join(cache, "occamy_tm-*"))
		assert.Empty(t, built, "nothing may be built before the ports are checked")

		_, err = Run(t.Context(), Options{Block: "tm", Replace: "arbiter", RTL: []string{"testdata/byo_tm/arbiter_noparam/rr_arbiter.sv"},
			Params: byoTM, CacheDir: cache, VerilogDir: "../.."})
		assert.EqualError(t, err, "cosim: RTL: your rr_arbiter has no parameter N; occamy_tm gives it N")
		built, _ = filepath.Glob(filepath.Join(cache, "occamy_tm-*"))
		assert.Empty(t, built)
	})
	t.Run("arbiter coded differently matches", func(t *testing.T) {
		for _, batch := range []bool{false, true} {
			res := run(t, Options{Block: "tm", Replace: "arbiter", RTL: []string{"testdata/byo_tm/arbiter_rotate/rr_arbiter.sv"},
				Params: byoTM, Cycles: 60000, Seed: 3, Batch: batch})
			requireMatch(t, res)
			assert.Equal(t, uint64(59999), res.Compared)
			assert.Contains(t, res.Verdict(), "arbiter rr_arbiter inside occamy_tm")
			assert.Equal(t, "arbiter", res.Replace)
		}
	})
	t.Run("executor coded differently matches", func(t *testing.T) {
		// executor_alt is today's pipelined executor written a second
		// time (each lane a generate block owning its stage A register
		// and unpacked entries, signed port budgets, a plain freed_o
		// sum): the whole TM must match hw/tm with it.
		alt := []string{"testdata/byo_tm/executor_alt/tm_hd_exec.sv"}
		for _, c := range []struct {
			params map[string]int
			batch  bool
		}{
			{byoTM, false},
			{with(byoTM, map[string]int{"CHAIN": 0, "POLICY": 2, "RECHECK": 1}), true},
			{with(byoTM, map[string]int{"RECONF": 1}), true},
		} {
			res := run(t, Options{Block: "executor", RTL: alt, Params: c.params, Cycles: 60000, Seed: 2, Batch: c.batch})
			requireMatch(t, res)
			assert.Equal(t, uint64(59999), res.Compared)
			t.Log(res.Verdict())
		}
	})
	t.Run("executor of the previous timing fails", func(t *testing.T) {
		// executor_prev is the executor before its pipeline, coded
		// differently: it frees an unlinked packet's first cells a cycle
		// earlier than tm_hd_exec's stage A register, so the TM's check
		// must name the first output those frees reach: the cell-pointer
		// writes, cp_wr_o, registered since issue 29's usereg (a cycle
		// later), before the free count, free_o, which takes the lanes'
		// frees a cycle later since stop 50's hdfree (it was named first
		// between the two).
		prev := []string{"testdata/byo_tm/executor_prev/tm_hd_exec.sv"}
		res := run(t, Options{Block: "executor", RTL: prev, Params: byoTM, Cycles: 60000, Seed: 2})
		require.NotNil(t, res.Mismatch, "the previous executor matched the pipelined one: %s", res.Verdict())
		assert.Equal(t, "cp_wr_o", res.Mismatch.Signal)
		t.Log(res.Verdict())
	})
	t.Run("executor with the chain appended behind the wrong free-bank tail fails on a tag", func(t *testing.T) {
		// Sub-list s's chain is queued with sub-list s+1's tail: the
		// free bank's tail becomes a cell of another bank.
		bad := stableMutant(t, "tm_hd_exec.sv", "stail_d[b*CW +: CW]     |= unl_tails[s*CW +: CW];",
			"stail_d[b*CW +: CW]     |= unl_tails[((s + 1) % K)*CW +: CW];")
		res := run(t, Options{Block: "executor", RTL: []string{bad}, Params: byoTM, Cycles: 100000, Seed: 1})
		require.NotNil(t, res.Mismatch, "the broken executor matched: %s", res.Verdict())
		tag := res.Mismatch
		if tag.Signal != "eg_tag_o" {
			// The design's own assertion (a cell-data address written
			// twice) may fire first; the report then shows the first
			// wrong tag too.
			require.NotNil(t, res.Integrity, "no tag mismatch reported after %s; notes %v", res.Mismatch.Short(), res.Notes)
			tag = res.Integrity
			assert.Less(t, res.Mismatch.Cycle, tag.Cycle)
		}
		assert.Equal(t, "eg_tag_o", tag.Signal)
		assert.Regexp(t, `^eg_tag_o\[[01]\] \(bits \d+:\d+\): go [0-9a-f]+ rtl [0-9a-f]+$`, tag.Detail)
		assert.NotEqual(t, tag.Go, tag.RTL)
		t.Logf("%s\n  first tag difference: %s", res.Verdict(), tag.Short())

		same := run(t, Options{Block: "tm", Replace: "executor", RTL: []string{bad}, Params: byoTM, Cycles: 100000, Seed: 1})
		assert.Equal(t, res.Mismatch.Short(), same.Mismatch.Short(), "--block executor is --block tm --replace executor")
		assert.Equal(t, res.Integrity, same.Integrity)
	})
}
