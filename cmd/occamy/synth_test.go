package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/synth"
)

func TestSynthBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown block", []string{"synth", "--block", "comparator"},
			`synth: unknown block "comparator"; known blocks: threshold, selector, arbiter, selector+arbiter, maxfind, tm`},
		{"unknown among known", []string{"synth", "--block", "arbiter,sorter"}, `unknown block "sorter"; known blocks:`},
		{"N out of range", []string{"synth", "--block", "arbiter", "--n", "300"},
			"synth: --block arbiter: rr_arbiter: parameter N=300 out of range, allowed 1..256"},
		{"QW out of range", []string{"synth", "--block", "selector", "--qw", "33"},
			"synth: --block selector: hd_selector: parameter QW=33 out of range, allowed 1..32"},
		{"out without all", []string{"synth", "--out", "x.md"}, "synth: --out writes the full report and needs --all"},
		{"jobs", []string{"synth", "--jobs", "0"}, "synth: --jobs 0: want 1 or more"},
		{"argument", []string{"synth", "arbiter"}, `unknown command "arbiter"`},
		{"tm with others", []string{"synth", "--block", "tm,arbiter"}, "synth: --block tm runs on its own"},
		{"tm unknown parameter", []string{"synth", "--block", "tm", "--param", "N=64"},
			"synth: tm: no Verilog parameter N; synth takes P, Q, B, K, QW, AW, MAXPKT, IN, TXWIN, SW"},
		{"tm run-time parameter", []string{"synth", "--block", "tm", "--param", "POLICY=1"},
			"synth: tm: POLICY is a run-time input (cfg_*_i), not a Verilog parameter; synth takes P, Q,"},
		{"tm out of range", []string{"synth", "--block", "tm", "--param", "K=3"}, "synth: tm: parameter K=3 out of range, allowed 1..8 (one of 1, 2, 4, 8)"},
		{"tm P out of range", []string{"synth", "--block", "tm", "--small", "--param", "P=0"}, "parameter P=0 out of range"},
		{"tm bad param word", []string{"synth", "--block", "tm", "--param", "P"}, `synth: --param "P": want NAME=VALUE`},
		{"tm with --n", []string{"synth", "--block", "tm", "--n", "8"},
			"synth: --block tm does not take --n; give the TM's Verilog parameters with --param NAME=VALUE (P, Q, B,"},
		{"param without tm", []string{"synth", "--block", "arbiter", "--param", "P=2"}, "synth: --param and --small are for --block tm"},
		{"small with all", []string{"synth", "--all", "--small"}, "synth: --param and --small are for --block tm"},
		{"no-tm without all", []string{"synth", "--block", "arbiter", "--no-tm"}, "synth: --no-tm is for --all"},
		{"no-tm report without reuse", []string{"synth", "--all", "--no-tm", "--out", "x.md"}, "synth: --out with --no-tm needs the traffic manager's result from --reuse FILE"},
		{"from-json without out", []string{"synth", "--all", "--from-json", "x.json"}, "synth: --from-json writes --json or, with --all, the --out report: give one"},
		{"flat without tm", []string{"synth", "--block", "arbiter", "--flat"}, "synth: --flat is for --block tm alone (not --all)"},
		{"flat with all", []string{"synth", "--all", "--flat"}, "synth: --flat is for --block tm alone"},
		{"flat with reuse", []string{"synth", "--block", "tm", "--flat", "--reuse", "x.json"}, "synth: --flat does not take --reuse"},
		{"budget without flat", []string{"synth", "--block", "tm", "--budget", "6"}, "synth: --budget is for --flat"},
		{"cone without flat", []string{"synth", "--block", "tm", "--cone", "gq_q"}, "synth: --cone is for --flat"},
		{"bad cone", []string{"synth", "--block", "tm", "--flat", "--cone", "gq_q %ci*"}, `synth: --cone: cone "gq_q %ci*": want a flat net name`},
		{"cone-rows without flat", []string{"synth", "--block", "tm", "--cone-rows", "f.json"}, "synth: --cone-rows is for --flat"},
		{"cone and cone-rows", []string{"synth", "--block", "tm", "--flat", "--cone", "gq_q", "--cone-rows", "f.json"}, "synth: --cone and --cone-rows: give one"},
		{"cone-rows with budget", []string{"synth", "--block", "tm", "--flat", "--cone-rows", "f.json", "--budget", "6"}, "synth: --cone-rows takes the census's own budget"},
		{"cone-rows empty", []string{"synth", "--block", "tm", "--flat", "--cone-rows", ""}, "synth: --cone-rows: want the file"},
		{"cone-rows missing", []string{"synth", "--block", "tm", "--flat", "--cone-rows", "/no/such.json"}, "synth: --cone-rows: "},
		{"negative budget", []string{"synth", "--block", "tm", "--flat", "--budget", "-1"}, "synth: --budget -1: want 0 or more levels"},
		{"from-json missing", []string{"synth", "--all", "--out", "x.md", "--from-json", "/no/such.json"}, "synth: --from-json: "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errText, code := runCLI(t, tc.args...)
			assert.Equal(t, 2, code, "%v: exit code", tc.args)
			assert.Contains(t, errText, tc.want, "%v: error", tc.args)
		})
	}
}

