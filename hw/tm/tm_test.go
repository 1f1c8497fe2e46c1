package tm

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/mem"
	"occamy/rtl"
	"occamy/rtl/vcd"
)

func TestConfigValidate(t *testing.T) {
	require.NoError(t, DefaultConfig().Validate())
	cases := []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"zero ports", func(c *Config) { c.P = 0 }, "parameter P=0 out of range, allowed 1..32"},
		{"queues", func(c *Config) { c.Q = 9 }, "parameter Q=9"},
		{"buffer", func(c *Config) { c.B = 0 }, "parameter B=0"},
		{"buffer vs QW", func(c *Config) { c.QW = 8 }, "parameter B=16384 out of range, allowed 1..255"},
		{"packet vs buffer", func(c *Config) { c.B = 32; c.MaxPkt = 64 }, "parameter MaxPkt=64"},
		{"packet vs bank", func(c *Config) { c.B = 17; c.K = 8; c.MaxPkt = 17 }, "longest sub-list must fit"},
		{"k", func(c *Config) { c.K = 3 }, "one of 1, 2, 4, 8"},
		{"R", func(c *Config) { c.R = 0 }, "parameter R=0"},
		{"policy", func(c *Config) { c.Policy = numPolicies }, `unknown Policy 6, allowed dt, occamy, occamy-lqd, pushout, pushout-ports, abm`},
		{"alpha len", func(c *Config) { c.AlphaExp = []int{1} }, "len(AlphaExp)"},
		{"alpha range", func(c *Config) { c.AlphaExp[2] = 8 }, "parameter AlphaExp[2]=8 out of range, allowed -8..7"},
		{"sched", func(c *Config) { c.Sched = "wfq" }, `unknown Sched "wfq", allowed sp, drr`},
		{"quantum", func(c *Config) { c.Sched = SchedDRR; c.Quantum[1] = 0 }, "Quantum[1]=0"},
		{"free mode", func(c *Config) { c.FreeMode = "bulk" }, `unknown FreeMode "bulk", allowed cell, chain`},
		{"tx window", func(c *Config) { c.TxWindow = 0 }, "TxWindow=0"},
		{"wait", func(c *Config) { c.PushoutWait = -1 }, "PushoutWait=-1"},
		{"offers", func(c *Config) { c.MaxOffers = 0 }, "MaxOffers=0"},
		{"pd writes", func(c *Config) { c.PD.WritePorts = 1 }, "parameter PD.WritePorts=1 out of range, allowed 2..64"},
		{"cp reads", func(c *Config) { c.CP.ReadPorts = 3 }, "parameter CP.ReadPorts=3 out of range, allowed 4..64"},
		{"cd latency", func(c *Config) { c.CD.ReadLatency = 0 }, "CD.ReadLatency=0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			tc.edit(&c)
			_, err := New(c)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.NotContains(t, err.Error(), "\n", "one-line error")
		})
	}
	var pe *rtl.ParamError
	c := DefaultConfig()
	c.P = 0
	assert.ErrorAs(t, c.Validate(), &pe)
}

// TestBrokenModelPortBudget breaks the model on purpose: after New, the
// cell-pointer memory's write budget is cut below what the dequeue's frees
// need (the pipelines trust the validated budget there). The next cycle
// that frees more cells than the budget must come back from Step as a
// *mem.PortError naming cp_mem, the cycle, the writes requested and the
// budget, not be served silently.
func TestBrokenModelPortBudget(t *testing.T) {
	c := DefaultConfig()
	m, err := New(c)
	require.NoError(t, err)
	m.ram.cp.P.WritePorts = 1
	var stepErr error
	for cy := 0; cy < 200 && stepErr == nil; cy++ {
		if cy == 0 {
			m.Offer(Arrival{Queue: 0, Cells: 8})
		}
		stepErr = m.Step()
	}
	var pe *mem.PortError
	require.ErrorAs(t, stepErr, &pe, "a request over the budget must be reported")
	assert.Equal(t, "cp_mem", pe.Mem)
	assert.Equal(t, "write", pe.Op)
	assert.Equal(t, 2, pe.Requested)
	assert.Equal(t, 1, pe.Budget)
	assert.Contains(t, stepErr.Error(), "cp_mem: cycle")
	t.Logf("caught: %v", stepErr)
	assert.Equal(t, stepErr, m.Step(), "the first error sticks")
}

