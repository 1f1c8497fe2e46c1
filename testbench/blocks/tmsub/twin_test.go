package tmsub

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
)

// skipped are the outputs of a phase the top runs only when an input is
// set (compared only then; "" for never: the TM aliases the field to a
// register later stages change).
var skipped = map[string]map[string]string{
	"tm_pd_lists": {"link_pred_o": "link_i", "link_tail_o": "link_i"}, // EvalLink: only a link
	"tm_admission": {"in_ok_o": "in_valid_i", "free_o": "in_valid_i", "tot_o": "in_valid_i", "serial_o": "in_valid_i", "adm_n_o": "in_valid_i",
		"adm_qid_o": "in_valid_i", "adm_cells_o": "in_valid_i", "adm_serial_o": "in_valid_i", // u_adm: only with offers
		"qlen_o": ""}, // the top's running lengths, which the unlinks change after stage 1
}

// TestTwinSeesWhatTheTMSaw: the face's Go sub-block, built alone and
// driven with the inputs recorded from the TM's instance, drives every
// output as that instance did inside the TM, cycle by cycle (the Idle
// rules applied to both), wherever the top ran the phase that drives it;
// so the recording is what the twin saw, and the standalone build
// (hw/tm NewUnit) is the TM's. Every output of every sub-block is
// compared on thousands of cycles.
func TestTwinSeesWhatTheTMSaw(t *testing.T) {
	for _, b := range blocks.All() {
		if b.Parent != Parent {
			continue
		}
		p := b.SmallParams()
		l, err := b.Layout(p)
		require.NoError(t, err)
		sd, err := b.Build(p, &l, 5)
		require.NoError(t, err)
		g := sd.Golden.(*gold)
		r := sd.Random.(*recorder).r
		tmOut := make([]uint32, l.OutWords)
		var cur any
		var outs []codec
		// The TM instance's outputs after the TM's Eval, before its edge.
		*r.sides.OnEval = func() {
			r.tap()
			m := tmface.Model(r.gold)
			if m == nil {
				return
			}
			if u := m.Unit(b.Module); u != cur {
				outs, err = codecsOf(u, g.u.Ports, g.u.SubBlock, &l, port.Out)
				require.NoError(t, err)
				cur = u
			}
			for i := range outs {
				x := &outs[i]
				x.put(tmOut[x.off : x.off+x.words])
			}
		}
		in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
		compared := map[string]int{}
		for c := uint64(0); c < 20000; c++ {
			sd.Random.Next(c, in)
			for i := range g.idle {
				g.idle[i].apply(in, tmOut)
			}
			sd.Golden.Step(in, out)
			if c < 2 || in[g.rst]&1 == 0 {
				continue
			}
			for _, x := range g.outs {
				if q, ok := skipped[b.Name][x.name]; ok {
					i := l.Input(q)
					if q == "" || pack.Uint64(l.In(in, i)) == 0 {
						continue
					}
				}
				compared[x.name]++
				if !pack.Equal(out[x.off:x.off+x.words], tmOut[x.off:x.off+x.words]) {
					t.Errorf("%s: cycle %d: %s: alone %x, in the TM %x", b.Name, c, x.name, out[x.off:x.off+x.words], tmOut[x.off:x.off+x.words])
					return
				}
			}
		}
		for _, x := range g.outs {
			if _, never := skipped[b.Name][x.name]; !never || skipped[b.Name][x.name] != "" {
				assert.Greater(t, compared[x.name], 1000, "%s: %s compared", b.Name, x.name)
			}
		}
	}
}
