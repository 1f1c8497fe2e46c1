package tm

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEgressPorts drives tm_egress's Go twin alone (P=2, K=2, R=2,
// TXWIN=3) through a sequence of cycles and checks every output each
// cycle against the contract of its Verilog header: a return's first
// cell leaves in the return's cycle when the line is free, the next one R
// cycles later; a port sends at most once every R cycles; a return into
// a busy buffer waits behind it; ports are independent; eg_* read 0 on a
// port that does not send; port_rdy_o is registered (fewer than TXWIN
// cells pending at the start of the cycle, and no booking on the port in
// the cycle before: port 1, booked in cycle 1, is not ready in 2, the
// egress cut); EgLastO marks a packet's last cell.
func TestEgressPorts(t *testing.T) {
	c := DefaultConfig()
	c.P, c.Q, c.K, c.R, c.TxWindow, c.MaxPkt, c.B = 2, 1, 2, 2, 3, 4, 64
	e := newEgress(&c)
	type issue struct {
		port, cells int
	}
	type ret struct {
		port, q int
		tags    []uint64
	}
	type cyc struct {
		iss   *issue
		ret   *ret
		rdy   uint64 // port_rdy_o
		valid uint32
		qid   [2]int32
		tag   [2]uint64
		last  uint32
	}
	seq := []cyc{
		/* 0 */ {iss: &issue{0, 3}, rdy: 0b11},
		/* 1 */ {iss: &issue{1, 1}, ret: &ret{0, 0, []uint64{0x10, 0x11}}, rdy: 0b10, valid: 0b01, tag: [2]uint64{0x10, 0}},
		/* 2 */ {ret: &ret{1, 1, []uint64{0x20}}, rdy: 0b01, valid: 0b10, qid: [2]int32{0, 1}, tag: [2]uint64{0, 0x20}, last: 0b10},
		/* 3 */ {ret: &ret{0, 0, []uint64{0x12}}, rdy: 0b11, valid: 0b01, tag: [2]uint64{0x11, 0}},
		/* 4 */ {rdy: 0b11},
		/* 5 */ {rdy: 0b11, valid: 0b01, tag: [2]uint64{0x12, 0}, last: 0b01},
		/* 6 */ {rdy: 0b11},
	}
	for cy, x := range seq {
		e.IssueI, e.RetI = x.iss != nil, x.ret != nil
		if x.iss != nil {
			e.IssuePortI, e.IssueCellsI = uint16(x.iss.port), uint32(x.iss.cells)
		}
		if x.ret != nil {
			e.RetPortI, e.RetQidI, e.RetCntI = uint16(x.ret.port), int32(x.ret.q), len(x.ret.tags)
			copy(e.RetTagI, x.ret.tags)
		}
		e.Eval()
		assert.Equal(t, x.rdy, e.PortRdyO[0], "cycle %d: port_rdy_o", cy)
		assert.Equal(t, x.valid, e.EgValidO, "cycle %d: eg_valid_o", cy)
		for p := 0; p < 2; p++ {
			assert.Equal(t, x.qid[p], e.EgQidO[p], "cycle %d: eg_qid_o[%d]", cy, p)
			assert.Equal(t, x.tag[p], e.EgTagO[p], "cycle %d: eg_tag_o[%d]", cy, p)
		}
		assert.Equal(t, x.last, e.EgLastO, "cycle %d: last cell of a packet", cy)
		e.Commit()
	}
	require.NoError(t, e.Err())
}

// TestEgressRateLimit: one port with a full buffer sends exactly every R
// cycles, R from 1 to 4, and its buffer drains in order.
func TestEgressRateLimit(t *testing.T) {
	for r := 1; r <= 4; r++ {
		c := DefaultConfig()
		c.P, c.Q, c.K, c.R, c.TxWindow, c.MaxPkt = 1, 1, 4, r, 16, 8
		e := newEgress(&c)
		e.IssueI, e.IssuePortI, e.IssueCellsI = true, 0, 8
		e.Eval()
		e.Commit()
		e.IssueI = false
		var sent []int
		var tags []uint64
		for cy := 1; cy < 40; cy++ {
			e.RetI = cy <= 2
			e.RetPortI, e.RetCntI = 0, 4
			for s := range e.RetTagI {
				e.RetTagI[s] = uint64(4*(cy-1) + s)
			}
			e.Eval()
			if e.EgValidO != 0 {
				sent = append(sent, cy)
				tags = append(tags, e.EgTagO[0])
			}
			e.Commit()
		}
		require.Len(t, sent, 8, "R=%d", r)
		for i := range sent {
			assert.Equal(t, 1+i*r, sent[i], "R=%d: send %d", r, i)
			assert.Equal(t, uint64(i), tags[i], "R=%d: cell %d in order", r, i)
		}
	}
}

