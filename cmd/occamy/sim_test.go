package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCLI runs the command line in-process, as main does, and returns
// stdout, the error text main would print, and the exit code.
func runCLI(t *testing.T, args ...string) (stdout, errText string, code int) {
	t.Helper()
	root := newRootCmd()
	var out, errOut bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.Execute()
	if err != nil {
		return out.String(), err.Error(), exitCode(err)
	}
	return out.String(), "", 0
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	return p
}

// TestSimBadInput runs each kind of bad input in-process: exit code 2, a
// one-line error naming the field and the allowed values, no panic, and
// nothing on stdout.
func TestSimBadInput(t *testing.T) {
	badJSON := writeFile(t, "bad.json", "{\"scenario\": \"incast\",\n \"bm\": dt}")
	unknownField := writeFile(t, "unknown.json", `{"scenario": "incast", "alfa": 8}`)
	badSource := writeFile(t, "src.json", `{"scenario": "custom", "sources": [{"kind": "constant", "queue": 0, "rate": 1, "size": {"dist": "zipf"}}]}`)
	badTM := writeFile(t, "tm.json", `{"scenario": "incast", "tm": {"P": 0}}`)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown scenario", []string{"sim", "--scenario", "fig3"}, `--scenario: "fig3" unknown, allowed: dt-two-queue, burst-absorption, buffer-choking, incast, random-load, custom`},
		{"missing scenario", []string{"sim"}, "--scenario: missing, allowed: dt-two-queue"},
		{"unknown policy", []string{"sim", "--scenario", "incast", "--bm", "red"}, `--bm: "red" unknown, allowed: dt, occamy, occamy-lqd, pushout`},
		{"unknown policy in a list", []string{"sim", "--scenario", "incast", "--bm", "dt,lqd"}, `--bm: "lqd" unknown, allowed: dt, occamy, occamy-lqd, pushout`},
		{"alpha not a power of two", []string{"sim", "--scenario", "incast", "--alpha", "6"}, "--alpha: 6 is not a power of two, allowed a power of two from 2^-8 to 2^7"},
		{"alpha zero", []string{"sim", "--scenario", "incast", "--alpha", "0"}, "--alpha: 0 is not a power of two"},
		{"alpha not a number", []string{"sim", "--scenario", "incast", "--alpha", "eight"}, `invalid argument "eight" for "--alpha"`},
		{"zero ports", []string{"sim", "--scenario", "random-load", "--ports", "0"}, "--ports: tm: parameter P=0 out of range, allowed 1..32"},
		{"buffer smaller than a packet", []string{"sim", "--scenario", "random-load", "--buffer", "4"}, "--buffer: B=4 cells is smaller than one packet (MaxPkt=64 cells), allowed 64..65535"},
		{"buffer smaller than the scenario's packets", []string{"sim", "--scenario", "incast", "--buffer", "4", "--max-pkt", "4"}, "--buffer: B=4 cells is smaller than one packet (sources[0] sends up to 6 cells of 256 bytes), allowed 6..65535"},
		{"zero cycles", []string{"sim", "--scenario", "incast", "--cycles", "0"}, "--cycles: 0 out of range, allowed 1 or more"},
		{"bad sched", []string{"sim", "--scenario", "incast", "--sched", "wfq"}, `unknown Sched "wfq", allowed sp, drr`},
		{"unknown param", []string{"sim", "--scenario", "incast", "--param", "burst=3"}, "--param burst: unknown parameter of scenario incast, allowed: senders"},
		{"param out of range", []string{"sim", "--scenario", "dt-two-queue", "--param", "burst_rate=0.5"}, "--param burst_rate=0.5: out of range, allowed a number in 1.01..64"},
		{"param syntax", []string{"sim", "--scenario", "incast", "--param", "senders"}, `--param "senders": want name=value`},
		{"param not a number", []string{"sim", "--scenario", "incast", "--param", "senders=many"}, `--param senders: "many" is not a number`},
		{"bad source flag", []string{"sim", "--scenario", "custom", "--source", "kind=constant,queue=0,rate=fast"}, "--source[0].rate: got JSON string, want a number"},
		{"source beyond the switch", []string{"sim", "--scenario", "custom", "--source", "kind=constant,queue=99,rate=1"}, "sources[0].queue: 99 out of range, allowed 0..63 (P*Q-1)"},
		{"missing config", []string{"sim", "--config", "/nonexistent/x.json"}, "--config: /nonexistent/x.json: no such file or directory"},
		{"malformed config", []string{"sim", "--config", badJSON}, "config: invalid JSON at line 2 column 9"},
		{"unknown config field", []string{"sim", "--config", unknownField}, `config: unknown field "alfa", allowed: scenario, bm, alpha, cycles, seed, params, tm, sources`},
		{"bad source in config", []string{"sim", "--config", badSource}, `config.sources[0].size.dist: "zipf" unknown, allowed: fixed, uniform, bimodal, empirical`},
		{"zero ports in config", []string{"sim", "--config", badTM}, "tm: parameter P=0 out of range, allowed 1..32"},
		{"unknown flag", []string{"sim", "--scenario", "incast", "--speed", "3"}, "unknown flag: --speed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errText string
			var code int
			require.NotPanics(t, func() { out, errText, code = runCLI(t, tc.args...) }, "%v", tc.args)
			assert.Equal(t, 2, code, "%v: exit code (error %q)", tc.args, errText)
			assert.Contains(t, errText, tc.want, "%v", tc.args)
			assert.NotContains(t, errText, "\n", "%v: one-line error", tc.args)
			assert.Empty(t, out, "%v: stdout", tc.args)
		})
	}
}

