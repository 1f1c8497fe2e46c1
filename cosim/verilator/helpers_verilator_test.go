//go:build verilator

package verilator

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/cosim"
	"occamy/rtl/pack"
	"occamy/rtl/port"
)

// testCache is the cache the verilator-tagged tests share: $OCCAMY_CACHE_DIR
// when set, else a fixed directory under the temp directory, so a second
// test run finds its libraries built. Tests about the cache itself use
// sources with unique contents, which guarantees a first miss.
func testCache() string {
	if d := os.Getenv(CacheEnv); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "occamy-cosim-test-cache")
}

// build builds spec in the test cache, skipping the test when Verilator is
// not installed.
func build(t testing.TB, spec Spec) *Library {
	t.Helper()
	needVerilator(t)
	if spec.CacheDir == "" {
		spec.CacheDir = testCache()
	}
	lib, err := Build(context.Background(), spec)
	require.NoError(t, err)
	return lib
}

// open builds spec and opens one model, closed at the end of the test.
func open(t testing.TB, spec Spec) cosim.Model {
	t.Helper()
	m, err := Open(build(t, spec))
	require.NoError(t, err)
	t.Cleanup(func() { m.Close() })
	return m
}

// frame is one cycle's input and output words with access by port name.
type frame struct {
	l       *port.Layout
	in, out []uint32
}

func newFrame(l *port.Layout) *frame {
	return &frame{l: l, in: make([]uint32, l.InWords), out: make([]uint32, l.OutWords)}
}

func (f *frame) set(t testing.TB, name string, v uint64) {
	t.Helper()
	i := f.l.Input(name)
	require.GreaterOrEqual(t, i, 0, "no input %s", name)
	pack.PutUint64(f.l.In(f.in, i), v)
}

func (f *frame) get(t testing.TB, name string) uint64 {
	t.Helper()
	i := f.l.Output(name)
	require.GreaterOrEqual(t, i, 0, "no output %s", name)
	return pack.Uint64(f.l.Out(f.out, i))
}
