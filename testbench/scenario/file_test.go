package scenario

import (
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/testbench/field"
)

func TestParseFile(t *testing.T) {
	f, err := ParseFile([]byte(`{"scenario": "burst-absorption", "bm": "dt", "alpha": 4, "cycles": 5000, "seed": 9,
	  "params": {"senders": 8, "search": 0}, "tm": {"B": 8192, "Sched": "drr", "CP": {"ReadPorts": 8, "WritePorts": 4, "ReadLatency": 2}},
	  "sources": [{"kind": "random", "load": 0.2}]}`))
	require.NoError(t, err)
	assert.Equal(t, "burst-absorption", f.Scenario)
	assert.Equal(t, uint64(9), *f.Seed)
	p, err := Prepare(Options{File: f})
	require.NoError(t, err)
	assert.Equal(t, 8192, p.Config.B)
	assert.Equal(t, tm.SchedDRR, p.Config.Sched)
	assert.Equal(t, 2, p.Config.CP.ReadLatency)
	assert.Equal(t, "dt", p.Policy)
	assert.Equal(t, 4.0, p.Alpha)
	assert.Equal(t, uint64(5000), p.Cycles)
	assert.Len(t, p.Sources, 3, "background, burst and the file's random source")
	// Flags win over the file.
	p, err = Prepare(Options{File: f, Policy: "occamy", Alpha: 2, Cycles: u64(7), Seed: u64(3), Params: map[string]float64{"senders": 2}})
	require.NoError(t, err)
	assert.Equal(t, "occamy", p.Policy)
	assert.Equal(t, 2.0, p.Alpha)
	assert.Equal(t, uint64(7), p.Cycles)
	assert.Equal(t, uint64(3), p.Seed)
	assert.Equal(t, 2.0, p.Values["senders"])
	assert.Equal(t, 0.0, p.Values["search"], "file params the flags do not name stay")
}

