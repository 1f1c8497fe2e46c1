package tm

import (
	"occamy/testbench/blocks"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hw "occamy/hw/tm"
	"occamy/rtl/pack"
	"occamy/rtl/port"
)

// tmRun is one TM block run on the golden side alone.
type tmRun struct {
	p   map[string]int
	l   port.Layout
	sd  blocks.Sides
	g   *gold
	in  []uint32
	out []uint32
}

func newTMRun(t *testing.T, given map[string]int, seed int64) *tmRun {
	b, err := blocks.Lookup("tm")
	require.NoError(t, err)
	p, err := b.Resolve(given)
	require.NoError(t, err, "%v", given)
	r := &tmRun{p: p}
	r.l, err = port.NewLayout(b.Ports(p), "clk_i", "rst_ni", false)
	require.NoError(t, err)
	r.sd, err = b.Build(p, &r.l, seed)
	require.NoError(t, err, "%s", b.ParamText(p))
	r.g = r.sd.Golden.(*gold)
	r.in, r.out = make([]uint32, r.l.InWords), make([]uint32, r.l.OutWords)
	return r
}

func (r *tmRun) get(name string, i, w int) uint64 {
	k := r.l.Output(name)
	return pack.GetWide(r.l.Out(r.out, k), i, w)
}

// tmTestSets are the TM parameter sets the adapter tests run: the
// defaults, occamy-lqd with chain freeing and DRR, the small set and one
// random configuration per shape.
func tmTestSets(b *blocks.Block) []map[string]int {
	sets := []map[string]int{nil, {"POLICY": 2, "CHAIN": 1, "DRR": 1, "QUANTUM": 7}, b.Small}
	for i, sh := range Shapes {
		sets = append(sets, RandomParams(sh, int64(i+1)))
	}
	return sets
}

// TestTMAdapterAgainstStats: the adapter's outputs, summed over a run of
// the random traffic, agree with the model's own counters: admitted and
// refused offers, head drops (packets and cells), cells sent per queue
// (each at most one partly sent packet per port ahead of Transmitted),
// and qlen_o/free_o one cycle later with the lengths and free count.
// Idle lanes and refused slots read 0, egress tags of a queue rise in
// serial and cell order.
func TestTMAdapterAgainstStats(t *testing.T) {
	b, _ := blocks.Lookup("tm")
	for _, given := range tmTestSets(b) {
		r := newTMRun(t, given, 3)
		name := b.ParamText(r.p)
		t.Run(name, func(t *testing.T) {
			sh := r.g.sh
			c := r.g.base
			var adm, drop, hd, hdCells uint64
			sent := make([]uint64, sh.N)
			lastTag := make([]int64, sh.N) // serial<<LW | index of the last cell sent, per queue
			for q := range lastTag {
				lastTag[q] = -1
			}
			slots := r.g.slots
			cycles := uint64(60000)
			rst := r.l.InOff[r.l.Input("rst_ni")]
			resets := 0
			valid := hw.NewOfferRing[int](hw.AdmitLag) // the valid slots of each cycle, until in_ok_o answers them
			for cyc := uint64(0); cyc < cycles; cyc++ {
				r.sd.Random.Next(cyc, r.in)
				r.sd.Golden.Step(r.in, r.out)
				if cyc < 2 {
					require.Equal(t, uint64(c.B), r.get("free_o", 0, c.QW), "free_o in reset")
					continue
				}
				if r.in[rst]&1 == 0 { // a reconfiguration (RECONF): the model starts again
					adm, drop, hd, hdCells = 0, 0, 0, 0
					clear(sent)
					for q := range lastTag {
						lastTag[q] = -1
					}
					resets++
					valid.Each(func(n *int) { *n = 0 })
					continue
				}
				now, packed := slots.Valid(r.in)
				require.True(t, packed)
				*valid.Now() = now
				n := *valid.Answered()
				valid.Next()
				for s := 0; s < sh.IN; s++ {
					ok := r.get("in_ok_o", s, 1) == 1
					require.False(t, ok && s >= n, "cycle %d: in_ok_o[%d] set for an idle slot (of %d answered)", cyc, s, n)
					if s < n {
						if ok {
							adm++
						} else {
							drop++
						}
					}
				}
				if r.get("hd_valid_o", 0, 1) == 1 {
					hd++
					hdCells += r.get("hd_cells_o", 0, sh.LW)
				} else {
					require.Zero(t, r.get("hd_qid_o", 0, sh.IW)|r.get("hd_cells_o", 0, sh.LW), "cycle %d: idle head-drop output", cyc)
				}
				for p := 0; p < c.P; p++ {
					q, tag := r.get("eg_qid_o", p, sh.IW), r.get("eg_tag_o", p, sh.TagW())
					if r.get("eg_valid_o", p, 1) == 0 {
						require.Zero(t, q|tag, "cycle %d: idle egress lane %d", cyc, p)
						continue
					}
					require.Equal(t, uint64(p), q/uint64(c.Q), "cycle %d: port %d sent queue %d", cyc, p, q)
					sent[q]++
					idx := tag & (1<<uint(sh.LW) - 1)
					if prev := lastTag[q]; prev >= 0 && idx != 0 {
						require.Equal(t, uint64(prev)+1, tag, "cycle %d: queue %d: cell after tag %x", cyc, q, prev)
					}
					lastTag[q] = int64(tag)
				}
			}
			require.NoError(t, r.sd.Err())
			st := r.g.m.Stats()
			assert.Equal(t, st.Total.Admitted.Pkts, adm, "admitted")
			assert.Equal(t, st.Total.AdmDropped.Pkts, drop, "admission drops")
			assert.Equal(t, st.Total.HeadDropped.Pkts, hd, "head drops")
			assert.Equal(t, st.Total.HeadDropped.Cells, hdCells, "head-dropped cells")
			var partial uint64
			for q := range sent {
				tx := st.Queues[q].Transmitted.Cells
				require.GreaterOrEqual(t, sent[q], tx, "queue %d: cells sent vs transmitted", q)
				partial += sent[q] - tx
			}
			assert.LessOrEqual(t, partial, uint64(c.P*c.MaxPkt), "cells of partly sent packets")
			assert.NotZero(t, adm, "nothing admitted: the run proves nothing")
			// One more cycle: qlen_o and free_o are the registers now.
			pr := r.g.m.Probe()
			want := append([]uint32(nil), pr.Qlen...)
			free := pr.Free
			r.sd.Random.Next(cycles, r.in)
			r.sd.Golden.Step(r.in, r.out)
			for q := range want {
				require.Equal(t, uint64(want[q]), r.get("qlen_o", q, c.QW), "qlen_o[%d]", q)
			}
			require.Equal(t, uint64(free), r.get("free_o", 0, c.QW))
			t.Logf("%s: %d admitted, %d refused, %d head drops since the last of %d reset cycles, %s", name, adm, drop, hd, resets, ConfigText(r.p))
		})
	}
}

