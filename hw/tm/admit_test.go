package tm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// admSlot is one ingress slot's offer.
type admSlot struct{ q, n int }

// newTestAdmission is tm_admission's Go twin at N = 4 queues (2 classes),
// QW = 8, IN = 4 slots, for policy pol, with WAIT = wait.
func newTestAdmission(t *testing.T, pol Policy, wait int) *Admission {
	c := DefaultConfig()
	c.P, c.Q, c.QW, c.B, c.MaxPkt, c.MaxOffers, c.Policy, c.PushoutWait = 2, 2, 8, 200, 16, 4, pol, wait
	c.AlphaExp, c.Quantum = []int{0, 0}, []int{1, 1}
	a, err := newAdmission(&c)
	require.NoError(t, err)
	return a
}

// TestAdmissionPorts drives tm_admission's Go twin alone through its
// ports, three cycles per case (the offers; their decision on in_ok_o;
// their effects), the inputs held, and checks every output against the
// contract in the Verilog header: DT admits iff qlen + n <= thr and
// n <= free with qlen and free the start-of-cycle values less the cells
// of every earlier valid slot (admitted or not), at the threshold
// included, and a saturated threshold still needs n <= free; Pushout
// admits what fits, else a packet of a queue shorter than the longest
// start-of-cycle queue while free - n >= -WAIT; adm_* lists the admitted
// packets packed from entry 0 with serials from serial_i + 1; qlen_o,
// free_o and serial_o are after the admissions.
func TestAdmissionPorts(t *testing.T) {
	cases := []struct {
		name   string
		pol    Policy
		wait   int
		qlen   []uint32
		thr    []uint32
		free   int
		slots  []admSlot // q < 0: an empty slot
		ok     []bool
		qlenO  []uint32
		freeO  int
		admQid []uint32
	}{
		{"DT: running length reaches the threshold, then refused", polDT, 0, []uint32{0, 5, 0, 0}, []uint32{10, 10, 10, 10}, 100,
			[]admSlot{{1, 3}, {1, 2}, {1, 1}, {0, 4}}, []bool{true, true, false, true}, []uint32{4, 10, 0, 0}, 91, []uint32{1, 1, 0}},
		{"DT: the free count less every earlier valid slot's cells, admitted or not", polDT, 0, []uint32{0, 0, 0, 0}, []uint32{255, 255, 255, 255}, 7,
			[]admSlot{{0, 4}, {1, 4}, {2, 3}, {3, 1}}, []bool{true, false, false, false}, []uint32{4, 0, 0, 0}, 3, []uint32{0}},
		{"DT: a refused slot's cells count against a later slot of its queue", polDT, 0, []uint32{0, 2, 0, 0}, []uint32{10, 10, 10, 10}, 100,
			[]admSlot{{1, 9}, {1, 3}, {0, 3}}, []bool{false, false, true}, []uint32{3, 2, 0, 0}, 97, []uint32{0}},
		{"DT: saturated threshold still needs free cells", polDT, 0, []uint32{0, 0, 0, 0}, []uint32{255, 255, 255, 255}, 2,
			[]admSlot{{0, 3}}, []bool{false}, []uint32{0, 0, 0, 0}, 2, nil},
		{"DT: an empty slot's stale queue and cells count for nothing (slot 0: queue 0, 9 cells, not valid)", polDT, 0, []uint32{0, 0, 0, 0}, []uint32{10, 10, 10, 10}, 12,
			[]admSlot{{-1, 9}, {0, 3}}, []bool{false, true}, []uint32{3, 0, 0, 0}, 9, []uint32{0}},
		{"DT: empty slots in between", polDT, 0, []uint32{0, 0, 0, 0}, []uint32{10, 10, 10, 10}, 50,
			[]admSlot{{-1, 0}, {2, 1}, {-1, 0}, {3, 2}}, []bool{false, true, false, true}, []uint32{0, 0, 1, 2}, 47, []uint32{2, 3}},
		{"Pushout: fits, waits behind the longest, the longest refused, the wait full", polPushoutPort, 5, []uint32{9, 3, 0, 0}, []uint32{0, 0, 0, 0}, 4,
			[]admSlot{{1, 4}, {1, 5}, {0, 1}, {2, 1}}, []bool{true, true, false, false}, []uint32{9, 12, 0, 0}, -5, []uint32{1, 1}},
		{"Pushout: the longest is of the start of the cycle", polPushoutPort, 50, []uint32{9, 8, 0, 0}, []uint32{0, 0, 0, 0}, 0,
			[]admSlot{{1, 4}, {1, 4}}, []bool{true, false}, []uint32{9, 12, 0, 0}, -4, []uint32{1}},
		{"Pushout: free - n >= -WAIT", polPushoutPort, 3, []uint32{9, 0, 0, 0}, []uint32{0, 0, 0, 0}, 1,
			[]admSlot{{-1, 0}, {2, 4}, {3, 4}}, []bool{false, true, false}, []uint32{9, 0, 4, 0}, -3, []uint32{2}},
		{"ABM: the threshold divided among the class's busy queues", polABM, 0, []uint32{2, 0, 1, 0}, []uint32{12, 12, 12, 12}, 100,
			[]admSlot{{0, 4}, {0, 1}, {1, 3}, {3, 6}}, []bool{true, false, true, true}, []uint32{6, 3, 1, 6}, 87, []uint32{0, 1, 3}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := newTestAdmission(t, tc.pol, tc.wait)
			copy(a.QlenI, tc.qlen)
			copy(a.ThrI, tc.thr)
			a.ActiveI[0], a.ActiveI[1] = 2, 0 // queues 0 and 2 (class 0) hold cells
			a.FreeI, a.SerialI = tc.free, 41
			for i, s := range tc.slots {
				a.InValidI[i], a.InQidI[i], a.InCellsI[i] = s.q >= 0, uint32(max(s.q, 0)), uint32(s.n)
			}
			a.InNI = len(tc.slots)
			a.Eval() // cycle 0: the offers (stage 1)
			assert.Equal(t, tc.qlen, a.QlenO, "cycle 0: qlen_o")
			a.Commit()
			a.InNI = 0
			a.Eval() // cycle 1: the decision (stage 2)
			first := append([]bool(nil), a.InOkO...)
			a.Eval() // the same again
			assert.Equal(t, first, a.InOkO, "cycle 1, Eval twice: in_ok_o")
			for i := range tc.ok {
				assert.Equal(t, tc.ok[i], a.InOkO[i], "cycle 1: in_ok_o[%d]", i)
			}
			assert.Equal(t, tc.qlen, a.QlenO, "cycle 1: qlen_o")
			assert.Equal(t, tc.free, a.FreeO, "cycle 1: free_o")
			assert.Zero(t, a.AdmNO, "cycle 1: adm_n_o")
			a.Commit()
			a.Eval() // cycle 2: the effects registered (stage 3), none applied
			assert.Equal(t, make([]bool, len(a.InOkO)), a.InOkO, "cycle 2: in_ok_o")
			assert.Equal(t, tc.qlen, a.QlenO, "cycle 2: qlen_o")
			assert.Equal(t, tc.free, a.FreeO, "cycle 2: free_o")
			assert.Zero(t, a.AdmNO, "cycle 2: adm_n_o")
			a.Commit()
			a.Eval() // cycle 3: the effects (stage 4, AdmitSettle = 2)
			assert.Equal(t, tc.qlenO, a.QlenO, "qlen_o")
			assert.Equal(t, tc.freeO, a.FreeO, "free_o")
			require.Equal(t, len(tc.admQid), a.AdmNO, "adm_n_o")
			for k, q := range tc.admQid {
				assert.Equal(t, q, a.AdmQidO[k], "adm_qid_o[%d]", k)
				assert.Equal(t, uint32(42+k), a.AdmSerialO[k], "adm_serial_o[%d]", k)
			}
			for k := a.AdmNO; k < len(a.AdmQidO); k++ {
				assert.Zero(t, a.AdmQidO[k]+a.AdmCellsO[k]+a.AdmSerialO[k], "adm_*[%d] beyond adm_n_o", k)
			}
			assert.Equal(t, uint32(41+a.AdmNO), a.SerialO, "serial_o")
		})
	}
}

