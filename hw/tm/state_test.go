package tm

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stateConfig is a small switch run into overload: 2 ports × 2 queues,
// 128 cells, so every pipeline, FIFO and head drop is exercised.
func stateConfig(pol Policy, fm FreeMode, sch SchedMode) Config {
	c := DefaultConfig()
	c.B, c.P, c.Q, c.MaxPkt, c.R, c.K = 128, 2, 2, 8, 2, 2
	c.AlphaExp, c.Quantum = []int{1, -1}, []int{8, 4}
	c.Policy, c.FreeMode, c.Sched = pol, fm, sch
	c.PushoutWait = 16
	return c
}

// drive offers cycle cy's random packets (the same for every model with
// the same r).
func drive(r *rand.Rand, ms ...*TM) {
	n := r.IntN(4)
	for i := 0; i < n; i++ {
		a := Arrival{Queue: r.IntN(4), Cells: 1 + r.IntN(8)}
		for _, m := range ms {
			m.Offer(a)
		}
	}
}

// stateDiff names the first field where a and b differ ("" when equal),
// e.g. "Eg.Ports[1].Next: 40 != 41".
func stateDiff(a, b State) string {
	if reflect.DeepEqual(a, b) {
		return ""
	}
	return strings.TrimPrefix(diffValue("", reflect.ValueOf(a), reflect.ValueOf(b)), ".")
}

func diffValue(path string, a, b reflect.Value) string {
	switch a.Kind() {
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if d := diffValue(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: len %d != %d", path, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if d := diffValue(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i)); d != "" {
				return d
			}
		}
		return ""
	}
	if fmt.Sprint(a) != fmt.Sprint(b) {
		return fmt.Sprintf("%s: %v != %v", path, a, b)
	}
	return ""
}

// TestStateLockstep: two TMs driven alike have equal States every cycle,
// for every policy, free mode and scheduler, and the run is not idle (the
// comparison covers admissions, drops, head drops and transmissions).
func TestStateLockstep(t *testing.T) {
	for _, pol := range AllPolicies {
		for _, fm := range []FreeMode{FreeCell, FreeChain} {
			for _, sch := range []SchedMode{SchedSP, SchedDRR} {
				t.Run(fmt.Sprintf("%v/%v/%v", pol, fm, sch), func(t *testing.T) {
					c := stateConfig(pol, fm, sch)
					a, err := New(c)
					require.NoError(t, err)
					b, err := New(c)
					require.NoError(t, err)
					r := rand.New(rand.NewPCG(3, uint64(pol)))
					for cy := 0; cy < 2000; cy++ {
						drive(r, a, b)
						require.NoError(t, a.Step())
						require.NoError(t, b.Step())
						if d := stateDiff(a.State(), b.State()); d != "" {
							t.Fatalf("cycle %d: identically driven TMs differ at %s", cy, d)
						}
					}
					s := a.Stats().Total
					require.Positive(t, s.Transmitted.Pkts, "nothing transmitted")
					require.Positive(t, s.AdmDropped.Pkts, "no admission drop: not overloaded")
					if pol.Expels() {
						require.Positive(t, s.HeadDropped.Pkts, "no head drop")
					}
				})
			}
		}
	}
}