// TestTMStimulusContract: every TM source (random traffic, directed,
// every scenario that fits) at the defaults, the small set and random
// configurations keeps to the input contract: reset in cycles 0 and 1,
// later only as 3-cycle pulses (the directed sequence's and RECONF's), the
// cfg_* words the same every cycle but from the second cycle of such a
// pulse, no slot valid in reset, valid slots packed from 0, queue < N,
// 1..MAXPKT cells; and the model reports no error over the run.
func TestTMStimulusContract(t *testing.T) {
	b, _ := blocks.Lookup("tm")
	type run struct {
		given map[string]int
		kind  string
	}
	var runs []run
	for _, k := range []string{"random", "directed"} {
		runs = append(runs, run{nil, k}, run{b.Small, k})
		for i, sh := range Shapes {
			runs = append(runs, run{RandomParams(sh, int64(10+i)), k})
		}
	}
	for i := range Scenarios() {
		runs = append(runs, run{map[string]int{"TRAFFIC": i + 1}, "random"})
	}
	for _, x := range runs {
		r := newTMRun(t, x.given, 5)
		t.Run(x.kind+" "+b.ParamText(r.p), func(t *testing.T) {
			src := r.sd.Random
			if x.kind == "directed" {
				src = r.sd.Directed
			}
			sh, slots := r.g.sh, r.g.slots
			cfgWords := make([]uint32, r.l.InWords)
			rst := r.l.InOff[r.l.Input("rst_ni")]
			var offers uint64
			low := 0 // reset cycles in a row
			cycles := uint64(30000)
			if x.kind == "directed" {
				cycles = 400000
			}
			for cyc := uint64(0); cyc < cycles; cyc++ {
				if x.kind == "directed" && r.sd.Directed.Done() {
					break
				}
				src.Next(cyc, r.in)
				inReset := r.in[rst]&1 == 0
				require.True(t, cyc >= 2 || inReset, "cycle %d: rst_ni released", cyc)
				if inReset {
					low++
				} else {
					require.True(t, low == 0 || low == 3 || cyc == 2, "cycle %d: a reset of %d cycles", cyc, low)
					low = 0
				}
				n, packed := slots.Valid(r.in)
				require.True(t, packed, "cycle %d: slots not packed", cyc)
				if inReset {
					require.Zero(t, n, "cycle %d: a slot valid in reset", cyc)
				}
				for s := 0; s < n; s++ {
					q, cells := slots.Slot(r.in, s)
					require.Less(t, q, sh.N, "cycle %d slot %d: queue", cyc, s)
					require.True(t, cells >= 1 && cells <= r.g.base.MaxPkt, "cycle %d slot %d: %d cells", cyc, s, cells)
				}
				offers += uint64(n)
				masked := maskSlots(r, r.in)
				if cyc == 0 || inReset && low >= 2 && cyc >= 2 {
					copy(cfgWords, masked)
				} else {
					require.Equal(t, cfgWords, masked, "cycle %d: the cfg_* inputs changed", cyc)
				}
				r.sd.Golden.Step(r.in, r.out)
			}
			require.NoError(t, r.sd.Err())
			require.NotZero(t, offers)
		})
	}
}

// maskSlots is the input words with rst_ni and the ingress slots cleared:
// what must stay the same every cycle.
func maskSlots(r *tmRun, in []uint32) []uint32 {
	w := append([]uint32(nil), in...)
	for _, name := range []string{"rst_ni", "in_valid_i", "in_qid_i", "in_cells_i"} {
		i := r.l.Input(name)
		clear(w[r.l.InOff[i] : r.l.InOff[i]+r.l.Inputs[i].Words()])
	}
	return w
}
