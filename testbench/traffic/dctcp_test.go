package traffic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bottleneck is a trivially correct switch port for testing the senders: a
// FIFO that sends one packet every gap cycles, marks a packet whose arrival
// finds more than k packets queued, and drops one that finds cap.
type bottleneck struct {
	q         []Sent
	gap, next uint64
	k, cap    int
	drops     int
	maxLen    int
	sumLen    float64
	busy      uint64
	marks     []bool
}

func (b *bottleneck) step(now uint64, n *Network, in []Sent) {
	for _, s := range in {
		if len(b.q) >= b.cap {
			b.drops++
			continue
		}
		b.marks = append(b.marks, len(b.q) > b.k)
		b.q = append(b.q, s)
	}
	b.maxLen = max(b.maxLen, len(b.q))
	b.sumLen += float64(len(b.q))
	if len(b.q) > 0 && now >= b.next {
		s := b.q[0]
		m := b.marks[0]
		b.q, b.marks = b.q[1:], b.marks[1:]
		b.next = now + b.gap
		b.busy++
		n.Delivered(now, s.Flow, s.Seq, m)
	}
}

func testNet(t *testing.T) *Network {
	n, err := NewNetwork(DefaultDCTCP(500, 20000), Env{P: 1, Q: 1, R: 1, CellBytes: 256})
	require.NoError(t, err)
	return n
}

// TestDCTCPHoldsQueueNearK: two long-lived flows from two hosts (2:1 over
// one port) settle with the queue around the marking threshold, lose
// nothing, keep the port busy, and mark a fraction of their packets.
func TestDCTCPHoldsQueueNearK(t *testing.T) {
	n := testNet(t)
	for h := 0; h < 2; h++ {
		_, err := n.Add(Flow{Host: h, Queue: 0, Cells: 4})
		require.NoError(t, err)
	}
	b := &bottleneck{gap: 4, k: 40, cap: 1000}
	var buf []Sent
	const warm, total = 50000, 250000
	for c := uint64(0); c < total; c++ {
		buf = n.Tick(c, buf[:0])
		if c == warm {
			b.maxLen, b.sumLen, b.busy = 0, 0, 0
		}
		b.step(c, n, buf)
	}
	mean := b.sumLen / float64(total-warm)
	assert.Zero(t, b.drops, "drops with a 1000-packet buffer")
	assert.Less(t, b.maxLen, 3*b.k, "queue peak %d after warm-up, marking at %d", b.maxLen, b.k)
	assert.InDelta(t, float64(b.k), mean, float64(b.k)/2, "mean queue %.1f, marking threshold %d", mean, b.k)
	assert.Greater(t, float64(b.busy)/float64((total-warm)/b.gap), 0.95, "port utilisation")
	for i, f := range n.Flows {
		assert.Zero(t, f.RTOs, "flow %d timeouts", i)
		assert.Positive(t, f.MarkedAcks, "flow %d never saw a mark", i)
		assert.Less(t, f.Alpha(), 1.0, "flow %d α", i)
	}
}

// TestIncastRecovers: 40 flows of 30 packets from 5 hosts into a 40-packet
// buffer without marking lose packets, recover by fast retransmit or
// timeout, and every flow completes with every packet delivered in order.
func TestIncastRecovers(t *testing.T) {
	n := testNet(t)
	for i := 0; i < 40; i++ {
		_, err := n.Add(Flow{Host: i % 5, Queue: 0, Cells: 4, Size: 30, Start: 10})
		require.NoError(t, err)
	}
	b := &bottleneck{gap: 4, k: 1 << 30, cap: 40}
	var buf []Sent
	c := uint64(0)
	for ; c < 5_000_000; c++ {
		buf = n.Tick(c, buf[:0])
		b.step(c, n, buf)
		done := true
		for _, f := range n.Flows {
			done = done && f.Done
		}
		if done {
			break
		}
	}
	require.Less(t, c, uint64(5_000_000), "incast never completed")
	assert.Positive(t, b.drops, "the buffer never overflowed: the test does not exercise recovery")
	rto, retrans := 0, int64(0)
	for i, f := range n.Flows {
		require.True(t, f.Done, "flow %d", i)
		assert.Equal(t, f.Size, f.rcvNext, "flow %d: in-order packets at the receiver", i)
		rto += f.RTOs
		retrans += f.Retrans
	}
	assert.Positive(t, retrans+int64(rto), "drops %d but no retransmission", b.drops)
	t.Logf("incast: %d drops, %d retransmissions, %d timeouts, done at cycle %d", b.drops, retrans, rto, c)
}

func TestDCTCPValidate(t *testing.T) {
	for _, tc := range []struct {
		mut  func(*DCTCP)
		want string
	}{
		{func(p *DCTCP) { p.G = 0 }, "G=0"},
		{func(p *DCTCP) { p.InitCwnd = 0 }, "InitCwnd=0"},
		{func(p *DCTCP) { p.BaseRTT = 0 }, "BaseRTT=0"},
		{func(p *DCTCP) { p.RTO = 10 }, "RTO=10"},
		{func(p *DCTCP) { p.MaxBack = 20 }, "MaxBack=20"},
	} {
		p := DefaultDCTCP(100, 1000)
		tc.mut(&p)
		assert.ErrorContains(t, p.Validate(), tc.want)
	}
	n := testNet(t)
	_, err := n.Add(Flow{Queue: 5, Cells: 1})
	assert.ErrorContains(t, err, "flow queue 5")
}
