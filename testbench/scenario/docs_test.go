package scenario

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocsCoverScenarios checks that docs/scenarios.md has a section for
// every scenario, names each of its parameters, and lists each metric.
func TestDocsCoverScenarios(t *testing.T) {
	data, err := os.ReadFile("../../docs/scenarios.md")
	require.NoError(t, err)
	doc := string(data)
	for _, name := range Names() {
		s, _ := Lookup(name)
		assert.Contains(t, doc, "### `"+name+"`", "section for %s", name)
		for _, p := range s.Params {
			assert.Contains(t, doc, "`"+p.Name+"`", "%s: parameter %s documented", name, p.Name)
		}
	}
	// Every metric a scenario reports is named on the page.
	for _, o := range []Options{
		{Scenario: "dt-two-queue", Cycles: u64(2000)},
		{Scenario: "burst-absorption", Cycles: u64(2000), Params: map[string]float64{"burst_start": 100, "search": 1}, TM: []TMSet{{"B", 256}}},
		{Scenario: "buffer-choking", Cycles: u64(2000)},
		{Scenario: "random-load", Cycles: u64(2000)},
	} {
		r := run(t, o)
		for _, m := range r.Metrics {
			assert.Contains(t, doc, "`"+m.Name+"`", "%s: metric %s documented", o.Scenario, m.Name)
		}
	}
}
