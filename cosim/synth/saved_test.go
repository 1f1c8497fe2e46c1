package synth

import (
	"bytes"
	"os"
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

func TestReuse(t *testing.T) {
	arb, sel := mustJob(t, "arbiter", Size{N: 8}), mustJob(t, "selector+arbiter", Size{N: 8, QW: 16})
	tmJob, err := NewTMJob(nil)
	require.NoError(t, err)
	small, err := NewTMJob(TMSmall())
	require.NoError(t, err)
	r := &Runner{VerilogDir: verilogDir}
	now, err := r.Hashes([]Job{arb, sel}, &tmJob)
	require.NoError(t, err)
	require.Contains(t, now, "rr_arbiter.sv")
	require.Contains(t, now, SelArbFile, "the embedded wrapper is hashed too")
	require.Contains(t, now, "sram_mp.sv", "the memory's source counts for the TM (its black box comes from it)")
	require.Contains(t, now, "occamy_checks.svh", "the header the sources include is hashed too")
	tm := TMResult{Job: tmJob}
	saved := Saved{Results: []Result{{Job: arb, Cost: Cost{LUTs: 29}}, {Job: sel, Cost: Cost{LUTs: 9}}}, TM: &tm, Sources: now}
	changed := func(f string) map[string]string {
		m := map[string]string{}
		for k, v := range now {
			m[k] = v
		}
		m[f] = "edited"
		return m
	}
	tests := []struct {
		name           string
		now            map[string]string
		tm             *TMJob
		wantHave, want int // reused sweep results, jobs left to run
		wantTM         bool
	}{
		{"unchanged", now, &tmJob, 2, 0, true},
		{"arbiter edited", changed("rr_arbiter.sv"), &tmJob, 0, 2, false}, // both read it, and so does the TM
		{"selector edited", changed("hd_selector.sv"), &tmJob, 1, 1, false},
		{"wrapper edited", changed(SelArbFile), &tmJob, 1, 1, true},
		{"memory edited", changed("sram_mp.sv"), &tmJob, 2, 0, false},
		{"header edited", changed("occamy_checks.svh"), &tmJob, 0, 2, false}, // every module includes it
		{"TM at other parameters", now, &small, 2, 0, false},
		{"no TM asked", now, nil, 2, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			have, rest, gotTM := saved.Reuse(tc.now, []Job{arb, sel}, tc.tm)
			assert.Len(t, have, tc.wantHave, "reused")
			assert.Len(t, rest, tc.want, "to run")
			assert.Equal(t, tc.wantTM, gotTM != nil, "TM reused")
		})
	}
	// A saved run without hashes reuses nothing.
	_, rest, gotTM := Saved{Results: saved.Results, TM: &tm}.Reuse(now, []Job{arb}, &tmJob)
	assert.Len(t, rest, 1)
	assert.Nil(t, gotTM)
}

func TestMerge(t *testing.T) {
	arb, sel := mustJob(t, "arbiter", Size{N: 8}), mustJob(t, "selector", Size{N: 8, QW: 16})
	tm := fakeTM(t)
	a := Saved{Command: "occamy synth --block tm", Version: "Yosys 0.23", TM: &tm, Sources: map[string]string{"rr_arbiter.sv": "h1"}}
	b := Saved{Command: "occamy synth --all", Version: "Yosys 0.23", Results: []Result{{Job: arb, Cost: Cost{LUTs: 1}}, {Job: sel}},
		Sources: map[string]string{"rr_arbiter.sv": "h1", "hd_selector.sv": "h2"}}
	c := Saved{Version: "Yosys 0.23", Results: []Result{{Job: arb, Cost: Cost{LUTs: 99}}}}
	m, err := Merge(a, b, c)
	require.NoError(t, err)
	assert.Equal(t, "occamy synth --block tm", m.Command)
	require.Len(t, m.Results, 2, "each design once")
	assert.Equal(t, 1, m.Results[0].Cost.LUTs, "the first run's result")
	assert.NotNil(t, m.TM)
	assert.Equal(t, map[string]string{"rr_arbiter.sv": "h1", "hd_selector.sv": "h2"}, m.Sources)

	_, err = Merge(a, Saved{Version: "Yosys 0.24"})
	assert.ErrorContains(t, err, `run 1 is "Yosys 0.24", run 0 "Yosys 0.23": one Yosys per report`)
	_, err = Merge(a, Saved{Version: "Yosys 0.23", Sources: map[string]string{"rr_arbiter.sv": "other"}})
	assert.ErrorContains(t, err, "run 1 measured another rr_arbiter.sv than an earlier run")
	_, err = Merge()
	assert.Error(t, err)
}

// docs/hardware-cost.json (make synth's saved results) reads back: a
// hand edit or a renamed block shows here, not in the next hour of Yosys.
func TestCommittedResultsRead(t *testing.T) {
	f, err := os.Open("../../docs/hardware-cost.json")
	if os.IsNotExist(err) {
		t.Skip("no docs/hardware-cost.json")
	}
	require.NoError(t, err)
	defer f.Close()
	s, err := ReadJSON(f)
	require.NoError(t, err)
	require.NotNil(t, s.TM, "the traffic manager's results")
	assert.NotEmpty(t, s.TM.Parts)
	assert.NotEmpty(t, s.Sources, "the hashes --reuse checks")
}