// TestInvariantCatchesCorruption corrupts a running TM in several ways and
// checks that Check names each.
func TestInvariantCatchesCorruption(t *testing.T) {
	setup := func(t *testing.T) *TM {
		c := DefaultConfig()
		c.B, c.MaxPkt = 256, 16
		m, err := New(c)
		require.NoError(t, err)
		for cy := 0; cy < 40; cy++ {
			m.Offer(Arrival{Queue: 3, Cells: 5})
			require.NoError(t, m.Step())
		}
		require.NoError(t, m.Check())
		return m
	}
	cases := []struct {
		name    string
		corrupt func(m *TM)
		want    string
	}{
		{"free count", func(m *TM) { m.r.freeD++ }, "cells: free"},
		{"cell on two lists", func(m *TM) {
			// Free a cell that queue 3's head packet still holds.
			var x int32
			require.NoError(t, m.u.pdl.Walk(3, m.ram.pd, func(pd int32, v *mem.PD) { x = v.Heads[0] }))
			m.u.fl.appendNow(m.u.fl.bankOf(x), x, x, 1, m.ram.cp)
			m.r.freeD++
			m.acct.inflight--
		}, "on two lists"},
		{"lost packet", func(m *TM) { m.obs.stats.Queues[3].Transmitted.Pkts++ }, "queue 3:"},
		{"queue length", func(m *TM) { m.r.qlenD[3]++; m.acct.sumQlen++; m.r.freeD--; m.acct.unpopped++ }, "queue 3: length"},
		{"thresholds' credit", func(m *TM) { m.r.hdFly++ }, "the thresholds' free count credits"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := setup(t)
			tc.corrupt(m)
			err := m.Check()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			t.Logf("caught: %v", err)
		})
	}
}

func TestOfferErrors(t *testing.T) {
	cases := []struct {
		name  string
		offer func(m *TM)
		want  string
	}{
		{"queue", func(m *TM) { m.Offer(Arrival{Queue: 64, Cells: 1}) }, "cycle 0: arrival 0: queue 64 outside 0..63"},
		{"cells", func(m *TM) { m.Offer(Arrival{Queue: 0, Cells: 65}) }, "65 cells outside 1..64"},
		{"beyond the ingress", func(m *TM) {
			for i := 0; i < 3; i++ {
				m.Offer(Arrival{Queue: 0, Cells: 1})
			}
			m.Offer(Arrival{Queue: 0, Cells: 0}) // dropped at the ingress, still checked
		}, "cycle 0: arrival 3: 0 cells outside 1..64"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			c.MaxOffers = 2
			m, err := New(c)
			require.NoError(t, err)
			tc.offer(m)
			assert.ErrorContains(t, m.Step(), tc.want)
		})
	}
}

// TestDeterministic: two runs with the same arrivals give the same stats.
func TestDeterministic(t *testing.T) {
	c := DefaultConfig()
	c.B = 2048
	a := randomLoad(t, c, 5000, 0.2, 8, 42)
	b := randomLoad(t, c, 5000, 0.2, 8, 42)
	assert.Equal(t, *a.Stats(), *b.Stats())
}

// TestTraceVCD traces the TM under rtl.Sim to a VCD and checks the scope
// and signal names match the Verilog instance and port names.
func TestTraceVCD(t *testing.T) {
	c := DefaultConfig()
	c.B = 1024
	m, err := New(c)
	require.NoError(t, err)
	var buf bytes.Buffer
	tr, err := vcd.NewTracer(&buf, vcd.TracerOptions{})
	require.NoError(t, err)
	sim := rtl.NewSim()
	sim.Add("tm", m)
	require.NoError(t, sim.Trace(tr))
	for cy := 0; cy < 50; cy++ {
		m.Offer(Arrival{Queue: cy % 64, Cells: 1 + cy%8})
		require.NoError(t, sim.Step())
		require.NoError(t, m.Err())
	}
	require.NoError(t, sim.Close())
	assert.Equal(t, uint64(50), m.Cycle(), "Sim steps the TM's cycle")
	hdr := buf.String()
	for _, want := range []string{"$scope module tm", "qlen_q", "free_q", "thr_o", "over_o", "hd_gnt_idx", "hd_state", "deq_state",
		"$scope module u_sel", "$scope module u_arb", "gnt_idx_o", "$scope module u_cp_mem", "rd_use", "wr_use", "$scope module u_thr"} {
		assert.True(t, strings.Contains(hdr, want), "VCD header lacks %q", want)
	}
}

// TestStatsTotals: totals are the sums of the queues, and MaxLen tracks the
// buffer occupancy.
func TestStatsTotals(t *testing.T) {
	c := DefaultConfig()
	c.B = 512
	m := randomLoad(t, c, 3000, 0.5, 8, 7)
	s := m.Stats()
	var sum QueueStats
	for _, q := range s.Queues {
		sum.Arrived.add(q.Arrived)
		sum.Transmitted.add(q.Transmitted)
		sum.Len.add(q.Len)
	}
	assert.Equal(t, sum.Arrived, s.Total.Arrived)
	assert.Equal(t, sum.Transmitted, s.Total.Transmitted)
	assert.Equal(t, sum.Len, s.Total.Len)
	assert.LessOrEqual(t, s.Total.MaxLen.Cells, uint64(c.B))
	assert.Positive(t, s.Total.MaxLen.Cells)
	assert.Equal(t, uint64(3000), s.Cycles)
}
