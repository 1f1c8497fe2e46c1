package tmsim

import (
	tmface "occamy/testbench/blocks/tm"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
	"occamy/hw/tm"
	"occamy/testbench/field"
	"occamy/testbench/scenario"
)

// TestEveryScenarioFits: every named scenario (custom needs sources of its
// own) prepares for occamy_tm under every policy it implements, at IN =
// DefaultIN, with the TM block's parameters in range; the other policies
// are refused naming the policy field and what the RTL implements.
func TestEveryScenarioFits(t *testing.T) {
	for _, name := range tmface.Scenarios() {
		for _, pol := range tm.AllPolicies {
			p, err := Prepare(scenario.Options{Scenario: name, Policy: pol.String()}, Options{Sim: runner.Verilator})
			if _, ok := stimulusPolicy(pol); !ok {
				var fe *field.Error
				require.ErrorAs(t, err, &fe, "%s %s", name, pol)
				assert.Equal(t, "Policy", fe.Field)
				continue
			}
			require.NoError(t, err, "%s %s", name, pol)
			assert.Equal(t, DefaultIN, p.Config.MaxOffers)
			assert.NotNil(t, p.Backend)
			_, err = layoutForCheck(Params(p.Config))
			assert.NoError(t, err, "%s %s: the TM block's parameters", name, pol)
		}
	}
}

func stimulusPolicy(p tm.Policy) (int, bool) {
	for i, q := range tmface.Policies {
		if q == p {
			return i, true
		}
	}
	return 0, false
}

func layoutForCheck(params map[string]int) (map[string]int, error) {
	_, full, err := layoutFor(params)
	return full, err
}