// TestSimOffersBeyondMaxOffers: a source offering more than MaxOffers
// packets in a cycle is no longer refused (exit 0): the excess is dropped
// at the ingress, said under the table and counted in the JSON.
func TestSimOffersBeyondMaxOffers(t *testing.T) {
	args := []string{"sim", "--scenario", "custom", "--source", "kind=random,load=4096,dist=fixed,bytes=1", "--cycles", "20"}
	out, errText, code := runCLI(t, args...)
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "of the adm-dropped were offered beyond MaxOffers=256 packets in their cycle")
	out, errText, code = runCLI(t, append(args, "--max-offers", "8", "--json")...)
	require.Equal(t, 0, code, errText)
	var res struct {
		Totals struct {
			Arrived, Admitted struct{ Pkts uint64 }
			Ingress           *struct{ Pkts uint64 } `json:"ingress_dropped"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.NotNil(t, res.Totals.Ingress, "ingress_dropped missing")
	assert.LessOrEqual(t, res.Totals.Admitted.Pkts, uint64(8*20), "admitted beyond 8 a cycle")
	assert.Greater(t, res.Totals.Ingress.Pkts, res.Totals.Arrived.Pkts/2)
}

// TestSimJSON checks that --json prints exactly one JSON object with the
// config, per-queue counters in packets and cells, totals, cycles and the
// scenario's metrics.
func TestSimJSON(t *testing.T) {
	out, errText, code := runCLI(t, "sim", "--scenario", "dt-two-queue", "--bm", "dt", "--alpha", "8", "--json")
	require.Equal(t, 0, code, errText)
	dec := json.NewDecoder(strings.NewReader(out))
	var obj map[string]any
	require.NoError(t, dec.Decode(&obj))
	assert.False(t, dec.More(), "one JSON object only")
	for _, k := range []string{"scenario", "bm", "alpha", "seed", "cycles", "params", "sources", "config", "queues", "totals", "metrics"} {
		assert.Contains(t, obj, k, "key %s", k)
	}
	cfg := obj["config"].(map[string]any)
	assert.Equal(t, "dt", cfg["Policy"])
	assert.Equal(t, []any{3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0}, cfg["AlphaExp"])
	queues := obj["queues"].([]any)
	require.Len(t, queues, 64)
	q0 := queues[0].(map[string]any)
	for _, k := range []string{"arrived", "admitted", "adm_dropped", "head_dropped", "transmitted", "len", "max_len"} {
		c := q0[k].(map[string]any)
		assert.Contains(t, c, "pkts", "%s", k)
		assert.Contains(t, c, "cells", "%s", k)
	}
	assert.Positive(t, q0["arrived"].(map[string]any)["pkts"].(float64))
	m := obj["metrics"].(map[string]any)
	assert.Equal(t, 1.0, m["anomalous"], "dt at α=8 with an 8× burst is anomalous")

	out, errText, code = runCLI(t, "sim", "--scenario", "random-load", "--bm", "dt,occamy", "--cycles", "5000", "--json")
	require.Equal(t, 0, code, errText)
	var both struct {
		Runs []map[string]any `json:"runs"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &both))
	require.Len(t, both.Runs, 2)
	assert.Equal(t, "dt", both.Runs[0]["bm"])
	assert.Equal(t, "occamy", both.Runs[1]["bm"])
}

