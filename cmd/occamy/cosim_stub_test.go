//go:build !verilator

package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCosimWithoutVerilatorSupport: the pure-Go build says in one line how
// to get Verilator support, exit 2.
func TestCosimWithoutVerilatorSupport(t *testing.T) {
	for _, args := range [][]string{{"cosim", "--block", "arbiter"}, {"cosim", "--block", "all"}} {
		out, errText, code := runCLI(t, args...)
		require.Equal(t, 2, code)
		require.Empty(t, out)
		require.Equal(t, noVerilatorMsg, errText)
		require.NotContains(t, errText, "\n", "one line")
		require.True(t, strings.Contains(errText, "-tags verilator"))
	}
}
