package main

import (
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/throughput"
)

// small keeps command-line runs short in tests.
var small = []string{"--buffer", "4096", "--window", "2000", "--warmup", "200", "--idle-cycles", "500"}

// TestThroughputBadInput: every kind of bad input is exit 2 with a
// one-line error naming the flag, nothing on stdout, no panic.
func TestThroughputBadInput(t *testing.T) {
	empty := writeFile(t, "empty.txt", "# no sizes\n")
	badLine := writeFile(t, "bad.txt", "64 1\n1500 -2\n")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"k not allowed", []string{"--k", "3"}, "--k: 3 not allowed, allowed 1, 2, 4, 8"},
		{"k in a list", []string{"--k", "1,16"}, "--k: 16 not allowed, allowed 1, 2, 4, 8"},
		{"k not a number", []string{"--k", "four"}, `--k: "four" is not a whole number`},
		{"empty k", []string{"--k", ""}, "--k: empty sweep range"},
		{"empty k list", []string{"--k", ",,"}, "--k: empty sweep range"},
		{"load above 100", []string{"--load", "120"}, "--load: 120 out of range, allowed 0..100 (percent of line rate)"},
		{"load below 0", []string{"--load", "-5"}, "--load: -5 out of range, allowed 0..100"},
		{"load range beyond 100", []string{"--load", "0:150:50"}, "--load: 150 out of range"},
		{"empty load range", []string{"--load", "50:10:10"}, "--load: empty sweep range 50:10:10 (start above stop)"},
		{"empty load list", []string{"--load", ""}, "--load: empty sweep range"},
		{"zero load step", []string{"--load", "0:100:0"}, "--load: step \"0\", allowed a number above 0"},
		{"load not a number", []string{"--load", "half"}, `--load: "half" is not a number`},
		{"unreadable size file", []string{"--size", "file:" + filepath.Join(t.TempDir(), "nope.txt")}, "nope.txt: no such file or directory"},
		{"size file without sizes", []string{"--size", "file:" + empty}, "no sizes"},
		{"size file bad weight", []string{"--size", "file:" + badLine}, "line 2: weight \"-2\", allowed a number above 0"},
		{"unknown size form", []string{"--size", "zipf:1.2"}, "unknown form, allowed fixed:BYTES"},
		{"empty free mode", []string{"--free-mode", ""}, "--free-mode: empty sweep range"},
		{"unknown free mode", []string{"--free-mode", "bulk"}, `--free-mode: "bulk" unknown, allowed cell, chain`},
		{"ports out of range", []string{"--ports", "0"}, "--ports: 0 out of range, allowed 1..32"},
		{"bad memory syntax", []string{"--cp", "8"}, `--cp "8": want auto or READS/WRITES`},
		{"memory below the minimum", []string{"--k", "4", "--cd", "2/2"}, "--cd: tm: parameter CD.ReadPorts=2 out of range, allowed 4..64"},
		{"zero line rate", []string{"--r", "0"}, "--r: tm: parameter R=0 out of range, allowed 1..1024"},
		{"buffer too large", []string{"--buffer", "70000"}, "--buffer: tm: parameter B=70000 out of range"},
		{"zero window", []string{"--window", "0"}, "--window: 0 out of range"},
		{"negative burst rate", []string{"--burst-rate", "-1"}, "--burst-rate: -1 out of range"},
		{"alpha check without a burst", []string{"--burst-rate", "0", "--alpha-check"}, "--alpha-check: needs --burst-rate above 0"},
		{"csv and json", []string{"--csv", "--json"}, "--csv and --json: give one of them"},
		{"negative jobs", []string{"--jobs", "-1"}, "--jobs: -1 out of range"},
		{"zero clock", []string{"--clock-ghz", "0"}, "--clock-ghz: 0 out of range, allowed above 0 up to 100 GHz"},
		{"negative clock", []string{"--clock-ghz", "-1.5"}, "--clock-ghz: -1.5 out of range"},
		{"clock too fast", []string{"--clock-ghz", "250"}, "--clock-ghz: 250 out of range"},
		{"clock not a number", []string{"--clock-ghz", "NaN"}, "--clock-ghz: NaN out of range"},
		{"clock infinite", []string{"--clock-ghz", "inf"}, "--clock-ghz: +Inf out of range"},
		{"clock not parsed", []string{"--clock-ghz", "1GHz"}, `invalid argument "1GHz" for "--clock-ghz" flag`},
		{"stray argument", []string{"fast"}, `unknown command "fast"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errText string
			var code int
			args := append([]string{"throughput"}, tc.args...)
			require.NotPanics(t, func() { out, errText, code = runCLI(t, args...) }, "%v", args)
			assert.Equal(t, 2, code, "%v: exit code (error %q)", args, errText)
			assert.Contains(t, errText, tc.want, "%v", args)
			assert.NotContains(t, errText, "\n", "%v: one-line error", args)
			assert.Empty(t, out, "%v: stdout", args)
		})
	}
}

// TestThroughputOutputs runs a two-point sweep in each output format.
func TestThroughputOutputs(t *testing.T) {
	base := append([]string{"throughput", "--k", "4", "--free-mode", "chain", "--load", "0,90"}, small...)
	out, errText, code := runCLI(t, base...)
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "expulsion throughput: B=4096")
	assert.Contains(t, out, "pkts/clk")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.GreaterOrEqual(t, len(lines), 7, "header, legend, column names, two rows")

	out, errText, code = runCLI(t, append(base, "--csv")...)
	require.Equal(t, 0, code, errText)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 3)
	assert.Equal(t, "k", rows[0][0])
	assert.Equal(t, []string{"4", "chain", "fixed:1500", "0"}, rows[1][:4])
	assert.Equal(t, "90", rows[2][3])

	out, errText, code = runCLI(t, append(base, "--json")...)
	require.Equal(t, 0, code, errText)
	var obj struct {
		Options map[string]any   `json:"options"`
		Results []map[string]any `json:"results"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	require.NoError(t, dec.Decode(&obj))
	assert.False(t, dec.More(), "one JSON object")
	require.Len(t, obj.Results, 2)
	for _, k := range []string{"point", "bound", "expulsion", "gap", "flag", "idle", "alpha_max", "alpha_fluid"} {
		assert.Contains(t, obj.Results[0], k)
	}
	assert.Equal(t, 4096.0, obj.Options["b"])
}

