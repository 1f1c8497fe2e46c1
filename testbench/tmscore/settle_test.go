package tmscore

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hw "occamy/hw/tm"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/design"
)

// TestSettleDeclared: hw/tm's golden adapter, whose admitted cells show
// in qlen_o and free_o hw/tm.AdmitSettle+1 cycles after the answer, fails
// the policy check through occamy_tm's map declaring admit.settle one
// cycle less (the view misses the batch in flight: a refusal the view
// would admit) and one cycle more (the view counts a batch already shown
// twice: an admission over the view's threshold), under every policy the
// RTL has; with the declared settle every run passes (TestOwnMapOnGolden).
func TestSettleDeclared(t *testing.T) {
	for _, pol := range []int{0, 1, 2, 3} {
		for _, d := range []int{-1, 1} {
			settle := hw.AdmitSettle + d
			name := fmt.Sprintf("%s, settle %d (declared %d)", tmface.Policies[pol], settle, hw.AdmitSettle)
			r := runGold(t, smallTM(map[string]int{"POLICY": pol}), 20000, 1, breaker{
				m: func(f *design.File) { f.TM.Admit.Settle = settle }})
			require.Equal(t, Fail, r.Verdict, "%s: %s", name, r.Summary())
			assert.Equal(t, []string{"policy"}, r.Violated(), "%s: first %v", name, r.First)
			require.NotNil(t, r.First, name)
			t.Logf("%s: %s; first: %s", name, r.Summary(), r.First)
		}
	}
}

// TestThrLagDeclared: hw/tm's golden adapter, whose thresholds are a
// register (T of the thresholds' free count hw/tm.ThrLag cycles before),
// fails the policy check through occamy_tm's map with its threshold
// windows (admit.threshold, head_drop.threshold) one cycle off either way,
// under the policies that read a threshold; with the declared windows
// every run passes (TestOwnMapOnGolden). d = −1 is the map before the
// register (ThrLag not counted).
func TestThrLagDeclared(t *testing.T) {
	for _, pol := range []int{0, 1, 2} {
		for _, d := range []int{-1, 1} {
			name := fmt.Sprintf("%s, threshold windows %+d cycle", tmface.Policies[pol], d)
			r := runGold(t, smallTM(map[string]int{"POLICY": pol}), 20000, 1, breaker{
				m: func(f *design.File) {
					st := &f.TM.Staleness
					st.Admit.Threshold = shift(st.Admit.Threshold, d)
					st.HeadDrop.Threshold = shift(st.HeadDrop.Threshold, d)
				}})
			require.Equal(t, Fail, r.Verdict, "%s: %s", name, r.Summary())
			assert.Equal(t, []string{"policy"}, r.Violated(), "%s: first %v", name, r.First)
			require.NotNil(t, r.First, name)
			t.Logf("%s: %s; first: %s", name, r.Summary(), r.First)
		}
	}
	require.Equal(t, 1, hw.ThrLag, "the windows above are occamy_tm's at ThrLag 1")
}

// shift moves a window d cycles further back.
func shift(w design.Window, d int) design.Window {
	return design.Window{Lo: w.Lo + d, Hi: w.Hi + d, Set: w.Set}
}
