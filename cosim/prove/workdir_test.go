//go:build !verilator

package prove

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"occamy/rtl/outfile"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/outfile/outfiletest"
)

// TestKeepDir: a kept work directory (--keep) in use by another run is
// refused, not shared; a relative one works; two runs given the same one
// at once never corrupt each other's verdict (one of them is refused).
// Before, a second run wrote its scripts and AIGER files over the first
// one's (a wrong design was PROVEN 4 times in 10) and a relative directory
// failed in Yosys ("Can't open script file").
func TestKeepDir(t *testing.T) {
	needTools(t)
	right, err := filepath.Abs("testdata/arb_scan_down.sv")
	require.NoError(t, err)
	wrong, err := filepath.Abs("testdata/arb_reset_idle.sv")
	require.NoError(t, err)
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	o := func(file, top, keep string) Options {
		x := opts("arbiter", file, top, map[string]int{"N": 8})
		x.VerilogDir, x.WorkDir = root, keep
		return x
	}
	cases := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"in use", func(t *testing.T) {
			dir := t.TempDir()
			release, err := outfile.LockDir(dir)
			require.NoError(t, err)
			defer release()
			_, err = Prove(context.Background(), o(right, "arb_scan_down", dir))
			require.Error(t, err)
			assert.Contains(t, err.Error(), dir+" is in use by another run")
			_, err = Properties(context.Background(), PropOptions{Block: "arbiter", Params: map[string]int{"N": 3}, VerilogDir: root, WorkDir: dir})
			require.Error(t, err)
			assert.Contains(t, err.Error(), "in use by another run")
		}},
		{"relative", func(t *testing.T) {
			t.Chdir(t.TempDir())
			res, err := Prove(context.Background(), o(right, "arb_scan_down", "keep"))
			require.NoError(t, err)
			assert.Equal(t, Proven, res.Verdict)
			for _, f := range []string{"uut.ys", "uut.json", "miter.sv", "free.aig", "zero.aig"} {
				assert.FileExists(t, filepath.Join("keep", f))
			}
			pr, err := Properties(context.Background(), PropOptions{Block: "arbiter", Params: map[string]int{"N": 3}, VerilogDir: root, WorkDir: "keep-props"})
			require.NoError(t, err)
			assert.Equal(t, Proven, pr.Verdict)
		}},
		{"released after the run", func(t *testing.T) {
			dir := t.TempDir()
			for i := 0; i < 2; i++ {
				res, err := Prove(context.Background(), o(right, "arb_scan_down", dir))
				require.NoError(t, err)
				assert.Equal(t, Proven, res.Verdict)
			}
		}},
		{"concurrent", func(t *testing.T) {
			dir := t.TempDir()
			var wg sync.WaitGroup
			verdicts := make([]*Result, 4)
			errs := make([]error, 4)
			for i := range verdicts {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if i%2 == 0 {
						verdicts[i], errs[i] = Prove(context.Background(), o(right, "arb_scan_down", dir))
					} else {
						verdicts[i], errs[i] = Prove(context.Background(), o(wrong, "arb_reset_idle", dir))
					}
				}()
			}
			wg.Wait()
			ran := 0
			for i := range verdicts {
				if errs[i] != nil {
					assert.Contains(t, errs[i].Error(), "in use by another run", "run %d", i)
					continue
				}
				ran++
				want := Proven
				if i%2 == 1 {
					want = Refuted
				}
				assert.Equal(t, want, verdicts[i].Verdict, "run %d: %s", i, verdicts[i].Summary())
			}
			assert.GreaterOrEqual(t, ran, 1, "at least one run had the directory")
			_, err := os.Stat(dir)
			require.NoError(t, err)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

// TestFullWorkDir: a --keep directory on a full disk ends in one line
// naming "no space left on device", never a verdict. Before, Yosys wrote
// truncated files without an error: at 112 KiB ABC said "Wrong input file
// format" (iprove on a miter cut short), at 160 KiB and more the run
// went on.
func TestFullWorkDir(t *testing.T) {
	needTools(t)
	right, err := filepath.Abs("testdata/arb_scan_down.sv")
	require.NoError(t, err)
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	for _, size := range []int{64 << 10, 112 << 10, 128 << 10} {
		t.Run(fmt.Sprint(size>>10, "KiB"), func(t *testing.T) {
			dir := outfiletest.SmallFS(t, size)
			o := opts("arbiter", right, "arb_scan_down", map[string]int{"N": 8})
			o.VerilogDir, o.WorkDir = root, filepath.Join(dir, "k")
			res, err := Prove(context.Background(), o)
			require.Error(t, err, "%v", res)
			assert.Contains(t, err.Error(), "no space left on device")
			assert.True(t, errors.Is(err, syscall.ENOSPC) || strings.Contains(err.Error(), "write "), "%v", err)
		})
	}
}