// TestAdmissionClearsSlots: a slot admitted in one cycle and empty in the
// next reads 0 on in_ok_o a cycle later, as do adm_* entries beyond the
// new count three cycles later (AdmitSettle = 2).
func TestAdmissionClearsSlots(t *testing.T) {
	a := newTestAdmission(t, polDT, 0)
	for i := range a.ThrI {
		a.ThrI[i] = 100
	}
	a.FreeI = 100
	for i := 0; i < 4; i++ {
		a.InValidI[i], a.InQidI[i], a.InCellsI[i] = true, uint32(i), 1
	}
	step := func() { a.Eval(); a.Commit() }
	step()
	a.InValidI[0], a.InNI = false, 2
	a.Eval()
	require.Equal(t, []bool{true, true, true, true}, a.InOkO)
	a.Commit()
	a.InNI = 0
	a.Eval()
	require.Zero(t, a.AdmNO)
	assert.Equal(t, []bool{false, true, false, false}, a.InOkO)
	a.Commit()
	a.Eval()
	require.Equal(t, 4, a.AdmNO)
	assert.Equal(t, []bool{false, false, false, false}, a.InOkO)
	a.Commit()
	a.Eval()
	assert.Equal(t, 1, a.AdmNO)
	assert.Equal(t, []uint32{1, 0, 0, 0}, a.AdmQidO)
}

