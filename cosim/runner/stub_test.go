//go:build !verilator

package runner

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/cosim"
)

// TestNoVerilatorSupport: without the verilator tag a Verilator run fails
// at once with the bridge's one-line error.
func TestNoVerilatorSupport(t *testing.T) {
	_, err := Run(context.Background(), Options{Block: "arbiter", VerilogDir: "../.."})
	require.ErrorIs(t, err, cosim.ErrNoVerilatorSupport)
}
