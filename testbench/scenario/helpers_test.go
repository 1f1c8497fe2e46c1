package scenario

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/testbench/traffic"
)

func mustFlag(t *testing.T, s string) traffic.Spec {
	t.Helper()
	spec, err := traffic.ParseFlag(s, "--source")
	require.NoError(t, err)
	return *spec
}