// TestAdmissionCountsBatchInEffect: a decision counts the cells of the
// batches decided and not yet in qlen_i (s2, registered; s3, taking effect
// at stage 4) in the cycle of its offer (stage 1's base) and in the cycle
// of the decision (stage 2): DT at threshold 8 on queue 0, qlen_i held 0,
// one slot a cycle.
func TestAdmissionCountsBatchInEffect(t *testing.T) {
	cases := []struct {
		name   string
		offers []admSlot // per cycle, slot 0 (q < 0: none)
		ok     []bool    // per cycle, in_ok_o[0]: the offer of the cycle before
	}{
		{"stage 2: A (5 cells) in s2 as B (5) is decided", []admSlot{{0, 5}, {0, 5}, {-1, 0}}, []bool{false, true, false}},
		{"stage 1: A (5) in s2 as C (4) is offered", []admSlot{{0, 5}, {-1, 0}, {0, 4}, {-1, 0}}, []bool{false, true, false, false}},
		{"stage 1: C (3) reaches the threshold with A", []admSlot{{0, 5}, {-1, 0}, {0, 3}, {-1, 0}}, []bool{false, true, false, true}},
		{"stage 1: A (5) takes effect (s3) as D (4) is offered", []admSlot{{0, 5}, {-1, 0}, {-1, 0}, {0, 4}, {-1, 0}}, []bool{false, true, false, false, false}},
		{"stage 1: D (3) reaches the threshold with A in s3", []admSlot{{0, 5}, {-1, 0}, {-1, 0}, {0, 3}, {-1, 0}}, []bool{false, true, false, false, true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := newTestAdmission(t, polDT, 0)
			for i := range a.ThrI {
				a.ThrI[i] = 8
			}
			a.FreeI = 100
			for c, s := range tc.offers {
				a.InValidI[0], a.InQidI[0], a.InCellsI[0], a.InNI = s.q >= 0, uint32(max(s.q, 0)), uint32(s.n), 1
				a.Eval()
				assert.Equal(t, tc.ok[c], a.InOkO[0], "cycle %d: in_ok_o[0]", c)
				a.Commit()
			}
		})
	}
}

// TestAdmissionEvalAgainWithoutOffers: Eval is combinational on its
// inputs: a cycle evaluated with an offer and then again without one
// registers none (the next cycle decides nothing).
func TestAdmissionEvalAgainWithoutOffers(t *testing.T) {
	a := newTestAdmission(t, polDT, 0)
	for i := range a.ThrI {
		a.ThrI[i] = 100
	}
	a.FreeI = 100
	a.InValidI[0], a.InQidI[0], a.InCellsI[0], a.InNI = true, 1, 2, 1
	a.Eval()
	a.InValidI[0], a.InNI = false, 0
	a.Eval()
	a.Commit()
	a.Eval()
	assert.False(t, a.InOkO[0], "cycle 1: in_ok_o[0]")
	assert.Zero(t, a.DecNO, "cycle 1: slots decided")
}