// TestSimTable checks the default table: active queues only, totals, the
// metrics; and the side-by-side view of several policies.
func TestSimTable(t *testing.T) {
	out, errText, code := runCLI(t, "sim", "--scenario", "dt-two-queue", "--bm", "occamy")
	require.Equal(t, 0, code, errText)
	lines := strings.Split(out, "\n")
	var rows []string
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) > 0 && (f[0] == "0" || f[0] == "8" || f[0] == "total" || f[0] == "1") {
			rows = append(rows, f[0])
		}
	}
	assert.Equal(t, []string{"0", "8", "total"}, rows, "active queues and totals:\n%s", out)
	assert.Contains(t, out, "q2_share_at_first_drop")

	out, errText, code = runCLI(t, "sim", "--scenario", "burst-absorption", "--bm", "dt,occamy", "--alpha", "8", "--param", "search=0")
	require.Equal(t, 0, code, errText)
	assert.Regexp(t, `(?m)^\s+dt α=8\s+occamy α=8\s+unit$`, out)
	assert.Regexp(t, `(?m)^burst_pkts_dropped\s+\d+\s+\d+\s+pkts$`, out)
}

// TestSimVCD checks that --vcd writes the waveform and its save file, one
// pair per policy when several run.
func TestSimVCD(t *testing.T) {
	dir := t.TempDir()
	out, errText, code := runCLI(t, "sim", "--scenario", "random-load", "--cycles", "500", "--vcd", filepath.Join(dir, "w.vcd"))
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "waveform "+filepath.Join(dir, "w.vcd")+" opens on the whole run (cycles 0..499; no packet was dropped)\n"+
		"open with: gtkwave "+filepath.Join(dir, "w.vcd")+" "+filepath.Join(dir, "w.gtkw")+"\n")
	for _, f := range []string{"w.vcd", "w.gtkw"} {
		st, err := os.Stat(filepath.Join(dir, f))
		require.NoError(t, err, f)
		assert.Positive(t, st.Size(), f)
	}
	_, errText, code = runCLI(t, "sim", "--scenario", "random-load", "--cycles", "200", "--bm", "dt,pushout", "--vcd", filepath.Join(dir, "c.vcd"))
	require.Equal(t, 0, code, errText)
	for _, f := range []string{"c-dt.vcd", "c-dt.gtkw", "c-pushout.vcd", "c-pushout.gtkw"} {
		_, err := os.Stat(filepath.Join(dir, f))
		assert.NoError(t, err, f)
	}
	// A missing directory is created, as demo --out and cosim --vcd do; a
	// path through a file is one line and exit 2.
	_, errText, code = runCLI(t, "sim", "--scenario", "random-load", "--cycles", "10", "--vcd", filepath.Join(dir, "new", "sub", "x.vcd"))
	require.Equal(t, 0, code, errText)
	assert.FileExists(t, filepath.Join(dir, "new", "sub", "x.vcd"))
	assert.FileExists(t, filepath.Join(dir, "new", "sub", "x.gtkw"))
	_, errText, code = runCLI(t, "sim", "--scenario", "random-load", "--cycles", "10", "--vcd", filepath.Join(dir, "w.vcd", "x.vcd"))
	assert.Equal(t, 2, code, "unwritable --vcd: %s", errText)
	assert.Equal(t, "--vcd: mkdir "+filepath.Join(dir, "w.vcd")+": not a directory", errText)
}

// TestSimCheckAndConfig runs with invariant checks and a config file.
func TestSimCheckAndConfig(t *testing.T) {
	cfg := writeFile(t, "run.json", `{"scenario": "custom", "bm": "occamy-lqd", "cycles": 3000, "tm": {"B": 1024},
	  "sources": [{"kind": "incast", "queue": 5, "senders": 8, "burst_bytes": 200000}, {"kind": "constant", "queue": 6, "rate": 2}]}`)
	out, errText, code := runCLI(t, "sim", "--config", cfg, "--check", "--json")
	require.Equal(t, 0, code, errText)
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, "occamy-lqd", r["bm"])
	assert.Equal(t, 3000.0, r["cycles"])
	assert.Equal(t, true, r["config"].(map[string]any)["Check"])
	assert.Equal(t, 1024.0, r["config"].(map[string]any)["B"])
}

func TestSimList(t *testing.T) {
	out, _, code := runCLI(t, "sim", "--list")
	require.Equal(t, 0, code)
	for _, s := range []string{"dt-two-queue (Fig. 3)", "burst-absorption (Figs. 11–12)", "buffer-choking (Fig. 6a)", "incast (Fig. 6b)", "random-load", "custom", "burst_rate"} {
		assert.Contains(t, out, s)
	}
}
