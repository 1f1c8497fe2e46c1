package tmscore

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/design"
)

// freshBoard is the board of a run on occamy_tm's own map at params
// (changed by m), before its first cycle: the synthetic traces below fill
// its histories by hand.
func freshBoard(t *testing.T, params map[string]int, m func(f *design.File)) *Board {
	t.Helper()
	fb, err := blocks.Lookup("tm")
	require.NoError(t, err)
	p, err := fb.Fill(params)
	require.NoError(t, err)
	l, err := fb.Layout(p)
	require.NoError(t, err)
	f, err := tmface.ScoreMap(p)
	require.NoError(t, err)
	if m != nil {
		m(f)
	}
	c, err := tmface.Config(p)
	require.NoError(t, err)
	sb, err := New(Setup{Map: f, Layout: &l, Params: p, Config: c, Seed: 1, Cycles: 1000})
	require.NoError(t, err)
	return sb.b
}

// failures is the violations of check k so far.
func failures(b *Board, k string) uint64 {
	for _, x := range b.tal.Counts() {
		if x.Check == k {
			return x.Violations
		}
	}
	return 0
}

// TestSpacing: egress.spacing on synthetic cells of one port (R = 4):
// the cycles its cells leave, of packet 1 then packet 2, and the
// violations expected under exact and at_least.
func TestSpacing(t *testing.T) {
	type cell struct {
		at     uint64
		serial uint64
		idx    int32
	}
	for _, x := range []struct {
		name            string
		cells           []cell
		exact, atLeast  uint64
		firstExactCycle uint64
	}{
		{name: "back to back at R", cells: []cell{{10, 1, 0}, {14, 1, 1}, {18, 1, 2}, {22, 2, 0}, {26, 2, 1}}},
		{name: "a gap between packets", cells: []cell{{10, 1, 0}, {14, 1, 1}, {40, 2, 0}, {44, 2, 1}}},
		{name: "a packet one cycle slow (tm-eg-rate)", cells: []cell{{10, 1, 0}, {15, 1, 1}, {20, 1, 2}},
			exact: 2, firstExactCycle: 15},
		{name: "a cell one cycle early", cells: []cell{{10, 1, 0}, {13, 1, 1}}, exact: 1, atLeast: 1, firstExactCycle: 13},
		{name: "two packets one cycle apart", cells: []cell{{10, 1, 0}, {11, 2, 0}}, exact: 1, atLeast: 1, firstExactCycle: 11},
	} {
		for _, sp := range []string{design.Exact, design.AtLeast} {
			b := freshBoard(t, smallTM(nil), func(f *design.File) { f.TM.Egress.Spacing = sp })
			require.Equal(t, 4, b.c.R)
			for _, c := range x.cells {
				b.spacing(c.at, 1, c.serial, c.idx, "eg_valid_o")
			}
			want := x.atLeast
			if sp == design.Exact {
				want = x.exact
			}
			assert.Equal(t, want, failures(b, "liveness"), "%s, spacing %s: %v", x.name, sp, b.tal.Kept())
			if want > 0 && sp == design.Exact {
				f := b.tal.First()
				require.NotNil(t, f)
				assert.Equal(t, x.firstExactCycle, f.Cycle, x.name)
				assert.Contains(t, f.String(), "eg_valid_o port 1", x.name)
			}
		}
	}
}