// TestStateDiverges: a TM that received one more packet, or whose register
// in one sub-block was changed, has a different State, and the difference
// is found in that sub-block's field: State covers every sub-block.
func TestStateDiverges(t *testing.T) {
	cases := []struct {
		name    string
		perturb func(m *TM)
		field   string // prefix of the first differing field
	}{
		{"one more offer", func(m *TM) { m.Offer(Arrival{Queue: 3, Cells: 1}); require.NoError(t, m.Step()) }, "Adm.S1"},
		{"qlen", func(m *TM) { m.r.qlenD[1]++ }, "Top.Qlen[1]"},
		{"serial", func(m *TM) { m.r.serial++ }, "Top.Serial"},
		{"enqueue rot_q", func(m *TM) { m.u.enq.rotQ ^= 1 }, "Enq.Rot"},
		{"enqueue fifo_q", func(m *TM) { m.u.enq.fifoQ.Push(enqPkt{q: 1, cells: 1}) }, "Enq.Fifo"},
		{"enqueue nv_q", func(m *TM) { m.u.enq.nxtV = !m.u.enq.nxtV }, "Enq.NextV"},
		{"dequeue PD read", func(m *TM) { m.r.deqRd.ready += 7 }, "DeqRd"},
		{"dequeue jobs_q", func(m *TM) { m.u.deq.jobsQ.Push(cellJob{q: 1}) }, "Deq.Jobs"},
		{"hd lane_q", func(m *TM) { m.u.hd.lanes[1].Push(hdEntry{q: 1, cur: 3, tail: 3, left: 1}) }, "HD.Lanes[1]"},
		{"hd stale_q", func(m *TM) { m.r.hdStale = !m.r.hdStale }, "HD.Stale"},
		{"sched port_ptr_q", func(m *TM) {
			st := m.u.sch.u.State()
			st.PortPtrQ ^= 1
			m.u.sch.u.SetState(st)
		}, "Sched.PortPtrQ"},
		{"egress next", func(m *TM) { m.u.eg.ports[1].next += 5 }, "Eg.Ports[1].Next"},
		{"egress port_rdy", func(m *TM) { m.u.eg.PortRdyO[0] ^= 2 }, "Eg.PortRdy"},
		{"selector over_q", func(m *TM) {
			st := m.u.sel.State()
			st.OverQ[0] ^= 4
			m.u.sel.SetState(st)
		}, "Sel.OverQ"},
		{"arbiter ptr_q", func(m *TM) {
			st := m.u.arb.State()
			st.PtrQ = (st.PtrQ + 1) % 4
			m.u.arb.SetState(st)
		}, "Arb.PtrQ"},
		{"pd head length", func(m *TM) { m.u.pdl.HeadLenO[2]++ }, "PD.HeadLen[2]"},
		{"pd word", func(m *TM) { v := m.ram.pd.Peek(9); v.Serial++; m.ram.pd.Init(9, v) }, "PDMem[9]"},
		{"free bank count", func(m *TM) { m.u.fl.bank[1].cnt++ }, "FL.Count[1]"},
		{"cell pointer", func(m *TM) { m.ram.cp.Init(17, m.ram.cp.Peek(17)+1) }, "CP[17]"},
		{"cell data", func(m *TM) { m.ram.cd.Init(33, m.ram.cd.Peek(33)+1) }, "CD[33]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := stateConfig(PolicyOccamy, FreeCell, SchedDRR)
			a, err := New(c)
			require.NoError(t, err)
			b, err := New(c)
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(5, 5))
			warm := 400
			if tc.name == "one more offer" {
				// Early, while the buffer has room: at cycle 400 the overload
				// refuses every queue's next packet, which changes only the
				// counters.
				warm = 3
			}
			for cy := 0; cy < warm; cy++ {
				drive(r, a, b)
				require.NoError(t, a.Step())
				require.NoError(t, b.Step())
			}
			require.Empty(t, stateDiff(a.State(), b.State()))
			tc.perturb(b)
			if tc.name == "one more offer" {
				require.NoError(t, a.Step())
			}
			d := stateDiff(a.State(), b.State())
			require.True(t, strings.HasPrefix(d, tc.field), "first difference %q, want one at %s", d, tc.field)
		})
	}
}

// TestStateEgressHeadLeft: State's transmit ring of a port shows its head
// packet's cells left once some of its cells have gone (u_egress keeps
// that count in the port, hl, not in the ring's entry).
func TestStateEgressHeadLeft(t *testing.T) {
	m, err := New(stateConfig(PolicyDT, FreeCell, SchedSP))
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(7, 7))
	for cy := 0; cy < 2000; cy++ {
		drive(r, m)
		require.NoError(t, m.Step())
		for p := range m.u.eg.ports {
			if pt := &m.u.eg.ports[p]; pt.tn > 0 && pt.hl < pt.tx[pt.th].cells {
				tx := m.State().Eg.Ports[p].Tx
				assert.Equal(t, pt.hl, tx[0].left, "cycle %d: port %d: State Eg.Ports[%d].Tx[0].left", cy, p, p)
				assert.Less(t, tx[0].left, tx[0].cells, "cycle %d: port %d: State Eg.Ports[%d].Tx[0] partly sent", cy, p, p)
				return
			}
		}
	}
	t.Fatal("no packet partly sent in 2000 cycles")
}
