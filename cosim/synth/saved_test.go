package synth

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The report written from saved results is the report written from the
// results themselves.
func TestSavedRoundTrip(t *testing.T) {
	res := fakeResults(t, 13, 7)
	tm := fakeTM(t)
	var js bytes.Buffer
	require.NoError(t, WriteJSON(&js, Saved{Command: "occamy synth --all --out docs/hardware-cost.md", Version: "Yosys 0.23 (git sha1 7ce5011c24b)", Results: res, TM: &tm}))
	s, err := ReadJSON(&js)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteMarkdown(&b, Report{Command: s.Command, Version: s.Version, Results: s.Results, TM: s.TM}))
	assert.Equal(t, writeReport(t, res), b.String())
}

func TestReadJSONErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"not JSON", "{", "synth results: unexpected EOF"},
		{"unknown field", `{"command":"x","extra":1}`, `unknown field "extra"`},
		{"unknown block", `{"results":[{"Job":{"Block":{"Name":"sorter"},"Size":{"N":8}}}]}`, `result 0: unknown block "sorter"`},
		{"size out of range", `{"results":[{"Job":{"Block":{"Name":"arbiter"},"Size":{"N":300}}}]}`, "result 0 (arbiter): rr_arbiter: parameter N=300 out of range"},
		{"stale parameters", `{"results":[{"Job":{"Block":{"Name":"arbiter","Module":"rr_arbiter"},"Size":{"N":8},"Params":[{"Name":"N","Value":9}]}}]}`,
			"result 0 is rr_arbiter(N=9), but the block now gives rr_arbiter(N=8)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadJSON(strings.NewReader(tc.text))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