// TestSynthConeRowsCensus: --cone-rows's census must be of this run's
// design and have a row with its endpoints by name (a census saved
// before them is to be run again, and says how); all are found before
// Yosys runs (no Yosys on PATH here), so bad input is exit 2 with one line.
func TestSynthConeRowsCensus(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	j, err := synth.NewTMJob(synth.TMSmall())
	require.NoError(t, err)
	dir := t.TempDir()
	save := func(name string, groups []synth.CensusGroup) string {
		f := filepath.Join(dir, name)
		require.NoError(t, synth.SaveFlatJSON(f, synth.SavedFlat{Command: "occamy synth --block tm --flat --small", Version: "Yosys 0.23",
			Flat: synth.TMFlat{Job: j, Census: synth.Census{Budget: 8, Endpoints: 40, Groups: groups}}}))
		return f
	}
	rows := save("rows.json", []synth.CensusGroup{{FromBlock: "(top)", ToBlock: "(top)", Count: 1, Max: 9, To: "gq_q[0]",
		Ends: []synth.CensusEnd{{Name: "gq_q", Kind: synth.EndRegister, Count: 1, Max: 9}}}})
	none := save("none.json", nil)
	internal := save("internal.json", []synth.CensusGroup{{FromBlock: "(internal)", ToBlock: "(top)", Count: 1, Max: 9, To: "net 12",
		Ends: []synth.CensusEnd{{Name: "net 12", Kind: synth.EndBlackBox, Count: 1, Max: 9}}}})
	// A census the occamy before the names by row wrote (--small --budget 5).
	old := filepath.Join("..", "..", "cosim", "synth", "testdata", "tm_small_flat_pre_ends.json")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"other parameters", []string{"--cone-rows", rows}, "its census is of occamy_tm P=2,Q=2,"},
		{"no row", []string{"--small", "--cone-rows", none}, "the census has no endpoint over its budget"},
		{"only internal nets", []string{"--small", "--cone-rows", internal}, "synth: --cone-rows " + internal + ": every endpoint over the census's budget is an internal net"},
		{"a census before the names", []string{"--small", "--cone-rows", old}, "synth: --cone-rows " + old +
			": the census predates the endpoints by name (its rows keep only their deepest endpoint): run the flat census again" +
			" (occamy synth --block tm --flat --budget 5 --small --json " + old + ")"},
		{"the same design", []string{"--small", "--cone-rows", rows}, "yosys not found"},
	} {
		_, errText, code := runCLI(t, append([]string{"synth", "--block", "tm", "--flat", "--verilog", "../../verilog"}, tc.args...)...)
		assert.Equal(t, 2, code, "%s: exit code", tc.name)
		assert.Contains(t, errText, tc.want, "%s: error", tc.name)
		assert.NotContains(t, errText, "\n", "%s: one line", tc.name)
	}
}

func TestSynthMissingYosys(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, errText, code := runCLI(t, "synth", "--block", "arbiter", "--n", "8")
	assert.Equal(t, 2, code, "exit code without yosys")
	assert.Equal(t, "yosys not found: apt-get install yosys", errText)
	assert.NotContains(t, errText, "\n", "one line")
}

func TestSynthNoVerilogDir(t *testing.T) {
	if _, err := exec.LookPath("yosys"); err != nil {
		t.Skip("yosys not installed")
	}
	_, errText, code := runCLI(t, "synth", "--block", "arbiter", "--verilog", t.TempDir()+"/none")
	assert.Equal(t, 2, code)
	assert.Contains(t, errText, "no Verilog directory")
}

// Integration: the real Yosys on the arbiter at N=8 prints one row.
func TestSynthArbiterN8(t *testing.T) {
	if _, err := exec.LookPath("yosys"); err != nil {
		t.Skip("yosys not installed")
	}
	out, errText, code := runCLI(t, "synth", "--block", "arbiter", "--n", "8", "--verilog", "../../verilog")
	require.Equal(t, 0, code, "exit code; error: %s", errText)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.GreaterOrEqual(t, len(lines), 3, "output:\n%s", out)
	assert.True(t, strings.HasPrefix(lines[0], "Yosys 0."), "first line names the version: %q", lines[0])
	assert.Equal(t, []string{"block", "N", "QW", "LUT6", "FF", "levels", "parameters"}, strings.Fields(lines[2]))
	row := strings.Fields(lines[3])
	require.Len(t, row, 7, "row %q", lines[3])
	assert.Equal(t, []string{"arbiter", "8", "-"}, row[:3], "row %q", lines[3])
	assert.Equal(t, "3", row[4], "FF of a 3-bit pointer, row %q", lines[3])
	assert.Equal(t, "N=8", row[6])
}

// The exit code and message are checked before Yosys is looked for, so the
// bad TM parameters fail the same without it.
func TestSynthTMBadInputWithoutYosys(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, errText, code := runCLI(t, "synth", "--block", "tm", "--param", "Q=9")
	assert.Equal(t, 2, code)
	assert.Equal(t, "synth: tm: parameter Q=9 out of range, allowed 1..8", errText)
	assert.NotContains(t, errText, "\n", "one line")
}

