package traffic

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseConfigGood(t *testing.T) {
	cfg, err := ParseConfig([]byte(`{"sources": [
	  {"kind": "constant", "queue": 0, "rate": 1.5, "size": {"dist": "fixed", "bytes": 1500}},
	  {"kind": "onoff", "port": 1, "class": 2, "rate": 4, "burst_bytes": 100000, "off_cycles": 5000, "count": 3},
	  {"kind": "incast", "port": 2, "senders": 40, "burst_bytes": 400000, "start": 20000, "jitter": 10,
	   "size": {"dist": "empirical", "sizes": [{"bytes": 64, "weight": 1}, {"bytes": 1500, "weight": 3}]}},
	  {"kind": "random", "load": 0.9, "ports": [0, 3], "classes": [1], "size": {"dist": "bimodal", "small": 64, "large": 1500, "large_frac": 0.25}}
	]}`))
	require.NoError(t, err)
	require.Len(t, cfg.Sources, 4)
	assert.Equal(t, 1500, cfg.Sources[0].Size.Bytes)
	assert.Equal(t, 2, *cfg.Sources[1].Class)
	m, err := BuildAll(cfg.Sources, testEnv, 1, "sources")
	require.NoError(t, err)
	names := []string{}
	for _, s := range m.Sources {
		names = append(names, s.Name())
	}
	assert.Equal(t, []string{"constant q0", "onoff q10", "incast q16", "random load 0.9"}, names)
}

