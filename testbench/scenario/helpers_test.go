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

type traffic_Spec = traffic.Spec

// mustQueue is a constant half-rate flow to queue q.
func mustQueue(q int) traffic.Spec {
	return traffic.Spec{Kind: traffic.KindConstant, Queue: &q, Rate: 0.5}
}
