package all

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
	"occamy/testbench/stimulus"
)

// TestPropertyCheckersAllocateNothing: every block's property checker
// runs a cycle without allocating, whether the cycle holds or violates
// (once the first violations are described), at the defaults.
func TestPropertyCheckersAllocateNothing(t *testing.T) {
	n := 0
	for _, b := range blocks.All() {
		if b.Props == nil || b.Props.New == nil {
			continue
		}
		n++
		t.Run(b.Name, func(t *testing.T) {
			p := b.Defaults()
			l, err := b.Layout(p)
			require.NoError(t, err)
			cfg := blocks.PropConfig{Params: p, Layout: &l, Latency: map[string]int{}}
			for _, o := range l.Outputs {
				cfg.Latency[o.Name] = b.Props.OutLatency(p, o.Name)
			}
			chk, err := b.Props.New(cfg)
			require.NoError(t, err)
			v := blocks.NewViolations(chk.Names())
			in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
			rng := stimulus.NewRNG(1)
			c := &blocks.PropCycle{In: in, Out: out, V: v}
			step := func() {
				for i := range in {
					in[i] = uint32(rng.Uint64())
				}
				for i := range out {
					out[i] = uint32(rng.Uint64())
				}
				c.Cycle++
				c.Reset = c.Cycle%97 == 0
				chk.Step(c)
			}
			for k := 0; k < 2000; k++ { // random outputs: violations, the first ten described
				step()
			}
			assert.Len(t, v.First, blocks.MaxViolations, "%s: random outputs violate its properties", b.Name)
			assert.Zero(t, testing.AllocsPerRun(2000, step), "%s: allocations per cycle", b.Name)
			chk.Finish(v)
		})
	}
	assert.GreaterOrEqual(t, n, 5, "blocks with properties")
}
