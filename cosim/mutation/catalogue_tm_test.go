package mutation

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTMCatalogueCoversRequiredBugs names the occamy_tm mutant of each kind
// the TM issue requires (at least 12 in all), so deleting one fails here.
func TestTMCatalogueCoversRequiredBugs(t *testing.T) {
	byID := map[string]Mutant{}
	n := 0
	for _, m := range Catalogue() {
		byID[m.ID] = m
		if m.Block == "tm" {
			n++
		}
	}
	require.GreaterOrEqual(t, n, 12, "the TM issue asks for at least 12 TM mutants")
	for kind, id := range map[string]string{
		"chain appended to the wrong free-bank tail": "tm-fl-hd-old-tail",
		"free-list tail reset value":                 "tm-fl-tail-reset",
		"head drop taking a port a dequeue holds":    "tm-hd-takes-deq-port",
		"unlink forwarding register dropped":         "tm-pdl-no-forward",
		"sub-list round off by one":                  "tm-deq-round-reads",
		"DT <= vs <":                                 "tm-adm-dt-lt",
		"DRR deficit not carried over":               "tm-drr-no-carry",
		"Pushout's maximum finder off by one":        "tm-po-maxfind-tie",
		"the Pushout admission rule's compare":       "tm-adm-pushout-le",
		"pushout-ports' negative-free gate":          "tm-po-neg-gate",
	} {
		m, ok := byID[id]
		require.True(t, ok, "no mutant for %q (%s)", kind, id)
		require.Equal(t, "tm", m.Block, id)
	}
}
