package demo

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/expulsion"
)

func smallConfig() Config {
	c := DefaultConfig()
	c.Params = expulsion.Params{N: 16, Q: 4, QW: 12, AW: 4, B: 512, P: 512}
	c.FillCycles, c.MaxCycles = 3000, 20000
	return c
}

func TestRunDrainsAndConserves(t *testing.T) {
	for _, s := range []int{-2, 0, 1, 3} {
		cfg := smallConfig()
		cfg.AlphaExp = s
		r, err := Run(cfg, nil)
		require.NoError(t, err, "alpha exponent %d", s)
		assert.True(t, r.Drained, "alpha exponent %d: the drain phase did not end", s)
		assert.Zero(t, r.Over, "alpha exponent %d: queues left over their threshold", s)
		var queued uint64
		for i, q := range r.Qlen {
			queued += uint64(q)
			assert.LessOrEqual(t, q, r.Thr[i], "alpha exponent %d: queue %d", s, i)
		}
		// Arrivals finish their last packet, so every cell is free or queued.
		assert.Equal(t, uint64(cfg.Params.B), uint64(r.Free)+queued, "alpha exponent %d: free + queued", s)
		assert.Equal(t, r.CellsArrived, queued+r.CellsExpelled, "alpha exponent %d: arrived = queued + expelled", s)
		assert.Positive(t, r.PktsExpelled, "alpha exponent %d: nothing was expelled", s)
	}
}

func TestRunIsDeterministic(t *testing.T) {
	a, err := Run(smallConfig(), nil)
	require.NoError(t, err)
	b, err := Run(smallConfig(), nil)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	c := smallConfig()
	c.Seed = 2
	d, err := Run(c, nil)
	require.NoError(t, err)
	assert.NotEqual(t, a.Qlen, d.Qlen, "another seed gave the same queues")
}

func TestRunRejectsBadInput(t *testing.T) {
	c := smallConfig()
	c.AlphaExp = 8
	_, err := Run(c, nil)
	assert.ErrorContains(t, err, "alpha exponent 8 out of range")
	c = smallConfig()
	c.Params.N = 0
	_, err = Run(c, nil)
	assert.ErrorContains(t, err, "parameter N=0")
	c = smallConfig()
	c.MaxPktCell = 0
	_, err = Run(c, nil)
	assert.ErrorContains(t, err, "MaxPktCell")
}

func TestPrint(t *testing.T) {
	cfg := smallConfig()
	r, err := Run(cfg, nil)
	require.NoError(t, err)
	var buf bytes.Buffer
	r.Print(&buf, cfg)
	out := buf.String()
	assert.Contains(t, out, "expelled")
	assert.Contains(t, out, "longest queues")
}
