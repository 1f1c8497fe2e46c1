package scenario

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/testbench/traffic"
)

// eventTM builds the prepared scenario's TM with packet events on and its
// traffic mix, for tests that step the model themselves.
func eventTM(t *testing.T, p *Prepared) (*tm.TM, *traffic.Mix, tm.Config) {
	t.Helper()
	cfg := p.Config
	cfg.Events = true
	m, err := tm.New(cfg)
	require.NoError(t, err)
	mix, err := traffic.BuildAll(p.Sources, Env(&cfg), p.Seed, "sources")
	require.NoError(t, err)
	return m, mix, cfg
}

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
