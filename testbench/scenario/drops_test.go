package scenario

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/rtl/vcd"
)

// TestFirstDropsAreTheModelsEvents: the first head drop and the first
// admission drop a traced run reports (from the per-queue counters every
// Model keeps) are the cycle and queue of the first EvHeadDrop and
// EvAdmDrop hw/tm records for the same run (Config.Events); an untraced
// run looks for neither.
func TestFirstDropsAreTheModelsEvents(t *testing.T) {
	for _, pol := range []string{"occamy", "dt", "pushout", "occamy-lqd"} {
		t.Run(pol, func(t *testing.T) {
			p, err := Prepare(Options{Scenario: "dt-two-queue", Policy: pol, Cycles: u64(3000),
				Params: map[string]float64{"burst_start": 500}, TM: []TMSet{{Field: "B", Value: 1024}}})
			require.NoError(t, err)
			tr, err := vcd.NewTracer(io.Discard, vcd.TracerOptions{})
			require.NoError(t, err)
			res, err := Execute(p, tr)
			require.NoError(t, err)

			m, mix, _ := eventTM(t, p)
			first := map[tm.EventKind]uint64{}
			queues := map[tm.EventKind]map[int]bool{}
			for c := uint64(0); c < p.Cycles; c++ {
				for _, pk := range mix.Tick(c) {
					m.Offer(tm.Arrival{Queue: pk.Queue, Cells: pk.Cells})
				}
				require.NoError(t, m.Step())
				for _, e := range m.Events() {
					if _, seen := first[e.Kind]; seen && first[e.Kind] != c {
						continue
					}
					first[e.Kind] = c
					if queues[e.Kind] == nil {
						queues[e.Kind] = map[int]bool{}
					}
					queues[e.Kind][int(e.Queue)] = true
				}
			}
			check := func(name string, kind tm.EventKind, got *Drop) {
				c, ok := first[kind]
				if !ok {
					assert.Nil(t, got, "%s: the model recorded none", name)
					return
				}
				require.NotNil(t, got, "%s: the model's first at cycle %d", name, c)
				assert.Equal(t, c, got.Cycle, "%s: cycle", name)
				assert.True(t, queues[kind][got.Queue], "%s: queue %d is one of the model's that cycle %v", name, got.Queue, queues[kind])
				assert.Positive(t, got.Cells, "%s: cells", name)
			}
			check("first head drop", tm.EvHeadDrop, res.FirstHeadDrop)
			check("first admission drop", tm.EvAdmDrop, res.FirstAdmDrop)
			assert.NotNil(t, res.FirstAdmDrop, "a run that refuses packets (else this test checks nothing)")
			if pol != "dt" {
				assert.NotNil(t, res.FirstHeadDrop, "a run that head-drops (else this test checks nothing)")
			}

			res, err = Execute(p, nil)
			require.NoError(t, err)
			assert.Nil(t, res.FirstHeadDrop, "untraced")
			assert.Nil(t, res.FirstAdmDrop, "untraced")
		})
	}
}

// TestWaveView: the view is WaveMargin cycles either side of the drop,
// clamped to the run, the marker on the drop's rising edge; without a
// drop it is the whole run.
func TestWaveView(t *testing.T) {
	tests := []struct {
		name               string
		drop               *Drop
		cycles             uint64
		from, to, marker   uint64
		start, end         uint64
		summary, markerTag string
	}{
		{"middle", &Drop{Cycle: 1000, Queue: 3, Cells: 6}, 3000, 968, 1032, 1000, 968000, 1033000,
			"opens on cycles 968..1032 around the first head drop (cycle 1000, queue 3, 6 cells; marker A)", "first head drop q3"},
		{"at the start", &Drop{Cycle: 5, Queue: 0, Cells: 1}, 3000, 0, 37, 5, 0, 38000, "opens on cycles 0..37", "first head drop q0"},
		{"at the end", &Drop{Cycle: 2990, Queue: 63, Cells: 64}, 3000, 2958, 2999, 2990, 2958000, 3000000, "opens on cycles 2958..2999", "first head drop q63"},
		{"none", nil, 3000, 0, 2999, 0, 0, 3000000, "opens on the whole run (cycles 0..2999; no packet was dropped)", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := &Wave{VCD: "x.vcd", GTKW: "x.gtkw", Drop: tc.drop}
			if tc.drop != nil {
				w.Focus = "first head drop"
			}
			v := w.view(tc.cycles, 1000)
			assert.Equal(t, [3]uint64{tc.from, tc.to, 1000}, [3]uint64{w.From, w.To, w.Period}, "cycles shown, period")
			assert.Equal(t, [3]uint64{tc.start, tc.end, tc.marker * 1000}, [3]uint64{v.Start, v.End, v.Marker}, "start, end, marker")
			assert.Equal(t, tc.markerTag, v.MarkerName)
			assert.Contains(t, w.Summary(), tc.summary)
			assert.Equal(t, "gtkwave x.vcd x.gtkw", w.Command())
		})
	}
}
