package verilator

import (
	"context"
	"errors"
	"os/exec"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/outfile/outfiletest"
)

// TestDiscoverFullCache: a cache on a full disk is named as such. Before,
// Verilator's XML was cut short without an error of its own and the
// message was "reading Verilator XML: XML syntax error ... unexpected EOF".
func TestDiscoverFullCache(t *testing.T) {
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("needs Verilator")
	}
	for _, size := range []int{16 << 10, 64 << 10} {
		dir := outfiletest.SmallFS(t, size)
		_, err := Discover(context.Background(), Spec{Sources: []string{"../../verilog/hd_selector.sv"}, Top: "hd_selector", CacheDir: dir})
		require.Error(t, err)
		assert.True(t, errors.Is(err, syscall.ENOSPC), "%v", err)
		assert.Contains(t, err.Error(), "cosim: "+dir+" (the build cache) is full: no space left on device")
	}
}
