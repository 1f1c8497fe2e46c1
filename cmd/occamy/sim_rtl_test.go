package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSimRTLBadInput: what occamy_tm cannot run is refused before anything
// is built, with a one-line error naming the flag and what is allowed,
// exit 2, nothing on stdout.
func TestSimRTLBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown simulator", []string{"sim", "--scenario", "incast", "--rtl", "vcs"}, `--rtl: "vcs" unknown, allowed: verilator, icarus`},
		// Before: the Go model ran, exit 0, as if --rtl were not given.
		{"empty simulator", []string{"sim", "--scenario", "incast", "--cycles", "100", "--rtl", ""}, `--rtl "": an empty simulator name (an unset shell variable?); give verilator or icarus, or leave out --rtl to run the Go model hw/tm`},
		{"blank simulator", []string{"sim", "--scenario", "incast", "--cycles", "100", "--rtl", " "}, `--rtl " ": an empty simulator name`},
		{"empty simulator with compare", []string{"sim", "--scenario", "incast", "--cycles", "100", "--rtl=", "--compare"}, `--rtl "": an empty simulator name`},
		{"icarus waveform", []string{"sim", "--scenario", "incast", "--rtl", "icarus", "--vcd", "x.vcd"}, "--vcd: the RTL's waveform is written from Verilator's trace; run with --rtl verilator"},
		{"icarus too long", []string{"sim", "--scenario", "incast", "--rtl", "icarus", "--cycles", "300000"}, "--cycles: 300000 out of range for --rtl icarus, allowed 1..200000"},
		{"policy the RTL lacks", []string{"sim", "--scenario", "incast", "--rtl", "verilator", "--bm", "pushout"}, "--bm: pushout: occamy_tm implements dt, occamy, occamy-lqd"},
		{"policy the RTL lacks in a list", []string{"sim", "--scenario", "incast", "--rtl", "verilator", "--bm", "dt,abm"}, "--bm: abm: occamy_tm implements"},
		{"too many ingress slots", []string{"sim", "--scenario", "incast", "--rtl", "verilator", "--max-offers", "65"}, "--max-offers: 65 out of range for occamy_tm, allowed 1..64"},
		{"compare without rtl", []string{"sim", "--scenario", "incast", "--compare"}, "--compare: needs --rtl verilator or --rtl icarus"},
		{"pgo without rtl", []string{"sim", "--scenario", "incast", "--pgo"}, "--pgo: needs --rtl verilator"},
		{"pgo on icarus", []string{"sim", "--scenario", "incast", "--rtl", "icarus", "--pgo"}, "--pgo: a profile-guided build is a Verilator build"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errText string
			var code int
			require.NotPanics(t, func() { out, errText, code = runCLI(t, tc.args...) })
			assert.Equal(t, 2, code, "exit code (error %q)", errText)
			assert.Contains(t, errText, tc.want)
			assert.NotContains(t, errText, "\n", "one-line error")
			assert.Empty(t, out)
		})
	}
}

// TestSimNamesEngine: every sim report says what ran the scenario, in the
// table's header line and in the JSON; before, nothing told hw/tm's report
// from occamy_tm's (TestSimRTL checks the RTL's).
func TestSimNamesEngine(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"table", []string{"sim", "--scenario", "incast", "--cycles", "100"}, "free=cell  on hw/tm (go)\n"},
		{"policies side by side", []string{"sim", "--scenario", "incast", "--cycles", "100", "--bm", "dt,occamy"}, ", sp  on hw/tm (go)\n"},
		{"json", []string{"sim", "--scenario", "incast", "--cycles", "100", "--json"}, `"engine":{"sim":"go","top":"hw/tm"}`},
		{"json of policies", []string{"sim", "--scenario", "incast", "--cycles", "100", "--json", "--bm", "dt,occamy"}, `"engine":{"sim":"go","top":"hw/tm"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errText, code := runCLI(t, tc.args...)
			require.Equal(t, 0, code, errText)
			assert.Contains(t, out, tc.want)
		})
	}
}
