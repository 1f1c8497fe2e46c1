//go:build verilator

package verilator

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/outfile/outfiletest"
)

// TestTraceFullDisk: a VCD that fills its disk does not stop the model:
// every cycle still runs without an event, and closing the trace returns
// the write error (ENOSPC, naming the file). Before, Verilator 5.006's
// VCD writer called vl_fatal and the run ended in a "fatal" event at the
// cycle the disk filled, reported as the RTL's.
func TestTraceFullDisk(t *testing.T) {
	dir := outfiletest.SmallFS(t, 16<<10)
	spec := counterSpec
	spec.Trace = true
	m := open(t, spec)
	path := filepath.Join(dir, "counter.vcd")
	require.NoError(t, m.Trace(path))
	f := newFrame(m.Layout())
	require.NoError(t, m.Reset(2))
	f.set(t, "rst_ni", 1)
	f.set(t, "en_i", 1)
	for c := 0; c < 20000; c++ {
		require.NoError(t, m.Cycle(f.in, f.out), "cycle %d", c)
	}
	err := m.Trace("")
	require.Error(t, err)
	assert.ErrorIs(t, err, syscall.ENOSPC)
	assert.Contains(t, err.Error(), path)
}