// TestEgressMisuse: an issue to a port whose transmit ring is full, and a
// return of more cells than its buffer holds, are errors Err reports with
// their cycle and port (the first one only), and they raise the top's
// flag in the cycle they happen; before it Err is nil and the flag down.
func TestEgressMisuse(t *testing.T) {
	cases := []struct {
		name string
		iss  bool // an issue of one cell on port 1 every cycle
		ret  bool // a return of K cells on port 1 every cycle
		want string
	}{
		{"transmit ring full", true, false, "port 1 transmit ring full"},
		{"buffer overflow", false, true, "port 1 buffer overflow"},
		{"both: the ring's first", true, true, "port 1 "},
	}
	for _, tc := range cases {
		c := DefaultConfig()
		c.P = 2
		e := newEgress(&c)
		var flag bool
		e.errs = &flag
		at := -1 // the cycle of the first misuse
		for cy := 0; cy < 200 && at < 0; cy++ {
			e.IssueI, e.IssuePortI, e.IssueCellsI = tc.iss, 1, 1
			e.RetI, e.RetPortI, e.RetQidI, e.RetCntI = tc.ret, 1, 0, c.K
			e.Eval()
			pt := &e.ports[1]
			if tc.iss && pt.tn == len(pt.tx) || tc.ret && pt.bn+c.K > len(pt.buf) {
				at = cy
			}
			require.NoError(t, e.Err(), "%s: cycle %d: Err before the misuse", tc.name, cy)
			require.False(t, flag, "%s: cycle %d: the top's flag before the misuse", tc.name, cy)
			e.Commit()
		}
		require.GreaterOrEqual(t, at, 0, "%s: no misuse in 200 cycles", tc.name)
		assert.True(t, flag, "%s: cycle %d: the top's flag", tc.name, at)
		e.Eval()
		e.Commit() // a second misuse before Err is asked: Err reports the first
		err := e.Err()
		require.Error(t, err, "%s: cycle %d: Err", tc.name, at)
		assert.Contains(t, err.Error(), fmt.Sprintf("tm_egress: cycle %d: %s", at, tc.want), "%s: Err", tc.name)
	}
}

// TestEgressBookLagDeclared: one booking on port 0 of an idle egress
// (P=2, TXWIN=4) in cycle 0; its cells count in the port's pending from
// the edge that ends cycle EgressBookLag, and port_rdy_o[0] is low in
// cycles 1..EgressBookLag whatever the window holds, then low only if
// the booking filled the window. Port 1 stays ready throughout.
func TestEgressBookLagDeclared(t *testing.T) {
	for _, cells := range []int{1, 3, 4, 6} {
		t.Run(fmt.Sprint("cells", cells), func(t *testing.T) {
			c := DefaultConfig()
			c.P, c.Q, c.K, c.R, c.TxWindow, c.MaxPkt = 2, 1, 2, 2, 4, 8
			e := newEgress(&c)
			for cy := 0; cy < 6; cy++ {
				e.IssueI, e.IssuePortI, e.IssueCellsI = cy == 0, 0, uint32(cells)
				e.Eval()
				wantPend := 0
				if cy > EgressBookLag {
					wantPend = cells
				}
				wantRdy := cy == 0 || cy > EgressBookLag && cells < c.TxWindow
				assert.Equal(t, wantPend, e.ports[0].pending, "cycle %d: port 0 pend_q", cy)
				assert.Equal(t, wantRdy, e.PortRdyO.Test(0), "cycle %d: port_rdy_o[0]", cy)
				assert.True(t, e.PortRdyO.Test(1), "cycle %d: port_rdy_o[1]", cy)
				e.Commit()
			}
		})
	}
}