// TestHeadDropCredit: head_drop.unfreed on a synthetic history at the
// small set under occamy: the free count is 8, and a head drop of 6 cells
// was reported in the cycle before the thresholds' (for the admission
// checked in cycle c, those of c-k, k its window: hw/tm.AdmitLag), so the
// thresholds read 14 at least. A refusal that T(14) admits, and a head drop of a queue at
// T(14), fail with unfreed: 2 and pass without it (the tm-hd-credit
// mutant's thresholds, T(8)); under pushout-ports an expulsion with free
// -2 fails with the credit (-2 + 6 >= 0) and passes without it
// (tm-hd-credit-po).
func TestHeadDropCredit(t *testing.T) {
	const c, free, hd = 200, 8, 6
	fill := func(b *Board, f, q0 int) {
		for k := uint64(0); k < uint64(b.ho.depth); k++ {
			b.ho.free[k], b.hs.free[k], b.hv.free[k], b.hs.adm[k], b.hs.hd[k] = f, f, f, 0, 0
			b.ho.q(k)[0], b.hs.q(k)[0], b.hv.q(k)[0] = uint32(q0), uint32(q0), uint32(q0)
		}
	}
	for _, unfreed := range []int{0, 2} {
		m := func(f *design.File) { f.TM.HeadDrop.Unfreed = unfreed }
		want := uint64(0)
		if unfreed > 0 {
			want = 1
		}
		t.Run("admission", func(t *testing.T) {
			b := freshBoard(t, smallTM(map[string]int{"POLICY": 1}), m)
			lo, hi := b.thr(0, free), b.thr(0, free+hd)
			require.Less(t, lo, hi, "T(8) < T(14)")
			fill(b, free, hi-1) // qlen + 1 cell: over T(8), within T(14)
			k := uint64(b.t.Staleness.Admit.Thr().Lo)
			b.hs.hd[(c-1-k)%uint64(b.hs.depth)] = hd
			b.admPolicy(c, Offer{Queue: 0, Cells: 1}, false, earlier{})
			assert.Equal(t, want, failures(b, "policy"), "unfreed %d: %v", unfreed, b.tal.Kept())
		})
		t.Run("head drop", func(t *testing.T) {
			b := freshBoard(t, smallTM(map[string]int{"POLICY": 1}), m)
			fill(b, free, b.thr(0, free+hd)) // over T(8), not over T(14)
			// the head drop's threshold window is [k, k] (k = 2 +
			// hw/tm.ThrLag): the credit of cycle c-k is the drop of c-k-1.
			k := uint64(b.t.Staleness.HeadDrop.Thr().Lo)
			b.hs.hd[(c-1-k)%uint64(b.hs.depth)] = hd
			b.hdPolicy(c, 0)
			assert.Equal(t, want, failures(b, "policy"), "unfreed %d: %v", unfreed, b.tal.Kept())
		})
		t.Run("pushout-ports' trigger", func(t *testing.T) {
			b := freshBoard(t, smallTM(map[string]int{"POLICY": 3}), m) // pushout-ports
			fill(b, -2, 10)
			for k := uint64(1); k <= 4; k++ { // every cycle of the window [1, 2] credits 6
				b.hs.hd[(c-k)%uint64(b.hs.depth)] = hd
			}
			b.hdPolicy(c, 0)
			assert.Equal(t, want, failures(b, "policy"), "unfreed %d: %v", unfreed, b.tal.Kept())
		})
	}
}

// TestSpacingOnGolden: hw/tm's golden adapter fed a line rate one cycle
// slower than the map's (what tm-eg-rate does to occamy_tm) fails
// egress.spacing exact; one cycle faster fails at_least.
func TestSpacingOnGolden(t *testing.T) {
	for _, x := range []struct {
		name  string
		delta int
		sp    string
	}{{"one cycle slower, exact", 1, design.Exact}, {"one cycle faster, at_least", -1, design.AtLeast}} {
		r := runGold(t, smallTM(map[string]int{"POLICY": 1}), 3000, 1, breaker{
			m: func(f *design.File) { f.TM.Egress.Spacing = x.sp },
			in: func(c uint64, l *port.Layout, w []uint32) {
				v := portOf(l, w, "cfg_r_i")
				v[0] = uint32(int(v[0]) + x.delta)
			}})
		require.Equal(t, Fail, r.Verdict, "%s: %s", x.name, r.Summary())
		assert.Contains(t, r.Violated(), "liveness", x.name)
		require.NotNil(t, r.First)
		assert.Contains(t, r.First.String(), "egress.spacing", x.name)
		t.Logf("%s: %s", x.name, r.First)
	}
}

// TestMapFieldsOnGoldenShapes: on hw/tm's golden adapter (occamy_tm cycle
// for cycle) egress.spacing exact and head_drop.unfreed 2 add no
// violation, at line rates 1, 2 and 4 and K = 1, 2, 4 (the dequeue's
// rounds slowest against the line rate at K = 1, R = 1), under occamy and
// pushout-ports, both free modes: each run's verdict and violations are
// those of the same run with neither field declared, and all 36 PASS
// (R=1 K=2 occamy per-cell failed the round-robin check at cycle 12846
// until a packet of the queue starting to leave ended the run of head
// drops passing it over; R=1 K=1 occamy chain at cycle 1402 until the row
// counted only packets the ports prove linked: docs/scoreboard.md).
func TestMapFieldsOnGoldenShapes(t *testing.T) {
	if testing.Short() {
		t.Skip("72 runs of 20000 cycles")
	}
	pass := 0
	for _, r := range []int{1, 2, 4} {
		for _, k := range []int{1, 2, 4} {
			for _, pol := range []int{1, 3} {
				for _, chain := range []int{0, 1} {
					name := fmt.Sprintf("R=%d K=%d POLICY=%d CHAIN=%d", r, k, pol, chain)
					p := smallTM(map[string]int{"R": r, "K": k, "POLICY": pol, "CHAIN": chain})
					on := runGold(t, p, 20000, 1, breaker{})
					off := runGold(t, p, 20000, 1, breaker{m: func(f *design.File) {
						f.TM.Egress.Spacing, f.TM.HeadDrop.Unfreed = "", 0
					}})
					assert.Equal(t, off.Verdict, on.Verdict, "%s: first with the fields %v, without %v", name, on.First, off.First)
					assert.Equal(t, off.Violations, on.Violations, name)
					if on.Verdict == Pass {
						pass++
					} else {
						t.Logf("%s: %s without the fields too; first: %v", name, on.Verdict, on.First)
					}
				}
			}
		}
	}
	assert.Equal(t, 36, pass, "of 36 runs")
}
