package all

import (
	"fmt"
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

// TestMonitorsStateTheCheckersProperties: every block with properties has
// a prove monitor (none is refused any more), and at the small set and
// the defaults it is a module occ_props whose bad outputs are the
// checker's properties, by name and in the checker's order (prove names a
// violated property by its output's index).
func TestMonitorsStateTheCheckersProperties(t *testing.T) {
	for _, b := range blocks.All() {
		if b.Props == nil || b.Props.New == nil {
			continue
		}
		t.Run(b.Name, func(t *testing.T) {
			require.NotNil(t, b.Props.Monitor, "%s: no prove monitor", b.Name)
			for _, p := range []map[string]int{b.Small, b.Defaults()} {
				full := b.Defaults()
				for k, v := range p {
					full[k] = v
				}
				l, err := b.Layout(full)
				require.NoError(t, err)
				cfg := blocks.PropConfig{Params: full, Layout: &l, Latency: map[string]int{}}
				chk, err := b.Props.New(cfg)
				require.NoError(t, err)
				mon, err := b.Props.Monitor(cfg)
				require.NoError(t, err)
				var want []string
				for _, n := range chk.Names() {
					want = append(want, n.Name)
				}
				assert.Equal(t, want, mon.Names, "%s %v", b.Name, full)
				assert.Contains(t, mon.Text, "module occ_props (")
				assert.Contains(t, mon.Text, fmt.Sprintf("output wire [%d:0]", len(want)-1), "%s: bad's width", b.Name)
			}
		})
	}
}