// TestParseFileBad checks one-line errors naming the field.
func TestParseFileBad(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"scenery": "x"}`, `config: unknown field "scenery", allowed: scenario, bm, alpha, cycles, seed, params, tm, sources`},
		{`{"alpha": "eight"}`, "config.alpha: got JSON string, want a number"},
		{`{"cycles": -1}`, "config.cycles: got JSON number -1, want a non-negative integer"},
		{`{"params": {"senders": "x"}}`, "config.params: got JSON string, want a number"},
		{`{"tm": {"Ports": 3}}`, `config.tm: unknown field "Ports", allowed: P, Q, B, CellBytes`},
		{`{"tm": {"P": "8"}}`, "config.tm.P: got JSON string, want an integer"},
		{`{"tm": {"PD": {"Reads": 1}}}`, `config.tm.PD: unknown field "Reads"`},
		{`{"tm": []}`, "config.tm: got JSON array, want an object"},
		{`{"sources": [{"kind": "burst"}]}`, `config.sources[0].kind: "burst" unknown, allowed: constant, onoff, incast, random`},
		{"{\n\"bm\": \"dt\",,}", "config: invalid JSON at line 2 column 13"},
	}
	for _, tc := range cases {
		_, err := ParseFile([]byte(tc.in))
		require.Error(t, err, tc.in)
		assert.Contains(t, err.Error(), tc.want, tc.in)
		assert.NotContains(t, err.Error(), "\n", tc.in)
	}
}

// TestPrepareBad checks the errors of bad options: one line, naming the
// field or flag and what is allowed.
func TestPrepareBad(t *testing.T) {
	file := func(s string) *File {
		f, err := ParseFile([]byte(s))
		require.NoError(t, err)
		return f
	}
	set := func(field string, v any) []TMSet { return []TMSet{{Field: field, Value: v}} }
	cases := []struct {
		name string
		o    Options
		want string
	}{
		{"no scenario", Options{}, "Scenario: missing, allowed: dt-two-queue, burst-absorption, buffer-choking, incast, random-load, custom"},
		{"unknown scenario", Options{Scenario: "fig3"}, `Scenario: "fig3" unknown, allowed: dt-two-queue,`},
		{"unknown scenario in file", Options{File: file(`{"scenario": "x"}`)}, `Scenario: "x" unknown`},
		{"unknown policy", Options{Scenario: "incast", Policy: "red"}, `Policy: "red" unknown, allowed: dt, occamy, occamy-lqd, pushout`},
		{"alpha not power of two", Options{Scenario: "incast", Alpha: 3}, "Alpha: 3 is not a power of two, allowed a power of two from 2^-8 to 2^7"},
		{"alpha negative", Options{Scenario: "incast", Alpha: -2}, "Alpha: -2 out of range"},
		{"alpha too large", Options{Scenario: "incast", Alpha: 256}, "Alpha: 256 out of range"},
		{"alpha in file", Options{Scenario: "incast", File: file(`{"alpha": 0.3}`)}, "Alpha: 0.3 is not a power of two"},
		{"zero ports", Options{Scenario: "random-load", TM: set("P", 0)}, "TM.P: tm: parameter P=0 out of range, allowed 1..32"},
		{"too many queues", Options{Scenario: "random-load", TM: set("Q", 9)}, "TM.Q: tm: parameter Q=9 out of range, allowed 1..8"},
		{"zero buffer", Options{Scenario: "random-load", TM: set("B", 0)}, "TM.B: tm: parameter B=0 out of range"},
		{"buffer below MaxPkt", Options{Scenario: "random-load", TM: set("B", 4)}, "TM.B: B=4 cells is smaller than one packet (MaxPkt=64 cells), allowed 64..65535"},
		{"buffer below a packet", Options{Scenario: "random-load", TM: []TMSet{{"B", 4}, {"MaxPkt", 2}}}, "TM.B: B=4 cells is smaller than one packet (sources[0] sends up to 6 cells of 256 bytes), allowed 6..65535"},
		{"packet above MaxPkt", Options{Scenario: "random-load", TM: set("MaxPkt", 2)}, "sources[0].size: packets up to 6 cells, allowed at most MaxPkt=2 cells (512 bytes)"},
		{"bad sched", Options{Scenario: "incast", TM: set("Sched", "wfq")}, `TM.Sched: unknown Sched "wfq", allowed sp, drr`},
		{"bad K", Options{Scenario: "incast", TM: set("K", 3)}, "TM.K: tm: parameter K=3 out of range, allowed 1..8 (one of 1, 2, 4, 8)"},
		{"unknown param", Options{Scenario: "incast", Params: map[string]float64{"burst": 1}}, "Params burst: unknown parameter of scenario incast, allowed: senders, query_bytes, lp_queues"},
		{"param range", Options{Scenario: "incast", Params: map[string]float64{"senders": 0}}, "Params senders=0: out of range, allowed an integer in 1..4096"},
		{"param not integer", Options{Scenario: "incast", Params: map[string]float64{"senders": 1.5}}, "Params senders=1.5: out of range, allowed an integer in 1..4096"},
		{"param in file", Options{Scenario: "incast", File: file(`{"params": {"nope": 1}}`)}, "config.params nope: unknown parameter"},
		{"lp_alpha", Options{Scenario: "incast", Params: map[string]float64{"lp_alpha": 3}}, "Params lp_alpha: 3 is not a power of two"},
		{"bg_queues vs ports", Options{Scenario: "burst-absorption", TM: set("P", 2), Params: map[string]float64{"bg_queues": 2}}, "Params bg_queues=2: out of range, allowed 1..1 (P-1 with P=2)"},
		{"two-queue one port", Options{Scenario: "dt-two-queue", TM: set("P", 1)}, "TM.P: P=1, scenario dt-two-queue needs at least 2 ports"},
		{"AW in file", Options{Scenario: "incast", File: file(`{"tm": {"AW": 0}}`)}, "tm: parameter AW=0 out of range, allowed 2..8"},
		{"custom without sources", Options{Scenario: "custom"}, "Sources: scenario custom has no sources of its own"},
		{"source out of the switch", Options{Scenario: "custom", Sources: []traffic_Spec{mustQueue(70)}}, "sources[0].queue: 70 out of range, allowed 0..63 (P*Q-1)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Prepare(tc.o)
			if err == nil {
				// Some errors (a source beyond the switch) surface when the run starts.
				var p *Prepared
				p, err = Prepare(tc.o)
				require.NoError(t, err)
				_, err = Execute(p, nil)
				require.Error(t, err, "no error for %s", tc.name)
				assert.True(t, IsInput(err), "run-time error is bad input")
			}
			assert.Contains(t, err.Error(), tc.want)
			// An error about an Options field is a *field.Error naming it.
			if fe, ok := field.As(err); ok {
				assert.True(t, strings.HasPrefix(tc.want, fe.Field), "field %q, want %q", fe.Field, tc.want)
			} else {
				assert.False(t, unicode.IsUpper(rune(tc.want[0])), "want a *field.Error for %q, got %T", tc.want, err)
			}
			assert.False(t, strings.Contains(err.Error(), "\n"), "one line: %q", err)
		})
	}
}

func FuzzParseFile(f *testing.F) {
	f.Add([]byte(`{"scenario": "burst-absorption", "bm": "dt", "alpha": 4, "params": {"senders": 8}, "tm": {"B": 8192}}`))
	f.Add([]byte(`{"scenario": "custom", "sources": [{"kind": "random", "load": 0.2}], "cycles": 10}`))
	f.Add([]byte(`{"tm": {"CP": {"ReadPorts": 8, "WritePorts": 4, "ReadLatency": 2}, "AlphaExp": [1, 2]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := ParseFile(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans lines: %q", err)
			}
			return
		}
		// Prepare must not panic on anything ParseFile accepts.
		p, err := Prepare(Options{File: file, Scenario: "custom", Sources: []traffic_Spec{mustQueue(0)}})
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("error spans lines: %q", err)
		}
		_ = p
	})
}
