package tmscore

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hw "occamy/hw/tm"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/design"
)

// smallTM is occamy_tm's small set with tags wide enough to tell apart
// the packets admitted while a starved queue's oldest waits.
func smallTM(extra map[string]int) map[string]int {
	p := map[string]int{"P": 2, "Q": 2, "B": 48, "K": 2, "QW": 7, "AW": 3, "MAXPKT": 6, "IN": 3, "TXWIN": 4,
		"SW": 12, "PUSHOUT_WAIT": 12, "R": 4, "ALPHA": 2, "QUANTUM": 3, "CLASSES": 7}
	for k, v := range extra {
		p[k] = v
	}
	return p
}

// breaker turns hw/tm's golden adapter into a deliberately broken design:
// in changes a cycle's inputs before the model sees them, out its outputs
// after (either may be nil); m changes the map the scoreboard reads. each,
// when set, looks at every cycle after the board checked it (the golden
// adapter g and the board b): it breaks nothing.
type breaker struct {
	in   func(c uint64, l *port.Layout, w []uint32)
	out  func(c uint64, l *port.Layout, in, out []uint32)
	m    func(f *design.File)
	each func(c uint64, l *port.Layout, out []uint32, g blocks.Golden, b *Board)
}

// runGold runs the scoreboard on hw/tm's golden adapter of occamy_tm (the
// Go model as the design) through occamy_tm's own map, broken by br.
func runGold(t *testing.T, given map[string]int, cycles int, seed int64, br breaker) *Result {
	t.Helper()
	r, _ := runGoldBoard(t, given, cycles, seed, br)
	return r
}

// runGoldBoard is runGold, with the board at the end.
func runGoldBoard(t *testing.T, given map[string]int, cycles int, seed int64, br breaker) (*Result, *Board) {
	t.Helper()
	fb, err := blocks.Lookup("tm")
	require.NoError(t, err)
	p, err := fb.Fill(given)
	require.NoError(t, err)
	require.NoError(t, fb.Validate(p))
	l, err := fb.Layout(p)
	require.NoError(t, err)
	f, err := tmface.ScoreMap(p)
	require.NoError(t, err)
	if br.m != nil {
		br.m(f)
	}
	c, err := tmface.Config(p)
	require.NoError(t, err)
	sb, err := New(Setup{Map: f, Layout: &l, Params: p, Config: c, Seed: seed, Cycles: cycles, Steady: true, EarlyDrain: true})
	require.NoError(t, err)
	sd, err := fb.Build(p, &l, seed)
	require.NoError(t, err)
	in, din, out := make([]uint32, l.InWords), make([]uint32, l.InWords), make([]uint32, l.OutWords)
	for cy := uint64(0); sb.Inputs(cy, in); cy++ {
		copy(din, in)
		if br.in != nil {
			br.in(cy, &l, din)
		}
		sd.Golden.Step(din, out)
		if br.out != nil {
			br.out(cy, &l, din, out)
		}
		sb.Check(cy, in, out, nil)
		if br.each != nil {
			br.each(cy, &l, out, sd.Golden, sb.b)
		}
	}
	require.NoError(t, sd.Err())
	return sb.Result(true), sb.b
}

// portOf returns output (or input) port name's words of w.
func portOf(l *port.Layout, w []uint32, name string) []uint32 {
	if i := l.Output(name); i >= 0 {
		return l.Out(w, i)
	}
	return l.In(w, l.Input(name))
}

// TestOwnMapOnGolden: hw/tm's golden adapter, which is occamy_tm cycle for
// cycle, passes every check through occamy_tm's own map under every policy
// and both free modes, every check looks at something, and its outcome is
// hw/tm's exactly.
func TestOwnMapOnGolden(t *testing.T) {
	for pol := range tmface.Policies {
		for _, chain := range []int{0, 1} {
			for seed := int64(1); seed <= 2; seed++ {
				name := fmt.Sprintf("%s chain=%d seed=%d", tmface.Policies[pol], chain, seed)
				r := runGold(t, smallTM(map[string]int{"POLICY": pol, "CHAIN": chain, "CLASSES": 7 + int(seed)}), 30000, seed, breaker{})
				require.Equal(t, Pass, r.Verdict, "%s: %s; first: %v", name, r.Summary(), r.First)
				for _, k := range r.Checks {
					assert.NotZero(t, k.Checked, "%s: check %s looked at nothing", name, k.Check)
				}
				assert.Zero(t, r.Outcome.Distance, name)
				assert.Contains(t, r.LockStep, "no difference in", "%s: the golden adapter is hw/tm, event for event", name)
				assert.NotZero(t, r.Counts.Left, name)
				if tmface.Policies[pol].Expels() {
					assert.NotZero(t, r.Counts.Dropped, "%s: no head drop to check", name)
				}
				require.NotNil(t, r.Steady, name)
				if tmface.Policies[pol] != hw.PolicyPushoutPorts {
					assert.True(t, r.Steady.OK && r.Steady.Cycles > 0, "%s: steady state %+v", name, *r.Steady)
				}
			}
		}
	}
}

// TestDefaultsLongRun: at occamy_tm's defaults (B = 16384) the golden
// adapter passes over 2^17 cycles, expelling more than a ring of 1024
// unmatched head drops per queue once held ("1024 head drops of the queue
// not matched" near cycle 101382); drops are kept in one pool sized like
// the packets' and matched by age too (TestStarvedQueueHeadDrops).
func TestDefaultsLongRun(t *testing.T) {
	if testing.Short() {
		t.Skip("long: 2^17 cycles at B = 16384")
	}
	r := runGold(t, map[string]int{"CLASSES": 1}, 1<<17, 1, breaker{})
	require.Equal(t, Pass, r.Verdict, "%s; first: %v", r.Summary(), r.First)
	assert.Greater(t, r.Counts.Dropped, uint64(1024), "the run must expel more than the old ring held")
}