// TestParseConfigBad checks that each malformed config gives one line
// naming the field and what is allowed.
func TestParseConfigBad(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"empty", ``, "config: empty input"},
		{"not object", `[1]`, "config: got JSON array, want an object"},
		{"syntax", "{\n \"sources\": [,]}", "config: invalid JSON at line 2 column 15"},
		{"syntax top", "{\n \"sources\" [", "config: invalid JSON at line 2"},
		{"trailing", `{"sources": []} x`, "config: extra data"},
		{"unknown top", `{"source": []}`, `config: unknown field "source", allowed: sources`},
		{"no sources", `{}`, "config: sources: missing"},
		{"sources type", `{"sources": {}}`, "config.sources: got JSON object, want an array"},
		{"no kind", `{"sources": [{"queue": 1}]}`, "config.sources[0].kind: missing, allowed: constant, onoff, incast, random"},
		{"bad kind", `{"sources": [{"kind": "poisson"}]}`, `config.sources[0].kind: "poisson" unknown, allowed: constant, onoff, incast, random`},
		{"unknown field", `{"sources": [{"kind": "constant", "rat": 1}]}`, `config.sources[0]: unknown field "rat", allowed: kind, queue`},
		{"field of other kind", `{"sources": [{"kind": "constant", "queue": 0, "rate": 1, "load": 1}]}`, "config.sources[0].load: not a field of kind constant, allowed: kind, queue, port, class, rate, size, start, stop"},
		{"rate string", `{"sources": [{"kind": "constant", "queue": 0, "rate": "fast"}]}`, "config.sources[0].rate: got JSON string, want a number"},
		{"rate zero", `{"sources": [{"kind": "constant", "queue": 0}]}`, "config.sources[0].rate: 0 out of range, allowed more than 0, at most 4096 line rates"},
		{"no queue", `{"sources": [{"kind": "constant", "rate": 1}]}`, "config.sources[0].queue: missing"},
		{"queue and port", `{"sources": [{"kind": "constant", "rate": 1, "queue": 1, "port": 0}]}`, "config.sources[0].queue: give either queue or port"},
		{"negative queue", `{"sources": [{"kind": "constant", "rate": 1, "queue": -1}]}`, "config.sources[0].queue: -1 out of range"},
		{"float queue", `{"sources": [{"kind": "constant", "rate": 1, "queue": 1.5}]}`, "config.sources[0].queue: got JSON number 1.5, want an integer"},
		{"negative start", `{"sources": [{"kind": "constant", "rate": 1, "queue": 1, "start": -3}]}`, "config.sources[0].start: got JSON number -3, want a non-negative integer"},
		{"stop before start", `{"sources": [{"kind": "constant", "rate": 1, "queue": 1, "start": 9, "stop": 3}]}`, "config.sources[0].stop: 3 out of range, allowed 0 (never) or more than start=9"},
		{"senders", `{"sources": [{"kind": "incast", "queue": 0, "burst_bytes": 10}]}`, "config.sources[0].senders: 0 out of range, allowed 1..4096"},
		{"burst per sender", `{"sources": [{"kind": "incast", "queue": 0, "senders": 8, "burst_bytes": 4}]}`, "config.sources[0].burst_bytes: 4 out of range, allowed 8.."},
		{"onoff burst", `{"sources": [{"kind": "onoff", "queue": 0, "rate": 2}]}`, "config.sources[0].burst_bytes: 0 out of range, allowed 1.."},
		{"load", `{"sources": [{"kind": "random", "load": -1}]}`, "config.sources[0].load: -1 out of range"},
		{"ports", `{"sources": [{"kind": "random", "load": 1, "ports": "all"}]}`, "config.sources[0].ports: got JSON string, want an array of an integer"},
		{"dist", `{"sources": [{"kind": "random", "load": 1, "size": {"dist": "zipf"}}]}`, `config.sources[0].size.dist: "zipf" unknown, allowed: fixed, uniform, bimodal, empirical`},
		{"dist field", `{"sources": [{"kind": "random", "load": 1, "size": {"dist": "fixed", "min": 3}}]}`, "config.sources[0].size.min: not a field of dist fixed, allowed: bytes"},
		{"size unknown", `{"sources": [{"kind": "random", "load": 1, "size": {"dist": "fixed", "b": 3}}]}`, `config.sources[0].size: unknown field "b", allowed: dist, bytes`},
		{"uniform order", `{"sources": [{"kind": "random", "load": 1, "size": {"dist": "uniform", "min": 30, "max": 3}}]}`, "config.sources[0].size.max: 3 out of range, allowed 30..1048576 bytes"},
		{"bimodal frac", `{"sources": [{"kind": "random", "load": 1, "size": {"dist": "bimodal", "small": 1, "large": 2, "large_frac": 2}}]}`, "config.sources[0].size.large_frac: 2 out of range, allowed 0..1"},
		{"empirical empty", `{"sources": [{"kind": "random", "load": 1, "size": {"dist": "empirical", "sizes": []}}]}`, "config.sources[0].size.sizes: 0 entries, allowed 1..256"},
		{"empirical weight", `{"sources": [{"kind": "random", "load": 1, "size": {"dist": "empirical", "sizes": [{"bytes": 9, "weight": 0}]}}]}`, "config.sources[0].size.sizes[0].weight: 0 out of range"},
		{"empirical entry", `{"sources": [{"kind": "random", "load": 1, "size": {"dist": "empirical", "sizes": [{"bytes": 9, "w": 1}]}}]}`, `config.sources[0].size.sizes: unknown field "w"`},
		{"null size", `{"sources": [{"kind": "random", "load": 1, "size": null}]}`, "config.sources[0].size: got null, want an object"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tc.in))
			require.Error(t, err, "input %s", tc.in)
			assert.Contains(t, err.Error(), tc.want, "input %s", tc.in)
			assert.NotContains(t, err.Error(), "\n", "one line")
		})
	}
}

// TestBuildChecksEnv checks the errors that need the switch's dimensions.
func TestBuildChecksEnv(t *testing.T) {
	cases := []struct {
		spec Spec
		want string
	}{
		{Spec{Kind: KindConstant, Queue: intp(64), Rate: 1}, "s.queue: 64 out of range, allowed 0..63 (P*Q-1)"},
		{Spec{Kind: KindConstant, Port: intp(8), Rate: 1}, "s.port: 8 out of range, allowed 0..7 (P-1)"},
		{Spec{Kind: KindOnOff, Port: intp(0), Class: intp(8), Rate: 1, BurstBytes: 9}, "s.class: 8 out of range, allowed 0..7 (Q-1)"},
		{Spec{Kind: KindRandom, Load: 1, Ports: []int{9}}, "s.ports[0]: 9 out of range, allowed 0..7 (P-1)"},
		{Spec{Kind: KindRandom, Load: 1, Classes: []int{1, 8}}, "s.classes[1]: 8 out of range, allowed 0..7 (Q-1)"},
	}
	for _, tc := range cases {
		_, err := tc.spec.Build(testEnv, 1, 0, "s")
		require.Error(t, err, "%+v", tc.spec)
		assert.Contains(t, err.Error(), tc.want)
	}
	_, err := (&Spec{Kind: KindRandom, Load: 1}).Build(Env{P: 0, Q: 8, R: 1, CellBytes: 64}, 1, 0, "s")
	assert.ErrorContains(t, err, "P=0, allowed 1 or more ports")
}