// --from-json renders the report without Yosys and refuses results that
// are not a full run's, leaving no file behind.
func TestSynthFromJSONIncomplete(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	dir := t.TempDir()
	js := filepath.Join(dir, "r.json")
	require.NoError(t, os.WriteFile(js, []byte(`{"command":"occamy synth --all","version":"Yosys 0.23","results":[]}`), 0o644))
	md := filepath.Join(dir, "r.md")
	_, errText, code := runCLI(t, "synth", "--all", "--out", md, "--from-json", js)
	assert.Equal(t, 1, code, "an incomplete result set is not the user's flag: %s", errText)
	assert.Contains(t, errText, "synth: report: no result for selector N=8,QW=16")
	assert.NoFileExists(t, md)
}

func TestSynthCommandLine(t *testing.T) {
	cmd := newSynthCmd()
	require.NoError(t, cmd.ParseFlags([]string{"--out", "docs/hardware-cost.md", "--jobs", "3", "--all"}))
	assert.Equal(t, "occamy synth --all --out docs/hardware-cost.md", synthCommand(cmd), "--jobs is left out; flags in a fixed order")
}

// --reuse takes the earlier run's result: the second run's Yosys answers
// only -V and fails any synthesis, yet the row comes back the same; an
// edited source would need a run, which fails here.
func TestSynthReuse(t *testing.T) {
	if _, err := exec.LookPath("yosys"); err != nil {
		t.Skip("yosys not installed")
	}
	dir := t.TempDir()
	js := filepath.Join(dir, "r.json")
	first, errText, code := runCLI(t, "synth", "--block", "arbiter", "--n", "8", "--verilog", "../../verilog", "--json", js)
	require.Equal(t, 0, code, errText)

	fake := filepath.Join(dir, "yosys")
	require.NoError(t, os.WriteFile(fake, []byte("#!/bin/sh\n[ \"$1\" = -V ] && { echo 'Yosys 0.23 (git sha1 7ce5011c24b)'; exit 0; }\necho 'ERROR: no synthesis here'; exit 7\n"), 0o755))
	again, errText, code := runCLI(t, "synth", "--block", "arbiter", "--n", "8", "--verilog", "../../verilog", "--yosys", fake, "--reuse", js)
	require.Equal(t, 0, code, errText)
	assert.Equal(t, first, again, "the reused row is the measured one")

	// The same with an edited arbiter: it must run, and the fake fails.
	vdir := filepath.Join(dir, "verilog")
	require.NoError(t, os.Mkdir(vdir, 0o755))
	src, err := os.ReadFile("../../verilog/rr_arbiter.sv")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(vdir, "rr_arbiter.sv"), append(src, []byte("// edited\n")...), 0o644))
	hdr, err := os.ReadFile("../../verilog/occamy_checks.svh") // the header the arbiter includes
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(vdir, "occamy_checks.svh"), hdr, 0o644))
	_, errText, code = runCLI(t, "synth", "--block", "arbiter", "--n", "8", "--verilog", vdir, "--yosys", fake, "--reuse", js)
	assert.Equal(t, 1, code, "an edited source is synthesised again")
	assert.Contains(t, errText, "ERROR: no synthesis here")
}

// With --json every finished design is saved as it finishes: a run that
// fails (or is stopped) half-way leaves the finished ones for --reuse.
func TestSynthJSONKeepsFinished(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "yosys")
	// The selector (the larger design, run first with --jobs 1) is
	// measured; the arbiter then fails.
	require.NoError(t, os.WriteFile(fake, []byte(`#!/bin/sh
[ "$1" = -V ] && { echo 'Yosys 0.23 (git sha1 7ce5011c24b)'; exit 0; }
grep -q 'top rr_arbiter' cost.ys && { echo 'ERROR: the arbiter fails'; exit 1; }
printf '=== hd_selector ===\n\n   Number of cells: 2\n     $lut 1\n     $_DFF_P_ 1\n' > stat.txt
printf 'Longest topological path in hd_selector (length=1):\n    0: \\a\n    1: \\y (via x)\n' > ltp.txt
`), 0o755))
	js := filepath.Join(dir, "r.json")
	_, errText, code := runCLI(t, "synth", "--block", "selector,arbiter", "--n", "8", "--qw", "4", "--verilog", "../../verilog",
		"--yosys", fake, "--json", js, "--jobs", "1")
	assert.Equal(t, 1, code, errText)
	assert.Contains(t, errText, "ERROR: the arbiter fails")
	f, err := os.Open(js)
	require.NoError(t, err)
	defer f.Close()
	s, err := synth.ReadJSON(f)
	require.NoError(t, err)
	require.Len(t, s.Results, 1, "the selector finished before the arbiter failed")
	assert.Equal(t, "selector", s.Results[0].Job.Block.Name)
	assert.Equal(t, 1, s.Results[0].Cost.LUTs)
	assert.NotEmpty(t, s.Sources, "the hashes that --reuse checks")
	st, err := os.Stat(js)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm(), "a normal file, not CreateTemp's 0600")
}