// TestThroughputClock: --clock-ghz adds the per-second columns to the
// table and CSV and the per_second object to each JSON result, the
// library's figures at that clock.
func TestThroughputClock(t *testing.T) {
	base := append([]string{"throughput", "--k", "4", "--free-mode", "chain", "--load", "0", "--clock-ghz", "0.5"}, small...)
	out, errText, code := runCLI(t, base...)
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "at a 0.5 GHz clock (given, not measured)")
	assert.Contains(t, out, "Mpkts/s")

	out, errText, code = runCLI(t, append(base, "--csv")...)
	require.Equal(t, 0, code, errText)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, throughput.CSVColumns(throughput.Options{ClockGHz: 0.5}), rows[0])

	out, errText, code = runCLI(t, append(base, "--json")...)
	require.Equal(t, 0, code, errText)
	var rep throughput.Report
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Len(t, rep.Results, 1)
	r := rep.Results[0]
	require.NotNil(t, r.PerSecond)
	assert.Equal(t, 0.5, rep.Options.ClockGHz)
	assert.Equal(t, throughput.AtClock(r.Expulsion, r.Bound, rep.Options.CellBytes, 0.5), r.PerSecond)
	assert.Positive(t, r.PerSecond.Pkts)
}

// TestThroughputAlphaCheck prints both rules' verdicts after the table.
func TestThroughputAlphaCheck(t *testing.T) {
	out, errText, code := runCLI(t, "throughput", "--k", "4", "--free-mode", "cell", "--load", "0", "--alpha-check", "--burst-rate", "40")
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "α check on k=4 cell fixed:1500 load=0% P=8")
	assert.Contains(t, out, "paper, Inequality (4): 1/α ≥ R/V − 2: α ≤ any; at α=8")
	assert.Contains(t, out, "the claim does NOT hold")
	assert.Contains(t, out, "fluid model with drains")
}

// TestThroughputSetupFailure: a point the model cannot set up (the
// over-allocated queue never fills with k=1 and an 8-cycle cell-pointer
// latency) is reported in its row and the sweep goes on with the others;
// a sweep where no point could be set up is exit 2 after its table.
func TestThroughputSetupFailure(t *testing.T) {
	args := append([]string{"throughput", "--k", "1,4", "--cp-latency", "8", "--load", "0", "--free-mode", "chain"}, small...)
	out, errText, code := runCLI(t, args...)
	require.Equal(t, 0, code, errText)
	rows := strings.Split(out, "\n")
	var k1, k4 string
	for _, r := range rows {
		switch {
		case strings.HasPrefix(r, "1  chain"):
			k1 = r
		case strings.HasPrefix(r, "4  chain"):
			k4 = r
		}
	}
	assert.Contains(t, k1, "no setup", "the k=1 row says it was not set up:\n%s", out)
	assert.NotContains(t, k4, "no setup", "the sweep went on to k=4:\n%s", out)
	assert.Contains(t, out, "k=1 chain fixed:1500 load=0% P=8: cannot be set up: queue 7 did not fill")

	args = append([]string{"throughput", "--k", "1", "--cp-latency", "8", "--load", "0", "--free-mode", "chain"}, small...)
	out, errText, code = runCLI(t, args...)
	assert.Equal(t, 2, code)
	assert.Contains(t, out, "no setup", "the table is printed")
	assert.Contains(t, errText, "no point of the sweep could be set up on the model")
}