func TestParseFlag(t *testing.T) {
	s, err := ParseFlag("kind=random,load=0.9,ports=0/1/2,dist=empirical,sizes=64:6/1500:4", "--source")
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1, 2}, s.Ports)
	assert.Equal(t, []WeightedSize{{64, 6}, {1500, 4}}, s.Size.Sizes)
	s, err = ParseFlag("kind=constant, queue=3, rate=1.5, dist=fixed, bytes=1500", "--source")
	require.NoError(t, err)
	assert.Equal(t, 3, *s.Queue)
	assert.Equal(t, 1500, s.Size.Bytes)

	bad := []struct{ in, want string }{
		{"kind=constant,queue", `--source: "queue" is not key=value, keys: kind, queue`},
		{"kind=constant,queue=1,queue=2,rate=1", "--source: queue given twice"},
		{"kind=constant,queue=x,rate=1", "--source.queue: got JSON string, want an integer"},
		{"kind=constant,queue=1,rate=1,speed=3", `--source: unknown field "speed"`},
		{"kind=random,load=1,sizes=64", `--source: sizes: "64" is not bytes:weight`},
		{"kind=random,load=1,dist=uniform,min=9", "--source.size.max: 0 out of range"},
		{"", `--source: "" is not key=value`},
	}
	for _, tc := range bad {
		_, err := ParseFlag(tc.in, "--source")
		require.Error(t, err, tc.in)
		assert.Contains(t, err.Error(), tc.want, tc.in)
	}
}

// FuzzParseConfig checks that no input panics, errors are one line, and
// an accepted config builds (or fails cleanly) and runs a few cycles.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(`{"sources": [{"kind": "constant", "queue": 0, "rate": 1.5}]}`))
	f.Add([]byte(`{"sources": [{"kind": "incast", "port": 1, "senders": 4, "burst_bytes": 1000, "jitter": 3}]}`))
	f.Add([]byte(`{"sources": [{"kind": "random", "load": 0.5, "size": {"dist": "uniform", "min": 1, "max": 300}}]}`))
	f.Add([]byte(`{"sources": [{"kind": "onoff", "queue": 2, "rate": 3, "burst_bytes": 700, "off_cycles": 2, "size": {"dist": "bimodal", "small": 1, "large": 200, "large_frac": 0.5}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := ParseConfig(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans lines: %q", err)
			}
			return
		}
		env := Env{P: 2, Q: 2, R: 1, CellBytes: 64}
		for i := range cfg.Sources {
			// Keep fuzzed runs short: cap what a source may emit per cycle.
			s := cfg.Sources[i]
			if s.Rate > 8 || s.Load > 8 || s.SenderRate > 8 || s.Senders > 64 {
				return
			}
		}
		m, err := BuildAll(cfg.Sources, env, 1, "sources")
		if err != nil {
			return
		}
		for c := uint64(0); c < 50; c++ {
			for _, p := range m.Tick(c) {
				if p.Queue < 0 || p.Queue >= env.Queues() || p.Cells < 1 {
					t.Fatalf("cycle %d: bad packet %+v", c, p)
				}
			}
		}
	})
}

func FuzzParseFlag(f *testing.F) {
	f.Add("kind=random,load=0.9,ports=0/1,dist=empirical,sizes=64:6/1500:4")
	f.Add("kind=constant,queue=1,rate=1,dist=fixed,bytes=100")
	f.Fuzz(func(t *testing.T, in string) {
		_, err := ParseFlag(in, "--source")
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("error spans lines: %q", err)
		}
	})
}
